import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DIGEST_GOAL_MINUTES,
  ENCOURAGING_LINES,
  compareWithPrevious,
  digestWeekAt,
  encouragementCase,
  encouragingLine,
  minutesOf,
  playerDigest,
  specDate,
} from './digest.ts';
import { loadCatalog } from './locales/index.ts';
import { translator } from './translation.ts';

const figures = (minutes: number, hrRises: number, coolDowns: number) => ({
  secondsPlayed: minutes * 60,
  hrRises,
  coolDowns,
});

describe('the goal', () => {
  it('is the weekly chart’s 45 minutes', () => {
    expect(DIGEST_GOAL_MINUTES).toBe(45);
  });
});

describe('minutesOf', () => {
  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [2699, 45],
    [2700, 45],
    [-60, 0],
    [Number.NaN, 0],
  ])('%d seconds are %d minutes', (seconds, minutes) => {
    expect(minutesOf(seconds)).toBe(minutes);
  });
});

describe('compareWithPrevious', () => {
  it.each([
    [12, 9, '12 cooldowns (up from 9)'],
    [1, 3, '1 cooldown (down from 3)'],
    [0, 0, '0 cooldowns (same as the week before)'],
    [4, 4, '4 cooldowns (same as the week before)'],
    [0, 2, '0 cooldowns (down from 2)'],
  ])('%d against %d reads "%s"', (count, previous, text) => {
    expect(compareWithPrevious(count, previous, 'cooldown', 'cooldowns')).toBe(text);
  });
});

describe('the encouraging line', () => {
  it.each([
    [45, 0, 'goal_met', 'Wonderful: Maya reached the weekly goal. Keep it up!'],
    [60, 90, 'goal_met', 'Wonderful: Maya reached the weekly goal. Keep it up!'],
    [30, 20, 'improving', 'Maya played more than the week before. Only 15 more minutes to reach the goal!'],
    [44, 10, 'improving', 'Maya played more than the week before. Only 1 more minute to reach the goal!'],
    [20, 30, 'under_goal', 'Maya is 25 minutes from the goal: a few short sessions this week will get there.'],
    [20, 20, 'under_goal', 'Maya is 25 minutes from the goal: a few short sessions this week will get there.'],
    [0, 30, 'not_played', 'No play for Maya last week. A short session together is an easy way to start again.'],
    [0, 0, 'not_played', 'No play for Maya last week. A short session together is an easy way to start again.'],
  ])('%d minutes after %d: %s', (minutes, previous, kind, line) => {
    expect(encouragementCase(minutes, previous)).toBe(kind);
    expect(encouragingLine('Maya', minutes, previous)).toBe(line);
  });

  it('is always one of the lines, naming the player', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), (minutes, previous) => {
        const line = encouragingLine('Sam', minutes, previous);
        const kind = encouragementCase(minutes, previous);
        expect(line).toBe(ENCOURAGING_LINES[kind]('Sam', Math.max(0, DIGEST_GOAL_MINUTES - minutes)));
        expect(line).toContain('Sam');
        expect(kind === 'goal_met').toBe(minutes >= DIGEST_GOAL_MINUTES);
      }),
    );
  });
});

describe('playerDigest', () => {
  it('puts the minutes against the goal and the week-over-week comparisons', () => {
    expect(playerDigest({ name: 'Maya', week: figures(38, 4, 12), previous: figures(25, 6, 9) })).toEqual({
      name: 'Maya',
      minutes: 38,
      minutesLine: 'Maya played 38 of 45 minutes (7 to go).',
      trendsLine: '4 heart-rate rises (down from 6), 12 cooldowns (up from 9).',
      encouragement: 'Maya played more than the week before. Only 7 more minutes to reach the goal!',
      streakLine: null,
    });
    expect(playerDigest({ name: 'Leo', week: figures(50, 1, 1), previous: figures(50, 1, 0) })).toMatchObject({
      minutesLine: 'Leo played 50 of 45 minutes (goal reached).',
      trendsLine: '1 heart-rate rise (same as the week before), 1 cooldown (up from 0).',
      encouragement: 'Wonderful: Leo reached the weekly goal. Keep it up!',
      streakLine: null,
    });
  });

  it('tells of a streak from two goal weeks in a row', () => {
    const leo = (streakWeeks: number) =>
      playerDigest({ name: 'Leo', week: figures(50, 1, 1), previous: figures(50, 1, 0), streakWeeks }).streakLine;
    expect(leo(0)).toBeNull();
    expect(leo(1)).toBeNull();
    expect(leo(2)).toBe('Leo has reached the goal 2 weeks in a row.');
    expect(leo(12)).toBe('Leo has reached the goal 12 weeks in a row.');
  });
});

describe('playerDigest in another language', async () => {
  const es = translator(await loadCatalog('es'));

  it('puts every sentence, and each piece of the trends line, into Spanish', () => {
    expect(
      playerDigest({ name: 'Maya', week: figures(38, 4, 12), previous: figures(25, 6, 9) }, DIGEST_GOAL_MINUTES, es),
    ).toEqual({
      name: 'Maya',
      minutes: 38,
      minutesLine: 'Maya jugó 38 de 45 minutos (le faltan 7).',
      trendsLine:
        '4 subidas del pulso (menos que la semana anterior: 6), 12 recuperaciones (más que la semana anterior: 9).',
      encouragement: 'Maya jugó más que la semana anterior. ¡Solo faltan 7 minutos para alcanzar la meta!',
      streakLine: null,
    });
    expect(
      playerDigest(
        { name: 'Leo', week: figures(50, 1, 1), previous: figures(50, 1, 0), streakWeeks: 4 },
        DIGEST_GOAL_MINUTES,
        es,
      ),
    ).toMatchObject({
      minutesLine: 'Leo jugó 50 de 45 minutos (meta alcanzada).',
      trendsLine: '1 subida del pulso (igual que la semana anterior), 1 recuperación (más que la semana anterior: 0).',
      encouragement: '¡Excelente! Leo alcanzó la meta semanal. ¡Sigan así!',
      streakLine: 'Leo alcanzó la meta 4 semanas seguidas.',
    });
  });

  it('has a Spanish line for every week, with one minute or many', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.nat(20), fc.nat(20), (minutes, previous, rises, before) => {
        const english = playerDigest({
          name: 'Sam',
          week: figures(minutes, rises, 0),
          previous: figures(previous, before, 0),
        });
        const spanish = playerDigest(
          { name: 'Sam', week: figures(minutes, rises, 0), previous: figures(previous, before, 0) },
          DIGEST_GOAL_MINUTES,
          es,
        );
        for (const key of ['minutesLine', 'trendsLine', 'encouragement'] as const) {
          expect(spanish[key]).not.toBe(english[key]);
          expect(spanish[key]).not.toMatch(/\b(played|minutes?|goal|week|rises?|cooldowns?|from)\b/);
        }
      }),
    );
    expect(
      playerDigest({ name: 'Sam', week: figures(44, 0, 0), previous: figures(50, 0, 0) }, DIGEST_GOAL_MINUTES, es)
        .encouragement,
    ).toBe('A Sam le falta 1 minuto para la meta: unas cuantas sesiones cortas esta semana bastarán.');
  });
});

describe('specDate', () => {
  it('writes a local date as MM-DD-YYYY', () => {
    expect(specDate('2026-03-02')).toBe('03-02-2026');
  });
});

describe('digestWeekAt: Monday at 8:00 in the family’s time zone', () => {
  const at = (iso: string) => new Date(iso);

  it('is due in Auckland on Monday 08:30 (NZDT) while Los Angeles is still on Sunday', () => {
    const now = at('2026-03-01T19:30:00Z');
    expect(digestWeekAt(now, 'Pacific/Auckland')).toEqual({
      weekStart: '2026-03-02',
      reported: {
        from: at('2026-02-22T11:00:00Z'),
        to: at('2026-03-01T11:00:00Z'),
        firstDay: '2026-02-23',
        lastDay: '2026-03-01',
      },
      previous: { from: at('2026-02-15T11:00:00Z'), to: at('2026-02-22T11:00:00Z') },
    });
    expect(digestWeekAt(now, 'America/Los_Angeles')).toBeNull();
  });

  it('is not due before 8:00 local, and not after Monday', () => {
    expect(digestWeekAt(at('2026-03-01T18:59:59Z'), 'Pacific/Auckland')).toBeNull();
    expect(digestWeekAt(at('2026-03-01T19:00:00Z'), 'Pacific/Auckland')?.weekStart).toBe('2026-03-02');
    expect(digestWeekAt(at('2026-03-02T11:00:00Z'), 'Pacific/Auckland')).toBeNull(); // Tuesday 00:00
    expect(digestWeekAt(at('2026-03-02T15:59:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(digestWeekAt(at('2026-03-02T16:00:00Z'), 'America/Los_Angeles')).toMatchObject({
      weekStart: '2026-03-02',
      reported: { from: at('2026-02-23T08:00:00Z'), to: at('2026-03-02T08:00:00Z') },
    });
  });

  it('follows daylight saving: the week of the spring change is 167 hours long', () => {
    const week = digestWeekAt(at('2026-03-09T12:00:00Z'), 'America/New_York')!;
    expect(week.weekStart).toBe('2026-03-09');
    expect(week.reported).toEqual({
      from: at('2026-03-02T05:00:00Z'),
      to: at('2026-03-09T04:00:00Z'),
      firstDay: '2026-03-02',
      lastDay: '2026-03-08',
    });
  });

  it('reads an unknown zone as the default zone (New York), and an invalid instant as not due', () => {
    expect(digestWeekAt(at('2026-03-02T13:00:00Z'), 'Mars/Olympus')?.weekStart).toBe('2026-03-02');
    expect(digestWeekAt(at('2026-03-02T12:59:00Z'), 'Mars/Olympus')).toBeNull();
    expect(digestWeekAt(new Date(Number.NaN), 'UTC')).toBeNull();
  });
});
