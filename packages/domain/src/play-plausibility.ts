/**
 * Plausible play: what a session the game uploads must meet beyond its shape (issue 16, defect 7).
 * The numbers are the contract's INGEST limits; the choices are recorded in
 * docs/decisions/0031-game-upload-limits.md. Each broken rule gives one "field: message" reason.
 */
import { INT4_MAX } from './api/common.ts';
import { INGEST, type GameSession } from './api/game.ts';

/** Where a session lies on the clock: [start, end) in milliseconds since the epoch. */
export interface PlayWindow {
  start: number;
  end: number;
}

const at = (value: string) => new Date(value).getTime();

export function playWindow(session: Pick<GameSession, 'period_datetime' | 'seconds_played'>): PlayWindow {
  const start = at(session.period_datetime);
  return { start, end: start + session.seconds_played * 1000 };
}

/** The most acorns a session of `secondsPlayed` may earn: a rate per started minute. */
export const maxAcornsFor = (secondsPlayed: number) => Math.ceil(secondsPlayed / 60) * INGEST.maxAcornsPerMinute;

const minutes = (seconds: number) => Math.ceil(seconds / 60);

export const PLAY_MESSAGES = {
  beforeEarliest: `period_datetime: Must not be before ${INGEST.earliest.toISOString()}.`,
  future: 'period_datetime: Is in the future.',
  endsInFuture: 'seconds_played: The session would end in the future.',
  tooLong: `seconds_played: Longer than a game session runs (at most ${INGEST.maxSessionSeconds} seconds, ${
    INGEST.maxSessionSeconds / 3600
  } hours).`,
  tooManyAcorns: (secondsPlayed: number) =>
    `acorns_earned: More than a session of ${minutes(secondsPlayed)} minute${minutes(secondsPlayed) === 1 ? '' : 's'} can earn (at most ${maxAcornsFor(
      secondsPlayed,
    )}: ${INGEST.maxAcornsPerMinute} a minute).`,
  balanceOverflow: `acorns_earned: The player's acorns would go past ${INT4_MAX}.`,
  overlapsStored: (gameSessionId: string) =>
    `period_datetime: Overlaps session ${gameSessionId} of the same player, already stored.`,
  overlapsUpload: (index: number, gameSessionId: string) =>
    `period_datetime: Overlaps session ${gameSessionId} of the same player, earlier in this upload (index ${index}).`,
  outside: (path: string) => `${path}: Outside the session.`,
  peakBelowStart: (index: number) => `hr_rises.${index}.peak_bpm: Must not be below start_bpm.`,
  endsBeforeStart: (index: number) => `cool_downs.${index}.ended_at: Must not be before started_at.`,
} as const;

/**
 * The rules one session meets on its own, against the server's clock `now` (ms): its start and end,
 * its length, its acorns for that length, and its rows inside it and in order. Empty when plausible.
 * Overlap with other sessions needs them: see `overlaps`.
 */
export function sessionProblems(session: GameSession, now: number): string[] {
  const reasons: string[] = [];
  const { start, end } = playWindow(session);
  const latest = now + INGEST.clockSkewMs;
  if (start < INGEST.earliest.getTime()) reasons.push(PLAY_MESSAGES.beforeEarliest);
  if (start > latest) reasons.push(PLAY_MESSAGES.future);
  if (session.seconds_played > INGEST.maxSessionSeconds) reasons.push(PLAY_MESSAGES.tooLong);
  else if (start <= latest && end > latest) reasons.push(PLAY_MESSAGES.endsInFuture);
  if (session.acorns_earned > maxAcornsFor(session.seconds_played))
    reasons.push(PLAY_MESSAGES.tooManyAcorns(session.seconds_played));

  const last = end + INGEST.windowToleranceMs;
  const inside = (t: number) => t >= start && t <= last;
  session.hr_rises.forEach((rise, i) => {
    if (!inside(at(rise.occurred_at))) reasons.push(PLAY_MESSAGES.outside(`hr_rises.${i}.occurred_at`));
    if (rise.peak_bpm < rise.start_bpm) reasons.push(PLAY_MESSAGES.peakBelowStart(i));
  });
  session.cool_downs.forEach((coolDown, i) => {
    if (!inside(at(coolDown.started_at))) reasons.push(PLAY_MESSAGES.outside(`cool_downs.${i}.started_at`));
    if (!inside(at(coolDown.ended_at))) reasons.push(PLAY_MESSAGES.outside(`cool_downs.${i}.ended_at`));
    if (at(coolDown.ended_at) < at(coolDown.started_at)) reasons.push(PLAY_MESSAGES.endsBeforeStart(i));
  });
  session.cooldown_events.forEach((event, i) => {
    if (!inside(at(event.occurred_at))) reasons.push(PLAY_MESSAGES.outside(`cooldown_events.${i}.occurred_at`));
  });
  return reasons;
}

/**
 * Whether two sessions overlap: one player cannot play two at once. Sessions that only touch (one
 * ends as the other starts) do not; nor does a session of no length at another's start.
 */
export const overlaps = (a: PlayWindow, b: PlayWindow) => a.start < b.end && b.start < a.end;

/** The first of `others` that overlaps `window`, if any. */
export function firstOverlap<T extends PlayWindow>(window: PlayWindow, others: Iterable<T>): T | undefined {
  for (const other of others) if (overlaps(window, other)) return other;
  return undefined;
}
