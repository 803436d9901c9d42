import { gameSession, INGEST, type DeviceSettings, type GameSession, type UploadAnswer } from '@grove/domain/api/game';
import type { Db } from '../../db/client.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { AuthDevice, AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import { hashToken, newToken } from '../auth/auth.tokens.ts';
import {
  accountPlayerIds,
  addAcorns,
  findDevice,
  insertCoolDowns,
  insertCooldownEvents,
  insertHrRises,
  insertNewSessions,
  setDeviceTokenHash,
  syncDeviceSettings,
  touchDevice,
  type NewSession,
} from './game.repository.ts';

const at = (value: string) => new Date(value).getTime();

/** The checks a schema cannot make: times against the clock and the session, bpm order. */
function impossibilities(session: GameSession, now: number): string[] {
  const reasons: string[] = [];
  const start = at(session.period_datetime);
  const end = start + session.seconds_played * 1000;
  const last = end + INGEST.windowToleranceMs;
  if (start < INGEST.earliest.getTime())
    reasons.push(`period_datetime: Must not be before ${INGEST.earliest.toISOString()}.`);
  if (start > now + INGEST.clockSkewMs) reasons.push('period_datetime: Is in the future.');
  else if (end > now + INGEST.clockSkewMs) reasons.push('seconds_played: The session would end in the future.');
  const inside = (t: number) => t >= start && t <= last;
  session.hr_rises.forEach((rise, i) => {
    if (!inside(at(rise.occurred_at))) reasons.push(`hr_rises.${i}.occurred_at: Outside the session.`);
    if (rise.peak_bpm < rise.start_bpm) reasons.push(`hr_rises.${i}.peak_bpm: Must not be below start_bpm.`);
  });
  session.cool_downs.forEach((coolDown, i) => {
    if (!inside(at(coolDown.started_at))) reasons.push(`cool_downs.${i}.started_at: Outside the session.`);
    if (!inside(at(coolDown.ended_at))) reasons.push(`cool_downs.${i}.ended_at: Outside the session.`);
    if (at(coolDown.ended_at) < at(coolDown.started_at))
      reasons.push(`cool_downs.${i}.ended_at: Must not be before started_at.`);
  });
  session.cooldown_events.forEach((event, i) => {
    if (!inside(at(event.occurred_at))) reasons.push(`cooldown_events.${i}.occurred_at: Outside the session.`);
  });
  return reasons;
}

const rawId = (raw: unknown): string | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const id = (raw as Record<string, unknown>).game_session_id;
  return typeof id === 'string' ? id.trim() || null : null;
};

/** Whole-second duration of a cooldown, as the cooldown list reports it. */
const coolDownSeconds = (c: { started_at: string; ended_at: string }) =>
  Math.round((at(c.ended_at) - at(c.started_at)) / 1000);

/**
 * POST /api/v1/game/sessions/: stores the batch's valid new sessions with their rises, cooldowns
 * and cooldown events, and adds their acorns, in one transaction. Idempotent: a session whose
 * game_session_id the account already has is reported as a duplicate and changes nothing.
 */
export async function ingestSessions(
  db: Db,
  device: AuthDevice,
  batch: unknown[],
  now = Date.now(),
): Promise<UploadAnswer> {
  const result: UploadAnswer = { accepted: [], duplicates: [], rejected: [] };
  const candidates: { index: number; session: GameSession }[] = [];
  batch.forEach((raw, index) => {
    const parsed = gameSession.safeParse(raw);
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((issue) =>
        issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
      );
      result.rejected.push({ index, game_session_id: rawId(raw), reasons });
      return;
    }
    const reasons = impossibilities(parsed.data, now);
    if (reasons.length) result.rejected.push({ index, game_session_id: parsed.data.game_session_id, reasons });
    else candidates.push({ index, session: parsed.data });
  });

  const owned = await accountPlayerIds(db, device.accountId, [...new Set(candidates.map((c) => c.session.player_id))]);
  const seen = new Set<string>();
  const valid: GameSession[] = [];
  for (const { index, session } of candidates) {
    if (!owned.has(session.player_id)) {
      result.rejected.push({
        index,
        game_session_id: session.game_session_id,
        reasons: ['player_id: No such player on this account.'],
      });
    } else if (seen.has(session.game_session_id)) {
      result.duplicates.push(session.game_session_id);
    } else {
      seen.add(session.game_session_id);
      valid.push(session);
    }
  }
  result.rejected.sort((a, b) => a.index - b.index);

  // A fixed insertion order keeps two overlapping uploads from deadlocking on the unique index.
  valid.sort((a, b) => (a.game_session_id < b.game_session_id ? -1 : a.game_session_id > b.game_session_id ? 1 : 0));
  if (valid.length > 0) {
    const inserted = await db.transaction(async (tx) => {
      const rows: NewSession[] = valid.map((s) => ({
        accountId: device.accountId,
        playerId: s.player_id,
        deviceId: device.id,
        gameSessionId: s.game_session_id,
        periodDatetime: new Date(s.period_datetime),
        secondsPlayed: s.seconds_played,
        acornsEarned: s.acorns_earned,
        hrRiseCount: s.hr_rises.length,
        coolDownCount: s.cool_downs.length,
        coolDownSeconds: s.cool_downs.reduce((sum, c) => sum + coolDownSeconds(c), 0),
        cooldownEventCount: s.cooldown_events.length,
      }));
      const ids = await insertNewSessions(tx, rows);
      const fresh = valid.filter((s) => ids.has(s.game_session_id));
      const sessionId = (s: GameSession) => ids.get(s.game_session_id)!;
      await insertHrRises(
        tx,
        fresh.flatMap((s) =>
          s.hr_rises.map((r) => ({
            playerId: s.player_id,
            sessionId: sessionId(s),
            occurredAt: new Date(r.occurred_at),
            startBpm: r.start_bpm,
            peakBpm: r.peak_bpm,
          })),
        ),
      );
      await insertCoolDowns(
        tx,
        fresh.flatMap((s) =>
          s.cool_downs.map((c) => ({
            playerId: s.player_id,
            sessionId: sessionId(s),
            startedAt: new Date(c.started_at),
            endedAt: new Date(c.ended_at),
            startBpm: c.start_bpm,
            endBpm: c.end_bpm,
          })),
        ),
      );
      await insertCooldownEvents(
        tx,
        fresh.flatMap((s) =>
          s.cooldown_events.map((e) => ({
            playerId: s.player_id,
            sessionId: sessionId(s),
            occurredAt: new Date(e.occurred_at),
            eventType: e.event_type,
            bpm: e.bpm,
          })),
        ),
      );
      const acorns = new Map<number, number>();
      for (const s of fresh) acorns.set(s.player_id, (acorns.get(s.player_id) ?? 0) + s.acorns_earned);
      for (const [playerId, amount] of [...acorns].sort((a, b) => a[0] - b[0])) {
        if (amount > 0) await addAcorns(tx, playerId, amount);
      }
      return ids;
    });
    for (const s of valid)
      (inserted.has(s.game_session_id) ? result.accepted : result.duplicates).push(s.game_session_id);
  }
  await touchDevice(db, device.id);
  return result;
}

/**
 * POST /api/v2/user/accounts/{id}/devices/{deviceId}/token/: a new device token for the game app,
 * shown once. Only its hash is stored; the device's previous token stops working.
 */
export async function issueDeviceToken(db: Db, user: AuthUser, accountId: number, deviceId: number) {
  await assertAccountAccess(db, user, accountId, 'write');
  const device = await findDevice(db, deviceId);
  if (!device || device.accountId !== accountId) throw notFound();
  const token = newToken();
  await setDeviceTokenHash(db, device.id, hashToken(token));
  return { device_id: device.id, device_token: token };
}

/**
 * GET /api/v1/game/device/settings/: the device's settings. Reading them is how a kiosk change
 * reaches the device, so the change counts as picked up (no longer pending) and the device as seen.
 */
export async function readDeviceSettings(db: Db, device: AuthDevice, now = new Date()): Promise<DeviceSettings> {
  const settings = await syncDeviceSettings(db, device.id, now);
  if (!settings) throw unauthorized();
  return {
    device_id: settings.id,
    name: settings.name,
    is_kiosk_mode: settings.isKioskMode,
    account_id: settings.accountId,
  };
}
