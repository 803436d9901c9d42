/**
 * The Tutorials screen (SPEC §2 Tutorials, §3 Webinars; issue 13 item 7): the upcoming tutorials,
 * soonest first, each with what it is, when (in the family's time zone), how long, the seats left
 * and registration; the past tutorials on demand, newest first. The registered state comes from
 * the person's registrations (SPEC §3).
 */
import { useId, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { resolveTimeZone } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { WebinarCard } from './webinar-card.tsx';
import { registeredWebinarIds, registrationsQuery, webinarsQuery, type WebinarWhen } from './webinars.api.ts';
import './webinars.css';

const EMPTY: Record<WebinarWhen, MessageDescriptor> = {
  upcoming: msg`No tutorials are planned right now. New dates are added every month — check back soon.`,
  past: msg`No tutorials have taken place yet.`,
};

function WebinarList({
  when,
  registeredIds,
  timeZone,
}: {
  when: WebinarWhen;
  registeredIds: ReadonlySet<number> | null;
  timeZone: string;
}) {
  const { t, i18n } = useLingui();
  const list = useInfiniteQuery(webinarsQuery(when));
  if (list.isPending) {
    return (
      <div className="section__loading">
        <Spinner label={when === 'past' ? t`Loading past tutorials…` : t`Loading tutorials…`} />
      </div>
    );
  }
  if (list.isError) return <LoadError what={t`the tutorials`} onRetry={list.refetch} />;

  const webinars = list.data.pages.flatMap((page) => page.results);
  if (webinars.length === 0) return <p className="webinar-list__message">{i18n._(EMPTY[when])}</p>;
  return (
    <>
      <ul className="webinar-list">
        {webinars.map((webinar) => (
          <li key={webinar.id}>
            <WebinarCard
              webinar={webinar}
              when={when}
              timeZone={timeZone}
              registered={registeredIds ? registeredIds.has(webinar.id) : webinar.is_registered}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="webinar-list__more"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {when === 'past' ? t`Show more past tutorials` : t`Show more tutorials`}
        </Button>
      ) : null}
    </>
  );
}

export function TutorialsPage({ timeZone }: { timeZone: string | null | undefined }) {
  const { t } = useLingui();
  const zone = resolveTimeZone(timeZone);
  const registrations = useQuery(registrationsQuery());
  // While the registrations cannot be read, each tutorial's own flag stands in.
  const registeredIds = registrations.data ? registeredWebinarIds(registrations.data) : null;
  const [showPast, setShowPast] = useState(false);
  const upcomingId = useId();
  const pastId = useId();
  const pastListId = useId();
  const zoneName = zone.replace(/_/g, ' ');

  return (
    <Page
      title={t`Tutorials`}
      intro={t`Live online sessions where a Grove coach walks families through the games and answers your questions.`}
    >
      <section className="section webinars-section" aria-labelledby={upcomingId}>
        <div className="webinars-section__header">
          <h2 id={upcomingId} className="section__title">
            <Trans>Upcoming tutorials</Trans>
          </h2>
          <p className="webinars-section__zone">
            <Trans>Times are shown in your time zone, {zoneName}.</Trans>
          </p>
        </div>
        <WebinarList when="upcoming" registeredIds={registeredIds} timeZone={zone} />
      </section>
      <section className="section webinars-section" aria-labelledby={pastId}>
        <div className="webinars-section__header">
          <h2 id={pastId} className="section__title">
            <Trans>Past tutorials</Trans>
          </h2>
          <Button
            variant="ghost"
            aria-expanded={showPast}
            aria-controls={pastListId}
            onClick={() => setShowPast((shown) => !shown)}
          >
            {showPast ? t`Hide past tutorials` : t`Show past tutorials`}
          </Button>
        </div>
        <div id={pastListId}>
          {showPast ? <WebinarList when="past" registeredIds={registeredIds} timeZone={zone} /> : null}
        </div>
      </section>
    </Page>
  );
}
