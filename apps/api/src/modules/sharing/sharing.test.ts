import { SHARE_LINK_MAX_DAYS, SHARE_VIEW_THROTTLE, SHARING_MESSAGES } from '@grove/domain/sharing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  loginThrottles,
  players,
  playerStatChanges,
  playSessions,
  shareLinks,
  shareLinkViews,
} from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, requester, type TestContext } from '../../../test/helpers.ts';
import { hashToken } from '../auth/auth.tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const NOT_FOUND = { detail: 'Not found.', code: 'not_found' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
/** A fixed past frame of two weeks (Monday 3 to Sunday 16 March 2025, New York; DST starts on the 9th). */
const FRAME = { from_date: '2025-03-03', to_date: '2025-03-16' };

const call = requester(() => t);

/** The public summary, as a clinician's browser on a network 203.0.113.0/24 asks for it. */
const openSummary = (token: string, remoteAddress = '203.0.113.77') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/shared/${token}`,
    headers: { 'user-agent': FIREFOX },
    remoteAddress,
  });

const tokenOf = (url: string) => url.split('/shared/')[1]!;

/** A family with two children, its coach, another family, another coach and staff. */
async function world() {
  const coach = await createCoach(t.db);
  const family = await createParent(t.db, {
    players: ['Maya Lopez', 'Eli Lopez'],
    user: {
      firstName: 'Dana',
      lastName: 'Lopez',
      email: `dana-${Date.now()}-${Math.random()}@example.test`,
    },
  });
  await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, family.account.id));
  const stranger = await createParent(t.db, { players: ['Noor'] });
  const otherCoach = await createCoach(t.db);
  const staff = await createStaff(t.db);
  const [maya, eli] = family.players as [typeof players.$inferSelect, typeof players.$inferSelect];
  return {
    coach,
    family,
    stranger,
    otherCoach,
    staff,
    id: family.account.id,
    maya,
    eli,
  };
}

type World = Awaited<ReturnType<typeof world>>;
const sharesUrl = (w: World) => `/api/v2/user/accounts/${w.id}/shares/`;
const body = (w: World, extra: Record<string, unknown> = {}) => ({
  player_id: w.maya.id,
  ...FRAME,
  expires_in_days: 30,
  display_name: 'M.',
  ...extra,
});

async function share(w: World, extra: Record<string, unknown> = {}) {
  const res = await call('POST', sharesUrl(w), w.family.headers, body(w, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; url: string; status: string; expires_at: string };
}

let sessionCounter = 0;
async function playAt(
  accountId: number,
  playerId: number,
  at: string,
  seconds: number,
  rises = 0,
  cds = 0,
  cdSeconds = 0,
) {
  await t.db.insert(playSessions).values({
    accountId,
    playerId,
    gameSessionId: `share-${sessionCounter++}`,
    periodDatetime: new Date(at),
    secondsPlayed: seconds,
    hrRiseCount: rises,
    coolDownCount: cds,
    coolDownSeconds: cdSeconds,
  });
}

describe('parent routes: create, list, revoke', () => {
  it('creates a link shown once, keeps only its hash, lists it with its status and revokes it', async () => {
    const w = await world();
    const created = await share(w);
    expect(created).toMatchObject({
      player: { id: w.maya.id, name: 'Maya Lopez' },
      display_name: 'M.',
      ...FRAME,
      revoked_at: null,
      status: 'active',
      created_by: { id: w.family.user.id, name: 'Dana Lopez' },
      view_count: 0,
      views: [],
    });
    expect(created.url).toMatch(/^http.+\/shared\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const [row] = await t.db.select().from(shareLinks).where(eq(shareLinks.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(tokenOf(created.url)));
    expect(JSON.stringify(row)).not.toContain(tokenOf(created.url));

    const list = await call('GET', sharesUrl(w), w.family.headers);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-robots-tag']).toBe('noindex');
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ id: created.id, status: 'active' }],
    });
    expect(list.json().results[0]).not.toHaveProperty('url');

    const revoked = await call('POST', `${sharesUrl(w)}${created.id}/revoke/`, w.family.headers);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: created.id, status: 'revoked' });
    const again = await call('POST', `${sharesUrl(w)}${created.id}/revoke/`, w.family.headers);
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await call('GET', sharesUrl(w), w.family.headers)).json().results[0].status).toBe('revoked');
  });

  it.each([
    ['more than 90 days', { expires_in_days: SHARE_LINK_MAX_DAYS + 1 }, { expires_in_days: [SHARING_MESSAGES.expiry] }],
    ['no days', { expires_in_days: 0 }, { expires_in_days: [SHARING_MESSAGES.expiry] }],
    [
      'an end before the start',
      { from_date: '2025-03-10', to_date: '2025-03-09' },
      { to_date: [SHARING_MESSAGES.toBeforeFrom] },
    ],
    ['a date that does not exist', { from_date: '2025-02-30' }, { from_date: [SHARING_MESSAGES.dateInvalid] }],
    ['a date in another format', { to_date: '03/16/2025' }, { to_date: [SHARING_MESSAGES.dateInvalid] }],
    [
      'a start in the future',
      { from_date: '2999-01-01', to_date: '2999-01-02' },
      { from_date: [SHARING_MESSAGES.fromInFuture] },
    ],
    [
      'a frame over 3 years',
      { from_date: '2020-01-01', to_date: '2024-01-01' },
      { to_date: [SHARING_MESSAGES.frameTooLong] },
    ],
    ['a blank name', { display_name: '   ' }, { display_name: [SHARING_MESSAGES.displayNameRequired] }],
  ])('refuses %s with the field’s message and stores nothing', async (_what, extra, fields) => {
    const w = await world();
    const res = await call('POST', sharesUrl(w), w.family.headers, body(w, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(fields);
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.accountId, w.id))).toEqual([]);
  });

  it('refuses a player of another family as a missing one', async () => {
    const w = await world();
    for (const playerId of [w.stranger.players[0]!.id, 2_147_483_647]) {
      const res = await call('POST', sharesUrl(w), w.family.headers, body(w, { player_id: playerId }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ player_id: [SHARING_MESSAGES.player] });
    }
  });

  it('answers 404 to another family and to coaches; staff may list and revoke (audited) but not create', async () => {
    const w = await world();
    const created = await share(w);
    for (const headers of [w.stranger.headers, w.coach.headers, w.otherCoach.headers]) {
      expect((await call('GET', sharesUrl(w), headers)).json()).toEqual(NOT_FOUND);
      const made = await call('POST', sharesUrl(w), headers, body(w));
      expect([made.statusCode, made.json()]).toEqual([404, NOT_FOUND]);
      const revoke = await call('POST', `${sharesUrl(w)}${created.id}/revoke/`, headers);
      expect([revoke.statusCode, revoke.json()]).toEqual([404, NOT_FOUND]);
    }
    // Another family's link id under one's own account is as missing as an unknown one.
    const theirs = await call(
      'POST',
      `/api/v2/user/accounts/${w.stranger.account.id}/shares/${created.id}/revoke/`,
      w.stranger.headers,
    );
    expect([theirs.statusCode, theirs.json()]).toEqual([404, NOT_FOUND]);

    const listed = await call('GET', sharesUrl(w), w.staff.headers);
    expect(listed.json()).toMatchObject({
      count: 1,
      results: [{ id: created.id }],
    });
    expect((await call('GET', '/api/v2/user/accounts/2147483647/shares/', w.staff.headers)).statusCode).toBe(404);
    const made = await call('POST', sharesUrl(w), w.staff.headers, body(w));
    expect([made.statusCode, made.json().detail]).toEqual([403, SHARING_MESSAGES.notFamily]);
    const revoked = await call('POST', `${sharesUrl(w)}${created.id}/revoke/`, w.staff.headers);
    expect(revoked.json().status).toBe('revoked');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'share_link'), eq(auditLog.entityId, String(created.id))));
    expect(audit.map((row) => [row.actorUserId, row.accountId])).toEqual([[w.staff.user.id, w.id]]);
    expect((await call('GET', sharesUrl(w), w.family.headers)).json().count).toBe(1);
  });

  it('goes with its player when the player is deleted', async () => {
    const w = await world();
    const created = await share(w);
    await openSummary(tokenOf(created.url));
    await t.db.delete(players).where(eq(players.id, w.maya.id));
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.id, created.id))).toEqual([]);
    expect(await t.db.select().from(shareLinkViews).where(eq(shareLinkViews.shareLinkId, created.id))).toEqual([]);
  });
});

describe('GET /api/v1/shared/{token}', () => {
  it('is documented as public, with the parent routes, in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/shared/{token}',
        '/api/v2/user/accounts/{id}/shares',
        '/api/v2/user/accounts/{id}/shares/{shareId}/revoke',
      ]),
    );
    expect(
      doc.paths['/api/v2/user/accounts/{id}/shares'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['player_id', 'from_date', 'to_date', 'expires_in_days', 'display_name']);
  });

  it('shows the streak on the last day shown: whole goal weeks, one before the frame too, none after', async () => {
    const w = await world();
    await playAt(w.id, w.maya.id, '2025-02-25T17:00:00Z', 50 * 60); // the week before the frame
    await playAt(w.id, w.maya.id, '2025-03-04T17:00:00Z', 30 * 60);
    await playAt(w.id, w.maya.id, '2025-03-06T17:00:00Z', 20 * 60); // 50 minutes in the week of 3 March
    await playAt(w.id, w.maya.id, '2025-03-11T17:00:00Z', 46 * 60);
    await playAt(w.id, w.maya.id, '2025-03-18T17:00:00Z', 60 * 60); // after the frame: not shown
    const summary = (await openSummary(tokenOf((await share(w)).url))).json();
    expect(summary.streak).toEqual({ weeks: 3, this_week_met: true, longest_weeks: 3 });
    // Eli's play is not Maya's streak.
    await playAt(w.id, w.eli.id, '2025-03-13T17:00:00Z', 60 * 60);
    const other = (await openSummary(tokenOf((await share(w, { player_id: w.eli.id })).url))).json();
    expect(other.streak).toEqual({ weeks: 1, this_week_met: true, longest_weeks: 1 });
  });

  it('shows only its player and time frame, with no sign-in, and logs the view coarsely', async () => {
    const w = await world();
    await t.db.update(players).set({ hrGauge: 7 }).where(eq(players.id, w.maya.id));
    // Maya: one session before the frame, three inside (the last at 23:30 on its last day), one after.
    await playAt(w.id, w.maya.id, '2025-03-02T17:00:00Z', 900, 4, 4, 400);
    await playAt(w.id, w.maya.id, '2025-03-03T05:30:00Z', 600, 2, 1, 30);
    await playAt(w.id, w.maya.id, '2025-03-12T16:00:00Z', 1500, 3, 2, 50);
    await playAt(w.id, w.maya.id, '2025-03-17T03:30:00Z', 300);
    await playAt(w.id, w.maya.id, '2025-03-17T04:30:00Z', 1200, 9, 9, 900);
    // Her brother played inside the frame too.
    await playAt(w.id, w.eli.id, '2025-03-05T17:00:00Z', 2000, 5, 5, 500);
    // Gauge changes before, inside and after the frame; one of Eli's inside.
    const change = (playerId: number, at: string, oldValue: number, newValue: number) =>
      t.db.insert(playerStatChanges).values({
        playerId,
        field: 'hr_gauge',
        oldValue,
        newValue,
        reason: 'Coach Person: calmer mornings',
        changedBy: w.staff.user.id,
        createdAt: new Date(at),
      });
    await change(w.maya.id, '2025-02-01T15:00:00Z', 5, 6);
    await change(w.maya.id, '2025-03-10T15:00:00Z', 6, 8);
    await change(w.maya.id, '2025-04-01T15:00:00Z', 8, 7);
    await change(w.eli.id, '2025-03-11T15:00:00Z', 5, 2);

    const created = await share(w);
    const res = await openSummary(tokenOf(created.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    const summary = res.json();
    expect(summary).toEqual({
      display_name: 'M.',
      ...FRAME,
      shown_until: '2025-03-16',
      expires_at: expect.any(String),
      goal_minutes: 45,
      totals: {
        sessions: 3,
        seconds_played: 2400,
        hr_rises: 5,
        cool_downs: 3,
        average_cool_down_seconds: 27,
      },
      weeks: [
        {
          week_start: '2025-03-03',
          seconds_played: 600,
          minutes: 10,
          sessions: 1,
          hr_rises: 2,
          cool_downs: 1,
          average_cool_down_seconds: 30,
        },
        {
          week_start: '2025-03-10',
          seconds_played: 1800,
          minutes: 30,
          sessions: 2,
          hr_rises: 3,
          cool_downs: 2,
          average_cool_down_seconds: 25,
        },
      ],
      hr_gauge: {
        at_start: 6,
        at_end: 8,
        changes: [{ changed_on: '2025-03-10', old_value: 6, new_value: 8 }],
      },
      chase_speed: { at_start: 5, at_end: 5, changes: [] },
      streak: { weeks: 0, this_week_met: false, longest_weeks: 0 },
    });
    // Nothing else of the family: names, e-mail, ids, the reasons staff wrote.
    for (const secret of ['Maya', 'Lopez', 'Dana', w.family.user.email, 'calmer', 'player_id', 'account']) {
      expect(res.body).not.toContain(secret);
    }

    const [view] = await t.db.select().from(shareLinkViews).where(eq(shareLinkViews.shareLinkId, created.id));
    expect(view).toMatchObject({
      browser: 'Firefox on Linux',
      network: '203.0.113.0/24',
    });
    const list = (await call('GET', sharesUrl(w), w.family.headers)).json();
    expect(list.results[0]).toMatchObject({
      view_count: 1,
      views: [
        {
          browser: 'Firefox on Linux',
          network: '203.0.113.0/24',
          viewed_at: expect.any(String),
        },
      ],
    });
  });

  it('answers a revoked, an expired, an unknown and a malformed link with the same 404, logging no view', async () => {
    const w = await world();
    const revoked = await share(w);
    await call('POST', `${sharesUrl(w)}${revoked.id}/revoke/`, w.family.headers);
    const expired = await share(w);
    await t.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.id));
    const live = await share(w);
    expect((await openSummary(tokenOf(live.url))).statusCode).toBe(200);

    for (const token of [
      tokenOf(revoked.url),
      tokenOf(expired.url),
      'A'.repeat(43),
      'short',
      `${tokenOf(live.url)}x`,
    ]) {
      const res = await openSummary(token);
      expect([res.statusCode, res.json()], token).toEqual([404, NOT_FOUND]);
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
    const views = await t.db.select().from(shareLinkViews);
    expect(views.filter((v) => [revoked.id, expired.id].includes(v.shareLinkId))).toEqual([]);
    expect(views.filter((v) => v.shareLinkId === live.id)).toHaveLength(1);
  });

  it('answers 429 with Retry-After once an address has asked too often, whatever the token', async () => {
    const w = await world();
    const live = await share(w);
    const address = '198.51.100.23';
    await t.db.insert(loginThrottles).values({
      key: `share-view:${address}`,
      failures: SHARE_VIEW_THROTTLE.perAddress,
      windowStartedAt: new Date(),
    });
    for (const token of [tokenOf(live.url), 'A'.repeat(43)]) {
      const res = await openSummary(token, address);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        detail: SHARING_MESSAGES.throttled,
        code: 'throttled',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await openSummary(tokenOf(live.url), '198.51.100.24')).statusCode).toBe(200);
  });
});
