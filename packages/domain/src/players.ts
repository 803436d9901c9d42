/**
 * Player rules shared by the staff editor and the API (SPEC §1, §6: staff edit a player's gauge,
 * chase speed and acorns). Ranges are recorded in docs/decisions/0006-play-data.md.
 */
import type { FieldRule } from './validation.ts';
import { messages, template } from './translation.ts';

/** What a player is to the family; 'child' is the default (SPEC §3: role on the player link). */
export const PLAYER_ROLES = ['child', 'parent', 'sibling', 'other'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

/** Staff-set training values. */
export const STAT_RANGES = { hr_gauge: { min: 1, max: 10 }, chase_speed: { min: 1, max: 10 } } as const;
export type StatSetting = keyof typeof STAT_RANGES;
/** The largest single acorn adjustment staff can make, either way. */
export const MAX_ACORN_ADJUSTMENT = 100_000;
/** The longest reason kept with a change. */
export const STAT_REASON_MAX = 500;

export const PLAYER_MESSAGES = messages({
  integerRequired: 'A valid integer is required.',
  reasonRequired: 'A reason is required.',
  reasonTooLong: `The reason must be less than ${STAT_REASON_MAX} characters.`,
  acornsZero: 'Add or take back at least one acorn.',
  outOfRange: template('Must be between {min} and {max}.', (min: number, max: number) => ({ min, max })),
  /** A parent who sends the staff-set values (hr_gauge, chase_speed, acorns) with a new player or a change. */
  statsStaffOnlySet: 'Only staff may set hr_gauge, chase_speed or acorns.',
  statsStaffOnlyChange: 'Only staff may change hr_gauge, chase_speed or acorns.',
  /** A staff adjustment of acorns that would take the balance out of its range. */
  balanceBelowZero: template('The balance may not go below 0 (it is {balance}).', (balance: number) => ({ balance })),
  balanceAboveMax: template(
    'The balance may not go above {max} (it is {balance}).',
    (max: number, balance: number) => ({ max, balance }),
  ),
});

const INTEGER = /^-?\d+$/;

function integerIn(min: number, max: number): FieldRule {
  return (value) => {
    const text = value.trim();
    if (!INTEGER.test(text)) return { message: PLAYER_MESSAGES.integerRequired, severity: 'error' };
    const number = Number(text);
    if (number < min || number > max) return { message: PLAYER_MESSAGES.outOfRange(min, max), severity: 'error' };
    return null;
  };
}

/** A new gauge or chase speed value, typed as text. */
export const validateStatValue = (setting: StatSetting): FieldRule =>
  integerIn(STAT_RANGES[setting].min, STAT_RANGES[setting].max);

/** Acorns to add (negative takes some back), typed as text. */
export const validateAcornAmount: FieldRule = (value) => {
  const issue = integerIn(-MAX_ACORN_ADJUSTMENT, MAX_ACORN_ADJUSTMENT)(value);
  if (issue) return issue;
  return Number(value.trim()) === 0 ? { message: PLAYER_MESSAGES.acornsZero, severity: 'error' } : null;
};

/** The reason a staff member gives for a change. */
export const validateStatReason: FieldRule = (value) => {
  const text = value.trim();
  if (!text) return { message: PLAYER_MESSAGES.reasonRequired, severity: 'error' };
  if (text.length >= STAT_REASON_MAX) return { message: PLAYER_MESSAGES.reasonTooLong, severity: 'error' };
  return null;
};
