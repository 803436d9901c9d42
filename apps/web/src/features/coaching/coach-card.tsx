/**
 * Home's coach card (docs/decisions/0045). For a family that has a coach: the coach's initials,
 * name and title; for one that has none yet (a new family: the first booking assigns the coach), an
 * invitation to meet one. Then the next booked call in the family's time zone (the spec's date format) and
 * "Book a call" to the booking screen (root.user.booking — the session rule lets a parent in unless
 * they are cancelled or returned, docs/decisions/0007; those get no link that would send them home).
 *
 * The name is known with the account; the title and the next call load inside the card, over an
 * invisible stand-in of the same lines, so the card keeps its size. The Home route places it in
 * Home's frame, whose stylesheet (features/home/home.css) gives Home's cards their look.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';

import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { href } from '../../lib/paths.ts';
import type { FamilyCoach } from '../../lib/queries/account.ts';
import { coachProfileQuery, userBookingsQuery } from './coaching.api.ts';
import { Avatar } from '../../components/avatar.tsx';
import { formatDateTime } from '../../lib/format.ts';

/** 'Casey Morgan' → 'CM'; one name → its first letter. */
function CallLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="home-coach__call">
      <span className="home-coach__call-label">{label}</span> {children}
    </p>
  );
}

export function CoachCard({
  coach,
  timeZone,
  canBook,
}: {
  /** Null until the family's first booking assigns a coach. */
  coach: FamilyCoach | null;
  timeZone: string | null;
  /** False for a cancelled or returned family: the booking screen would send them home. */
  canBook: boolean;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const profile = useQuery({ ...coachProfileQuery(coach?.id ?? 0), enabled: coach !== null });
  const calls = useQuery(userBookingsQuery('upcoming'));
  const title = profile.isSuccess ? profile.data.title : '';
  const next = calls.isSuccess ? (calls.data.results.find((call) => call.status === 'scheduled') ?? null) : null;

  let callLine;
  if (calls.isPending) {
    callLine = (
      <div className="home-card__loading">
        <Spinner size="small" label={t`Loading your next call…`} />
        <div className="home-card__ghost" aria-hidden="true">
          <CallLine label={t`Next call`}>00-00-0000 0:00:00 AM EST</CallLine>
        </div>
      </div>
    );
  } else if (next) {
    callLine = (
      <CallLine label={t`Next call`}>
        <time dateTime={next.starts_at}>{formatDateTime(next.starts_at, timeZone)}</time>
      </CallLine>
    );
  } else if (calls.isError) {
    callLine = <LoadError what={t`your calls`} onRetry={calls.refetch} />;
  } else {
    callLine = <CallLine label={t`Next call`}>{t`None booked yet.`}</CallLine>;
  }

  return (
    <section className="card home-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-card__title">
        {coach ? t`Your coach` : t`Coaching`}
      </h2>
      {coach ? (
        <div className="home-coach">
          <Avatar name={coach.name} size="xlarge" person />
          <div className="home-coach__who">
            <p className="home-coach__name">{coach.name}</p>
            <p className="home-coach__title">{title || t`Family coach`}</p>
          </div>
        </div>
      ) : (
        <p className="home-coach__invite">
          <Trans>
            Meet a Grove coach: a short video call to talk about your goals and plan your family’s first weeks. The
            coach you book stays your family’s coach.
          </Trans>
        </p>
      )}
      {callLine}
      {canBook ? (
        <div className="home-card__actions">
          <Link className="button button--secondary" to={href('root.user.booking')}>
            <span className="button__label">
              <Trans>Book a call</Trans>
            </span>
          </Link>
        </div>
      ) : null}
    </section>
  );
}
