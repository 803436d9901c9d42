import { ADMIN_MESSAGES, LATEST_GAME_VERSION } from '@grove/domain/admin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountNotes, accounts, accountTags, auditLog, players } from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, requester, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestContext();
  staff = await createStaff(t.db);
});
afterAll(() => t.close());

const call = requester(() => t);
const auditCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

/** Follows `next` from a first link to the end, collecting ids. */
async function walk(url: string, key: 'next' | 'previous' = 'next') {
  const ids: number[] = [];
  let link: string | null = url;
  for (let pages = 0; link && pages < 100; pages++) {
    const res = await call('GET', new URL(link, 'http://x').pathname + new URL(link, 'http://x').search, staff.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    ids.push(...body.results.map((row: { id: number }) => row.id));
    link = body[key];
  }
  return ids;
}

describe('admin accounts list', () => {
  let family: Awaited<ReturnType<typeof createParent>>;
  beforeAll(async () => {
    family = await createParent(t.db, {
      players: ['Zephyrine', 'Oakley'],
      tags: ['Spanish'],
      user: {
        firstName: 'Johnathan',
        lastName: 'Quibble',
        email: 'quibble.family@example.test',
        phonenumber: '+1 (415) 555-0142',
      },
    });
    for (let i = 0; i < 12; i++) {
      await createParent(t.db, {
        players: [`Kid ${i}`],
        tags: i % 3 === 0 ? ['pilot'] : [],
        user: { firstName: `Name${String(i).padStart(2, '0')}`, lastName: 'Listed', email: `listed-${i}@example.test` },
      });
    }
  });

  it('finds an account by a player name, a typo, an e-mail prefix, phone digits and its id', async () => {
    for (const search of [
      'zephyr',
      'Zephyrnie',
      'quibble.fam',
      '415 555 0142',
      String(family.account.id),
      'Jonhathan',
    ]) {
      const res = await call('GET', `/api/v2/admin/accounts?search=${encodeURIComponent(search)}`, staff.headers);
      expect(res.statusCode, search).toBe(200);
      const ids = res.json().results.map((row: { id: number }) => row.id);
      expect(ids, search).toContain(family.account.id);
    }
    const row = (await call('GET', `/api/v2/admin/accounts?search=zephyrine`, staff.headers)).json().results[0];
    expect(row).toMatchObject({
      holder: { name: 'Johnathan Quibble', email: 'quibble.family@example.test' },
      players: ['Zephyrine', 'Oakley'],
      tags: ['spanish'],
      game_version: LATEST_GAME_VERSION,
    });
  });

  it('filters by tag case-insensitively and by account status', async () => {
    const res = await call('GET', '/api/v2/admin/accounts?tag=PILOT&page_size=200', staff.headers);
    expect(res.json().count).toBe(4);
    expect(res.json().results.every((row: { tags: string[] }) => row.tags.includes('pilot'))).toBe(true);
    await t.db.update(accounts).set({ accountStatus: 'SUSPENDED' }).where(eq(accounts.id, family.account.id));
    const suspended = await call('GET', '/api/v2/admin/accounts?account_status=SUSPENDED', staff.headers);
    expect(suspended.json().results.map((row: { id: number }) => row.id)).toEqual([family.account.id]);
    await t.db.update(accounts).set({ accountStatus: 'ACTIVE' }).where(eq(accounts.id, family.account.id));
  });

  it('pages by keyset: next to the end and previous back give every row once, in order', async () => {
    const total = (await call('GET', '/api/v2/admin/accounts?search=listed', staff.headers)).json().count;
    expect(total).toBe(12);
    const forward = await walk('/api/v2/admin/accounts?search=listed&page_size=5&sort=name');
    expect(forward).toHaveLength(12);
    expect(new Set(forward).size).toBe(12);
    const names = (await call('GET', '/api/v2/admin/accounts?search=listed&page_size=200&sort=-name', staff.headers))
      .json()
      .results.map((row: { id: number }) => row.id);
    expect(names).toEqual([...forward].reverse());
    const backward = await walk('/api/v2/admin/accounts?search=listed&page_size=5&sort=name&cursor=last', 'previous');
    expect(backward).toHaveLength(12);
    expect(new Set(backward)).toEqual(new Set(forward));
    const last = (
      await call('GET', '/api/v2/admin/accounts?search=listed&page_size=5&sort=name&cursor=last', staff.headers)
    ).json();
    expect(last.results.map((row: { id: number }) => row.id)).toEqual(forward.slice(-5));
    expect(last.next).toBeNull();
    expect(last.previous).toContain('cursor=');
  });

  it('sorts by creation and id both ways', async () => {
    const ascending = await walk('/api/v2/admin/accounts?search=listed&page_size=4&sort=id');
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = await walk('/api/v2/admin/accounts?search=listed&page_size=4&sort=-created');
    expect(descending).toEqual([...ascending].reverse());
  });

  it('refuses hostile queries with field messages', async () => {
    const cases: [string, string][] = [
      ['cursor=%00', 'cursor'],
      ['cursor=bm90IGpzb24', 'cursor'],
      [`sort=created&cursor=${Buffer.from(JSON.stringify(['a', 'not a date', 1])).toString('base64url')}`, 'cursor'],
      [`sort=id&cursor=${Buffer.from(JSON.stringify(['a', 'text', 1])).toString('base64url')}`, 'cursor'],
      [`sort=name&cursor=${Buffer.from(JSON.stringify(['b', 5, 99999999999])).toString('base64url')}`, 'cursor'],
      [`search=${'a'.repeat(101)}`, 'search'],
      ['search=%00', 'search'],
      ['sort=drop', 'sort'],
      ['billing_status=NOPE', 'billing_status'],
      ['coach=99999999999', 'coach'],
    ];
    for (const [query, field] of cases) {
      const res = await call('GET', `/api/v2/admin/accounts?${query}`, staff.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()[field], query).toBeDefined();
    }
    const huge = await call('GET', '/api/v2/admin/accounts?page_size=100000', staff.headers);
    expect(huge.statusCode).toBe(200);
    expect(huge.json().results.length).toBeLessThanOrEqual(200);
  });

  it('is for staff only', async () => {
    const coach = await createCoach(t.db);
    for (const headers of [family.headers, coach.headers]) {
      expect((await call('GET', '/api/v2/admin/accounts', headers)).statusCode).toBe(403);
      expect((await call('GET', `/api/v2/admin/accounts/${family.account.id}`, headers)).statusCode).toBe(403);
      expect((await call('GET', '/api/v2/admin/accounts/tags', headers)).statusCode).toBe(403);
    }
  });
});

describe('an account, its tags and its game version', () => {
  it('shows the account with its people, players and tags', async () => {
    const family = await createParent(t.db, { players: ['Ivy'], tags: ['vip'] });
    const res = await call('GET', `/api/v2/admin/accounts/${family.account.id}/`, staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: family.account.id,
      tags: ['vip'],
      players: [{ name: 'Ivy', hr_gauge: 5 }],
      users: [{ id: family.user.id, is_billing_user: true }],
      notes_count: 0,
    });
    expect((await call('GET', '/api/v2/admin/accounts/2147483647', staff.headers)).statusCode).toBe(404);
  });

  it('changes status and time zone with one audit row each, and refuses a bad zone', async () => {
    const family = await createParent(t.db);
    const before = await auditCount();
    const res = await call('PATCH', `/api/v2/admin/accounts/${family.account.id}`, staff.headers, {
      account_status: 'SUSPENDED',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().account_status).toBe('SUSPENDED');
    expect(await auditCount()).toBe(before + 1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.accountId, family.account.id));
    expect(row).toMatchObject({
      actorUserId: staff.user.id,
      entity: 'account',
      before: { account_status: 'ACTIVE', time_zone: 'America/New_York' },
      after: { account_status: 'SUSPENDED', time_zone: 'America/New_York' },
    });
    const bad = await call('PUT', `/api/v2/admin/accounts/${family.account.id}`, staff.headers, {
      account_status: 'ACTIVE',
      time_zone: 'Mars/Olympus',
      experimental_data: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().time_zone).toBeDefined();
    expect(await auditCount()).toBe(before + 1);
  });

  it('adds and removes tags case-insensitively; magellan makes the user a magellan user', async () => {
    const family = await createParent(t.db);
    const add = (tag: string) =>
      call('POST', `/api/v2/admin/accounts/${family.account.id}/tags`, staff.headers, { tag });
    expect((await add('Magellan')).json()).toEqual({ tags: ['Magellan'] });
    const again = await add('MAGELLAN');
    expect(again.statusCode).toBe(400);
    expect(again.json().tag).toEqual([ADMIN_MESSAGES.tagExists('MAGELLAN')]);
    expect((await add('bad tag!')).statusCode).toBe(400);
    const me = await call('GET', '/api/v2/user/', family.headers);
    expect(JSON.stringify(me.json())).toContain('Magellan');
    const tags = (await call('GET', '/api/v2/admin/accounts/tags', staff.headers)).json().results;
    expect(tags).toContainEqual({ tag: 'magellan', count: expect.any(Number) });
    const removed = await call('DELETE', `/api/v2/admin/accounts/${family.account.id}/tags/magellan`, staff.headers);
    expect(removed.json()).toEqual({ tags: [] });
    expect(
      (await call('DELETE', `/api/v2/admin/accounts/${family.account.id}/tags/magellan`, staff.headers)).statusCode,
    ).toBe(404);
    expect(await t.db.select().from(accountTags).where(eq(accountTags.accountId, family.account.id))).toEqual([]);
  });

  it('migrates forward only', async () => {
    const family = await createParent(t.db);
    await t.db.update(accounts).set({ gameVersion: 1 }).where(eq(accounts.id, family.account.id));
    const url = `/api/v2/admin/migrate_account/${family.account.id}`;
    expect((await call('PUT', url, staff.headers, { game_version: 2 })).json().game_version).toBe(2);
    const back = await call('PUT', url, staff.headers, { game_version: 1 });
    expect(back.statusCode).toBe(409);
    expect(back.json().detail).toBe(ADMIN_MESSAGES.noDowngrade(2, 1));
    expect((await call('PUT', url, staff.headers, {})).json().game_version).toBe(LATEST_GAME_VERSION);
    expect((await call('PUT', url, staff.headers, {})).statusCode).toBe(409);
    expect((await call('PUT', url, staff.headers, { game_version: 99 })).statusCode).toBe(400);
  });
});

describe('notes', () => {
  it('create puts the note first and count + 1; edit replaces it; delete lowers count', async () => {
    const family = await createParent(t.db);
    const base = `/api/v2/admin/accounts/${family.account.id}/notes`;
    const auditBefore = await auditCount();
    const first = await call('POST', base, staff.headers, { text: 'Called about the kit.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      text: 'Called about the kit.',
      author: { id: staff.user.id, name: 'Staff Member' },
    });
    const second = (await call('POST', `${base}/`, staff.headers, { text: 'Second\nline two' })).json();
    let list = (await call('GET', base, staff.headers)).json();
    expect(list.count).toBe(2);
    expect(list.results.map((note: { id: number }) => note.id)).toEqual([second.id, first.json().id]);
    const edited = await call('PATCH', `${base}/${second.id}`, staff.headers, { text: 'Edited' });
    expect(edited.json()).toMatchObject({ id: second.id, text: 'Edited', edited_by: { id: staff.user.id } });
    expect((await call('GET', `${base}/${second.id}`, staff.headers)).json().text).toBe('Edited');
    expect((await call('DELETE', `${base}/${second.id}`, staff.headers)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/${second.id}`, staff.headers)).statusCode).toBe(404);
    list = (await call('GET', base, staff.headers)).json();
    expect(list.count).toBe(1);
    // create, create, edit, delete: four writes, four rows.
    expect(await auditCount()).toBe(auditBefore + 4);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'note'));
    expect(rows.find((row) => row.method === 'PATCH')).toMatchObject({
      before: { text: 'Second\nline two' },
      after: { text: 'Edited' },
    });
    expect(rows.find((row) => row.method === 'DELETE')).toMatchObject({ before: { text: 'Edited' }, after: null });
  });

  it('keeps the count right under concurrent creates', async () => {
    const family = await createParent(t.db);
    const base = `/api/v2/admin/accounts/${family.account.id}/notes`;
    await Promise.all(Array.from({ length: 5 }, (_, i) => call('POST', base, staff.headers, { text: `Note ${i}` })));
    expect((await call('GET', base, staff.headers)).json().count).toBe(5);
  });

  it('refuses bad notes and another account’s note, changing nothing', async () => {
    const family = await createParent(t.db);
    const other = await createParent(t.db);
    const base = `/api/v2/admin/accounts/${family.account.id}/notes`;
    for (const text of ['', '   ', 'a\u0000b', 'x'.repeat(5001), 42]) {
      const res = await call('POST', base, staff.headers, { text });
      expect(res.statusCode).toBe(400);
      expect(res.json().text).toBeDefined();
    }
    const note = (await call('POST', base, staff.headers, { text: 'Mine' })).json();
    const foreign = `/api/v2/admin/accounts/${other.account.id}/notes/${note.id}`;
    expect((await call('GET', foreign, staff.headers)).statusCode).toBe(404);
    expect((await call('PATCH', foreign, staff.headers, { text: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', foreign, staff.headers)).statusCode).toBe(404);
    expect(await t.db.select().from(accountNotes).where(eq(accountNotes.accountId, family.account.id))).toHaveLength(1);
    expect(
      (await call('POST', '/api/v2/admin/accounts/2147483647/notes', staff.headers, { text: 'x' })).statusCode,
    ).toBe(404);
  });

  it('answers 403 to parents and coaches and writes nothing', async () => {
    const family = await createParent(t.db);
    const coach = await createCoach(t.db);
    const base = `/api/v2/admin/accounts/${family.account.id}/notes`;
    for (const headers of [family.headers, coach.headers]) {
      expect((await call('GET', base, headers)).statusCode).toBe(403);
      expect((await call('POST', base, headers, { text: 'sneaky' })).statusCode).toBe(403);
    }
    expect(await t.db.select().from(accountNotes).where(eq(accountNotes.accountId, family.account.id))).toEqual([]);
  });
});

describe('audit log', () => {
  it('records a staff gauge change once, with before, after and reason; lists it on the account', async () => {
    const family = await createParent(t.db, { players: ['Rowan'] });
    const player = family.players[0]!;
    const res = await call('POST', `/api/v1/accounts/players/${player.id}/hr_gauge`, staff.headers, {
      value: 7,
      reason: 'Too easy for Rowan',
    });
    expect(res.statusCode).toBe(200);
    const page = (await call('GET', `/api/v2/admin/accounts/${family.account.id}/audit`, staff.headers)).json();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      actor: { id: staff.user.id },
      entity: 'player',
      entity_id: String(player.id),
      before: { hr_gauge: 5 },
      after: { hr_gauge: 7 },
      reason: 'Too easy for Rowan',
      status: 200,
    });
    const [stored] = await t.db.select().from(players).where(eq(players.id, player.id));
    expect(stored!.hrGauge).toBe(7);
  });

  it('writes the audit row before the answer leaves, also for a handler that sends its own answer', async () => {
    const family = await createParent(t.db);
    // The player create route answers with reply.status(201).send(): its audit row must exist when
    // the 201 arrives, and it names the new player (the recorder saw the answer's body).
    const res = await call('POST', '/api/v2/player', staff.headers, { name: 'Juniper', account: family.account.id });
    expect(res.statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.route, '/api/v2/player'), eq(auditLog.entityId, String(res.json().id))));
    expect(rows.map((row) => [row.route, row.status, row.actorUserId])).toEqual([
      ['/api/v2/player', 201, staff.user.id],
    ]);
  });

  it('adds nothing for a refused write, and refuses to be changed', async () => {
    const family = await createParent(t.db, { players: ['Sky'] });
    const before = await auditCount();
    const res = await call('POST', `/api/v1/accounts/players/${family.players[0]!.id}/hr_gauge`, staff.headers, {
      value: 99999,
      reason: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    await expect(t.db.execute(sql`update audit_log set reason = 'changed'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await auditCount()).toBe(before);
  });

  it('is searchable by staff member and pages to the end', async () => {
    const other = await createStaff(t.db);
    const family = await createParent(t.db);
    for (let i = 0; i < 7; i++) {
      await call('POST', `/api/v2/admin/accounts/${family.account.id}/notes`, other.headers, { text: `n${i}` });
    }
    const ids = await walk(`/api/v2/admin/audit?actor=${other.user.id}&page_size=3`);
    expect(ids).toHaveLength(7);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const onAccount = (
      await call(
        'GET',
        `/api/v2/admin/accounts/${family.account.id}/audit?actor=${other.user.id}&page_size=100`,
        staff.headers,
      )
    ).json();
    expect(onAccount.count).toBe(7);
    expect(
      (
        await call('GET', `/api/v2/admin/accounts/${family.account.id}/audit?actor=${staff.user.id}`, staff.headers)
      ).json().count,
    ).toBe(0);
    const byEmail = (
      await call(
        'GET',
        `/api/v2/admin/audit?actor_email=${encodeURIComponent(other.user.email.slice(0, 12))}`,
        staff.headers,
      )
    ).json();
    expect(byEmail.count).toBe(7);
  });
});

describe('a person’s shipping address, as staff change it', () => {
  it('reads, changes with the parent’s rules (a PO Box is a warning), creates, and audits', async () => {
    const family = await createParent(t.db);
    const url = `/api/v2/admin/${family.user.id}/shipping/`;
    expect((await call('GET', url, staff.headers)).json()).toMatchObject({
      country: 'US',
      user: { id: family.user.id },
    });
    const before = await auditCount();
    const bad = await call('PATCH', url, staff.headers, { state: 'ZZ', zipcode: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('state');
    expect(await auditCount()).toBe(before);
    // The zipcode follows the person's country (US by default): '12-345' is no ZIP code.
    const badZip = await call('PATCH', url, staff.headers, { zipcode: '12-345' });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toEqual({ zipcode: ['Please input a valid Zipcode'] });
    expect(await auditCount()).toBe(before);
    const saved = await call('PATCH', url, staff.headers, {
      address_1: 'PO Box 12',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      address_1: 'PO Box 12',
      city: 'Austin',
      warnings: { address_1: [expect.any(String)] },
    });
    expect(await auditCount()).toBe(before + 1);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'shipping'));
    expect(row).toMatchObject({
      accountId: family.account.id,
      entityId: String(family.user.id),
      after: { city: 'Austin' },
    });
    // The parent sees what staff saved.
    expect((await call('GET', '/api/v2/user/shipping/', family.headers)).json().city).toBe('Austin');

    const created = await call('POST', '/api/v2/admin/shipping/', staff.headers, {
      user: family.user.id,
      address_1: '1 Main St',
      city: 'Boston',
      state: 'MA',
      zipcode: '02108',
    });
    expect(created.json()).toMatchObject({ address_1: '1 Main St', city: 'Boston', warnings: {} });
    expect((await call('GET', '/api/v2/admin/2147483647/shipping', staff.headers)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/v2/admin/shipping', staff.headers, { user: 2147483647, city: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('GET', url, family.headers)).statusCode).toBe(403);
  });
});
