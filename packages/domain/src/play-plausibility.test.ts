import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INT4_MAX } from './api/common.ts';
import {
  gameSession,
  INGEST,
  largestUploadBytes,
  UPLOAD_MESSAGES,
  uploadEnvelope,
  uploadRowCount,
  type GameSession,
} from './api/game.ts';
import {
  firstOverlap,
  maxAcornsFor,
  overlaps,
  PLAY_MESSAGES,
  playWindow,
  sessionProblems,
} from './play-plausibility.ts';

const NOW = Date.parse('2026-03-10T18:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A plausible 20-minute session that started `minutesAgo` before NOW. */
function session(minutesAgo = 60, extra: Partial<GameSession> = {}): GameSession {
  const start = NOW - minutesAgo * MIN;
  return gameSession.parse({
    game_session_id: `s-${minutesAgo}`,
    player_id: 1,
    period_datetime: iso(start),
    seconds_played: 1200,
    acorns_earned: 40,
    hr_rises: [{ occurred_at: iso(start + 2 * MIN), start_bpm: 92, peak_bpm: 131 }],
    cool_downs: [{ started_at: iso(start + 3 * MIN), ended_at: iso(start + 4 * MIN), start_bpm: 131, end_bpm: 98 }],
    cooldown_events: [{ occurred_at: iso(start + 3 * MIN), event_type: 'prompted', bpm: 131 }],
    ...extra,
  });
}

describe('sessionProblems', () => {
  it('passes a plausible session', () => {
    expect(sessionProblems(session(), NOW)).toEqual([]);
  });

  it('refuses a session longer than a game runs (2 hours), saying so', () => {
    expect(INGEST.maxSessionSeconds).toBe(7200);
    expect(sessionProblems(session(300, { seconds_played: 7200, acorns_earned: 0 }), NOW)).toEqual([]);
    expect(sessionProblems(session(300, { seconds_played: 7201, acorns_earned: 0 }), NOW)).toEqual([
      PLAY_MESSAGES.tooLong,
    ]);
    expect(PLAY_MESSAGES.tooLong).toBe(
      'seconds_played: Longer than a game session runs (at most 7200 seconds, 2 hours).',
    );
    // The issue's 6-hour sessions with 10,000 acorns each: two broken rules, two reasons.
    expect(sessionProblems(session(600, { seconds_played: 6 * 3600, acorns_earned: 10_000 }), NOW)).toEqual([
      PLAY_MESSAGES.tooLong,
      'acorns_earned: More than a session of 360 minutes can earn (at most 3600: 10 a minute).',
    ]);
  });

  it('refuses a start in the future beyond the clock skew, and an end in the future', () => {
    const skew = INGEST.clockSkewMs / MIN;
    const bare = { seconds_played: 0, acorns_earned: 0, hr_rises: [], cool_downs: [], cooldown_events: [] };
    expect(sessionProblems(session(-skew, bare), NOW)).toEqual([]);
    expect(sessionProblems(session(-skew - 1, bare), NOW)).toEqual([PLAY_MESSAGES.future]);
    expect(sessionProblems(session(10, { hr_rises: [], cool_downs: [], cooldown_events: [] }), NOW)).toEqual([
      PLAY_MESSAGES.endsInFuture,
    ]);
    expect(PLAY_MESSAGES.future).toBe('period_datetime: Is in the future.');
  });

  it('refuses more acorns than the minutes played allow, per started minute', () => {
    expect(maxAcornsFor(0)).toBe(0);
    expect(maxAcornsFor(1)).toBe(INGEST.maxAcornsPerMinute);
    expect(maxAcornsFor(60)).toBe(INGEST.maxAcornsPerMinute);
    expect(maxAcornsFor(61)).toBe(2 * INGEST.maxAcornsPerMinute);
    expect(sessionProblems(session(60, { acorns_earned: 200 }), NOW)).toEqual([]);
    expect(sessionProblems(session(60, { acorns_earned: 201 }), NOW)).toEqual([
      'acorns_earned: More than a session of 20 minutes can earn (at most 200: 10 a minute).',
    ]);
    expect(PLAY_MESSAGES.tooManyAcorns(30)).toBe(
      'acorns_earned: More than a session of 1 minute can earn (at most 10: 10 a minute).',
    );
  });

  it('refuses a start before the earliest date and rows outside the session or out of order', () => {
    const start = NOW - 60 * MIN;
    expect(
      sessionProblems(
        session(60, {
          hr_rises: [{ occurred_at: iso(start + 30 * MIN), start_bpm: 120, peak_bpm: 90 }],
          cool_downs: [
            { started_at: iso(start + 5 * MIN), ended_at: iso(start + 4 * MIN), start_bpm: 120, end_bpm: 90 },
          ],
          cooldown_events: [{ occurred_at: iso(start - 1000), event_type: 'prompted', bpm: null }],
        }),
        NOW,
      ),
    ).toEqual([
      'hr_rises.0.occurred_at: Outside the session.',
      'hr_rises.0.peak_bpm: Must not be below start_bpm.',
      'cool_downs.0.ended_at: Must not be before started_at.',
      'cooldown_events.0.occurred_at: Outside the session.',
    ]);
    const old = gameSession.parse({
      ...session(),
      period_datetime: '2014-12-31T23:59:59Z',
      hr_rises: [],
      cool_downs: [],
      cooldown_events: [],
    });
    expect(sessionProblems(old, NOW)).toEqual([PLAY_MESSAGES.beforeEarliest]);
  });

  it('accepts every session within the rules (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: INGEST.maxSessionSeconds }),
        fc.integer({ min: 0, max: 3 * 365 * 24 * 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seconds, minutesAgo, share) => {
          const start = NOW - minutesAgo * MIN - seconds * 1000;
          const candidate = gameSession.parse({
            game_session_id: 'p',
            player_id: 1,
            period_datetime: iso(start),
            seconds_played: seconds,
            acorns_earned: Math.floor(share * maxAcornsFor(seconds)),
          });
          expect(sessionProblems(candidate, NOW)).toEqual([]);
        },
      ),
    );
  });
});

describe('overlaps', () => {
  const w = (start: number, end: number) => ({ start, end });

  it('finds sessions of one player that share time; touching ones do not overlap', () => {
    expect(overlaps(w(0, 10), w(5, 15))).toBe(true);
    expect(overlaps(w(5, 15), w(0, 10))).toBe(true);
    expect(overlaps(w(0, 10), w(2, 3))).toBe(true);
    expect(overlaps(w(0, 10), w(10, 20))).toBe(false);
    expect(overlaps(w(10, 20), w(0, 10))).toBe(false);
    expect(overlaps(w(0, 10), w(0, 0))).toBe(false);
    const others = [
      { ...w(0, 10), id: 'a' },
      { ...w(20, 30), id: 'b' },
    ];
    expect(firstOverlap(w(25, 40), others)?.id).toBe('b');
    expect(firstOverlap(w(10, 20), others)).toBeUndefined();
  });

  it('is symmetric and agrees with a shared instant (property)', () => {
    const window = fc
      .tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }))
      .map(([start, length]) => w(start, start + length));
    fc.assert(
      fc.property(window, window, (a, b) => {
        const shared = Math.max(a.start, b.start) < Math.min(a.end, b.end);
        expect(overlaps(a, b)).toBe(shared);
        expect(overlaps(b, a)).toBe(shared);
      }),
    );
  });

  it('measures a session on the clock from period_datetime and seconds_played', () => {
    expect(playWindow({ period_datetime: '2026-03-10T17:00:00+01:00', seconds_played: 90 })).toEqual({
      start: Date.parse('2026-03-10T16:00:00Z'),
      end: Date.parse('2026-03-10T16:01:30Z'),
    });
  });
});

describe('upload limits', () => {
  it('refuses numbers past their column range in the session schema', () => {
    const base = { game_session_id: 'x', player_id: 1, period_datetime: '2026-01-05T16:30:00Z', seconds_played: 60 };
    const messages = (extra: Record<string, unknown>) =>
      gameSession.safeParse({ ...base, ...extra }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({ acorns_earned: INT4_MAX })).toBeUndefined();
    expect(messages({ acorns_earned: INT4_MAX + 1 })).toEqual([`acorns_earned: At most ${INT4_MAX}.`]);
    expect(messages({ seconds_played: 2 ** 40 })).toEqual([`seconds_played: At most ${INT4_MAX} seconds.`]);
    expect(messages({ player_id: INT4_MAX + 1 })).toEqual([`player_id: Must be between 1 and ${INT4_MAX}.`]);
    expect(messages({ hr_rises: [{ occurred_at: base.period_datetime, start_bpm: 32768, peak_bpm: 90 }] })).toEqual([
      'hr_rises.0.start_bpm: Must be between 30 and 250 bpm.',
    ]);
    expect(messages({ period_datetime: '2026-01-05T16:30:00.12345678901234567890Z' })).toEqual([
      'period_datetime: At most 35 characters.',
    ]);
  });

  it('has a body limit that holds the largest upload the limits allow, in whole MiB', () => {
    expect(INGEST.maxBodyBytes % (1024 * 1024)).toBe(0);
    expect(largestUploadBytes()).toBeLessThanOrEqual(INGEST.maxBodyBytes);
    expect(INGEST.maxBodyBytes - largestUploadBytes()).toBeLessThan(1024 * 1024);
    // More rows in all would not fit: the total is what the body limit is computed from.
    expect(largestUploadBytes({ ...INGEST, maxRowsPerUpload: 10 * INGEST.maxRowsPerUpload })).toBeGreaterThan(
      INGEST.maxBodyBytes,
    );
  });

  it('counts the upload’s rows and refuses more than the total in the envelope', () => {
    const rows = (n: number) => Array.from({ length: n }, () => ({}));
    const sessions = [
      { hr_rises: rows(3), cool_downs: rows(2), cooldown_events: rows(1) },
      { hr_rises: 'not a list' },
      null,
    ];
    expect(uploadRowCount(sessions)).toBe(6);
    const many = Array.from({ length: INGEST.maxRowsPerUpload / INGEST.maxRowsPerList }, () => ({
      hr_rises: rows(INGEST.maxRowsPerList),
    }));
    expect(uploadEnvelope.safeParse({ sessions: many }).success).toBe(true);
    const over = uploadEnvelope.safeParse({ sessions: [...many, { cool_downs: rows(1) }] });
    expect(over.error?.issues.map((i) => i.message)).toEqual([UPLOAD_MESSAGES.tooManyRows]);
  });
});
