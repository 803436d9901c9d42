/**
 * Where each side-menu entry goes (SPEC §2) and how it is drawn. Which entries a role sees comes
 * from the domain (menuEntriesFor); the targets are Grove's:
 * - Home: inside the onboarding section, the onboarding screen (keeping its step `s`); anywhere
 *   else, the player home (keeping the selected player `pid`);
 * - Player Stats: the stats screen with the selected player;
 * - Coaching, Account (segment=details), Admin (admin accounts), Sign out (/logout);
 * - Game Directions, Support, Community: outside addresses from lib/env.ts, in a new tab.
 */
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation, useSearchParams } from 'react-router';
import type { MenuEntry, MenuEntryId } from '@grove/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import {
  AdminIcon,
  CoachingIcon,
  CommunityIcon,
  ExitIcon,
  ExternalLinkIcon,
  GameDirectionsIcon,
  HomeIcon,
  ProfileIcon,
  QuestionIcon,
  StatsIcon,
} from '../../components/icons.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { ROUTES, href } from '../../lib/paths.ts';

export const MENU_ICONS: Record<MenuEntryId, (props: { size?: number }) => ReactNode> = {
  home: HomeIcon,
  stats: StatsIcon,
  coaching: CoachingIcon,
  'game-directions': GameDirectionsIcon,
  account: ProfileIcon,
  support: QuestionIcon,
  community: CommunityIcon,
  'sign-out': ExitIcon,
  admin: AdminIcon,
};

/** The entries' names on screen: the domain's labels (menuEntriesFor), in the page's language. */
export const MENU_LABELS: Record<MenuEntryId, MessageDescriptor> = {
  home: msg`Home`,
  stats: msg`Player Stats`,
  coaching: msg`Coaching`,
  'game-directions': msg`Game Directions`,
  account: msg`Account`,
  support: msg`Support`,
  community: msg`Community`,
  'sign-out': msg`Sign out`,
  admin: msg`Admin`,
};

export type MenuTarget = { kind: 'internal'; to: string } | { kind: 'external'; url: string };

export type MenuPlace = {
  /** The onboarding step when the current route is in the onboarding section, '' for its start. */
  onboardingStep: string | null;
  /** The selected player, when one is in the address. */
  pid: string | null;
};

/** The section the current address is in, for the Home entry. */
export function menuPlace(pathname: string, search: URLSearchParams): MenuPlace {
  const step = matchPath({ path: ROUTES['root.user.onboarding.step'].path, end: true }, pathname);
  const start = matchPath({ path: ROUTES['root.user.onboarding'].path, end: true }, pathname);
  return {
    onboardingStep: step ? (step.params.step ?? '') : start ? '' : null,
    pid: search.get('pid'),
  };
}

export function menuTarget(id: MenuEntryId, place: MenuPlace): MenuTarget {
  switch (id) {
    case 'home':
      if (place.onboardingStep !== null) {
        return {
          kind: 'internal',
          to: place.onboardingStep
            ? href('root.user.onboarding.step', { step: place.onboardingStep })
            : href('root.user.onboarding'),
        };
      }
      return { kind: 'internal', to: href('root.user.player.home', null, { pid: place.pid }) };
    case 'stats':
      return { kind: 'internal', to: href('root.user.player.stats', null, { pid: place.pid }) };
    case 'coaching':
      return { kind: 'internal', to: href('root.user.booking') };
    case 'account':
      return { kind: 'internal', to: href('root.user.management', null, { segment: 'details' }) };
    case 'sign-out':
      return { kind: 'internal', to: href('logout') };
    case 'admin':
      return { kind: 'internal', to: href('root.admin.accounts') };
    case 'game-directions':
      return { kind: 'external', url: EXTERNAL_LINKS.gameDirections };
    case 'support':
      return { kind: 'external', url: EXTERNAL_LINKS.support };
    case 'community':
      return { kind: 'external', url: EXTERNAL_LINKS.community };
  }
}

function samePath(a: string, b: string): boolean {
  const clean = (path: string) => (path.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase() || '/';
  return clean(a) === clean(b);
}

/** The menu as a list of links; `onNavigate` runs when an entry is followed (to close a menu). */
export function MenuList({
  entries,
  variant,
  onNavigate,
}: {
  entries: readonly MenuEntry[];
  variant: 'side' | 'mobile';
  onNavigate?: () => void;
}) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const [search] = useSearchParams();
  const place = menuPlace(location.pathname, search);
  return (
    <ul className={`menu menu--${variant}`}>
      {entries.map((entry) => {
        const Icon = MENU_ICONS[entry.id];
        const target = menuTarget(entry.id, place);
        const label = i18n._(MENU_LABELS[entry.id]);
        const content = (
          <>
            <span className="menu__icon">
              <Icon size={22} />
            </span>
            <span className="menu__label">{label}</span>
          </>
        );
        if (entry.disabled) {
          return (
            <li key={entry.id} className="menu__item" data-entry={entry.id}>
              <span
                className="menu__link menu__link--disabled"
                role="link"
                aria-disabled="true"
                tabIndex={0}
                title={t`${label}: add a player to your account first`}
              >
                {content}
              </span>
            </li>
          );
        }
        if (target.kind === 'external') {
          return (
            <li key={entry.id} className="menu__item" data-entry={entry.id}>
              <a
                className="menu__link"
                href={target.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={onNavigate}
              >
                {content}
                <span className="menu__external">
                  <ExternalLinkIcon size={16} />
                  <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                </span>
              </a>
            </li>
          );
        }
        const current = samePath(target.to, location.pathname);
        return (
          <li key={entry.id} className="menu__item" data-entry={entry.id}>
            <Link
              className={`menu__link${current ? ' menu__link--current' : ''}`}
              to={target.to}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              {content}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
