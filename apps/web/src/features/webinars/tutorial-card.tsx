/**
 * Home's next tutorial (SPEC §3 Webinars; docs/decisions/0045): the soonest upcoming tutorial that
 * is not cancelled, registered or not — when it starts in the family's time zone (the spec's date
 * format), and whether the family is registered or how many seats are left — with the way to the
 * Tutorials screen. Shown to every family, also when nothing is planned, so the screen is always a
 * click away. It loads inside its own frame, over an invisible stand-in of the same lines. The
 * Home route places it in Home's frame, whose stylesheet (features/home/home.css) gives Home's cards
 * their look.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@grove/domain';
import type { Webinar } from '@grove/domain/api/webinars';

import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { href } from '../../lib/paths.ts';
import { registeredWebinarIds, registrationsQuery, webinarsQuery } from './webinars.api.ts';

function TutorialLines({
  webinar,
  registered,
  timeZone,
}: {
  webinar: Webinar;
  registered: boolean;
  timeZone: string | null;
}) {
  return (
    <>
      <p className="home-tutorial__name">{webinar.title}</p>
      <p className="home-card__text">
        <time dateTime={webinar.starts_at}>{formatDateTime(webinar.starts_at, timeZone)}</time> ·{' '}
        {webinar.duration_minutes} min
      </p>
      <p className="home-tutorial__state">
        {registered
          ? 'You’re registered.'
          : webinar.seats_left > 0
            ? `${webinar.seats_left} ${webinar.seats_left === 1 ? 'seat' : 'seats'} left`
            : 'Full — other dates are on the Tutorials page.'}
      </p>
    </>
  );
}

const STAND_IN: Webinar = {
  id: 0,
  title: 'Tutorial',
  description: '',
  host_name: '',
  starts_at: '2026-01-05T17:30:00.000Z',
  ends_at: '2026-01-05T18:00:00.000Z',
  duration_minutes: 30,
  capacity: 30,
  seats_left: 10,
  is_registered: false,
  join_url: null,
  cancelled: false,
};

export function TutorialCard({ timeZone }: { timeZone: string | null }) {
  const headingId = useId();
  const list = useInfiniteQuery(webinarsQuery('upcoming'));
  const registrations = useQuery(registrationsQuery());
  const next = list.isSuccess
    ? (list.data.pages.flatMap((page) => page.results).find((webinar) => !webinar.cancelled) ?? null)
    : null;
  const registered = next
    ? registrations.isSuccess
      ? registeredWebinarIds(registrations.data).has(next.id)
      : next.is_registered
    : false;

  let body;
  if (list.isPending) {
    body = (
      <div className="home-card__loading">
        <Spinner size="small" label="Loading the next tutorial…" />
        <div className="home-card__ghost" aria-hidden="true">
          <TutorialLines webinar={STAND_IN} registered={false} timeZone={timeZone} />
        </div>
      </div>
    );
  } else if (next) {
    body = <TutorialLines webinar={next} registered={registered} timeZone={timeZone} />;
  } else if (list.isError) {
    body = <LoadError what="the tutorials" onRetry={list.refetch} />;
  } else {
    body = <p className="home-card__text">No tutorial is planned right now. New dates are added every month.</p>;
  }

  return (
    <section className="card home-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-card__title">
        Next tutorial
      </h2>
      <p className="home-card__text">Live and online: a coach shows the games and answers your questions.</p>
      <div className="home-tutorial__body">{body}</div>
      <div className="home-card__actions">
        <Link className="home-card__link" to={href('root.user.webinars')}>
          {registered ? 'See your tutorials' : 'Choose a tutorial'}
        </Link>
      </div>
    </section>
  );
}
