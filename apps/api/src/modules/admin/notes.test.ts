import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@grove/domain/admin';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNotes, accounts, auditLog, users } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, requester, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const call = requester(() => t);

const notesUrl = (accountId: number) => `/api/v2/admin/accounts/${accountId}/notes/`;
const noteUrl = (accountId: number, noteId: number) => `/api/v2/admin/accounts/${accountId}/notes/${noteId}/`;

async function world() {
  const staff = await createStaff(t.db);
  const family = await createParent(t.db);
  const other = await createParent(t.db);
  const coach = await createCoach(t.db);
  await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
  return { staff, family, other, coach, id: family.account.id };
}

async function list(headers: Record<string, string>, accountId: number, query = '') {
  const res = await call('GET', `${notesUrl(accountId)}${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    count: number;
    next: string | null;
    previous: string | null;
    results: { id: number; text: string }[];
  };
}

const rowsOf = (accountId: number) =>
  t.db.select().from(accountNotes).where(eq(accountNotes.accountId, accountId)).orderBy(asc(accountNotes.id));
const auditRows = (accountId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), eq(auditLog.entity, 'note')))
    .orderBy(asc(auditLog.id));

describe('staff notes on an account', () => {
  it('creates a note at the top of the list, with its author and time, and counts it', async () => {
    const w = await world();
    expect(await list(w.staff.headers, w.id)).toEqual({ count: 0, next: null, previous: null, results: [] });

    const first = await call('POST', notesUrl(w.id), w.staff.headers, { text: '  Welcome call done.\nKids set up.  ' });
    expect(first.statusCode).toBe(201);
    const note = first.json();
    expect(note).toMatchObject({
      account_id: w.id,
      text: 'Welcome call done.\nKids set up.',
      author: { id: w.staff.user.id, name: 'Staff Member' },
      edited_by: null,
    });
    expect(note.created_at).toBe(note.updated_at);
    expect(Math.abs(Date.parse(note.created_at) - Date.now())).toBeLessThan(60_000);

    const second = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Band replaced.' })).json();
    const page = await list(w.staff.headers, w.id);
    expect(page.count).toBe(2);
    expect(page.results.map((n) => n.id)).toEqual([second.id, note.id]);
    expect((await call('GET', noteUrl(w.id, note.id), w.staff.headers)).json()).toEqual(note);
  });

  it('edits a note in place: same id, same place, new text, who edited it; the count stays', async () => {
    const w = await world();
    const older = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'First' })).json();
    const newer = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Second' })).json();
    const editor = await createStaff(t.db);

    const res = await call('PATCH', noteUrl(w.id, older.id), editor.headers, { text: 'First, corrected' });
    expect(res.statusCode).toBe(200);
    const edited = res.json();
    expect(edited).toMatchObject({
      id: older.id,
      text: 'First, corrected',
      author: { id: w.staff.user.id },
      edited_by: { id: editor.user.id, name: 'Staff Member' },
      created_at: older.created_at,
    });
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(older.updated_at));
    const page = await list(w.staff.headers, w.id);
    expect(page.count).toBe(2);
    expect(page.results.map((n) => [n.id, n.text])).toEqual([
      [newer.id, 'Second'],
      [older.id, 'First, corrected'],
    ]);
  });

  it('deletes a note (count − 1); deleting it again answers 404', async () => {
    const w = await world();
    const kept = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Kept' })).json();
    const gone = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Gone' })).json();

    const res = await call('DELETE', noteUrl(w.id, gone.id), w.staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: ADMIN_MESSAGES.noteDeleted });
    const page = await list(w.staff.headers, w.id);
    expect(page.count).toBe(1);
    expect(page.results.map((n) => n.id)).toEqual([kept.id]);

    const again = await call('DELETE', noteUrl(w.id, gone.id), w.staff.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
    expect((await call('GET', noteUrl(w.id, gone.id), w.staff.headers)).statusCode).toBe(404);
    expect((await call('PATCH', noteUrl(w.id, gone.id), w.staff.headers, { text: 'Back?' })).statusCode).toBe(404);
    expect((await list(w.staff.headers, w.id)).count).toBe(1);
  });

  it('keeps the count right under concurrent creates and deletes', async () => {
    const w = await world();
    const [a, b] = await Promise.all([
      call('POST', notesUrl(w.id), w.staff.headers, { text: 'At the same time, one' }),
      call('POST', notesUrl(w.id), w.staff.headers, { text: 'At the same time, two' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect((await list(w.staff.headers, w.id)).count).toBe(2);

    // The same note deleted twice at once: one 200, one 404, and one note fewer.
    const deletes = await Promise.all([
      call('DELETE', noteUrl(w.id, a.json().id), w.staff.headers),
      call('DELETE', noteUrl(w.id, a.json().id), w.staff.headers),
    ]);
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await list(w.staff.headers, w.id)).count).toBe(1);
    expect(await rowsOf(w.id)).toHaveLength(1);
  });

  it('pages newest first with links carrying page', async () => {
    const w = await world();
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three']) {
      ids.push((await call('POST', notesUrl(w.id), w.staff.headers, { text })).json().id);
    }
    const first = await list(w.staff.headers, w.id, '?page_size=2');
    expect(first.count).toBe(3);
    expect(first.results.map((n) => n.text)).toEqual(['three', 'two']);
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.searchParams.get('page')).toBe('2');
    const second = await list(w.staff.headers, w.id, next.search);
    expect(second.results.map((n) => n.id)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
    expect((await call('GET', `${notesUrl(w.id)}?page=0`, w.staff.headers)).statusCode).toBe(400);
  });

  it('answers 404 for a note of another account, and changes nothing', async () => {
    const w = await world();
    const note = (await call('POST', notesUrl(w.other.account.id), w.staff.headers, { text: 'Other family' })).json();
    for (const [method, payload] of [['GET'], ['PATCH', { text: 'Moved?' }], ['DELETE']] as const) {
      const res = await call(method, noteUrl(w.id, note.id), w.staff.headers, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await rowsOf(w.other.account.id)).map((row) => row.text)).toEqual(['Other family']);
    expect(await auditRows(w.id)).toEqual([]);
  });

  it('answers 404 for an account that does not exist', async () => {
    const w = await world();
    expect((await call('GET', notesUrl(2_147_483_647), w.staff.headers)).json()).toEqual(NOT_FOUND);
    const res = await call('POST', notesUrl(2_147_483_647), w.staff.headers, { text: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', notesUrl(2_147_483_648), w.staff.headers)).statusCode).toBe(400);
    expect((await call('GET', noteUrl(w.id, 2_147_483_648), w.staff.headers)).statusCode).toBe(400);
  });

  it('answers 403 to parents and coaches, even the family and its coach, and writes nothing', async () => {
    const w = await world();
    const note = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Staff only' })).json();
    for (const who of [w.family, w.coach, w.other]) {
      const answers = [
        await call('GET', notesUrl(w.id), who.headers),
        await call('GET', noteUrl(w.id, note.id), who.headers),
        await call('POST', notesUrl(w.id), who.headers, { text: 'Mine' }),
        await call('PATCH', noteUrl(w.id, note.id), who.headers, { text: 'Mine' }),
        await call('DELETE', noteUrl(w.id, note.id), who.headers),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect((await call('GET', notesUrl(w.id), {})).statusCode).toBe(401);
    expect((await rowsOf(w.id)).map((row) => row.text)).toEqual(['Staff only']);
  });

  it.each([
    ['a NUL', { text: 'a\u0000b' }, 'Remove the control characters (such as NUL) from this text.'],
    [
      'a text past the limit',
      { text: 'n'.repeat(ADMIN_LIMITS.noteMax + 1) },
      `At most ${ADMIN_LIMITS.noteMax} characters.`,
    ],
    ['blank text', { text: ' \n\t ' }, 'May not be blank.'],
    ['a number', { text: 42 }, 'Not a valid string.'],
    ['no text', {}, 'This field is required.'],
  ])('refuses %s with a field message and keeps the notes as they were', async (_what, payload, message) => {
    const w = await world();
    const note = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Original' })).json();
    const created = await call('POST', notesUrl(w.id), w.staff.headers, payload);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ text: [message] });
    const edited = await call('PATCH', noteUrl(w.id, note.id), w.staff.headers, payload);
    expect(edited.statusCode).toBe(400);
    expect((await rowsOf(w.id)).map((row) => row.text)).toEqual(['Original']);
  });

  it('takes a note of exactly the limit, counted in characters', async () => {
    const w = await world();
    const text = '🌳'.repeat(ADMIN_LIMITS.noteMax);
    const res = await call('POST', notesUrl(w.id), w.staff.headers, { text });
    expect(res.statusCode).toBe(201);
    expect(res.json().text).toBe(text);
  });

  it('records each create, edit and delete once in the audit log, with the text before and after', async () => {
    const w = await world();
    const note = (await call('POST', notesUrl(w.id), w.staff.headers, { text: 'Before' })).json();
    await call('PATCH', noteUrl(w.id, note.id), w.staff.headers, { text: 'After' });
    await call('DELETE', noteUrl(w.id, note.id), w.staff.headers);
    // Refused writes add nothing.
    await call('DELETE', noteUrl(w.id, note.id), w.staff.headers);
    await call('POST', notesUrl(w.id), w.staff.headers, { text: '' });

    const rows = await auditRows(w.id);
    expect(rows.map((row) => [row.method, row.entityId, row.before, row.after, row.actorUserId])).toEqual([
      ['POST', String(note.id), null, { text: 'Before', author_user_id: w.staff.user.id }, w.staff.user.id],
      [
        'PATCH',
        String(note.id),
        { text: 'Before', author_user_id: w.staff.user.id },
        { text: 'After', author_user_id: w.staff.user.id },
        w.staff.user.id,
      ],
      ['DELETE', String(note.id), { text: 'After', author_user_id: w.staff.user.id }, null, w.staff.user.id],
    ]);
  });

  it('keeps a note whose author left, without an author', async () => {
    const w = await world();
    const author = await createStaff(t.db);
    const note = (await call('POST', notesUrl(w.id), author.headers, { text: 'Written by someone who left' })).json();
    await t.db.delete(users).where(eq(users.id, author.user.id));
    expect((await call('GET', noteUrl(w.id, note.id), w.staff.headers)).json()).toMatchObject({
      id: note.id,
      author: null,
    });
  });
});
