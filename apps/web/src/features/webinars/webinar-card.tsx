/**
 * One tutorial: its title, host and description, when it starts in the family's time zone (the
 * spec's date format), how long it lasts and the seats left, and what the person can do — register,
 * cancel the registration, or join (registrants only; the link opens in a new tab). A full or
 * cancelled tutorial says so; a refused change shows the server's sentence in the card.
 */
import { useEffect, useRef } from 'react';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { COACHING_MESSAGES } from '@grove/domain';
import type { Webinar } from '@grove/domain/api/webinars';

import { Button } from '../../components/button.tsx';
import { CheckIcon, ExternalLinkIcon } from '../../components/icons.tsx';
import { useRegistrationChange, webinarState, type WebinarState, type WebinarWhen } from './webinars.api.ts';
import { dateTimeParts } from '../../lib/format.ts';
import { domainText, i18n as pageI18n } from '../../lib/i18n.ts';

/** '45 minutes', '1 hour', '1 hour 30 minutes', in the language of `i18n` (by default the page's). */
export function formatMinutes(total: number, i18n: I18n = pageI18n): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const minutesText = i18n._(msg({ message: plural(minutes, { one: '# minute', other: '# minutes' }) }));
  if (hours === 0) return minutesText;
  const hoursText = i18n._(msg({ message: plural(hours, { one: '# hour', other: '# hours' }) }));
  return minutes === 0 ? hoursText : i18n._(msg`${hoursText} ${minutesText}`);
}

/** '12 of 30 seats left', '1 of 30 seats left', 'No seats left', in the language of `i18n`. */
export function seatsText(webinar: Pick<Webinar, 'seats_left' | 'capacity'>, i18n: I18n = pageI18n): string {
  if (webinar.seats_left <= 0) return i18n._(msg`No seats left`);
  const left = webinar.seats_left;
  const capacity = webinar.capacity;
  return i18n._(
    msg({ message: plural(capacity, { one: `${left} of # seat left`, other: `${left} of # seats left` }) }),
  );
}

const BADGES: Partial<Record<WebinarState, { text: MessageDescriptor; tone: string }>> = {
  registered: { text: msg({ message: 'Registered', context: 'tutorial status' }), tone: 'green' },
  live: { text: msg({ message: 'Happening now', context: 'tutorial status' }), tone: 'green' },
  started: { text: msg({ message: 'Started', context: 'tutorial status' }), tone: 'muted' },
  full: { text: msg({ message: 'Full', context: 'tutorial status' }), tone: 'sun' },
  cancelled: { text: msg({ message: 'Cancelled', context: 'tutorial status' }), tone: 'muted' },
};

export function WebinarCard({
  webinar,
  registered,
  when,
  timeZone,
}: {
  webinar: Webinar;
  registered: boolean;
  when: WebinarWhen;
  timeZone: string | null | undefined;
}) {
  const { t, i18n } = useLingui();
  const change = useRegistrationChange();
  const state = webinarState(webinar, registered, when);
  const registrant = state === 'registered' || state === 'live';
  const starts = dateTimeParts(webinar.starts_at, timeZone);
  const titleId = `webinar-${webinar.id}-title`;
  const noteId = `webinar-${webinar.id}-note`;
  const badge = BADGES[state];
  const busy = change.isPending;
  // The button pressed leaves with the state it changed: focus goes to what replaces it.
  const moveFocus = useRef(false);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const run = (register: boolean) => {
    moveFocus.current = true;
    change.mutate(
      { webinarId: webinar.id, register },
      {
        onError: () => {
          moveFocus.current = false;
        },
      },
    );
  };
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (registrant) noteRef.current?.focus();
    else actionsRef.current?.querySelector<HTMLElement>('button')?.focus();
    // Only a change of state moves focus, and only after this card's own button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  useEffect(() => {
    if (change.isError) errorRef.current?.focus();
  }, [change.isError]);

  let note: string | null = null;
  if (state === 'full') note = domainText(COACHING_MESSAGES.webinarFull);
  else if (state === 'cancelled') note = domainText(COACHING_MESSAGES.webinarCancelled);
  else if (state === 'started') note = domainText(COACHING_MESSAGES.webinarPast);
  else if (state === 'registered')
    note = t`You’re registered. Join with the link when it’s time — we’ll see you there.`;
  else if (state === 'live') note = t`You’re registered and it has begun: join now.`;
  const title = webinar.title;
  const host = webinar.host_name;

  return (
    <article className={`webinar-card webinar-card--${state}`} aria-labelledby={titleId}>
      <p className="webinar-card__when">
        <time dateTime={webinar.starts_at}>
          <span className="webinar-card__date">{starts.date}</span>{' '}
          <span className="webinar-card__time">{starts.time}</span>
        </time>
      </p>
      <div className="webinar-card__body">
        <div className="webinar-card__heading">
          <h3 id={titleId} className="webinar-card__title">
            {webinar.title}
          </h3>
          {badge ? (
            <span className={`badge webinar-badge webinar-badge--${badge.tone}`}>{i18n._(badge.text)}</span>
          ) : null}
          {when === 'past' && registered && !webinar.cancelled ? (
            <span className="badge webinar-badge webinar-badge--green">
              <Trans>You registered</Trans>
            </span>
          ) : null}
        </div>
        {host ? (
          <p className="webinar-card__host">
            <Trans>Hosted by {host}</Trans>
          </p>
        ) : null}
        {webinar.description ? <p className="webinar-card__description">{webinar.description}</p> : null}
        <dl className="webinar-card__facts">
          <div>
            <dt>
              <Trans>Length</Trans>
            </dt>
            <dd>{formatMinutes(webinar.duration_minutes, i18n)}</dd>
          </div>
          {state === 'open' || state === 'full' || state === 'registered' ? (
            <div>
              <dt>
                <Trans>Seats</Trans>
              </dt>
              <dd>{seatsText(webinar, i18n)}</dd>
            </div>
          ) : null}
        </dl>
        {note ? (
          <p id={noteId} ref={noteRef} tabIndex={-1} className="webinar-card__note">
            {registrant ? <CheckIcon size={18} /> : null}
            <span>{note}</span>
          </p>
        ) : null}
      </div>
      {state === 'open' || state === 'full' || registrant ? (
        <div ref={actionsRef} className="webinar-card__actions">
          {registrant ? (
            <>
              {webinar.join_url ? (
                <a className="button button--primary" href={webinar.join_url} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon size={18} />
                  <span className="button__label">
                    <Trans>
                      Join the tutorial<span className="visually-hidden"> “{title}” (opens in a new tab)</span>
                    </Trans>
                  </span>
                </a>
              ) : null}
              {state === 'registered' ? (
                <Button variant="secondary" loading={busy} onClick={() => run(false)}>
                  <Trans>
                    Cancel registration<span className="visually-hidden"> for “{title}”</span>
                  </Trans>
                </Button>
              ) : null}
            </>
          ) : (
            <Button
              loading={busy}
              disabled={state === 'full'}
              aria-describedby={state === 'full' ? noteId : undefined}
              onClick={() => run(true)}
            >
              <Trans>
                Register<span className="visually-hidden"> for “{title}”</span>
              </Trans>
            </Button>
          )}
        </div>
      ) : null}
      {change.isError ? (
        <p ref={errorRef} tabIndex={-1} className="error-box webinar-card__error" role="alert">
          {domainText(change.error.message)}
        </p>
      ) : null}
    </article>
  );
}
