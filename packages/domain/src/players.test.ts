import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_ACORN_ADJUSTMENT,
  PLAYER_MESSAGES,
  PLAYER_ROLES,
  STAT_RANGES,
  STAT_REASON_MAX,
  validateAcornAmount,
  validateStatReason,
  validateStatValue,
} from './players.ts';

describe('player settings rules', () => {
  it.each([
    ['1', null],
    ['10', null],
    [' 7 ', null],
    ['0', 'Must be between 1 and 10.'],
    ['11', 'Must be between 1 and 10.'],
    ['-3', 'Must be between 1 and 10.'],
    ['', 'A valid integer is required.'],
    ['5.5', 'A valid integer is required.'],
    ['five', 'A valid integer is required.'],
  ])('gauge %j → %s', (value, message) => {
    expect(validateStatValue('hr_gauge')(value)?.message ?? null).toBe(message);
    expect(validateStatValue('chase_speed')(value)?.message ?? null).toBe(message);
  });

  it('uses the same range for gauge and chase speed', () => {
    expect(STAT_RANGES).toEqual({ hr_gauge: { min: 1, max: 10 }, chase_speed: { min: 1, max: 10 } });
  });

  it.each([
    ['25', null],
    ['-25', null],
    ['100000', null],
    ['-100000', null],
    ['100001', 'Must be between -100000 and 100000.'],
    ['0', 'Add or take back at least one acorn.'],
    ['', 'A valid integer is required.'],
    ['1e3', 'A valid integer is required.'],
  ])('acorn amount %j → %s', (value, message) => {
    expect(validateAcornAmount(value)?.message ?? null).toBe(message);
  });

  it.each([
    ['Coach asked for a slower chase', null],
    ['   ', 'A reason is required.'],
    ['x'.repeat(499), null],
    ['x'.repeat(500), 'The reason must be less than 500 characters.'],
  ])('reason of %#', (value, message) => {
    expect(validateStatReason(value)?.message ?? null).toBe(message);
  });

  it('lists child first, the default role', () => {
    expect(PLAYER_ROLES[0]).toBe('child');
  });

  it('answers null or the spec’s message, whatever is typed', () => {
    const typed = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom('', ' ', '\t'),
          fc.integer({ min: -150_000, max: 150_000 }),
          fc.constantFrom('', ' ', '\n'),
        )
        .map(([before, number, after]) => `${before}${number}${after}`),
      fc.string({ minLength: STAT_REASON_MAX - 20, maxLength: STAT_REASON_MAX + 20 }),
    );
    const error = (message: string) => ({ message, severity: 'error' });
    fc.assert(
      fc.property(typed, (text) => {
        const integer = /^-?[0-9]+$/.test(text.trim());
        const number = Number(text.trim());

        const { min, max } = STAT_RANGES.hr_gauge;
        expect(validateStatValue('hr_gauge')(text)).toEqual(
          !integer
            ? error(PLAYER_MESSAGES.integerRequired)
            : number < min || number > max
              ? error(PLAYER_MESSAGES.outOfRange(min, max))
              : null,
        );

        expect(validateAcornAmount(text)).toEqual(
          !integer
            ? error(PLAYER_MESSAGES.integerRequired)
            : Math.abs(number) > MAX_ACORN_ADJUSTMENT
              ? error(PLAYER_MESSAGES.outOfRange(-MAX_ACORN_ADJUSTMENT, MAX_ACORN_ADJUSTMENT))
              : number === 0
                ? error(PLAYER_MESSAGES.acornsZero)
                : null,
        );

        const reason = text.trim();
        expect(validateStatReason(text)).toEqual(
          reason === ''
            ? error(PLAYER_MESSAGES.reasonRequired)
            : reason.length >= STAT_REASON_MAX
              ? error(PLAYER_MESSAGES.reasonTooLong)
              : null,
        );
      }),
    );
  });
});
