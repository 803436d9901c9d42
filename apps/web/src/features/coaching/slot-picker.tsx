/**
 * The coach's free times, seven days at a time, by day in the family's time zone. Each slot is a
 * button in the day's labelled group; the chosen one is pressed (aria-pressed) and the
 * confirmation appears right under its day. Booking (or moving a call) posts the slot; a refusal
 * shows the server's sentence and the slots are read again. Another week or coach replaces the
 * query, and the older request is cancelled.
 */
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOOKING_RULES } from '@grove/domain';
import type { CoachingCall } from '@grove/domain/api/coaching';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { domainText } from '../../lib/i18n.ts';
import { callWhen } from './call-parts.tsx';
import { CALENDAR_DAYS, availableHoursQuery, refusalText, useBookCall, useChangeCall } from './coaching.api.ts';
import { addDays, dayHeading, rangeLabel, slotsByDay, timeOfDay, todayIn } from './coaching-times.ts';

/** How many seven-day pages reach the booking horizon. */
const PAGES = Math.ceil(BOOKING_RULES.horizonDays / CALENDAR_DAYS);

export function SlotPicker({
  widgetId,
  coachName,
  timeZone,
  bookingRef,
  moving,
  onMoved,
  onBooked,
}: {
  widgetId: string;
  coachName: string;
  timeZone: string;
  bookingRef: string | null;
  /** The call being moved to another time, or null to book a new one. */
  moving: CoachingCall | null;
  onMoved: (call: CoachingCall) => void;
  onBooked: (call: CoachingCall) => void;
}) {
  const { t } = useLingui();
  const [page, setPage] = useState(0);
  const [today] = useState(() => todayIn(timeZone));
  const from = addDays(today, page * CALENDAR_DAYS);
  const hours = useQuery(availableHoursQuery(widgetId, from));
  const [selected, setSelected] = useState<string | null>(null);
  const book = useBookCall();
  const change = useChangeCall();
  const mutation = moving ? change : book;
  const rangeId = useId();
  const baseId = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);

  const days = hours.data ? slotsByDay(hours.data, timeZone) : [];
  // A slot taken meanwhile (the slots were read again) is no longer chosen.
  const chosen =
    selected && days.some((day) => day.slots.some((slot) => slot.starts_at === selected)) ? selected : null;

  useEffect(() => {
    if (mutation.isError) errorRef.current?.focus();
  }, [mutation.isError]);

  const goTo = (next: number) => {
    setPage(next);
    setSelected(null);
    book.reset();
    change.reset();
  };

  const pick = (startsAt: string) => {
    setSelected(startsAt);
    book.reset();
    change.reset();
  };

  const confirm = () => {
    if (!chosen) return;
    if (moving) {
      change.mutate(
        { callId: moving.id, body: { starts_at: chosen } },
        {
          onSuccess: (call) => {
            setSelected(null);
            onMoved(call);
          },
        },
      );
    } else {
      book.mutate(
        { widget_id: widgetId, starts_at: chosen, ...(bookingRef ? { ref: bookingRef } : {}) },
        {
          onSuccess: (call) => {
            setSelected(null);
            onBooked(call);
          },
        },
      );
    }
  };

  const zoneName = timeZone.replace(/_/g, ' ');
  const slotMinutes = BOOKING_RULES.slotMinutes;
  const chosenWhen = chosen ? callWhen({ starts_at: chosen }, timeZone) : '';
  const movingFrom = moving ? callWhen(moving, timeZone) : null;

  return (
    <div className="slot-picker">
      <div className="slot-picker__nav">
        <Button variant="ghost" disabled={page === 0} onClick={() => goTo(page - 1)}>
          <Trans>
            Earlier
            <span className="visually-hidden"> times</span>
          </Trans>
        </Button>
        <p className="slot-picker__range" id={rangeId} aria-live="polite">
          {rangeLabel(from, CALENDAR_DAYS)}
        </p>
        <Button variant="ghost" disabled={page >= PAGES - 1} onClick={() => goTo(page + 1)}>
          <Trans>
            Later
            <span className="visually-hidden"> times</span>
          </Trans>
        </Button>
      </div>
      <p className="slot-picker__zone">
        <Trans>
          Times are shown in your time zone, {zoneName}. Calls last {slotMinutes} minutes.
        </Trans>
      </p>
      {hours.isPending ? (
        <div className="section__loading">
          <Spinner label={t`Loading free times…`} />
        </div>
      ) : hours.isError ? (
        <LoadError what={t`${coachName}’s free times`} onRetry={hours.refetch} />
      ) : days.every((day) => day.slots.length === 0) ? (
        <p className="coaching-message">
          {t`${coachName} has no free times in these days.`}{' '}
          {page < PAGES - 1 ? t`Try later days.` : t`New times open every day.`}
        </p>
      ) : (
        <div className="slot-days">
          {days.map((day) => {
            const dayId = `${baseId}-${day.date}`;
            const holdsChoice = day.slots.some((slot) => slot.starts_at === chosen);
            return (
              <Fragment key={day.date}>
                <div className="slot-day" role="group" aria-labelledby={dayId}>
                  <h3 className="slot-day__title" id={dayId}>
                    {dayHeading(day.date)}
                  </h3>
                  {day.slots.length === 0 ? (
                    <p className="slot-day__empty">
                      <Trans>No free times</Trans>
                    </p>
                  ) : (
                    <ul className="slot-list">
                      {day.slots.map((slot) => (
                        <li key={slot.starts_at}>
                          <button
                            type="button"
                            className="slot"
                            aria-pressed={slot.starts_at === chosen}
                            onClick={() => pick(slot.starts_at)}
                          >
                            {timeOfDay(slot.starts_at, timeZone)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                {holdsChoice && chosen ? (
                  <div className="slot-confirm">
                    <p className="slot-confirm__text">
                      {movingFrom ? (
                        <Trans>
                          Move your call to <strong>{chosenWhen}</strong> (now {movingFrom}).
                        </Trans>
                      ) : (
                        <Trans>
                          Your call with <strong>{coachName}</strong> on <strong>{chosenWhen}</strong>.
                        </Trans>
                      )}
                    </p>
                    <Button loading={mutation.isPending} onClick={confirm}>
                      {moving ? t`Move my call` : t`Book this call`}
                    </Button>
                    {mutation.isError ? (
                      <p className="coaching-error" role="alert" tabIndex={-1} ref={errorRef}>
                        {domainText(refusalText(mutation.error))}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </Fragment>
            );
          })}
        </div>
      )}
      {/* A refusal whose slot is gone from the new list still says why. */}
      {mutation.isError && !chosen ? (
        <p className="coaching-error" role="alert" tabIndex={-1} ref={errorRef}>
          {domainText(refusalText(mutation.error))}
        </p>
      ) : null}
    </div>
  );
}
