/**
 * Realistic play for one player, as the game would upload it (the contract's `gameSession`; the
 * rules of packages/domain/src/play-plausibility.ts).
 *
 * - Weeks start on Monday in the family's time zone. Each week gets a budget of play near the goal
 *   (45 minutes, ±12 %), split into sessions of 6–15 minutes; the child plays on some days, once
 *   or twice (at most `perDay` times), never on every day.
 * - A session starts at an after-school or evening local time (weekends: late morning, afternoon,
 *   evening), in one of three windows of the day; two sessions of a day never overlap.
 * - Inside a session: heart-rate rises (85–110 → 130–170 bpm), each followed by a cooldown prompt
 *   the child mostly takes (prompted → started → completed, with a cooldown whose bpm goes down)
 *   and sometimes skips; a few acorns a minute.
 * - Everything is a function of (seed, player, week) and (seed, player, local day, window) — not of
 *   the clock or of how many days are asked for — and `game_session_id` of (player, local day,
 *   window) alone. Running again therefore reproduces the same sessions, which the server reports
 *   as duplicates; only sessions that have not ended yet are left out (`later`).
 */
import type { GameSession } from '@grove/domain/api/game';

import { addDays, daysBetween, formatLocal, instantAt, isoWeekday, localDate, mondayOf } from './local-time.ts';

export const GOAL_MINUTES_PER_WEEK = 45;
export const SESSION_SECONDS = { min: 6 * 60, max: 15 * 60 } as const;
export const MAX_PER_DAY = 3;

const hm = (hour: number, minute = 0) => hour * 60 + minute;
/** Earliest and latest local start (minutes after midnight) of each of the day's three windows. */
export const START_WINDOWS = {
  weekday: [
    [hm(15, 30), hm(16, 45)],
    [hm(17, 30), hm(18, 45)],
    [hm(19, 15), hm(20, 0)],
  ],
  weekend: [
    [hm(10, 0), hm(11, 30)],
    [hm(15, 0), hm(16, 30)],
    [hm(18, 30), hm(19, 30)],
  ],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;

export interface PlayPlanOptions {
  playerId: number;
  /** IANA zone of the family (the device settings' time_zone). */
  timeZone: string;
  now: Date;
  /** The last `days` local days, today included. */
  days: number;
  /** At most this many sessions a day (1–3; default 2). */
  perDay?: number;
  seed?: string;
  /** The week's budget of play, in minutes (default: the goal, 45). */
  weekMinutes?: number;
}

export interface PlannedSession {
  session: GameSession;
  /** The local day and window (0–2) the session belongs to. */
  localDate: string;
  slot: number;
}

export interface PlayPlan {
  /** Sessions that have ended by `now`, oldest first. */
  sessions: PlannedSession[];
  /** Sessions of the range that have not ended yet (later today): not uploaded. */
  later: number;
  firstDate: string;
  today: string;
}

export const DEFAULT_SEED = 'grove';

/** The session id: one per player, local day and window. */
export const gameSessionId = (playerId: number, date: string, slot: number) =>
  `grove-game-cli:p${playerId}:${date}:s${slot}`;

export function planPlay(options: PlayPlanOptions): PlayPlan {
  const perDay = clamp(Math.round(options.perDay ?? 2), 1, MAX_PER_DAY);
  const seed = options.seed ?? DEFAULT_SEED;
  const weekMinutes = options.weekMinutes ?? GOAL_MINUTES_PER_WEEK;
  const { playerId, timeZone } = options;
  const now = options.now.getTime();
  const today = localDate(now, timeZone);
  const firstDate = addDays(today, -(Math.max(1, Math.floor(options.days)) - 1));

  const sessions: PlannedSession[] = [];
  let later = 0;
  for (let monday = mondayOf(firstDate); daysBetween(monday, today) >= 0; monday = addDays(monday, 7)) {
    for (const slot of planWeek(monday, { seed, playerId, perDay, weekMinutes })) {
      if (daysBetween(firstDate, slot.date) < 0 || daysBetween(slot.date, today) < 0) continue;
      const planned = buildSession(slot, { seed, playerId, timeZone });
      const end = Date.parse(planned.session.period_datetime) + planned.session.seconds_played * 1000;
      if (end > now) later++;
      else sessions.push(planned);
    }
  }
  sessions.sort((a, b) => Date.parse(a.session.period_datetime) - Date.parse(b.session.period_datetime));
  return { sessions, later, firstDate, today };
}

interface Slot {
  date: string;
  slot: number;
  seconds: number;
}

/** The week's sessions: which days, which windows, how long. */
function planWeek(monday: string, o: { seed: string; playerId: number; perDay: number; weekMinutes: number }): Slot[] {
  const random = randomFrom(`${o.seed}|p${o.playerId}|week|${monday}`);
  const capacity = 7 * o.perDay;
  const target = Math.max(0, o.weekMinutes) * 60 * (0.88 + random() * 0.24);
  if (target < SESSION_SECONDS.min / 2) return [];
  const average = (SESSION_SECONDS.min + SESSION_SECONDS.max) / 2;
  let count = Math.round(target / average);
  count = Math.max(count, Math.ceil(target / SESSION_SECONDS.max));
  count = Math.min(count, Math.floor(target / SESSION_SECONDS.min));
  count = clamp(count, 1, capacity);
  const seconds = splitSeconds(
    target,
    Array.from({ length: count }, () => SESSION_SECONDS.min + random() * (SESSION_SECONDS.max - SESSION_SECONDS.min)),
  );

  // Days: a day with no play yet is four times as likely as a second session on a played day.
  const perDay = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < count; i++) {
    const weights = perDay.map((n) => (n >= o.perDay ? 0 : n === 0 ? 4 : 1));
    perDay[pick(weights, random())]!++;
  }
  const slots: Slot[] = [];
  let next = 0;
  perDay.forEach((n, day) => {
    const windows = [0, 1, 2];
    for (let i = windows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [windows[i], windows[j]] = [windows[j]!, windows[i]!];
    }
    for (const slot of windows.slice(0, n).sort()) {
      slots.push({ date: addDays(monday, day), slot, seconds: seconds[next++]! });
    }
  });
  return slots;
}

/** Scales `raw` lengths to add up to `target` seconds, each within SESSION_SECONDS, in whole seconds. */
function splitSeconds(target: number, raw: number[]): number[] {
  let lengths = raw;
  for (let round = 0; round < 5; round++) {
    const free = lengths.filter((s) => s > SESSION_SECONDS.min && s < SESSION_SECONDS.max);
    const fixed = lengths.reduce((sum, s) => sum + s, 0) - free.reduce((sum, s) => sum + s, 0);
    const freeSum = free.reduce((sum, s) => sum + s, 0);
    if (freeSum <= 0) break;
    const scale = (target - fixed) / freeSum;
    lengths = lengths.map((s) =>
      s > SESSION_SECONDS.min && s < SESSION_SECONDS.max
        ? clamp(s * scale, SESSION_SECONDS.min, SESSION_SECONDS.max)
        : s,
    );
  }
  return lengths.map((s) => clamp(Math.round(s), SESSION_SECONDS.min, SESSION_SECONDS.max));
}

/** One session of a slot: its start in the window, its rises, cooldowns, events and acorns. */
function buildSession(slot: Slot, o: { seed: string; playerId: number; timeZone: string }): PlannedSession {
  const random = randomFrom(`${o.seed}|p${o.playerId}|${slot.date}|s${slot.slot}`);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const weekend = isoWeekday(slot.date) >= 6;
  const [earliest, latest] = START_WINDOWS[weekend ? 'weekend' : 'weekday'][slot.slot]!;
  const startSecond = between(earliest, latest) * 60 + between(0, 59);
  const start = instantAt(slot.date, startSecond, o.timeZone);
  const at = (offsetSeconds: number) => formatLocal(start + offsetSeconds * 1000, o.timeZone);

  const session: GameSession = {
    game_session_id: gameSessionId(o.playerId, slot.date, slot.slot),
    player_id: o.playerId,
    period_datetime: at(0),
    seconds_played: slot.seconds,
    acorns_earned: Math.round((slot.seconds / 60) * (2 + random() * 2)),
    hr_rises: [],
    cool_downs: [],
    cooldown_events: [],
  };
  // One rise per stretch of at least 200 s: a rise, a prompt, a cooldown, all within 183 s of its start.
  const stretches = clamp(Math.floor(slot.seconds / 200), 1, 5);
  for (let i = 0; i < stretches; i++) {
    const from = Math.floor((i * slot.seconds) / stretches);
    const riseAt = from + between(30, 59);
    const startBpm = between(85, 110);
    const peakBpm = between(130, 170);
    session.hr_rises.push({ occurred_at: at(riseAt), start_bpm: startBpm, peak_bpm: peakBpm });
    const promptedAt = riseAt + between(20, 40);
    const promptBpm = peakBpm - between(0, 5);
    session.cooldown_events.push({ occurred_at: at(promptedAt), event_type: 'prompted', bpm: promptBpm });
    if (random() < 0.2) {
      session.cooldown_events.push({ occurred_at: at(promptedAt + between(3, 10)), event_type: 'skipped', bpm: null });
      continue;
    }
    const startedAt = promptedAt + between(3, 8);
    const endedAt = startedAt + between(30, 75);
    const coolStart = promptBpm - between(0, 4);
    const coolEnd = Math.max(75, coolStart - between(25, 55));
    session.cool_downs.push({
      started_at: at(startedAt),
      ended_at: at(endedAt),
      start_bpm: coolStart,
      end_bpm: coolEnd,
    });
    session.cooldown_events.push(
      { occurred_at: at(startedAt), event_type: 'started', bpm: coolStart },
      { occurred_at: at(endedAt), event_type: 'completed', bpm: coolEnd },
    );
  }
  return { session, localDate: slot.date, slot: slot.slot };
}

/** Minutes of play in the local week holding `now` (Monday to now), rounded as Grove rounds them. */
export function minutesThisWeek(
  sessions: readonly Pick<GameSession, 'period_datetime' | 'seconds_played'>[],
  now: Date,
  timeZone: string,
): { weekStart: string; minutes: number; sessions: number } {
  const monday = mondayOf(localDate(now.getTime(), timeZone));
  const mine = sessions.filter((s) => daysBetween(monday, localDate(Date.parse(s.period_datetime), timeZone)) >= 0);
  const seconds = mine.reduce((sum, s) => sum + s.seconds_played, 0);
  return { weekStart: monday, minutes: Math.round(seconds / 60), sessions: mine.length };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The index chosen by `r` in [0, 1) among `weights` (some positive). */
function pick(weights: number[], r: number): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let left = r * total;
  for (let i = 0; i < weights.length; i++) {
    left -= weights[i]!;
    if (left < 0 && weights[i]! > 0) return i;
  }
  return weights.findLastIndex((w) => w > 0);
}

/** A deterministic generator of numbers in [0, 1) from a text (FNV-1a, then mulberry32). */
export function randomFrom(text: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    state ^= text.charCodeAt(i);
    state = Math.imul(state, 0x01000193);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
