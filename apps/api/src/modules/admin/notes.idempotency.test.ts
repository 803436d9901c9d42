/**
 * Issue 16, concurrency: a staff note saved twenty times at once with one Idempotency-Key (a double
 * click, a client's retries after a lost answer) is written once, audited once, and every caller gets
 * the same note back. The key is the billing mechanism's (modules/billing/billing.idempotency.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNotes, auditLog } from '../../db/schema/index.ts';
import { createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const notesUrl = (accountId: number) => `/api/v2/admin/accounts/${accountId}/notes/`;
const post = (accountId: number, headers: Record<string, string>, text: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: notesUrl(accountId),
    headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
    payload: { text },
  });
const notesOf = (accountId: number) => t.db.select().from(accountNotes).where(eq(accountNotes.accountId, accountId));
const auditOf = (accountId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.entity, 'note')));

describe('creating a note with an Idempotency-Key', () => {
  it('twenty concurrent duplicates write one note, one audit row, and all answer 201 with that note', async () => {
    const staff = await createStaff(t.db);
    const family = await createParent(t.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(family.account.id, staff.headers, 'Called about the band.', 'note-1')),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
    const rows = await notesOf(family.account.id);
    expect(rows).toHaveLength(1);
    const first = answers[0]!.json();
    expect(first).toMatchObject({ id: rows[0]!.id, text: 'Called about the band.' });
    for (const res of answers) expect(res.json()).toEqual(first);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await auditOf(family.account.id)).toHaveLength(1);
    const listed = await t.app.inject({ method: 'GET', url: notesUrl(family.account.id), headers: staff.headers });
    expect(listed.json().count).toBe(1);
  });

  it('a new key writes a new note; the same key with another text answers 422 and writes nothing', async () => {
    const staff = await createStaff(t.db);
    const family = await createParent(t.db);
    expect((await post(family.account.id, staff.headers, 'First', 'a')).statusCode).toBe(201);
    expect((await post(family.account.id, staff.headers, 'Second', 'b')).statusCode).toBe(201);
    const reused = await post(family.account.id, staff.headers, 'Something else', 'a');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect((await notesOf(family.account.id)).map((row) => row.text).sort()).toEqual(['First', 'Second']);
  });

  it('keys are per staff member, and a request without a key is never deduplicated', async () => {
    const [one, two] = [await createStaff(t.db), await createStaff(t.db)];
    const family = await createParent(t.db);
    expect((await post(family.account.id, one.headers, 'Same words', 'k')).statusCode).toBe(201);
    expect((await post(family.account.id, two.headers, 'Same words', 'k')).statusCode).toBe(201);
    expect((await post(family.account.id, one.headers, 'No key')).statusCode).toBe(201);
    expect((await post(family.account.id, one.headers, 'No key')).statusCode).toBe(201);
    expect(await notesOf(family.account.id)).toHaveLength(4);
  });

  it('refuses a malformed key with a field message and writes nothing', async () => {
    const staff = await createStaff(t.db);
    const family = await createParent(t.db);
    const res = await post(family.account.id, staff.headers, 'Text', 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('idempotency-key');
    expect(await notesOf(family.account.id)).toHaveLength(0);
  });
});
