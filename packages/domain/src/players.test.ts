import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAYER_ROLES, STAT_RANGES, validateAcornAmount, validateStatReason, validateStatValue } from './players.ts';

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

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        validateStatValue('hr_gauge')(text);
        validateAcornAmount(text);
        validateStatReason(text);
      }),
    );
  });
});
