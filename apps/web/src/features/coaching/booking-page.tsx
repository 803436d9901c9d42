/**
 * Coaching for a family (SPEC §1 "book coaching calls and read coach notes"; issue 13 item 8): the
 * family's coach, their free times by day in the family's zone, booking (with the `ref` the family
 * came with), the upcoming and past calls with "Add to calendar", moving or cancelling a call while
 * the rules allow it (`can_change`), and the notes the coach shared.
 *
 * A family without a coach chooses one for its first call (the server makes them the family's
 * coach); a coach without a profile (404, silent — SPEC §8) or not taking bookings says so.
 * Phone: one column; from 900 px the calls and notes sit beside the calendar.
 */
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { BOOKING_RULES, COACHING_MESSAGES, resolveTimeZone } from '@grove/domain';
import type { CoachProfile, CoachingCall } from '@grove/domain/api/coaching';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AddToCalendarButton, CallStatusBadge, CancelCallDialog, callWhen } from './call-parts.tsx';
import { coachProfileQuery, coachesQuery, notesQuery, userBookingsQuery, type CallsWhen } from './coaching.api.ts';
import { SlotPicker } from './slot-picker.tsx';
import './coaching.css';
import { Avatar } from '../../components/avatar.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';

/** The family's coach as its account names them: null without one, undefined while unknown. */
export type FamilyCoach = { id: number; name: string } | null | undefined;

function CoachCard({ coach, own }: { coach: Pick<CoachProfile, 'name' | 'title' | 'bio'>; own: boolean }) {
  return (
    <div className="coach-card">
      <Avatar name={coach.name} size="xlarge" person />
      <div className="coach-card__body">
        <p className="coach-card__name">{coach.name}</p>
        {coach.title ? <p className="coach-card__title">{coach.title}</p> : null}
        {coach.bio ? <p className="coach-card__bio">{coach.bio}</p> : null}
        {own ? (
          <p className="coach-card__own">
            <Trans>Your family’s coach</Trans>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Choosing a coach for the first call (a family without one). */
function CoachChoice({
  coaches,
  value,
  onChange,
}: {
  coaches: readonly CoachProfile[];
  value: number | null;
  onChange: (coachId: number) => void;
}) {
  const id = useId();
  return (
    <div className="field coach-choice">
      <label className="field__label" htmlFor={id}>
        <Trans>Coach</Trans>
      </label>
      <select
        id={id}
        className="input select"
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {coaches.map((coach) => (
          <option key={coach.id} value={coach.id}>
            {coach.title ? `${coach.name} — ${coach.title}` : coach.name}
          </option>
        ))}
      </select>
      <p className="field__hint">
        <Trans>The coach of your first call becomes your family’s coach.</Trans>
      </p>
    </div>
  );
}

function SharedNotes({ userId, timeZone }: { userId: number; timeZone: string }) {
  const { t } = useLingui();
  const notes = useQuery(notesQuery(userId));
  if (notes.isPending) return <Spinner label={t`Loading your coach’s notes…`} />;
  if (notes.isError) return <LoadError what={t`your coach’s notes`} onRetry={notes.refetch} />;
  if (notes.data.results.length === 0) {
    return (
      <p className="coaching-muted">
        <Trans>Your coach hasn’t shared any notes yet. After a call, their notes appear here.</Trans>
      </p>
    );
  }
  return (
    <ul className="note-list">
      {notes.data.results.map((note) => {
        const playerName = note.player?.name;
        return (
          <li key={note.id} className="note">
            <p className="note__meta">
              {note.coach ? <strong>{note.coach.name}</strong> : null}
              {note.coach ? ' · ' : null}
              {formatDateTime(note.created_at, timeZone)}
              {note.player ? ` · ${t`about ${playerName}`}` : null}
            </p>
            <p className="note__body">{note.body}</p>
          </li>
        );
      })}
    </ul>
  );
}

function changeNote(call: CoachingCall): string | null {
  if (call.status !== 'scheduled') return null;
  if (!call.can_change) return COACHING_MESSAGES.cutoffPassed;
  if (call.reschedule_count >= BOOKING_RULES.maxReschedules) return COACHING_MESSAGES.rescheduleLimit;
  return null;
}

function FamilyCallList({
  when,
  timeZone,
  moving,
  onReschedule,
  onCancel,
}: {
  when: CallsWhen;
  timeZone: string;
  moving: CoachingCall | null;
  onReschedule: (call: CoachingCall) => void;
  onCancel: (call: CoachingCall) => void;
}) {
  const { t } = useLingui();
  const calls = useQuery(userBookingsQuery(when));
  if (calls.isPending) return <Spinner label={when === 'past' ? t`Loading past calls…` : t`Loading your calls…`} />;
  if (calls.isError) return <LoadError what={t`your calls`} onRetry={calls.refetch} />;
  if (calls.data.results.length === 0) {
    return (
      <p className="coaching-muted">
        {when === 'upcoming' ? t`No calls booked. Choose a time to book one.` : t`No past calls yet.`}
      </p>
    );
  }
  return (
    <ul className="call-list">
      {calls.data.results.map((call) => {
        const starts = callWhen(call, timeZone);
        const coachName = call.coach.name;
        const label = t`call on ${starts}`;
        const note = changeNote(call);
        const scheduled = call.status === 'scheduled';
        return (
          <li key={call.id} className={`call-item${moving?.id === call.id ? ' call-item--moving' : ''}`}>
            <p className="call-item__when">{starts}</p>
            <p className="call-item__who">
              <Trans>with {coachName}</Trans> <CallStatusBadge status={call.status} />
            </p>
            {call.summary ? <p className="call-item__summary">{call.summary}</p> : null}
            {scheduled && when === 'upcoming' ? (
              <>
                <div className="call-item__actions">
                  <AddToCalendarButton call={call} label={label} />
                  <Button
                    variant="secondary"
                    disabled={!call.can_change || call.reschedule_count >= BOOKING_RULES.maxReschedules}
                    onClick={() => onReschedule(call)}
                    aria-label={t`Reschedule the call on ${starts}`}
                  >
                    <Trans>Reschedule</Trans>
                  </Button>
                  <Button
                    variant="danger"
                    disabled={!call.can_change}
                    onClick={() => onCancel(call)}
                    aria-label={t`Cancel the call on ${starts}`}
                  >
                    <Trans>Cancel</Trans>
                  </Button>
                </div>
                {note ? <p className="call-item__note">{domainText(note)}</p> : null}
                {moving?.id === call.id ? (
                  <p className="call-item__note">
                    <Trans>Choose a new time in the calendar.</Trans>
                  </p>
                ) : null}
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function BookingPage({
  user,
  bookingRef,
  familyCoach,
  familyCoachPending,
}: {
  user: UserInfo;
  bookingRef: string | null;
  familyCoach: FamilyCoach;
  familyCoachPending: boolean;
}) {
  const { t } = useLingui();
  const zone = resolveTimeZone(user.account?.time_zone);
  const coaches = useQuery({ ...coachesQuery(), enabled: !familyCoachPending && !familyCoach });
  const bookable = (coaches.data?.results ?? []).filter((coach) => coach.accepts_bookings);
  const [chosenCoachId, setChosenCoachId] = useState<number | null>(null);
  const selectedCoachId = familyCoach ? familyCoach.id : (chosenCoachId ?? bookable[0]?.id ?? null);

  const [moving, setMoving] = useState<CoachingCall | null>(null);
  const [cancelling, setCancelling] = useState<CoachingCall | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [callsStatus, setCallsStatus] = useState<string | null>(null);
  const [showPast, setShowPast] = useState(false);

  // The calendar shows the coach of the call being moved (a call stays with its coach), else the selected one.
  const calendarCoachId = moving ? moving.coach.id : selectedCoachId;
  const profile = useQuery({ ...coachProfileQuery(calendarCoachId ?? 0), enabled: calendarCoachId !== null });
  const listed = bookable.find((coach) => coach.id === calendarCoachId);
  const calendarCoach = profile.data ?? listed ?? null;

  const coachHeadingId = useId();
  const bookHeadingId = useId();
  const callsHeadingId = useId();
  const pastId = useId();
  const notesHeadingId = useId();
  const bookHeadingRef = useRef<HTMLHeadingElement>(null);
  const callsHeadingRef = useRef<HTMLHeadingElement>(null);

  const startMoving = (call: CoachingCall) => {
    setMoving(call);
    setStatus(null);
    setCallsStatus(null);
    // The calendar is where the next step is.
    requestAnimationFrame(() => bookHeadingRef.current?.focus());
  };

  const coachSection = () => {
    if (familyCoachPending || (!familyCoach && coaches.isPending)) return <Spinner label={t`Loading your coach…`} />;
    if (familyCoach) {
      if (profile.isPending && calendarCoachId === familyCoach.id) return <Spinner label={t`Loading your coach…`} />;
      // Without a profile (404, not reported) the account's name for the coach stands in.
      const card = profile.data?.id === familyCoach.id ? profile.data : { name: familyCoach.name, title: '', bio: '' };
      return <CoachCard coach={card} own />;
    }
    if (coaches.isError) return <LoadError what={t`the coaches`} onRetry={coaches.refetch} />;

    if (bookable.length === 0) return <p className="coaching-muted">{domainText(COACHING_MESSAGES.noCoach)}</p>;
    const selected = bookable.find((coach) => coach.id === selectedCoachId);
    return (
      <>
        <p className="coaching-muted">
          <Trans>Your family does not have a coach yet: choose one for your first call.</Trans>
        </p>
        <CoachChoice coaches={bookable} value={selectedCoachId} onChange={setChosenCoachId} />
        {selected ? <CoachCard coach={selected} own={false} /> : null}
      </>
    );
  };

  const calendar = () => {
    if (calendarCoachId === null) return null;
    if (profile.isPending && !listed) return <Spinner label={t`Loading the calendar…`} />;
    if (!calendarCoach || !calendarCoach.accepts_bookings || calendarCoach.widget_id === '') {
      const name = calendarCoach?.name ?? familyCoach?.name;
      return (
        <p className="coaching-message">
          {name
            ? t`${name}’s calendar is not open for booking right now. Please check back soon, or write to support.`
            : t`Your coach’s calendar is not open for booking right now. Please check back soon, or write to support.`}
        </p>
      );
    }
    return (
      <SlotPicker
        key={`${calendarCoach.widget_id}:${moving?.id ?? 'new'}`}
        widgetId={calendarCoach.widget_id}
        coachName={calendarCoach.name}
        timeZone={zone}
        bookingRef={bookingRef}
        moving={moving}
        onBooked={(call) => {
          const coachName = call.coach.name;
          const starts = callWhen(call, zone);
          setCallsStatus(null);
          setStatus(t`Your call with ${coachName} is booked for ${starts}.`);
        }}
        onMoved={(call) => {
          const starts = callWhen(call, zone);
          setMoving(null);
          setCallsStatus(null);
          setStatus(t`Your call was moved to ${starts}.`);
        }}
      />
    );
  };

  const movingWhen = moving ? callWhen(moving, zone) : '';
  const movingCoach = moving?.coach.name;
  const cancellingWhen = cancelling ? callWhen(cancelling, zone) : '';
  const cancellingCoach = cancelling?.coach.name;

  return (
    <Page
      title={t`Coaching`}
      intro={t`Talk with a Grove coach about your family’s program, on a call at a time that suits you.`}
    >
      <div className="coaching-layout">
        <div className="coaching-column">
          <section className="card coaching-section" aria-labelledby={coachHeadingId}>
            <h2 className="card__title" id={coachHeadingId}>
              <Trans>Your coach</Trans>
            </h2>
            {coachSection()}
          </section>
          <section className="card coaching-section" aria-labelledby={bookHeadingId}>
            <h2 className="card__title" id={bookHeadingId} ref={bookHeadingRef} tabIndex={-1}>
              {moving ? t`Choose a new time` : t`Book a call`}
            </h2>
            {moving ? (
              <div className="coaching-moving">
                <p>
                  <Trans>
                    Moving your call on <strong>{movingWhen}</strong> with {movingCoach}.
                  </Trans>
                </p>
                <Button variant="ghost" onClick={() => setMoving(null)}>
                  <Trans>Keep the current time</Trans>
                </Button>
              </div>
            ) : null}
            <p role="status" className="coaching-status-line">
              {status}
            </p>
            {calendar()}
          </section>
        </div>
        <div className="coaching-column">
          <section className="card coaching-section" aria-labelledby={callsHeadingId}>
            <h2 className="card__title" id={callsHeadingId} ref={callsHeadingRef} tabIndex={-1}>
              <Trans>Your calls</Trans>
            </h2>
            <p role="status" className="coaching-status-line">
              {callsStatus}
            </p>
            <h3 className="coaching-subtitle">
              <Trans context="calls">Upcoming</Trans>
            </h3>
            <FamilyCallList
              when="upcoming"
              timeZone={zone}
              moving={moving}
              onReschedule={startMoving}
              onCancel={setCancelling}
            />
            <div className="coaching-past">
              <Button
                variant="ghost"
                aria-expanded={showPast}
                aria-controls={pastId}
                onClick={() => setShowPast((shown) => !shown)}
              >
                {showPast ? t`Hide past calls` : t`Show past calls`}
              </Button>
              <div id={pastId}>
                {showPast ? (
                  <>
                    <h3 className="coaching-subtitle">
                      <Trans>Past calls</Trans>
                    </h3>
                    <FamilyCallList
                      when="past"
                      timeZone={zone}
                      moving={null}
                      onReschedule={startMoving}
                      onCancel={setCancelling}
                    />
                  </>
                ) : null}
              </div>
            </div>
          </section>
          <section className="card coaching-section" aria-labelledby={notesHeadingId}>
            <h2 className="card__title" id={notesHeadingId}>
              <Trans>Notes from your coach</Trans>
            </h2>
            <SharedNotes userId={user.id} timeZone={zone} />
          </section>
        </div>
      </div>
      {cancelling ? (
        <CancelCallDialog
          call={cancelling}
          headingRef={callsHeadingRef}
          onClose={() => setCancelling(null)}
          onCancelled={(call) => {
            const starts = callWhen(call, zone);
            if (moving?.id === call.id) setMoving(null);
            setStatus(null);
            setCallsStatus(t`Your call on ${starts} was cancelled.`);
          }}
        >
          <p>
            <Trans>
              Your call on {cancellingWhen} with {cancellingCoach} will be cancelled. You can book another time
              afterwards.
            </Trans>
          </p>
        </CancelCallDialog>
      ) : null}
    </Page>
  );
}
