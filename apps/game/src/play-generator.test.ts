import { gameSession, INGEST, uploadEnvelope } from '@grove/domain/api/game';
import { overlaps, playWindow, sessionProblems } from '@grove/domain/play-plausibility';
import { describe, expect, it } from 'vitest';

import { addDays, isoWeekday, localDate, mondayOf, offsetAt, wallClock } from './local-time.ts';
import { batches } from './play.ts';
import { gameSessionId, minutesThisWeek, planPlay, START_WINDOWS, type PlayPlanOptions } from './play-generator.ts';

// Thursday 12 March 2026, 19:00 in New York: the United States moved their clocks on Sunday 8 March,
// so a fortnight before it crosses a change. 12 March is still winter time in Europe and Kolkata
// never changes.
const NOW = new Date('2026-03-12T23:00:00Z');
const ZONES = ['America/New_York', 'Asia/Kolkata', 'Europe/Berlin', 'Pacific/Auckland'];

const plan = (options: Partial<PlayPlanOptions> = {}) =>
  planPlay({ playerId: 7, timeZone: 'America/New_York', now: NOW, days: 14, ...options });

const end = (s: { period_datetime: string; seconds_played: number }) => playWindow(s).end;

describe.each(ZONES)('play in %s', (timeZone) => {
  const { sessions, firstDate, today } = plan({ timeZone, days: 28 });

  it('covers the last days, today included', () => {
    expect(today).toBe(localDate(NOW.getTime(), timeZone));
    expect(firstDate).toBe(addDays(today, -27));
    expect(sessions.length).toBeGreaterThan(10);
    for (const { localDate: date } of sessions) expect(date >= firstDate && date <= today).toBe(true);
  });

  it('passes the contract and the rules of plausible play', () => {
    for (const { session } of sessions) {
      const parsed = gameSession.safeParse(session);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(sessionProblems(parsed.data!, NOW.getTime())).toEqual([]);
      expect(session.seconds_played).toBeGreaterThanOrEqual(6 * 60);
      expect(session.seconds_played).toBeLessThanOrEqual(15 * 60);
      expect(session.acorns_earned).toBeGreaterThan(0);
      expect(session.hr_rises.length).toBeGreaterThan(0);
      for (const rise of session.hr_rises) {
        expect(rise.start_bpm).toBeGreaterThanOrEqual(85);
        expect(rise.start_bpm).toBeLessThanOrEqual(110);
        expect(rise.peak_bpm).toBeGreaterThanOrEqual(130);
        expect(rise.peak_bpm).toBeLessThanOrEqual(170);
      }
      for (const coolDown of session.cool_downs) expect(coolDown.end_bpm).toBeLessThan(coolDown.start_bpm);
      const types = new Set(session.cooldown_events.map((e) => e.event_type));
      expect(types.has('prompted')).toBe(true);
    }
    const allTypes = new Set(sessions.flatMap(({ session }) => session.cooldown_events.map((e) => e.event_type)));
    expect([...allTypes].sort()).toEqual(['completed', 'prompted', 'skipped', 'started']);
  });

  it('never overlaps and is never in the future', () => {
    const windows = sessions.map(({ session }) => playWindow(session));
    windows.forEach((w, i) => {
      expect(w.end).toBeLessThanOrEqual(NOW.getTime());
      for (const other of windows.slice(i + 1)) expect(overlaps(w, other)).toBe(false);
    });
  });

  it('starts after school or in the evening (weekends: late morning on), local time with the zone’s offset', () => {
    for (const { session, localDate: date, slot } of sessions) {
      const start = Date.parse(session.period_datetime);
      const local = wallClock(start, timeZone);
      expect(localDate(start, timeZone)).toBe(date);
      const minute = local.hour * 60 + local.minute;
      const [earliest, latest] = START_WINDOWS[isoWeekday(date) >= 6 ? 'weekend' : 'weekday'][slot]!;
      expect(minute).toBeGreaterThanOrEqual(earliest);
      expect(minute).toBeLessThanOrEqual(latest);
      // The text itself reads the local time, with the zone's offset at that instant.
      const offset = offsetAt(start, timeZone) / 60_000;
      const sign = offset < 0 ? '-' : '+';
      const hhmm = `${String(Math.trunc(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
      expect(session.period_datetime).toMatch(new RegExp(`^${date}T${String(local.hour).padStart(2, '0')}:`));
      expect(session.period_datetime.endsWith(`${sign}${hhmm}`)).toBe(true);
    }
  });

  it('plays about 45 minutes a week, on some days, at most twice a day', () => {
    const byWeek = new Map<string, number>();
    const byDay = new Map<string, number>();
    for (const { session, localDate: date } of sessions) {
      byWeek.set(mondayOf(date), (byWeek.get(mondayOf(date)) ?? 0) + session.seconds_played);
      byDay.set(date, (byDay.get(date) ?? 0) + 1);
    }
    // Whole weeks inside the range (the first may be cut by the range, the last by today).
    const whole = [...byWeek].filter(([monday]) => monday >= firstDate && addDays(monday, 6) < today);
    expect(whole.length).toBeGreaterThanOrEqual(2);
    for (const [, seconds] of whole) {
      expect(seconds / 60).toBeGreaterThanOrEqual(38);
      expect(seconds / 60).toBeLessThanOrEqual(52);
    }
    expect(Math.max(...byDay.values())).toBeLessThanOrEqual(2);
    expect(byDay.size).toBeLessThan(28);
  });
});

describe('the same play every time', () => {
  it('gives the same sessions for the same player, seed and days', () => {
    expect(plan()).toEqual(plan());
  });

  it('ids are per player, local day and slot, and unique', () => {
    const { sessions } = plan({ days: 60 });
    const ids = sessions.map(({ session }) => session.game_session_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { session, localDate: date, slot } of sessions) {
      expect(session.game_session_id).toBe(gameSessionId(7, date, slot));
      expect(session.game_session_id.length).toBeLessThanOrEqual(INGEST.maxSessionIdLength);
    }
    expect(plan({ playerId: 8 }).sessions.every(({ session }) => session.game_session_id.includes(':p8:'))).toBe(true);
  });

  it('does not depend on how many days are asked for, nor on the hour of the run', () => {
    const week = plan({ days: 7 }).sessions;
    const month = plan({ days: 30 }).sessions;
    for (const planned of week) expect(month).toContainEqual(planned);
    // Later the same day, the same sessions and perhaps those that have ended since.
    const later = plan({ days: 7, now: new Date(NOW.getTime() + 3 * 3600_000) });
    for (const planned of week) expect(later.sessions).toContainEqual(planned);
    expect(later.later).toBeLessThanOrEqual(plan({ days: 7 }).later);
  });

  it('leaves out the sessions of today that have not ended yet', () => {
    // 16:00 in New York on a Thursday: the after-school window has begun, the evening ones not.
    const now = new Date('2026-03-12T20:00:00Z');
    const early = planPlay({ playerId: 7, timeZone: 'America/New_York', now, days: 1 });
    const evening = planPlay({
      playerId: 7,
      timeZone: 'America/New_York',
      now: new Date('2026-03-13T03:59:00Z'),
      days: 1,
    });
    for (const { session } of early.sessions) expect(end(session)).toBeLessThanOrEqual(now.getTime());
    expect(early.sessions.length + early.later).toBe(evening.sessions.length + evening.later);
  });

  it('another seed gives other play', () => {
    expect(plan({ seed: 'other' }).sessions).not.toEqual(plan().sessions);
  });
});

describe('options', () => {
  it('--per-day 1 plays once a day at most; 3 allows three', () => {
    const count = (perDay: number) => {
      const days = new Map<string, number>();
      for (const { localDate: date } of plan({ days: 90, perDay, weekMinutes: 120 }).sessions)
        days.set(date, (days.get(date) ?? 0) + 1);
      return Math.max(...days.values());
    };
    expect(count(1)).toBe(1);
    expect(count(3)).toBe(3);
  });

  it('--week-minutes moves the weekly total', () => {
    const now = new Date('2026-03-16T03:59:00Z'); // Sunday 23:59 in New York (EDT): the week is whole
    const week = (weekMinutes: number) =>
      minutesThisWeek(
        planPlay({ playerId: 3, timeZone: 'America/New_York', now, days: 7, weekMinutes }).sessions.map(
          (p) => p.session,
        ),
        now,
        'America/New_York',
      ).minutes;
    expect(week(45)).toBeGreaterThanOrEqual(38);
    expect(week(45)).toBeLessThanOrEqual(52);
    expect(week(90)).toBeGreaterThanOrEqual(78);
    expect(week(90)).toBeLessThanOrEqual(102);
  });
});

describe('weeks near the goal across players and seeds', () => {
  it('keeps every whole week between 38 and 52 minutes', () => {
    const now = new Date('2026-06-01T03:00:00Z'); // Sunday 31 May, 23:00 in New York
    for (let playerId = 1; playerId <= 40; playerId++) {
      const { sessions } = planPlay({ playerId, timeZone: 'America/New_York', now, days: 28, seed: `s${playerId}` });
      const byWeek = new Map<string, number>();
      for (const { session, localDate: date } of sessions)
        byWeek.set(mondayOf(date), (byWeek.get(mondayOf(date)) ?? 0) + session.seconds_played);
      expect(byWeek.size).toBe(4);
      for (const seconds of byWeek.values()) {
        expect(seconds / 60).toBeGreaterThanOrEqual(38);
        expect(seconds / 60).toBeLessThanOrEqual(52);
      }
    }
  });
});

describe('minutesThisWeek', () => {
  it('counts Monday to now in the family’s zone, rounded to whole minutes', () => {
    const now = new Date('2026-03-12T23:00:00Z'); // Thursday
    const sessions = [
      { period_datetime: '2026-03-09T00:30:00-04:00', seconds_played: 600 }, // Monday just after midnight
      { period_datetime: '2026-03-08T23:30:00-04:00', seconds_played: 600 }, // Sunday: last week
      { period_datetime: '2026-03-11T17:00:00-04:00', seconds_played: 629 },
    ];
    expect(minutesThisWeek(sessions, now, 'America/New_York')).toEqual({
      weekStart: '2026-03-09',
      minutes: 20,
      sessions: 2,
    });
    // In Kolkata, Sunday 23:30 in New York is already Monday.
    expect(minutesThisWeek(sessions, now, 'Asia/Kolkata').sessions).toBe(3);
  });
});

describe('batches', () => {
  it('splits a long history within the upload limits', () => {
    const { sessions } = plan({ days: 400, perDay: 3, weekMinutes: 315 });
    const all = sessions.map((p) => p.session);
    const parts = batches(all);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat()).toEqual(all);
    for (const part of parts) {
      expect(uploadEnvelope.safeParse({ sessions: part }).success).toBe(true);
      expect(Buffer.byteLength(JSON.stringify({ sessions: part }))).toBeLessThanOrEqual(INGEST.maxBodyBytes);
    }
  });
});
