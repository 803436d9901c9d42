import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  ACCOUNT_STATUSES,
  ADMIN_NAV,
  BILLING_STATUSES,
  MENU_ENTRIES,
  ROLES,
  UNUSABLE_ACCOUNT_STATUS,
  adminMobileExtras,
  deriveRole,
  isCancelledUser,
  isUsableAccount,
  menuEntriesFor,
} from './roles.ts';
import type { Role, RoleSubject } from './roles.ts';

describe('deriveRole', () => {
  const tagged = (...tags: string[]) => ({ tags });
  it.each<[string, RoleSubject, Role]>([
    ['customer', { is_staff: false, account: tagged() }, 'user'],
    ['customer without account', { is_staff: false, account: null }, 'user'],
    ['customer, no account key', { is_staff: false }, 'user'],
    ['staff', { is_staff: true, account: tagged() }, 'admin'],
    ['coach', { is_staff: false, is_coach: true, account: tagged() }, 'coach'],
    ['staff coach is admin', { is_staff: true, is_coach: true }, 'admin'],
    ['magellan tag', { is_staff: false, account: tagged('magellan') }, 'magellan_user'],
    ['magellan tag, other case', { is_staff: false, account: tagged('MaGeLLaN') }, 'magellan_user'],
    ['magellan tag with spaces', { is_staff: false, account: tagged('  Magellan ') }, 'magellan_user'],
    ['magellan tag among others', { is_staff: false, account: tagged('vip', 'MAGELLAN') }, 'magellan_user'],
    ['magellan wins over staff', { is_staff: true, account: tagged('magellan') }, 'magellan_user'],
    ['magellan wins over coach', { is_staff: false, is_coach: true, account: tagged('magellan') }, 'magellan_user'],
    ['similar tag is not magellan', { is_staff: false, account: tagged('magellan-old') }, 'user'],
  ])('%s → %s', (_label, user, role) => {
    expect(deriveRole(user)).toBe(role);
  });

  it('never throws and always answers a known role', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.array(fc.string()), { nil: null }),
        (isStaff, isCoach, tags) => {
          const role = deriveRole({ is_staff: isStaff, is_coach: isCoach, account: tags === null ? null : { tags } });
          expect(ROLES).toContain(role);
        },
      ),
    );
  });
});

describe('account and billing states', () => {
  it('lists the statuses', () => {
    expect(ACCOUNT_STATUSES).toEqual(['ACTIVE', 'NOT_PURCHASED', 'SUSPENDED']);
    expect(UNUSABLE_ACCOUNT_STATUS).toBe('NOT_PURCHASED');
    expect(BILLING_STATUSES).toEqual([
      'NOT_PURCHASED',
      'TRIAL',
      'ACTIVE',
      'PAUSED',
      'PENDING_CANCELLATION',
      'PAST_DUE',
      'CANCELLED',
      'RETURN_REQUESTED',
      'RETURNED',
    ]);
  });

  it.each([
    ['active customer', { is_staff: false, account: { account_status: 'ACTIVE' } }, true],
    ['suspended customer', { is_staff: false, account: { account_status: 'SUSPENDED' } }, true],
    ['customer who bought nothing', { is_staff: false, account: { account_status: 'NOT_PURCHASED' } }, false],
    ['staff who bought nothing', { is_staff: true, account: { account_status: 'NOT_PURCHASED' } }, true],
    ['staff without account', { is_staff: true, account: null }, true],
    ['customer without account record', { is_staff: false, account: null }, true],
  ])('isUsableAccount: %s → %s', (_label, user, expected) => {
    expect(isUsableAccount(user)).toBe(expected);
  });

  it.each([
    ['CANCELLED', true],
    ['RETURNED', true],
    ['ACTIVE', false],
    ['PENDING_CANCELLATION', false],
    ['TRIAL', false],
    ['cancelled', false],
  ])('isCancelledUser with billing status %s → %s', (status, expected) => {
    expect(isCancelledUser({ billing_status: { status_name: status } })).toBe(expected);
  });

  it('a user without billing status is not cancelled', () => {
    expect(isCancelledUser({})).toBe(false);
    expect(isCancelledUser({ billing_status: null })).toBe(false);
  });
});

describe('side menu', () => {
  const ids = (role: Role, isMobile: boolean) =>
    menuEntriesFor(role, { hasPlayers: true, isMobile }).map((entry) => entry.id);

  it.each<[Role, boolean, string[]]>([
    ['user', false, ['home', 'stats', 'game-directions', 'account', 'support', 'community']],
    ['user', true, ['home', 'stats', 'game-directions', 'account', 'support', 'community', 'sign-out']],
    ['magellan_user', false, ['home', 'stats', 'game-directions', 'account', 'support', 'community']],
    ['magellan_user', true, ['home', 'stats', 'game-directions', 'account', 'support', 'community', 'sign-out']],
    ['coach', false, ['home', 'stats', 'coaching', 'game-directions', 'account', 'support']],
    ['coach', true, ['home', 'stats', 'coaching', 'game-directions', 'account', 'support', 'sign-out']],
    ['admin', false, ['home', 'stats', 'game-directions', 'account', 'support', 'community', 'admin']],
    ['admin', true, ['home', 'stats', 'game-directions', 'account', 'support', 'community', 'sign-out', 'admin']],
  ])('%s (mobile: %s)', (role, isMobile, expected) => {
    expect(ids(role, isMobile)).toEqual(expected);
  });

  it('labels and external links', () => {
    expect(MENU_ENTRIES.map((e) => [e.id, e.label, e.external])).toEqual([
      ['home', 'Home', false],
      ['stats', 'Player Stats', false],
      ['coaching', 'Coaching', false],
      ['game-directions', 'Game Directions', true],
      ['account', 'Account', false],
      ['support', 'Support', true],
      ['community', 'Community', true],
      ['sign-out', 'Sign out', false],
      ['admin', 'Admin', false],
    ]);
  });

  it('disables Player Stats, and only it, when the account has no players', () => {
    const entries = menuEntriesFor('user', { hasPlayers: false, isMobile: true });
    expect(entries.filter((e) => e.disabled).map((e) => e.id)).toEqual(['stats']);
    expect(menuEntriesFor('user', { hasPlayers: true, isMobile: true }).some((e) => e.disabled)).toBe(false);
  });

  it('returns the entry shape', () => {
    expect(menuEntriesFor('user', { hasPlayers: false, isMobile: false })[1]).toEqual({
      id: 'stats',
      label: 'Player Stats',
      disabled: true,
      external: false,
    });
  });
});

describe('admin menus', () => {
  it('nav bar', () => {
    expect(ADMIN_NAV.map((e) => e.label)).toEqual([
      'Accounts',
      'Orders',
      'Outstanding Billing Requests',
      'Shipments',
      'Deletions',
    ]);
  });

  it.each([
    [false, ['Account Details']],
    [true, ['Account Details', 'Subscription & Billing']],
  ])('mobile extras for a billing user: %s', (isBillingUser, labels) => {
    expect(adminMobileExtras({ is_billing_user: isBillingUser }).map((e) => e.label)).toEqual(labels);
  });
});
