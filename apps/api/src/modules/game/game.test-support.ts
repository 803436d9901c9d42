/**
 * What the game upload tests share: a family with a device token, uploads, plausible sessions
 * relative to the clock, and counts of the rows an upload wrote. Not a test file itself.
 */
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createParent } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/helpers.ts';
import { coolDowns, cooldownEvents, devices, hrRises, players, playSessions } from '../../db/schema/index.ts';

export const MIN = 60_000;

export async function addDevice(t: TestContext, accountId: number) {
  const [device] = await t.db.insert(devices).values({ accountId, name: 'Family tablet' }).returning();
  return device!;
}

/** A family with a player and a device whose token was issued through the API. */
export async function familyWithDevice(t: TestContext, names = ['Ada']) {
  const parent = await createParent(t.db, { players: names });
  const device = await addDevice(t, parent.account.id);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/user/accounts/${parent.account.id}/devices/${device.id}/token/`,
    headers: parent.headers,
  });
  expect(res.statusCode).toBe(201);
  const token = res.json().device_token as string;
  return { parent, device, token, player: parent.players[0]! };
}

/** POST /api/v1/game/sessions/ with a device token; `payload` may be an object or raw JSON text. */
export const upload = (t: TestContext, token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/game/sessions/',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

let sequence = 0;
/** A valid session that started `minutesAgo` minutes ago and lasted 20 minutes. */
export function session(playerId: number, minutesAgo = 60, extra: Record<string, unknown> = {}) {
  const start = Date.now() - minutesAgo * MIN;
  const iso = (offsetMin: number) => new Date(start + offsetMin * MIN).toISOString();
  return {
    game_session_id: `game-${Date.now()}-${sequence++}`,
    player_id: playerId,
    period_datetime: iso(0),
    seconds_played: 1200,
    acorns_earned: 12,
    hr_rises: [
      { occurred_at: iso(2), start_bpm: 92, peak_bpm: 131 },
      { occurred_at: iso(9), start_bpm: 95, peak_bpm: 124 },
    ],
    cool_downs: [{ started_at: iso(3), ended_at: iso(4), start_bpm: 131, end_bpm: 98 }],
    cooldown_events: [
      { occurred_at: iso(3), event_type: 'prompted', bpm: 131 },
      { occurred_at: iso(4), event_type: 'completed' },
    ],
    ...extra,
  };
}

/** The player's stored sessions, rises, cooldowns, events and acorn balance. */
export async function counts(t: TestContext, playerId: number) {
  const n = async (table: typeof playSessions | typeof hrRises | typeof coolDowns | typeof cooldownEvents) =>
    (await t.db.select({ n: count() }).from(table).where(eq(table.playerId, playerId)))[0]!.n;
  const [player] = await t.db.select({ acorns: players.acorns }).from(players).where(eq(players.id, playerId));
  return {
    sessions: await n(playSessions),
    rises: await n(hrRises),
    coolDowns: await n(coolDowns),
    events: await n(cooldownEvents),
    acorns: player!.acorns,
  };
}
