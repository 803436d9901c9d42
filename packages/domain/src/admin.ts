/**
 * The back-office (SPEC §2, §6, §7 Admin; issue 14): the accounts list's search, filters and sorts,
 * tags, staff notes and game versions. The server and the admin screens both read these.
 */
import type { BILLING_STATUSES } from './roles.ts';
import { messages, template } from './translation.ts';

export { ACCOUNT_STATUSES, BILLING_STATUSES, MAGELLAN_TAG } from './roles.ts';

/** Columns the admin accounts list sorts by; a leading '-' sorts descending. */
export const ACCOUNT_SORT_KEYS = ['name', 'email', 'created', 'id'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];
export const ACCOUNT_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'created',
  '-created',
  'id',
  '-id',
] as const satisfies readonly (AccountSortKey | `-${AccountSortKey}`)[];
export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export const DEFAULT_ACCOUNT_SORT: AccountSort = 'name';

export function parseAccountSort(sort: AccountSort): { key: AccountSortKey; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as AccountSortKey, descending };
}

/** The other direction of a sort (a column header's second click). */
export function toggleAccountSort(sort: AccountSort, key: AccountSortKey): AccountSort {
  const current = parseAccountSort(sort);
  if (current.key !== key) return key;
  return (current.descending ? key : `-${key}`) as AccountSort;
}

export const ADMIN_LIMITS = {
  /** Search text, in characters. */
  searchMax: 100,
  /** A tag: letters, digits, dash, underscore and dot, 1–40 characters. */
  tagMax: 40,
  /** Tags on one account. */
  tagsPerAccount: 30,
  /** A staff note, in characters. */
  noteMax: 5000,
  accountsPageSize: 50,
  accountsPageSizeMax: 200,
  notesPageSize: 20,
  notesPageSizeMax: 100,
  auditPageSize: 25,
  auditPageSizeMax: 100,
} as const;

export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;

export const ADMIN_MESSAGES = messages({
  tagInvalid: 'Tags use letters, digits, dots, dashes and underscores, starting with a letter or digit.',
  tagTooLong: `At most ${ADMIN_LIMITS.tagMax} characters.`,
  tagExists: template('The account already has the tag “{tag}”.', (tag: string) => ({ tag })),
  tooManyTags: `An account has at most ${ADMIN_LIMITS.tagsPerAccount} tags.`,
  tagMissing: template('The account has no tag “{tag}”.', (tag: string) => ({ tag })),
  noteDeleted: 'Note deleted.',
  alreadyLatest: template('The account already runs game version {version}.', (version: number) => ({ version })),
  noDowngrade: template('An account cannot go back from game version {from} to {to}.', (from: number, to: number) => ({
    from,
    to,
  })),
  timeZone: 'Choose a time zone such as America/New_York.',
});

/** Tags are compared case-insensitively (SPEC §1, magellan). */
export const normalizeTag = (tag: string) => tag.trim().toLowerCase();

/** The game versions that exist; staff move accounts forward to a newer one (SPEC §6 migrate). */
export const GAME_VERSIONS = [1, 2, 3] as const;
export const LATEST_GAME_VERSION = 3;

/** Whether an account on `from` may move to `to`, and why not. */
export function migrationRefusal(from: number, to: number): string | null {
  if (to === from) return ADMIN_MESSAGES.alreadyLatest(from);
  if (to < from) return ADMIN_MESSAGES.noDowngrade(from, to);
  return null;
}

export const BILLING_STATUS_LABELS: Readonly<Record<(typeof BILLING_STATUSES)[number], string>> = {
  NOT_PURCHASED: 'Not purchased',
  TRIAL: 'Trial',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  PENDING_CANCELLATION: 'Cancellation pending',
  PAST_DUE: 'Payment failed',
  CANCELLED: 'Cancelled',
  RETURN_REQUESTED: 'Return requested',
  RETURNED: 'Returned',
};

/** The words an audit row uses for the keys that must never be stored (passwords, tokens, cards). */
export const AUDIT_SECRET_KEYS = /pass(word)?|token|secret|card|cvc|cvv|iban|otp/i;
