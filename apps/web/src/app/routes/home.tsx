/**
 * root.user.player.home — /dashboard?pid&uaction&gis (SPEC §2, issue 6 item 6): how the selected
 * player is doing this week. A player switcher (pid in the address), this week's minutes against
 * the 45-minute goal, heart-rate rises, cooldowns, gauge, chase speed and acorns, and the last
 * sessions; friendly states for a family without players, a player who has not played yet, and
 * staff or coaches who have no family of their own to show. `gis` is passed on to the stats link
 * (it carries the stats time frame); `uaction` is kept in the address and not read here.
 *
 * For a family's own home (parents, not staff or coaches visiting) Home also leads the way
 * (issue 25 item 5, docs/decisions/0045, features/home): the welcome checklist's next step and the
 * profiles to complete above the players; the family's coach with the next call and the next
 * tutorial beside them (below them on phones). Home waits behind its skeleton until it knows which
 * of these cards to show, so nothing moves once it appears. This route composes the cards of
 * features/home, the coach card (features/coaching) and the next tutorial (features/webinars).
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isCancelledUser } from '@grove/domain';
import { Trans, useLingui } from '@lingui/react/macro';

import { ChevronRightIcon, HeartrateIcon, StatsIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { EmptyState, Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { PastDueBanner } from '../../features/billing/past-due-banner.tsx';
import { CoachCard } from '../../features/coaching/coach-card.tsx';
import { HomeLayout } from '../../features/home/home-layout.tsx';
import { useFamilyLeads } from '../../features/home/home-leads.ts';
import { NextStepCard } from '../../features/home/next-step-card.tsx';
import { ProfilesCard } from '../../features/home/profiles-card.tsx';
import { FamilyWeekCard } from '../../features/play/family-week-card.tsx';
import { overviewQuery } from '../../features/play/play.api.ts';
import { PlayFigures, RecentSessions, WeekProgress } from '../../features/play/player-overview.tsx';
import { PlayerSwitcher } from '../../features/players/player-switcher.tsx';
import { TutorialCard } from '../../features/webinars/tutorial-card.tsx';
import type { PlayerOverview } from '@grove/domain/api/play';
import type { Player } from '@grove/domain/api/players';
import { href } from '../../lib/paths.ts';
import { usePlayerLayout, type PlayerLayoutContext } from '../layouts/layout-context.ts';

function NoFamily({ role }: { role: PlayerLayoutContext['role'] }) {
  const { t } = useLingui();
  if (role === 'admin') {
    return (
      <EmptyState
        title={t`No family to show here`}
        action={
          <Link to={href('root.admin.accounts')}>
            <Trans>Open the admin accounts</Trans>
          </Link>
        }
      >
        <p>
          <Trans>
            Your staff account has no players of its own. Open a family’s account in the admin area and choose “View
            home” next to a player to see their dashboard.
          </Trans>
        </p>
      </EmptyState>
    );
  }
  if (role === 'coach') {
    return (
      <EmptyState
        title={t`No family to show here`}
        action={
          <Link to={href('root.user.booking')}>
            <Trans>Go to Coaching</Trans>
          </Link>
        }
      >
        <p>
          <Trans>Your coach account has no players of its own. The families you coach are on the Coaching page.</Trans>
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={t`No players yet`}
      action={
        <div className="home-empty-actions">
          <Link className="button button--primary" to={href('root.user.management', null, { segment: 'players' })}>
            <span className="button__label">
              <Trans>Add your first player</Trans>
            </span>
          </Link>
          <Link className="button button--secondary" to={href('root.user.connect-device')}>
            <span className="button__label">
              <Trans>Connect a tablet</Trans>
            </span>
          </Link>
        </div>
      }
    >
      <p>
        <Trans>
          Add each child who will play, and connect the game on your family’s tablet. Their weekly play time and
          heart-rate progress will show up right here.
        </Trans>
      </p>
    </EmptyState>
  );
}

/** The overview's last sessions hold at most five (the API's OVERVIEW_LAST_SESSIONS). */
const PLACEHOLDER_SESSIONS = 5;

/** Stand-in figures of a player who has played: what the loading screen lays out. */
function placeholderOverview(name: string): PlayerOverview {
  const when = '2026-01-05T17:30:00.000Z';
  return {
    player_id: 0,
    name,
    time_zone: 'UTC',
    this_week: {
      week_start: '2026-01-05',
      seconds_played: 1800,
      minutes: 30,
      sessions: 3,
      hr_rises: 10,
      cool_downs: 10,
      goal_minutes: 45,
    },
    last_sessions: Array.from({ length: PLACEHOLDER_SESSIONS }, (_, index) => ({
      id: index + 1,
      period_datetime: when,
      seconds_played: 600,
      acorns_earned: 10,
      hr_rises: 3,
      cool_downs: 3,
    })),
    totals: {
      sessions: 10,
      seconds_played: 6000,
      hr_rises: 30,
      cool_downs: 30,
      cooldown_events: 30,
      average_cool_down_seconds: 40,
      acorns_earned: 100,
    },
    hr_gauge: 5,
    chase_speed: 5,
    acorns: 100,
    first_play_date: when,
    last_play_date: when,
    streak: { weeks: 2, this_week_met: false, longest_weeks: 2 },
  };
}

/**
 * The loading screen: a spinner over an invisible copy of the week card, the figures and the last
 * sessions (placeholder figures), so that the cards take their space at once and nothing below
 * them — the tip card — moves when the figures arrive (no layout shift).
 */
function HomeSkeleton({ name, label, children }: { name: string; label: string; children?: ReactNode }) {
  const overview = placeholderOverview(name);
  return (
    <div className="home-skeleton">
      <div className="home-skeleton__status">
        <Spinner label={label} />
      </div>
      <div className="home-skeleton__cards" aria-hidden="true" inert>
        <WeekProgress overview={overview}>{children}</WeekProgress>
        <PlayFigures overview={overview} />
        <RecentSessions overview={overview} />
      </div>
    </div>
  );
}

function PlayerHome({ player, gis }: { player: Player; gis: string | null }) {
  const { t } = useLingui();
  const overview = useQuery(overviewQuery(player.id));
  const name = player.name;
  const statsLink = (
    <Link className="week-card__link" to={href('root.user.player.stats', null, { pid: player.id, gis })}>
      <StatsIcon size={20} />
      <span>
        <Trans>See {name}’s stats</Trans>
      </span>
      <ChevronRightIcon size={18} />
    </Link>
  );

  if (overview.isPending) {
    return (
      <HomeSkeleton name={name} label={t`Loading ${name}’s week…`}>
        {statsLink}
      </HomeSkeleton>
    );
  }
  if (overview.isError)
    return (
      <LoadError
        what={t({ message: `${name}’s week`, context: 'what could not be loaded: We couldn’t load …' })}
        onRetry={overview.refetch}
      />
    );
  const data = overview.data;
  if (data.totals.sessions === 0) {
    return (
      <>
        <EmptyState title={t`${name} hasn’t played yet`}>
          <p>
            <Trans>
              Once {name} finishes a first game, this week’s minutes, heart-rate rises and cooldowns will show up here.
              Aim for a few short games a week — together they add up to the weekly goal.
            </Trans>
          </p>
        </EmptyState>
        <PlayFigures overview={data} />
      </>
    );
  }
  return (
    <>
      <WeekProgress overview={data}>{statsLink}</WeekProgress>
      <PlayFigures overview={data} />
      <RecentSessions overview={data} />
    </>
  );
}

export function HomeRoute() {
  const { t } = useLingui();
  const { user, role, players, playersLoaded, playersFailed, retryPlayers, selectedPlayer, visitedAccountId } =
    usePlayerLayout();
  const [search] = useSearchParams();
  const gis = search.get('gis');
  const hasOwnAccount = user.account !== null;
  // A family's own home: parents of the account, never staff, nor a family visited through `pid`.
  const family = user.account && !user.is_staff && visitedAccountId === null ? user.account : null;
  const cancelled = isCancelledUser(user);
  const leads = useFamilyLeads(family?.id ?? null, { onboarding: !cancelled });
  // Everything that decides the layout is known: the cards appear together, and stay put.
  const laidOut = playersLoaded && leads.ready;

  let content;
  if (!laidOut) {
    content = <HomeSkeleton name={t`Your player`} label={t`Loading your players…`} />;
  } else if (playersFailed) {
    content = <LoadError what={t`your players`} onRetry={retryPlayers} />;
  } else if (!selectedPlayer) {
    content = hasOwnAccount ? <NoFamily role="user" /> : <NoFamily role={role} />;
  } else {
    content = (
      <>
        <FamilyWeekCard
          accountId={selectedPlayer.account}
          players={players}
          statsHref={(pid) => href('root.user.player.stats', null, { pid, gis })}
        />
        <PlayerSwitcher
          players={players}
          selectedId={selectedPlayer.id}
          hrefFor={(player) =>
            href('root.user.player.home', null, { pid: player.id, uaction: search.get('uaction'), gis })
          }
        />
        <PlayerHome key={selectedPlayer.id} player={selectedPlayer} gis={gis} />
      </>
    );
  }

  const firstName = user.first_name;
  return (
    <Page
      title={t`Welcome back, ${firstName}`}
      intro={t`Here is how your family is playing this week, and how their heart-rate practice is going.`}
    >
      {visitedAccountId !== null ? (
        <p className="visit-note" role="note">
          {role === 'admin' ? (
            <Trans>
              You are looking at this family’s home as staff.{' '}
              <Link to={href('root.admin.accounts.details', { accountId: visitedAccountId })}>Back to the account</Link>
            </Trans>
          ) : (
            <Trans>You are looking at this family’s home as their coach.</Trans>
          )}
        </p>
      ) : null}
      {family ? <PastDueBanner user={user} timeZone={family.time_zone} /> : null}
      <HomeLayout
        withSide={family !== null}
        lead={
          family && laidOut && (leads.nextStep || leads.profiles.length > 0) ? (
            <>
              {leads.nextStep ? <NextStepCard next={leads.nextStep} /> : null}
              {leads.profiles.length > 0 ? <ProfilesCard profiles={leads.profiles} /> : null}
            </>
          ) : null
        }
        main={content}
        side={
          family && laidOut ? (
            <>
              <CoachCard coach={leads.coach} timeZone={family.time_zone} canBook={!cancelled} />
              <TutorialCard timeZone={family.time_zone} />
            </>
          ) : null
        }
      />
      <section className="card tip">
        <HeartrateIcon size={28} />
        <p>
          <Trans>
            <strong>How Grove works:</strong> in each game, players practise raising their heart rate and bringing it
            back down. The stats show how often they play and how well they cool down.{' '}
            <Link to={href('root.user.resources')}>Guides for parents</Link> explain the kit, each game and the
            program’s weeks.
          </Trans>
        </p>
      </section>
    </Page>
  );
}
