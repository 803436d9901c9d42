import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, devices, playSessions } from '../../db/schema/index.ts';
import { hashToken } from '../auth/auth.tokens.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { addDevice, counts, familyWithDevice, MIN, session, upload } from './game.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('device tokens', () => {
  it('issues a token shown once, stores only its hash, and a new one revokes the old', async () => {
    const { parent, device, token, player } = await familyWithDevice(t);
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toContain(token);
    expect((await upload(t, token, { sessions: [session(player.id)] })).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2/user/accounts/${parent.account.id}/devices/${device.id}/token`,
      headers: parent.headers,
    });
    const fresh = again.json().device_token;
    expect(fresh).not.toBe(token);
    expect((await upload(t, token, { sessions: [session(player.id)] })).statusCode).toBe(401);
    expect((await upload(t, fresh, { sessions: [session(player.id)] })).statusCode).toBe(200);
  });

  it('answers 404 for another account’s device and for a coach; staff may issue', async () => {
    const a = await createParent(t.db);
    const b = await createParent(t.db);
    const deviceB = await addDevice(t, b.account.id);
    const url = (accountId: number, deviceId: number) =>
      `/api/v2/user/accounts/${accountId}/devices/${deviceId}/token/`;
    expect(
      (await t.app.inject({ method: 'POST', url: url(b.account.id, deviceB.id), headers: a.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: url(a.account.id, deviceB.id), headers: a.headers })).statusCode,
    ).toBe(404);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, b.account.id));
    expect(
      (await t.app.inject({ method: 'POST', url: url(b.account.id, deviceB.id), headers: coach.headers })).statusCode,
    ).toBe(404);
    const staff = await createStaff(t.db);
    expect(
      (await t.app.inject({ method: 'POST', url: url(b.account.id, deviceB.id), headers: staff.headers })).statusCode,
    ).toBe(201);
  });
});

describe('session upload', () => {
  it('refuses a missing or wrong device token (a user token is not a device token)', async () => {
    const { player, parent } = await familyWithDevice(t);
    expect((await upload(t, null, { sessions: [session(player.id)] })).statusCode).toBe(401);
    expect((await upload(t, 'not-a-token', { sessions: [session(player.id)] })).statusCode).toBe(401);
    expect((await upload(t, parent.token, { sessions: [session(player.id)] })).statusCode).toBe(401);
    expect((await counts(t, player.id)).sessions).toBe(0);
  });

  it('does not open user routes with a device token', async () => {
    const { token, player } = await familyWithDevice(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/player/${player.id}/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stores sessions with their rises, cooldowns, events and acorns', async () => {
    const { token, player, device } = await familyWithDevice(t);
    const a = session(player.id, 120);
    const b = session(player.id, 60, { acorns_earned: 3, hr_rises: [], cool_downs: [] });
    const res = await upload(t, token, { sessions: [a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: [a.game_session_id, b.game_session_id].sort(),
      duplicates: [],
      rejected: [],
    });
    expect(await counts(t, player.id)).toEqual({ sessions: 2, rises: 2, coolDowns: 1, events: 4, acorns: 15 });
    const rows = await t.db.select().from(playSessions).where(eq(playSessions.playerId, player.id));
    const stored = rows.find((r) => r.gameSessionId === a.game_session_id)!;
    expect(stored).toMatchObject({
      deviceId: device.id,
      secondsPlayed: 1200,
      acornsEarned: 12,
      hrRiseCount: 2,
      coolDownCount: 1,
      coolDownSeconds: 60,
      cooldownEventCount: 2,
    });
    expect(stored.periodDatetime.toISOString()).toBe(a.period_datetime);
    const [touched] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(touched!.lastSeenAt).toBeInstanceOf(Date);
  });

  it('shows uploaded sessions in the player’s lists, chart and overview', async () => {
    const { token, player, parent } = await familyWithDevice(t);
    const a = session(player.id, 90);
    expect((await upload(t, token, { sessions: [a] })).json().accepted).toEqual([a.game_session_id]);
    const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: parent.headers })).json();
    const rises = await read(`/api/v2/player/${player.id}/hr_rises/`);
    expect(rises.count).toBe(2);
    expect(rises.results.map((r: { occurred_at: string }) => r.occurred_at)).toEqual(
      a.hr_rises.map((r) => r.occurred_at),
    );
    const cools = await read(`/api/v2/player/${player.id}/cool_downs/`);
    expect(cools.results).toEqual([
      expect.objectContaining({
        started_at: a.cool_downs[0]!.started_at,
        ended_at: a.cool_downs[0]!.ended_at,
        duration_seconds: 60,
      }),
    ]);
    const events = await read(`/api/v2/player/${player.id}/cooldown_events/`);
    expect(events.results.map((e: { event_type: string; bpm: number | null }) => [e.event_type, e.bpm])).toEqual([
      ['prompted', 131],
      ['completed', null],
    ]);
    const overview = await read(`/api/v1/dashboard/player/${player.id}/overview/`);
    expect(overview.totals).toMatchObject({
      sessions: 1,
      seconds_played: 1200,
      hr_rises: 2,
      cool_downs: 1,
      cooldown_events: 2,
      average_cool_down_seconds: 60,
      acorns_earned: 12,
    });
    expect(overview.acorns).toBe(12);
    expect(overview.first_play_date).toBe(a.period_datetime);
  });

  it('is idempotent: a retried upload creates nothing', async () => {
    const { token, player } = await familyWithDevice(t);
    const batch = { sessions: [session(player.id, 300), session(player.id, 200), session(player.id, 100)] };
    const first = await upload(t, token, batch);
    expect(first.json().accepted).toHaveLength(3);
    const before = await counts(t, player.id);
    expect(before).toEqual({ sessions: 3, rises: 6, coolDowns: 3, events: 6, acorns: 36 });

    const retry = await upload(t, token, batch);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({
      accepted: [],
      duplicates: batch.sessions.map((s) => s.game_session_id).sort(),
      rejected: [],
    });
    expect(await counts(t, player.id)).toEqual(before);

    // Repeated inside one upload: stored once.
    const twice = session(player.id, 50);
    const res = await upload(t, token, { sessions: [twice, { ...twice }] });
    expect(res.json()).toEqual({
      accepted: [twice.game_session_id],
      duplicates: [twice.game_session_id],
      rejected: [],
    });
    expect((await counts(t, player.id)).sessions).toBe(4);
  });

  it('keeps the good sessions of a batch with a bad one, and says why the bad one failed', async () => {
    const { token, player } = await familyWithDevice(t);
    const good1 = session(player.id, 300);
    const bad = session(player.id, 200, { seconds_played: -5 });
    const good2 = session(player.id, 100);
    const res = await upload(t, token, { sessions: [good1, bad, good2] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: [good1.game_session_id, good2.game_session_id].sort(),
      duplicates: [],
      rejected: [{ index: 1, game_session_id: bad.game_session_id, reasons: ['seconds_played: May not be negative.'] }],
    });
    expect(await counts(t, player.id)).toMatchObject({ sessions: 2, rises: 4, acorns: 24 });
  });

  it('rejects impossible data with reasons, one session at a time', async () => {
    const { token, player } = await familyWithDevice(t);
    const other = await createParent(t.db, { players: ['Stranger'] });
    const start = Date.now() - 60 * MIN;
    const late = new Date(start + 30 * MIN).toISOString();
    const cases: [Record<string, unknown>, string[]][] = [
      [session(player.id, -60), ['period_datetime: Is in the future.']],
      [session(player.id, 3, { seconds_played: 3600 }), ['seconds_played: The session would end in the future.']],
      [
        session(player.id, 60, {
          period_datetime: '2014-06-01T10:00:00Z',
          hr_rises: [],
          cool_downs: [],
          cooldown_events: [],
        }),
        ['period_datetime: Must not be before 2015-01-01T00:00:00.000Z.'],
      ],
      [
        session(player.id, 60, { hr_rises: [{ occurred_at: late, start_bpm: 90, peak_bpm: 120 }] }),
        ['hr_rises.0.occurred_at: Outside the session.'],
      ],
      [
        session(player.id, 60, {
          hr_rises: [{ occurred_at: new Date(start + MIN).toISOString(), start_bpm: 90, peak_bpm: 400 }],
        }),
        ['hr_rises.0.peak_bpm: Must be between 30 and 250 bpm.'],
      ],
      [
        session(player.id, 60, {
          hr_rises: [{ occurred_at: new Date(start + MIN).toISOString(), start_bpm: 120, peak_bpm: 90 }],
        }),
        ['hr_rises.0.peak_bpm: Must not be below start_bpm.'],
      ],
      [
        session(player.id, 60, {
          cool_downs: [
            {
              started_at: new Date(start + 5 * MIN).toISOString(),
              ended_at: new Date(start + 4 * MIN).toISOString(),
              start_bpm: 120,
              end_bpm: 90,
            },
          ],
        }),
        ['cool_downs.0.ended_at: Must not be before started_at.'],
      ],
      [
        session(player.id, 60, { cooldown_events: [{ occurred_at: late, event_type: 'prompted' }] }),
        ['cooldown_events.0.occurred_at: Outside the session.'],
      ],
      [
        session(player.id, 60, {
          cooldown_events: [{ occurred_at: new Date(start).toISOString(), event_type: 'exploded' }],
        }),
        ['cooldown_events.0.event_type: Choose one of: prompted, started, completed, skipped.'],
      ],
      [session(other.players[0]!.id), ['player_id: No such player on this account.']],
      [
        session(player.id, 60, { period_datetime: 'yesterday' }),
        ['period_datetime: Must be an ISO 8601 date-time with a time zone, e.g. 2026-01-05T16:30:00Z.'],
      ],
      [session(player.id, 60, { seconds_played: 1.5 }), ['seconds_played: A valid integer is required.']],
    ];
    const res = await upload(t, token, { sessions: cases.map(([s]) => s) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toEqual([]);
    expect(body.rejected).toEqual(
      cases.map(([s, reasons], index) => ({ index, game_session_id: s.game_session_id, reasons })),
    );

    const missing = await upload(t, token, { sessions: [{ player_id: player.id }, 'junk'] });
    expect(missing.json().rejected).toEqual([
      {
        index: 0,
        game_session_id: null,
        reasons: [
          'game_session_id: Required: the game’s own id of the session.',
          'period_datetime: Must be an ISO 8601 date-time with a time zone, e.g. 2026-01-05T16:30:00Z.',
          'seconds_played: A valid integer is required.',
        ],
      },
      { index: 1, game_session_id: null, reasons: [expect.any(String)] },
    ]);
    expect(await counts(t, player.id)).toEqual({ sessions: 0, rises: 0, coolDowns: 0, events: 0, acorns: 0 });
  });

  it('answers 400 for a malformed envelope and stores nothing', async () => {
    const { token, player } = await familyWithDevice(t);
    const empty = await upload(t, token, { sessions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ sessions: ['Send at least one session.'] });
    const none = await upload(t, token, {});
    expect(none.json()).toEqual({ sessions: ['A list of sessions is required.'] });
    const tooMany = await upload(t, token, {
      sessions: Array.from({ length: 501 }, (_, i) => session(player.id, 600 - i)),
    });
    expect(tooMany.json()).toEqual({ sessions: ['At most 500 sessions per upload.'] });
    expect((await counts(t, player.id)).sessions).toBe(0);
  });

  it('takes a full batch of 500 sessions', async () => {
    const { token, player } = await familyWithDevice(t);
    const batch = Array.from({ length: 500 }, (_, i) => session(player.id, 100_000 - i * 60));
    const res = await upload(t, token, { sessions: batch });
    expect(res.json().accepted).toHaveLength(500);
    expect(await counts(t, player.id)).toEqual({
      sessions: 500,
      rises: 1000,
      coolDowns: 500,
      events: 1000,
      acorns: 6000,
    });
  });

  it('describes the upload in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/game/sessions']?.post ?? doc.paths['/api/v1/game/sessions/']?.post;
    expect(op.summary).toContain('Upload finished play sessions');
    expect(op.description).toContain('Idempotent');
    expect(JSON.stringify(op.requestBody)).toContain('hr_rises');
  });
});

describe('GET /api/v1/game/device/settings/', () => {
  const settings = (token: string | null) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/game/device/settings/',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers the device its settings and records the kiosk mode as picked up', async () => {
    const { parent, device, token } = await familyWithDevice(t);
    await t.db.update(devices).set({ isKioskMode: true }).where(eq(devices.id, device.id));
    const res = await settings(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      device_id: device.id,
      name: 'Family tablet',
      is_kiosk_mode: true,
      account_id: parent.account.id,
      time_zone: 'America/New_York',
    });
    const [stored] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored!.kioskModeOnDevice).toBe(true);
    expect(Date.now() - stored!.lastSeenAt!.getTime()).toBeLessThan(60_000);
  });

  it('refuses a missing, unknown or user token with 401 and changes nothing', async () => {
    const { parent, device } = await familyWithDevice(t);
    await t.db.update(devices).set({ isKioskMode: true }).where(eq(devices.id, device.id));
    for (const token of [null, 'not-a-device-token', parent.token]) {
      const res = await settings(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid Token', code: 'invalid_token' });
    }
    const [stored] = await t.db.select().from(devices).where(eq(devices.id, device.id));
    expect(stored!.kioskModeOnDevice).toBe(false);
  });
});
