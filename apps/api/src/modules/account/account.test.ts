import {
  CUSTOM_NOTE_MAX,
  INTERACTION_DIRECTIONS,
  INTERACTION_KINDS,
  INTERACTION_MESSAGES,
  INTERACTION_OUTCOMES,
  INTERACTION_SUMMARY_MAX,
  INTERACTION_TOPICS,
} from '@grove/domain';
import { describeAuditEntry } from '@grove/domain/audit-history';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customerInteractions, devices, playSessions, subscriptions, users } from '../../db/schema/index.ts';
import { createCoach, createParent, createPlayer, createStaff, createUser } from '../../../test/factories.ts';
import { createTestContext, requester, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const call = requester(() => t);

/** A family with two players, a device and a coach; a stranger family; staff. */
async function world() {
  const coach = await createCoach(t.db);
  const family = await createParent(t.db, { players: ['Maya', 'Eli'], tags: ['vip'] });
  await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
  const stranger = await createParent(t.db);
  const otherCoach = await createCoach(t.db);
  const staff = await createStaff(t.db);
  return { coach, family, stranger, otherCoach, staff, id: family.account.id };
}

describe('GET /api/v2/accounts/{id}/', () => {
  it('answers the account with its people, players, devices and coach to members, the coach and staff', async () => {
    const w = await world();
    const carer = await createUser(t.db, { accountId: w.id, firstName: 'Riley', lastName: 'Parker' });
    await t.db.insert(devices).values({ accountId: w.id, name: 'Kitchen tablet', isKioskMode: true });
    for (const headers of [w.family.headers, w.coach.headers, w.staff.headers]) {
      const res = await call('GET', `/api/v2/accounts/${w.id}/`, headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: w.id,
        account_status: 'ACTIVE',
        time_zone: 'America/New_York',
        tags: ['vip'],
        coach_user: { id: w.coach.user.id, name: 'Coach Person' },
        players: [
          { id: w.family.players[0]!.id, name: 'Maya', in_program: true },
          { id: w.family.players[1]!.id, name: 'Eli', in_program: true },
        ],
        devices: [{ name: 'Kitchen tablet', is_kiosk_mode: true, kiosk_mode_pending: true, has_token: false }],
      });
      expect(body.users.map((u: { id: number; status: string }) => [u.id, u.status])).toEqual([
        [w.family.user.id, 'invited'],
        [carer.id, 'invited'],
      ]);
      expect(body.users[0].is_billing_user).toBe(true);
    }
  });

  it('answers 404 to another family and to another coach, as for a missing account', async () => {
    const w = await world();
    for (const headers of [w.stranger.headers, w.otherCoach.headers]) {
      const res = await call('GET', `/api/v2/accounts/${w.id}/`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await call('GET', '/api/v2/accounts/2147483647/', w.staff.headers)).json()).toEqual(NOT_FOUND);
    expect((await call('GET', '/api/v2/accounts/2147483648/', w.staff.headers)).statusCode).toBe(400);
  });
});

describe('/api/v1/accounts/{id}/status/', () => {
  it('GET answers the statuses to members, the coach and staff', async () => {
    const w = await world();
    await t.db.insert(subscriptions).values({
      accountId: w.id,
      planTag: 'default',
      status: 'PAUSED',
      priceCents: 1000,
      currency: 'usd',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
      returnDeadline: new Date(Date.now() + 86_400_000),
    });
    for (const headers of [w.family.headers, w.coach.headers, w.staff.headers]) {
      const res = await call('GET', `/api/v1/accounts/${w.id}/status/`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: w.id,
        account_status: 'ACTIVE',
        is_usable: true,
        billing_status: 'ACTIVE',
        subscription_status: 'PAUSED',
      });
    }
    expect((await call('GET', `/api/v1/accounts/${w.id}/status/`, w.stranger.headers)).statusCode).toBe(404);
  });

  it('PUT is for staff only', async () => {
    const w = await world();
    const res = await call('PUT', `/api/v1/accounts/${w.id}/status/`, w.staff.headers, {
      account_status: 'NOT_PURCHASED',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_status: 'NOT_PURCHASED', is_usable: false, subscription_status: null });
    const parent = await call('PUT', `/api/v1/accounts/${w.id}/status/`, w.family.headers, {
      account_status: 'ACTIVE',
    });
    expect(parent.statusCode).toBe(403);
    const coach = await call('PUT', `/api/v1/accounts/${w.id}/status/`, w.coach.headers, { account_status: 'ACTIVE' });
    expect(coach.statusCode).toBe(403);
    const bad = await call('PUT', `/api/v1/accounts/${w.id}/status/`, w.staff.headers, { account_status: 'GONE' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/v1/accounts/2147483000/status/', w.staff.headers, { account_status: 'ACTIVE' }))
        .statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, w.id));
    expect(row!.accountStatus).toBe('NOT_PURCHASED');
  });
});

describe('/api/v1/accounts/{id}/custom_note/', () => {
  it('members write it, the coach and staff read it, strangers get 404', async () => {
    const w = await world();
    const empty = await call('GET', `/api/v1/accounts/${w.id}/custom_note/`, w.coach.headers);
    expect(empty.json()).toEqual({ custom_note: '', updated_at: null, updated_by: null });

    const note = 'Maya does best right after school.\nEli is shy on calls.';
    const put = await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.family.headers, {
      custom_note: `  ${note}  `,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      custom_note: note,
      updated_at: expect.any(String),
      updated_by: { id: w.family.user.id, name: 'Test User' },
    });
    for (const headers of [w.coach.headers, w.staff.headers, w.family.headers]) {
      expect((await call('GET', `/api/v1/accounts/${w.id}/custom_note/`, headers)).json().custom_note).toBe(note);
    }
    const byCoach = await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.coach.headers, {
      custom_note: 'coach edit',
    });
    expect(byCoach.statusCode).toBe(404);
    const byStranger = await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.stranger.headers, {
      custom_note: 'x',
    });
    expect(byStranger.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/accounts/${w.id}/custom_note/`, w.stranger.headers)).statusCode).toBe(404);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, w.id));
    expect(row!.customNote).toBe(note);
  });

  it('refuses control characters and notes over the limit; blank clears', async () => {
    const w = await world();
    const nul = await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.family.headers, {
      custom_note: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ custom_note: ['Remove the control characters (such as NUL) from this text.'] });
    const long = await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.family.headers, {
      custom_note: 'x'.repeat(CUSTOM_NOTE_MAX + 1),
    });
    expect(long.json()).toEqual({ custom_note: [`At most ${CUSTOM_NOTE_MAX} characters.`] });
    await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.staff.headers, { custom_note: 'staff note' });
    const cleared = await call('PUT', `/api/v1/accounts/${w.id}/custom_note/`, w.family.headers, { custom_note: '  ' });
    expect(cleared.json().custom_note).toBe('');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, w.id));
    expect(row!.customNote).toBe('');
  });
});

describe('GET /api/v1/accounts/{id}/data/', () => {
  it('answers the account in figures', async () => {
    const w = await world();
    const [maya] = w.family.players;
    await t.db.insert(devices).values({ accountId: w.id, name: 'Tablet' });
    await t.db.insert(playSessions).values([
      {
        accountId: w.id,
        playerId: maya!.id,
        gameSessionId: 'a',
        periodDatetime: new Date('2026-01-05T16:00:00Z'),
        secondsPlayed: 600,
      },
      {
        accountId: w.id,
        playerId: maya!.id,
        gameSessionId: 'b',
        periodDatetime: new Date('2026-01-07T16:00:00Z'),
        secondsPlayed: 900,
      },
    ]);
    const otherPlayer = await createPlayer(t.db, w.stranger.account.id);
    await t.db.insert(playSessions).values({
      accountId: w.stranger.account.id,
      playerId: otherPlayer.id,
      gameSessionId: 'c',
      periodDatetime: new Date('2026-01-01T16:00:00Z'),
      secondsPlayed: 100,
    });
    const res = await call('GET', `/api/v1/accounts/${w.id}/data/`, w.coach.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: w.id,
      created_at: expect.any(String),
      users_count: 1,
      players_count: 2,
      devices_count: 1,
      first_play_date: '2026-01-05T16:00:00.000Z',
      last_played_at: '2026-01-07T16:00:00.000Z',
      total_seconds_played: 1500,
      sessions_count: 2,
    });
    const empty = await call('GET', `/api/v1/accounts/${w.stranger.account.id}/data/`, w.stranger.headers);
    expect(empty.json()).toMatchObject({ sessions_count: 1, total_seconds_played: 100, players_count: 1 });
    expect((await call('GET', `/api/v1/accounts/${w.id}/data/`, w.stranger.headers)).statusCode).toBe(404);
  });
});

describe('/api/v1/accounts/{id}/customer_interactions/', () => {
  const url = (id: number | string) => `/api/v1/accounts/${id}/customer_interactions/`;

  it('the coach and staff record and read them, newest first; occurred_at defaults to now', async () => {
    const w = await world();
    const call1 = await call('POST', url(w.id), w.coach.headers, {
      kind: 'call',
      summary: 'Check-in call: mornings are calmer.',
      occurred_at: '2026-01-10T15:00:00-05:00',
    });
    expect(call1.statusCode).toBe(201);
    expect(call1.json()).toEqual({
      id: expect.any(Number),
      kind: 'call',
      direction: 'outbound',
      topic: null,
      outcome: null,
      summary: 'Check-in call: mornings are calmer.',
      occurred_at: '2026-01-10T20:00:00.000Z',
      created_at: expect.any(String),
      created_by: { id: w.coach.user.id, name: 'Coach Person' },
    });
    const before = Date.now();
    const mail = await call('POST', url(w.id), w.staff.headers, {
      kind: 'email',
      direction: 'inbound',
      summary: 'Asked about shipping.',
    });
    expect(mail.statusCode).toBe(201);
    expect(new Date(mail.json().occurred_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const list = await call('GET', `${url(w.id)}?page_size=1`, w.coach.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, previous: null, results: [{ kind: 'email', direction: 'inbound' }] });
    expect(list.json().next).toContain('page=2');
    const rows = await t.db.select().from(customerInteractions).where(eq(customerInteractions.accountId, w.id));
    expect(rows).toHaveLength(2);
    // Each write is recorded with its author: the coach's and the staff member's.
    expect(rows.map((row) => [row.kind, row.createdByUserId]).sort()).toEqual([
      ['call', w.coach.user.id],
      ['email', w.staff.user.id],
    ]);
  });

  it('a staff member’s conversation is in the account’s history of staff changes, in words', async () => {
    const w = await world();
    const logged = await call('POST', url(w.id), w.staff.headers, {
      kind: 'call',
      topic: 'billing',
      outcome: 'follow_up',
      summary: 'Asked about the failed renewal.',
    });
    expect(logged.statusCode).toBe(201);
    const history = await call('GET', `/api/v2/admin/accounts/${w.id}/audit/`, w.staff.headers);
    expect(history.statusCode, history.body).toBe(200);
    const [row] = history.json().results;
    expect(row).toMatchObject({ entity: 'interaction', account_id: w.id });
    expect(describeAuditEntry(row)).toEqual([
      "Conversation logged: Phone call about billing (We reached out, Follow-up needed): 'Asked about the failed renewal.'",
    ]);
  });

  it('answers 404 to the family itself, to strangers and to another coach', async () => {
    const w = await world();
    for (const headers of [w.family.headers, w.stranger.headers, w.otherCoach.headers]) {
      expect((await call('GET', url(w.id), headers)).statusCode).toBe(404);
      expect((await call('OPTIONS', url(w.id), headers)).statusCode).toBe(404);
      const post = await call('POST', url(w.id), headers, { kind: 'call', summary: 'x' });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual(NOT_FOUND);
    }
    expect(await t.db.select().from(customerInteractions).where(eq(customerInteractions.accountId, w.id))).toHaveLength(
      0,
    );
  });

  it('OPTIONS lists the kinds, directions and summary length', async () => {
    const w = await world();
    const res = await call('OPTIONS', url(w.id), w.coach.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kinds: [...INTERACTION_KINDS],
      directions: [...INTERACTION_DIRECTIONS],
      topics: [...INTERACTION_TOPICS],
      outcomes: [...INTERACTION_OUTCOMES],
      summary_max_length: INTERACTION_SUMMARY_MAX,
    });
  });

  it('records the type (topic) and the outcome when given, and refuses unknown ones', async () => {
    const w = await world();
    const res = await call('POST', url(w.id), w.coach.headers, {
      kind: 'video',
      topic: 'technical',
      outcome: 'follow_up',
      summary: 'The tablet would not pair; trying again Friday.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'video', topic: 'technical', outcome: 'follow_up' });
    const [row] = await t.db.select().from(customerInteractions).where(eq(customerInteractions.accountId, w.id));
    expect(row).toMatchObject({ topic: 'technical', outcome: 'follow_up', createdByUserId: w.coach.user.id });
    for (const payload of [
      { kind: 'call', topic: 'gossip', summary: 'x' },
      { kind: 'call', outcome: 'maybe', summary: 'x' },
    ]) {
      expect((await call('POST', url(w.id), w.staff.headers, payload)).statusCode).toBe(400);
    }
    const list = await call('GET', url(w.id), w.staff.headers);
    expect(list.json().results).toEqual([expect.objectContaining({ topic: 'technical', outcome: 'follow_up' })]);
  });

  it('refuses a future date, bad kinds, control characters and long summaries', async () => {
    const w = await world();
    const future = await call('POST', url(w.id), w.staff.headers, {
      kind: 'call',
      summary: 'Later',
      occurred_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ occurred_at: [INTERACTION_MESSAGES.future] });
    const cases: Record<string, unknown>[] = [
      { kind: 'telegram', summary: 'x' },
      { kind: 'call', direction: 'sideways', summary: 'x' },
      { kind: 'call', summary: '' },
      { kind: 'call', summary: 'a\u0000b' },
      { kind: 'call', summary: 'x'.repeat(INTERACTION_SUMMARY_MAX + 1) },
      { kind: 'call', summary: 'x', occurred_at: 'yesterday' },
      { kind: 'call', summary: 'x', occurred_at: '1999-12-31T00:00:00Z' },
    ];
    for (const payload of cases) {
      const res = await call('POST', url(w.id), w.staff.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
    }
    expect((await call('POST', url('9999999999'), w.staff.headers, { kind: 'call', summary: 'x' })).statusCode).toBe(
      400,
    );
    expect(await t.db.select().from(customerInteractions).where(eq(customerInteractions.accountId, w.id))).toHaveLength(
      0,
    );
  });

  it('keeps an interaction when its author leaves (created_by becomes null)', async () => {
    const w = await world();
    const author = await createStaff(t.db);
    await call('POST', url(w.id), author.headers, { kind: 'chat', summary: 'Chat about the gauge.' });
    await t.db.delete(users).where(eq(users.id, author.user.id));
    const res = await call('GET', url(w.id), w.staff.headers);
    expect(res.json().results).toEqual([
      expect.objectContaining({ summary: 'Chat about the gauge.', created_by: null }),
    ]);
  });
});
