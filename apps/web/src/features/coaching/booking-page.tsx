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
import { BOOKING_RULES, COACHING_MESSAGES, formatDateTime, resolveTimeZone } from '@grove/domain';
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
        {own ? <p className="coach-card__own">Your family’s coach</p> : null}
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
        Coach
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
      <p className="field__hint">The coach of your first call becomes your family’s coach.</p>
    </div>
  );
}

function SharedNotes({ userId, timeZone }: { userId: number; timeZone: string }) {
  const notes = useQuery(notesQuery(userId));
  if (notes.isPending) return <Spinner label="Loading your coach’s notes…" />;
  if (notes.isError) return <LoadError what="your coach’s notes" onRetry={notes.refetch} />;
  if (notes.data.results.length === 0) {
    return (
      <p className="coaching-muted">Your coach hasn’t shared any notes yet. After a call, their notes appear here.</p>
    );
  }
  return (
    <ul className="note-list">
      {notes.data.results.map((note) => (
        <li key={note.id} className="note">
          <p className="note__meta">
            {note.coach ? <strong>{note.coach.name}</strong> : null}
            {note.coach ? ' · ' : null}
            {formatDateTime(note.created_at, timeZone)}
            {note.player ? ` · about ${note.player.name}` : null}
          </p>
          <p className="note__body">{note.body}</p>
        </li>
      ))}
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
  const calls = useQuery(userBookingsQuery(when));
  if (calls.isPending) return <Spinner label={when === 'past' ? 'Loading past calls…' : 'Loading your calls…'} />;
  if (calls.isError) return <LoadError what="your calls" onRetry={calls.refetch} />;
  if (calls.data.results.length === 0) {
    return (
      <p className="coaching-muted">
        {when === 'upcoming' ? 'No calls booked. Choose a time to book one.' : 'No past calls yet.'}
      </p>
    );
  }
  return (
    <ul className="call-list">
      {calls.data.results.map((call) => {
        const label = `call on ${callWhen(call, timeZone)}`;
        const note = changeNote(call);
        const scheduled = call.status === 'scheduled';
        return (
          <li key={call.id} className={`call-item${moving?.id === call.id ? ' call-item--moving' : ''}`}>
            <p className="call-item__when">{callWhen(call, timeZone)}</p>
            <p className="call-item__who">
              with {call.coach.name} <CallStatusBadge status={call.status} />
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
                    aria-label={`Reschedule the ${label}`}
                  >
                    Reschedule
                  </Button>
                  <Button
                    variant="danger"
                    disabled={!call.can_change}
                    onClick={() => onCancel(call)}
                    aria-label={`Cancel the ${label}`}
                  >
                    Cancel
                  </Button>
                </div>
                {note ? <p className="call-item__note">{note}</p> : null}
                {moving?.id === call.id ? <p className="call-item__note">Choose a new time in the calendar.</p> : null}
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
    if (familyCoachPending || (!familyCoach && coaches.isPending)) return <Spinner label="Loading your coach…" />;
    if (familyCoach) {
      if (profile.isPending && calendarCoachId === familyCoach.id) return <Spinner label="Loading your coach…" />;
      // Without a profile (404, not reported) the account's name for the coach stands in.
      const card = profile.data?.id === familyCoach.id ? profile.data : { name: familyCoach.name, title: '', bio: '' };
      return <CoachCard coach={card} own />;
    }
    if (coaches.isError) return <LoadError what="the coaches" onRetry={coaches.refetch} />;

    if (bookable.length === 0) return <p className="coaching-muted">{COACHING_MESSAGES.noCoach}</p>;
    const selected = bookable.find((coach) => coach.id === selectedCoachId);
    return (
      <>
        <p className="coaching-muted">Your family does not have a coach yet: choose one for your first call.</p>
        <CoachChoice coaches={bookable} value={selectedCoachId} onChange={setChosenCoachId} />
        {selected ? <CoachCard coach={selected} own={false} /> : null}
      </>
    );
  };

  const calendar = () => {
    if (calendarCoachId === null) return null;
    if (profile.isPending && !listed) return <Spinner label="Loading the calendar…" />;
    if (!calendarCoach || !calendarCoach.accepts_bookings || calendarCoach.widget_id === '') {
      const name = calendarCoach?.name ?? (familyCoach ? familyCoach.name : 'Your coach');
      return (
        <p className="coaching-message">
          {name}’s calendar is not open for booking right now. Please check back soon, or write to support.
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
          setCallsStatus(null);
          setStatus(`Your call with ${call.coach.name} is booked for ${callWhen(call, zone)}.`);
        }}
        onMoved={(call) => {
          setMoving(null);
          setCallsStatus(null);
          setStatus(`Your call was moved to ${callWhen(call, zone)}.`);
        }}
      />
    );
  };

  return (
    <Page
      title="Coaching"
      intro="Talk with a Grove coach about your family’s program, on a call at a time that suits you."
    >
      <div className="coaching-layout">
        <div className="coaching-column">
          <section className="card coaching-section" aria-labelledby={coachHeadingId}>
            <h2 className="card__title" id={coachHeadingId}>
              Your coach
            </h2>
            {coachSection()}
          </section>
          <section className="card coaching-section" aria-labelledby={bookHeadingId}>
            <h2 className="card__title" id={bookHeadingId} ref={bookHeadingRef} tabIndex={-1}>
              {moving ? 'Choose a new time' : 'Book a call'}
            </h2>
            {moving ? (
              <div className="coaching-moving">
                <p>
                  Moving your call on <strong>{callWhen(moving, zone)}</strong> with {moving.coach.name}.
                </p>
                <Button variant="ghost" onClick={() => setMoving(null)}>
                  Keep the current time
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
              Your calls
            </h2>
            <p role="status" className="coaching-status-line">
              {callsStatus}
            </p>
            <h3 className="coaching-subtitle">Upcoming</h3>
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
                {showPast ? 'Hide past calls' : 'Show past calls'}
              </Button>
              <div id={pastId}>
                {showPast ? (
                  <>
                    <h3 className="coaching-subtitle">Past calls</h3>
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
              Notes from your coach
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
            if (moving?.id === call.id) setMoving(null);
            setStatus(null);
            setCallsStatus(`Your call on ${callWhen(call, zone)} was cancelled.`);
          }}
        >
          <p>
            Your call on {callWhen(cancelling, zone)} with {cancelling.coach.name} will be cancelled. You can book
            another time afterwards.
          </p>
        </CancelCallDialog>
      ) : null}
    </Page>
  );
}
