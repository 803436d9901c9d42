import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES } from '@grove/domain/privacy';
import {
  accounts,
  auditLog,
  consentRecords,
  incompleteProfiles,
  players,
  playerStatChanges,
  surveyResponses,
  surveys,
} from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createCoach, createParent, createPlayer, createStaff } from '../../../test/factories.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

async function playerRow(id: number) {
  const [row] = await t.db.select().from(players).where(eq(players.id, id));
  return row!;
}

describe('player list', () => {
  it('pages an account’s players by id, to exhaustion, with or without the trailing slash', async () => {
    const parent = await createParent(t.db, { players: ['Ada', 'Ben', 'Cy'] });
    const first = await get(`/api/v2/player/accounts/${parent.account.id}/?page_size=2`, parent.headers);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(3);
    expect(body.previous).toBeNull();
    expect(body.next).toMatch(/^http:\/\/[^/]+\/api\/v2\/player\/accounts\/\d+\/\?page_size=2&page=2$/);
    expect(body.results.map((r: { player_name: string }) => r.player_name)).toEqual(['Ada', 'Ben']);

    const link = body.results[0];
    const ada = parent.players[0]!;
    expect(link).toEqual({
      id: ada.id,
      player: {
        id: ada.id,
        account: parent.account.id,
        name: 'Ada',
        role: 'child',
        in_program: true,
        hr_gauge: 5,
        chase_speed: 5,
        acorns: 0,
        first_play_date: null,
        created_at: ada.createdAt.toISOString(),
        updated_at: ada.updatedAt.toISOString(),
      },
      role: 'child',
      player_name: 'Ada',
      in_program: true,
    });

    const next = new URL(body.next);
    const second = await get(`${next.pathname}${next.search}`, parent.headers);
    expect(second.json().results.map((r: { player_name: string }) => r.player_name)).toEqual(['Cy']);
    expect(second.json().next).toBeNull();
    expect(second.json().previous).toContain('page=1');

    const noSlash = await get(`/api/v2/player/accounts/${parent.account.id}`, parent.headers);
    expect(noSlash.statusCode).toBe(200);
    expect(noSlash.json().results.map((r: { id: number }) => r.id)).toEqual(parent.players.map((p) => p.id));
  });

  it('caps page_size at 1000', async () => {
    const parent = await createParent(t.db, { players: ['Solo'] });
    const res = await get(`/api/v2/player/accounts/${parent.account.id}/?page_size=5000`, parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1);
    const bad = await get(`/api/v2/player/accounts/${parent.account.id}/?page_size=0`, parent.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('page_size');
  });

  it('answers 404 for another account, 401 without a token; coaches of the account and staff read', async () => {
    const parent = await createParent(t.db, { players: ['Dee'] });
    const other = await createParent(t.db);
    expect((await get(`/api/v2/player/accounts/${parent.account.id}/`, other.headers)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/player/accounts/${parent.account.id}/` })).statusCode,
    ).toBe(401);

    const coach = await createCoach(t.db);
    expect((await get(`/api/v2/player/accounts/${parent.account.id}/`, coach.headers)).statusCode).toBe(404);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    expect((await get(`/api/v2/player/accounts/${parent.account.id}/`, coach.headers)).json().count).toBe(1);

    const staff = await createStaff(t.db);
    expect((await get(`/api/v2/player/accounts/${parent.account.id}/`, staff.headers)).json().count).toBe(1);
    expect((await get('/api/v2/player/accounts/999999/', staff.headers)).statusCode).toBe(404);
  });
});

describe('one player', () => {
  it('reads a player; another account’s player is 404 exactly like a missing one', async () => {
    const parent = await createParent(t.db, { players: ['Eve'] });
    const other = await createParent(t.db);
    const id = parent.players[0]!.id;
    const res = await get(`/api/v2/player/${id}/`, parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Eve', account: parent.account.id });
    const foreign = await get(`/api/v2/player/${id}/`, other.headers);
    const missing = await get('/api/v2/player/2147483647/', other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await get('/api/v2/player/99999999999/', other.headers)).statusCode).toBe(400);
  });

  it('changes name, role and in_program (PATCH, PUT and the v1 PATCH)', async () => {
    const parent = await createParent(t.db, { players: ['Finn'] });
    const id = parent.players[0]!.id;
    const patched = await send('PATCH', `/api/v2/player/${id}/`, parent.headers, {
      name: '  Finnley ',
      role: 'sibling',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Finnley', role: 'sibling', in_program: true });

    const put = await send('PUT', `/api/v2/player/${id}/`, parent.headers, { name: 'Finn', in_program: false });
    expect(put.json()).toMatchObject({ name: 'Finn', role: 'sibling', in_program: false });

    const v1 = await send('PATCH', `/api/v1/accounts/players/${id}`, parent.headers, { in_program: true });
    expect(v1.statusCode).toBe(200);
    expect(await playerRow(id)).toMatchObject({ name: 'Finn', role: 'sibling', inProgram: true });
  });

  it('rejects bad input with field messages and changes nothing', async () => {
    const parent = await createParent(t.db, { players: ['Gus'] });
    const id = parent.players[0]!.id;
    const before = await playerRow(id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: '' }, { name: ['Name is required'] }],
      [{ name: '   ' }, { name: ['Name may not contain only empty characters'] }],
      [{ name: 'x'.repeat(114) }, { name: ['Name must be less than 114 characters'] }],
      [{ name: 'Zoë 🚀' }, { name: ['Please include valid characters'] }],
      [{ role: 'captain' }, { role: ['Choose one of: child, parent, sibling, other.'] }],
      [{ in_program: 'yes' }, { in_program: ['Must be true or false.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await send('PATCH', `/api/v2/player/${id}/`, parent.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    const put = await send('PUT', `/api/v2/player/${id}/`, parent.headers, { role: 'child' });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ name: ['Name is required'] });
    expect(await playerRow(id)).toEqual(before);
  });

  it('lets only staff change gauge, chase speed and acorns through the player, with audit rows', async () => {
    const parent = await createParent(t.db, { players: ['Hal'] });
    const id = parent.players[0]!.id;
    // Sending the stored values back (a whole-object PUT) is fine.
    const echo = await send('PUT', `/api/v2/player/${id}/`, parent.headers, {
      name: 'Hal',
      hr_gauge: 5,
      chase_speed: 5,
      acorns: 0,
    });
    expect(echo.statusCode).toBe(200);
    const refused = await send('PATCH', `/api/v2/player/${id}/`, parent.headers, { name: 'Hank', hr_gauge: 9 });
    expect(refused.statusCode).toBe(403);
    expect(await playerRow(id)).toMatchObject({ name: 'Hal', hrGauge: 5 });

    const staff = await createStaff(t.db);
    const ok = await send('PATCH', `/api/v2/player/${id}/`, staff.headers, { hr_gauge: 9, acorns: 40 });
    expect(ok.json()).toMatchObject({ hr_gauge: 9, acorns: 40, chase_speed: 5 });
    const audit = await t.db.select().from(playerStatChanges).where(eq(playerStatChanges.playerId, id));
    expect(audit.map((a) => [a.field, a.oldValue, a.newValue, a.changedBy])).toEqual([
      ['hr_gauge', 5, 9, staff.user.id],
      ['acorns', 0, 40, staff.user.id],
    ]);
    expect((await send('PATCH', `/api/v2/player/${id}/`, staff.headers, { chase_speed: 11 })).json()).toEqual({
      chase_speed: ['Must be between 1 and 10.'],
    });
  });

  it('does not let a coach or another family change a player', async () => {
    const parent = await createParent(t.db, { players: ['Ivy'] });
    const id = parent.players[0]!.id;
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    expect((await get(`/api/v2/player/${id}/`, coach.headers)).statusCode).toBe(200);
    expect((await send('PATCH', `/api/v2/player/${id}/`, coach.headers, { name: 'X' })).statusCode).toBe(404);
    const other = await createParent(t.db);
    expect((await send('PATCH', `/api/v2/player/${id}/`, other.headers, { name: 'X' })).statusCode).toBe(404);
    expect((await playerRow(id)).name).toBe('Ivy');
  });
});

describe('creating players', () => {
  it('adds a player to the caller’s account (201); staff name the account', async () => {
    const parent = await createParent(t.db);
    const res = await send('POST', '/api/v2/player/', parent.headers, { name: 'Juno', consent: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Juno',
      role: 'child',
      in_program: true,
      account: parent.account.id,
      first_play_date: null,
    });

    const staff = await createStaff(t.db);
    const missing = await send('POST', '/api/v2/player/', staff.headers, { name: 'Kai' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ account: ['This field is required.'] });
    const made = await send('POST', '/api/v2/player/', staff.headers, {
      name: 'Kai',
      account: parent.account.id,
      role: 'parent',
      hr_gauge: 7,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ account: parent.account.id, role: 'parent', hr_gauge: 7 });
  });

  it('refuses another account, staff-only values and bad names without adding a row', async () => {
    const parent = await createParent(t.db);
    const other = await createParent(t.db);
    const count = async () => (await t.db.select().from(players).where(eq(players.accountId, other.account.id))).length;
    expect(
      (await send('POST', '/api/v2/player/', parent.headers, { name: 'Lu', account: other.account.id, consent: true }))
        .statusCode,
    ).toBe(404);
    expect((await send('POST', '/api/v2/player/', other.headers, { name: 'Lu', acorns: 5 })).statusCode).toBe(403);
    const bad = await send('POST', '/api/v2/player/', other.headers, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: ['Name is required'] });
    expect(await count()).toBe(0);
  });
});

describe('incomplete profiles', () => {
  async function seedProfiles(accountId: number, names: string[]) {
    const [survey] = await t.db
      .insert(surveys)
      .values({ slug: `intake-${accountId}`, title: 'Intake' })
      .returning();
    for (const playerName of names) {
      await t.db.insert(incompleteProfiles).values({ accountId, playerName });
      await t.db
        .insert(surveyResponses)
        .values({ surveyId: survey!.id, accountId, playerName, payload: { q1: 'yes' } });
    }
  }

  it('pages them with count, next, prev and previous', async () => {
    const parent = await createParent(t.db);
    await seedProfiles(parent.account.id, ['Mo', 'Nia', 'Oz']);
    const res = await get(
      `/api/v2/accounts/${parent.account.id}/incomplete_profiles/?page_size=2&page=2`,
      parent.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 3, next: null, results: [{ player_name: 'Oz' }] });
    expect(body.prev).toContain('page=1');
    expect(body.prev).toBe(body.previous);
    expect(Object.keys(body.results[0]).sort()).toEqual(['created_at', 'id', 'player_name']);
    const other = await createParent(t.db);
    expect((await get(`/api/v2/accounts/${parent.account.id}/incomplete_profiles/`, other.headers)).statusCode).toBe(
      404,
    );
  });

  it('removes the profile (and links its responses) when a player is renamed or created with its name', async () => {
    const parent = await createParent(t.db, { players: ['Pip'] });
    await seedProfiles(parent.account.id, ['Quinn', 'Rosa']);
    const url = `/api/v2/accounts/${parent.account.id}/incomplete_profiles/`;
    expect((await get(url, parent.headers)).json().count).toBe(2);

    const id = parent.players[0]!.id;
    await send('PATCH', `/api/v2/player/${id}/`, parent.headers, { name: ' quinn ' });
    let body = (await get(url, parent.headers)).json();
    expect(body.count).toBe(1);
    expect(body.results[0].player_name).toBe('Rosa');
    const linked = await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, id));
    expect(linked.map((r) => r.playerName)).toEqual(['Quinn']);

    const created = await send('POST', '/api/v2/player/', parent.headers, { name: 'ROSA', consent: true });
    body = (await get(url, parent.headers)).json();
    expect(body.count).toBe(0);
    const rosa = await t.db.select().from(surveyResponses).where(eq(surveyResponses.playerId, created.json().id));
    expect(rosa).toHaveLength(1);
  });
});

describe('gauge, chase speed and acorns', () => {
  async function setup() {
    const parent = await createParent(t.db, { players: ['Sky'] });
    const staff = await createStaff(t.db);
    return { parent, staff, id: parent.players[0]!.id };
  }

  it('reads them as a member, the coach or staff; another account gets 404', async () => {
    const { parent, staff, id } = await setup();
    for (const field of ['hr_gauge', 'chase_speed', 'acorns']) {
      const res = await get(`/api/v1/accounts/players/${id}/${field}`, parent.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ player_id: id, [field]: field === 'acorns' ? 0 : 5, history: [] });
      expect((await get(`/api/v1/accounts/players/${id}/${field}/`, staff.headers)).statusCode).toBe(200);
    }
    const other = await createParent(t.db);
    expect((await get(`/api/v1/accounts/players/${id}/hr_gauge`, other.headers)).statusCode).toBe(404);
  });

  it('refuses a parent’s POST with 403 and changes nothing', async () => {
    const { parent, id } = await setup();
    for (const [field, body] of [
      ['hr_gauge', { value: 8, reason: 'x' }],
      ['chase_speed', { value: 8, reason: 'x' }],
      ['acorns', { amount: 8, reason: 'x' }],
    ] as const) {
      const res = await send('POST', `/api/v1/accounts/players/${id}/${field}`, parent.headers, body);
      expect(res.statusCode).toBe(403);
    }
    expect(await playerRow(id)).toMatchObject({ hrGauge: 5, chaseSpeed: 5, acorns: 0 });
    expect(await t.db.select().from(playerStatChanges).where(eq(playerStatChanges.playerId, id))).toHaveLength(0);
  });

  it('lets staff set them, writing who, when, old, new and why', async () => {
    const { parent, staff, id } = await setup();
    const gauge = await send('POST', `/api/v1/accounts/players/${id}/hr_gauge/`, staff.headers, {
      value: 8,
      reason: ' Great month ',
    });
    expect(gauge.statusCode).toBe(200);
    expect(gauge.json()).toMatchObject({
      player_id: id,
      hr_gauge: 8,
      history: [
        { old_value: 5, new_value: 8, reason: 'Great month', changed_by: { id: staff.user.id, name: 'Staff Member' } },
      ],
    });
    await send('POST', `/api/v1/accounts/players/${id}/chase_speed`, staff.headers, { value: 3, reason: 'Too fast' });
    await send('POST', `/api/v1/accounts/players/${id}/acorns`, staff.headers, { amount: 25, reason: 'Bonus' });
    const back = await send('POST', `/api/v1/accounts/players/${id}/acorns`, staff.headers, {
      amount: -5,
      reason: 'Correction',
    });
    expect(back.json().acorns).toBe(20);
    expect(await playerRow(id)).toMatchObject({ hrGauge: 8, chaseSpeed: 3, acorns: 20 });

    const audit = await t.db.select().from(playerStatChanges).where(eq(playerStatChanges.playerId, id));
    expect(audit.map((a) => [a.field, a.oldValue, a.newValue, a.reason, a.changedBy])).toEqual([
      ['hr_gauge', 5, 8, 'Great month', staff.user.id],
      ['chase_speed', 5, 3, 'Too fast', staff.user.id],
      ['acorns', 0, 25, 'Bonus', staff.user.id],
      ['acorns', 25, 20, 'Correction', staff.user.id],
    ]);
    expect(audit.every((a) => a.createdAt instanceof Date)).toBe(true);
    // The parent sees the new value and its history.
    const seen = (await get(`/api/v1/accounts/players/${id}/chase_speed`, parent.headers)).json();
    expect(seen.chase_speed).toBe(3);
    expect(seen.history[0]).toMatchObject({ old_value: 5, new_value: 3, reason: 'Too fast' });
  });

  it('rejects values out of range, a missing reason and a negative balance, with field messages', async () => {
    const { staff, id } = await setup();
    const cases: [string, unknown, Record<string, string[]>][] = [
      ['hr_gauge', { value: 0, reason: 'r' }, { value: ['Must be between 1 and 10.'] }],
      ['chase_speed', { value: 11, reason: 'r' }, { value: ['Must be between 1 and 10.'] }],
      ['chase_speed', { value: 2.5, reason: 'r' }, { value: ['A valid integer is required.'] }],
      ['hr_gauge', { value: 3, reason: '  ' }, { reason: ['A reason is required.'] }],
      ['hr_gauge', { value: 3 }, { reason: ['A reason is required.'] }],
      ['acorns', { amount: 0, reason: 'r' }, { amount: ['Add or take back at least one acorn.'] }],
      ['acorns', { amount: -1, reason: 'r' }, { amount: ['The balance may not go below 0 (it is 0).'] }],
    ];
    for (const [field, body, errors] of cases) {
      const res = await send('POST', `/api/v1/accounts/players/${id}/${field}`, staff.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(await playerRow(id)).toMatchObject({ hrGauge: 5, chaseSpeed: 5, acorns: 0 });
    expect(await t.db.select().from(playerStatChanges).where(eq(playerStatChanges.playerId, id))).toHaveLength(0);
  });

  it('refuses an addition that would take the balance past the column’s range, never a 500', async () => {
    const { staff, id } = await setup();
    await t.db.update(players).set({ acorns: 2_147_483_000 }).where(eq(players.id, id));
    const res = await send('POST', `/api/v1/accounts/players/${id}/acorns`, staff.headers, {
      amount: 1000,
      reason: 'Bonus',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ amount: ['The balance may not go above 2147483647 (it is 2147483000).'] });
    expect((await playerRow(id)).acorns).toBe(2_147_483_000);
    expect(await t.db.select().from(playerStatChanges).where(eq(playerStatChanges.playerId, id))).toHaveLength(0);
  });

  it('answers 404 to staff for a missing player', async () => {
    const { staff } = await setup();
    const res = await send('POST', '/api/v1/accounts/players/2147483000/hr_gauge', staff.headers, {
      value: 3,
      reason: 'r',
    });
    expect(res.statusCode).toBe(404);
  });

  it('keeps working for players created through the factory helper', async () => {
    const parent = await createParent(t.db);
    const player = await createPlayer(t.db, parent.account.id, { name: 'Tess', acorns: 3 });
    expect((await get(`/api/v1/accounts/players/${player.id}/acorns`, parent.headers)).json().acorns).toBe(3);
  });
});

describe('the players screen (issue 25 item 2)', () => {
  const countPlayers = async (accountId: number) =>
    (await t.db.select().from(players).where(eq(players.accountId, accountId))).length;

  it('lets a parent add a child with consent, rename them and take them out of the program', async () => {
    const parent = await createParent(t.db, { players: ['Ada'] });
    const added = await send('POST', '/api/v2/player', parent.headers, { name: ' Bea ', consent: true });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    expect(added.json()).toMatchObject({ name: 'Bea', account: parent.account.id, in_program: true, role: 'child' });
    const [consent] = await t.db.select().from(consentRecords).where(eq(consentRecords.playerId, id));
    expect(consent).toMatchObject({ kind: 'player_added', granted: true, userId: parent.user.id });

    const renamed = await send('PATCH', `/api/v2/player/${id}`, parent.headers, { name: 'Beatrice' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Beatrice', in_program: true });

    const out = await send('PATCH', `/api/v2/player/${id}/`, parent.headers, { in_program: false });
    expect(out.json()).toMatchObject({ id, name: 'Beatrice', in_program: false });
    const list = (await get(`/api/v2/player/accounts/${parent.account.id}/`, parent.headers)).json();
    expect(
      list.results.map((link: { player_name: string; in_program: boolean }) => [link.player_name, link.in_program]),
    ).toEqual([
      ['Ada', true],
      ['Beatrice', false],
    ]);
    // A parent's own writes are not staff writes: nothing in the audit log.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.accountId, parent.account.id))).toHaveLength(0);
  });

  it('answers each full-name rule’s message as a 400 field error, on add and on rename', async () => {
    const parent = await createParent(t.db, { players: ['Cal'] });
    const id = parent.players[0]!.id;
    const cases: [string, string][] = [
      ['', 'Name is required'],
      ['   ', 'Name may not contain only empty characters'],
      // A player's name is one field: the full-name rule (SPEC §5, max 114; decision 0052).
      ['x'.repeat(114), 'Name must be less than 114 characters'],
      ['x'.repeat(115), 'Name must be less than 114 characters'],
      ['Дима', 'Please include valid characters'],
      ['Zoë 🚀', 'Please include valid characters'],
    ];
    for (const [name, message] of cases) {
      const add = await send('POST', '/api/v2/player/', parent.headers, { name, consent: true });
      expect(add.statusCode, JSON.stringify(name)).toBe(400);
      expect(add.json()).toEqual({ name: [message] });
      const rename = await send('PATCH', `/api/v2/player/${id}/`, parent.headers, { name });
      expect(rename.statusCode, JSON.stringify(name)).toBe(400);
      expect(rename.json()).toEqual({ name: [message] });
    }
    // Latin-1 accents and 113 characters are fine.
    expect((await send('POST', '/api/v2/player/', parent.headers, { name: 'Zoë', consent: true })).statusCode).toBe(
      201,
    );
    const longest = await send('POST', '/api/v2/player/', parent.headers, { name: 'y'.repeat(113), consent: true });
    expect(longest.statusCode).toBe(201);
    expect(await countPlayers(parent.account.id)).toBe(3);
    expect((await playerRow(id)).name).toBe('Cal');
  });

  it('refuses a parent without the ticked consent box, with its message, and adds nothing', async () => {
    const parent = await createParent(t.db);
    for (const body of [{ name: 'Dot' }, { name: 'Dot', consent: false }]) {
      const res = await send('POST', '/api/v2/player/', parent.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ consent: [CONSENT_MESSAGES.playerRequired] });
    }
    expect(await countPlayers(parent.account.id)).toBe(0);
  });

  it('keeps a parent to their own account: another account is 404, another family’s player is 404', async () => {
    const parent = await createParent(t.db);
    const other = await createParent(t.db, { players: ['Eli'] });
    const foreign = await send('POST', '/api/v2/player/', parent.headers, {
      name: 'Fay',
      account: other.account.id,
      consent: true,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await countPlayers(other.account.id)).toBe(1);
    expect(await countPlayers(parent.account.id)).toBe(0);
    // Naming their own account, or none, adds to it.
    const own = await send('POST', '/api/v2/player/', parent.headers, {
      name: 'Fay',
      account: parent.account.id,
      consent: true,
    });
    expect(own.json().account).toBe(parent.account.id);

    const eli = other.players[0]!.id;
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await send(method, `/api/v2/player/${eli}/`, parent.headers, { name: 'Mine', in_program: false });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(
        (await send(method, '/api/v2/player/2147483000/', parent.headers, { name: 'x' })).json(),
      );
    }
    expect(await playerRow(eli)).toMatchObject({ name: 'Eli', inProgram: true });
  });

  it('audits a staff member adding a player to a family and changing it; the account’s history lists both', async () => {
    const family = await createParent(t.db);
    const staff = await createStaff(t.db);
    const added = await send('POST', '/api/v2/player/', staff.headers, { name: 'Gil', account: family.account.id });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    // Staff cannot consent for a family: no consent record.
    expect(await t.db.select().from(consentRecords).where(eq(consentRecords.playerId, id))).toHaveLength(0);

    const changed = await send('PATCH', `/api/v2/player/${id}/`, staff.headers, { name: 'Gilbert', in_program: false });
    expect(changed.statusCode).toBe(200);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, family.account.id), eq(auditLog.entity, 'player')))
      .orderBy(auditLog.id);
    const values = { role: 'child', hr_gauge: 5, chase_speed: 5, acorns: 0 };
    expect(rows.map((row) => [row.method, row.route, row.actorUserId, row.entityId, row.status])).toEqual([
      ['POST', '/api/v2/player', staff.user.id, String(id), 201],
      ['PATCH', '/api/v2/player/:id', staff.user.id, String(id), 200],
    ]);
    expect(rows[0]).toMatchObject({
      actorEmail: staff.user.email,
      before: null,
      after: { name: 'Gil', in_program: true, ...values },
      request: { body: { name: 'Gil', account: family.account.id } },
    });
    expect(rows[1]).toMatchObject({
      before: { name: 'Gil', in_program: true, ...values },
      after: { name: 'Gilbert', in_program: false, ...values },
    });

    const history = await get(`/api/v2/admin/accounts/${family.account.id}/audit`, staff.headers);
    expect(history.statusCode).toBe(200);
    expect(history.json().count).toBe(2);
    expect(history.json().results).toMatchObject([
      {
        action: 'Change a player',
        actor: { id: staff.user.id, email: staff.user.email },
        entity: 'player',
        entity_id: String(id),
        account_id: family.account.id,
        after: { name: 'Gilbert', in_program: false },
      },
      {
        action: 'Add a player to an account',
        actor: { id: staff.user.id },
        entity: 'player',
        entity_id: String(id),
        account_id: family.account.id,
        after: { name: 'Gil', in_program: true },
      },
    ]);
    // A refused staff write adds no row.
    const bad = await send('POST', '/api/v2/player/', staff.headers, { name: '', account: family.account.id });
    expect(bad.statusCode).toBe(400);
    expect((await get(`/api/v2/admin/accounts/${family.account.id}/audit`, staff.headers)).json().count).toBe(2);
  });

  it('completes an incomplete profile: adding a player with its name removes it', async () => {
    const parent = await createParent(t.db);
    await t.db.insert(incompleteProfiles).values([
      { accountId: parent.account.id, playerName: 'Hana' },
      { accountId: parent.account.id, playerName: 'Ivo' },
    ]);
    const url = `/api/v2/accounts/${parent.account.id}/incomplete_profiles/`;
    const before = (await get(url, parent.headers)).json();
    expect(before.results.map((profile: { player_name: string }) => profile.player_name)).toEqual(['Hana', 'Ivo']);

    const done = await send('POST', '/api/v2/player/', parent.headers, { name: 'Hana', consent: true });
    expect(done.statusCode).toBe(201);
    const after = (await get(url, parent.headers)).json();
    expect(after.count).toBe(1);
    expect(after.results.map((profile: { player_name: string }) => profile.player_name)).toEqual(['Ivo']);
    const list = (await get(`/api/v2/player/accounts/${parent.account.id}/`, parent.headers)).json();
    expect(list.results.map((link: { player_name: string }) => link.player_name)).toEqual(['Hana']);
  });
});
