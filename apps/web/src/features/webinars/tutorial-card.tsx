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
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Webinar } from '@grove/domain/api/webinars';

import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { href } from '../../lib/paths.ts';
import { registeredWebinarIds, registrationsQuery, webinarsQuery } from './webinars.api.ts';
import { formatDateTime } from '../../lib/format.ts';

function TutorialLines({
  webinar,
  registered,
  timeZone,
}: {
  webinar: Webinar;
  registered: boolean;
  timeZone: string | null;
}) {
  const { t } = useLingui();
  const minutes = webinar.duration_minutes;
  const seatsLeft = webinar.seats_left;
  return (
    <>
      <p className="home-tutorial__name">{webinar.title}</p>
      <p className="home-card__text">
        <time dateTime={webinar.starts_at}>{formatDateTime(webinar.starts_at, timeZone)}</time> · {t`${minutes} min`}
      </p>
      <p className="home-tutorial__state">
        {registered
          ? t`You’re registered.`
          : seatsLeft > 0
            ? t({ message: plural(seatsLeft, { one: '# seat left', other: '# seats left' }) })
            : t`Full — other dates are on the Tutorials page.`}
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
  const { t } = useLingui();
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
        <Spinner size="small" label={t`Loading the next tutorial…`} />
        <div className="home-card__ghost" aria-hidden="true">
          <TutorialLines webinar={{ ...STAND_IN, title: t`Tutorial` }} registered={false} timeZone={timeZone} />
        </div>
      </div>
    );
  } else if (next) {
    body = <TutorialLines webinar={next} registered={registered} timeZone={timeZone} />;
  } else if (list.isError) {
    body = <LoadError what={t`the tutorials`} onRetry={list.refetch} />;
  } else {
    body = (
      <p className="home-card__text">
        <Trans>No tutorial is planned right now. New dates are added every month.</Trans>
      </p>
    );
  }

  return (
    <section className="card home-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="home-card__title">
        <Trans>Next tutorial</Trans>
      </h2>
      <p className="home-card__text">
        <Trans>Live and online: a coach shows the games and answers your questions.</Trans>
      </p>
      <div className="home-tutorial__body">{body}</div>
      <div className="home-card__actions">
        <Link className="home-card__link" to={href('root.user.webinars')}>
          {registered ? t`See your tutorials` : t`Choose a tutorial`}
        </Link>
      </div>
    </section>
  );
}
