/** Roles, account and billing states, menus (SPEC §2, §4, §6). */
import { SUBSCRIPTION_STATUSES } from './billing.ts';
import { NOT_PURCHASED } from './constants.ts';

export const ROLES = ['user', 'magellan_user', 'admin', 'coach'] as const;
export type Role = (typeof ROLES)[number];

export const MAGELLAN_TAG = 'magellan';

export const ACCOUNT_STATUSES = ['ACTIVE', NOT_PURCHASED, 'SUSPENDED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/**
 * An account closed at the family's request (issue 17; docs/decisions/0039): its people and data
 * are erased and only billing records remain. Set by the erasure job only, so it is not one of
 * the statuses staff choose from.
 */
export const CLOSED_ACCOUNT_STATUS = 'CLOSED';
/** The one account status that sends a non-staff user to checkout: nothing has been bought. */
export const UNUSABLE_ACCOUNT_STATUS = NOT_PURCHASED;

/** A user's billing status: NOT_PURCHASED before checkout, then the subscription's status. */
export const BILLING_STATUSES = [NOT_PURCHASED, ...SUBSCRIPTION_STATUSES] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const CANCELLED_BILLING_STATUSES: readonly BillingStatus[] = ['CANCELLED', 'RETURNED'];

export type RoleSubject = {
  is_staff: boolean;
  is_coach?: boolean;
  account?: { tags: readonly string[] } | null;
};

export function hasMagellanTag(tags: readonly unknown[] | undefined): boolean {
  return (tags ?? []).some((tag) => typeof tag === 'string' && tag.trim().toLowerCase() === MAGELLAN_TAG);
}

/** magellan tag (any case, trimmed) → magellan_user; else staff → admin; else coach; else user. */
export function deriveRole(user: RoleSubject): Role {
  if (hasMagellanTag(user.account?.tags)) return 'magellan_user';
  if (user.is_staff) return 'admin';
  if (user.is_coach === true) return 'coach';
  return 'user';
}

/**
 * Staff always; anyone else unless the account status is NOT_PURCHASED. As in the spec, the
 * check is on the status only: a user without an account record is not sent to checkout here.
 */
export function isUsableAccount(user: { is_staff: boolean; account?: { account_status: string } | null }): boolean {
  return user.is_staff || user.account?.account_status !== UNUSABLE_ACCOUNT_STATUS;
}

/** Billing status CANCELLED or RETURNED. */
export function isCancelledUser(user: { billing_status?: { status_name: string } | null }): boolean {
  const status = user.billing_status?.status_name;
  return CANCELLED_BILLING_STATUSES.some((cancelled) => cancelled === status);
}

export type MenuEntryId =
  'home' | 'stats' | 'coaching' | 'game-directions' | 'account' | 'support' | 'community' | 'sign-out' | 'admin';

export type MenuEntryDefinition = {
  readonly id: MenuEntryId;
  readonly label: string;
  readonly roles: readonly Role[];
  /** Opens outside the portal, in a new tab. */
  readonly external: boolean;
  readonly mobileOnly: boolean;
  readonly needsPlayers: boolean;
};

export type MenuEntry = { id: MenuEntryId; label: string; disabled: boolean; external: boolean };

const ALL_ROLES = ROLES;

/** The side menu in display order. */
export const MENU_ENTRIES: readonly MenuEntryDefinition[] = [
  { id: 'home', label: 'Home', roles: ALL_ROLES, external: false, mobileOnly: false, needsPlayers: false },
  { id: 'stats', label: 'Player Stats', roles: ALL_ROLES, external: false, mobileOnly: false, needsPlayers: true },
  { id: 'coaching', label: 'Coaching', roles: ['coach'], external: false, mobileOnly: false, needsPlayers: false },
  {
    id: 'game-directions',
    label: 'Game Directions',
    roles: ALL_ROLES,
    external: true,
    mobileOnly: false,
    needsPlayers: false,
  },
  { id: 'account', label: 'Account', roles: ALL_ROLES, external: false, mobileOnly: false, needsPlayers: false },
  { id: 'support', label: 'Support', roles: ALL_ROLES, external: true, mobileOnly: false, needsPlayers: false },
  {
    id: 'community',
    label: 'Community',
    roles: ['admin', 'user', 'magellan_user'],
    external: true,
    mobileOnly: false,
    needsPlayers: false,
  },
  { id: 'sign-out', label: 'Sign out', roles: ALL_ROLES, external: false, mobileOnly: true, needsPlayers: false },
  { id: 'admin', label: 'Admin', roles: ['admin'], external: false, mobileOnly: false, needsPlayers: false },
];

/** The entries `role` sees; Player Stats is disabled while the account has no players. */
export function menuEntriesFor(role: Role, context: { hasPlayers: boolean; isMobile: boolean }): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => entry.roles.includes(role) && (context.isMobile || !entry.mobileOnly)).map(
    (entry) => ({
      id: entry.id,
      label: entry.label,
      disabled: entry.needsPlayers && !context.hasPlayers,
      external: entry.external,
    }),
  );
}

export type AdminNavEntry = { readonly id: string; readonly label: string };

/** The admin nav bar links, all pointing to the back-office. */
export const ADMIN_NAV: readonly AdminNavEntry[] = [
  { id: 'accounts', label: 'Accounts' },
  { id: 'orders', label: 'Orders' },
  { id: 'outstanding-billing-requests', label: 'Outstanding Billing Requests' },
  { id: 'shipments', label: 'Shipments' },
  { id: 'deletions', label: 'Deletions' },
];

/** Extra entries of the admin mobile menu. */
export function adminMobileExtras(user: { is_billing_user: boolean }): AdminNavEntry[] {
  const extras: AdminNavEntry[] = [{ id: 'account-details', label: 'Account Details' }];
  if (user.is_billing_user) extras.push({ id: 'subscription-billing', label: 'Subscription & Billing' });
  return extras;
}
