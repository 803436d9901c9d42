/**
 * The coach's workspace (issue 13 item 9; the side menu's Coaching entry is the coach's): today's
 * and upcoming calls, calls waiting for their outcome (completed with a summary, or no-show), the
 * coach's families, a family's brief with the notes editor, working hours and time off. Staff see
 * the same screen over everyone's calls (the server scopes the lists); families, working hours and
 * time off are a coach's own and stay hidden from them.
 *
 * Times read in the coach's zone (their working hours' zone). Phone: one column; from 900 px the
 * brief sits beside the lists.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { COACHING_LIMITS, DEFAULT_TIMEZONE, localDateKey, resolveTimeZone } from '@grove/domain';
import type { CoachingCall } from '@grove/domain/api/coaching';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { Page } from '../../components/page.tsx';
import { notify } from '../../lib/notifications.ts';
import { href } from '../../lib/paths.ts';
import { AddToCalendarButton, CallStatusBadge, CancelCallDialog, callWhen } from './call-parts.tsx';
import { todayIn } from './coaching-times.ts';
import {
  callsQuery,
  familiesQuery,
  refusalText,
  useChangeCall,
  workingHoursQuery,
  type CallsWhen,
} from './coaching.api.ts';
import { FamilyBrief, type FamilyExtra, type FamilyUserLookup } from './family-brief.tsx';
import { TimeOffPanel } from './time-off-panel.tsx';
import { WorkingHoursForm } from './working-hours-form.tsx';
import { formatDateTime } from '../../lib/format.ts';
import './coaching.css';

type Outcome = 'completed' | 'no_show';

function OutcomeForm({ call, onDone }: { call: CoachingCall; onDone: (message: string) => void }) {
  const change = useChangeCall();
  const [outcome, setOutcome] = useState<Outcome>(call.status === 'no_show' ? 'no_show' : 'completed');
  const [summary, setSummary] = useState(call.summary);
  const baseId = useId();
  return (
    <form
      className="outcome-form"
      noValidate
      aria-label={`Outcome of the call with ${call.family_name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (change.isPending) return;
        change.mutate(
          { callId: call.id, body: { status: outcome, summary } },
          { onSuccess: () => onDone(`The outcome of the call with ${call.family_name} was saved.`) },
        );
      }}
    >
      <fieldset className="outcome-form__choices">
        <legend className="field__label">Outcome</legend>
        {(
          [
            ['completed', 'Completed'],
            ['no_show', 'No-show'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="coaching-check">
            <input
              type="radio"
              name={`${baseId}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${baseId}-summary`}>
          Summary
        </label>
        <textarea
          id={`${baseId}-summary`}
          className="input textarea"
          value={summary}
          maxLength={COACHING_LIMITS.summaryMax}
          onChange={(event) => setSummary(event.target.value)}
        />
      </div>
      {change.isError ? (
        <p className="coaching-error" role="alert">
          {refusalText(change.error)}
        </p>
      ) : null}
      <div className="note-form__actions">
        <Button type="submit" loading={change.isPending}>
          Save outcome
        </Button>
        <Button variant="ghost" onClick={() => onDone('')}>
          Close
        </Button>
      </div>
    </form>
  );
}

function CoachCallItem({
  call,
  timeZone,
  isStaff,
  selected,
  onOpenBrief,
  onCancel,
}: {
  call: CoachingCall;
  timeZone: string;
  isStaff: boolean;
  selected: boolean;
  onOpenBrief: (accountId: number) => void;
  onCancel: (call: CoachingCall) => void;
}) {
  const [recording, setRecording] = useState(false);
  const recordRef = useRef<HTMLButtonElement>(null);
  const started = Date.parse(call.starts_at) <= Date.now();
  const label = `call with ${call.family_name} on ${callWhen(call, timeZone)}`;
  return (
    <li className={`call-item${selected ? ' call-item--selected' : ''}`}>
      <p className="call-item__when">{callWhen(call, timeZone)}</p>
      <p className="call-item__who">
        {call.family_name}
        {isStaff ? ` · with ${call.coach.name}` : ''} <CallStatusBadge status={call.status} />
      </p>
      {call.summary ? <p className="call-item__summary">{call.summary}</p> : null}
      <div className="call-item__actions">
        <Button
          variant="secondary"
          aria-pressed={selected}
          onClick={() => onOpenBrief(call.account_id)}
          aria-label={`Brief of ${call.family_name}`}
        >
          Brief
        </Button>
        {call.status === 'scheduled' && !started ? <AddToCalendarButton call={call} label={label} /> : null}
        {started && call.status !== 'cancelled' ? (
          <button
            ref={recordRef}
            type="button"
            className="button button--secondary"
            aria-expanded={recording}
            onClick={() => setRecording((open) => !open)}
            aria-label={`Record outcome of the ${label}`}
          >
            <span className="button__label">Record outcome</span>
          </button>
        ) : null}
        {call.status === 'scheduled' && !started ? (
          <Button variant="danger" onClick={() => onCancel(call)} aria-label={`Cancel the ${label}`}>
            Cancel
          </Button>
        ) : null}
      </div>
      {recording ? (
        <OutcomeForm
          call={call}
          onDone={(message) => {
            setRecording(false);
            if (message) notify({ kind: 'success', title: 'Outcome saved', message });
            requestAnimationFrame(() => recordRef.current?.focus());
          }}
        />
      ) : null}
    </li>
  );
}

function CallGroup({
  title,
  calls,
  empty,
  ...item
}: {
  title: string;
  calls: readonly CoachingCall[];
  empty: string;
  timeZone: string;
  isStaff: boolean;
  selectedAccountId: number | null;
  onOpenBrief: (accountId: number) => void;
  onCancel: (call: CoachingCall) => void;
}) {
  return (
    <>
      <h3 className="coaching-subtitle">{title}</h3>
      {calls.length === 0 ? (
        <p className="coaching-muted">{empty}</p>
      ) : (
        <ul className="call-list">
          {calls.map((call) => (
            <CoachCallItem
              key={call.id}
              call={call}
              timeZone={item.timeZone}
              isStaff={item.isStaff}
              selected={item.selectedAccountId === call.account_id}
              onOpenBrief={item.onOpenBrief}
              onCancel={item.onCancel}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function useCalls(when: CallsWhen) {
  return useQuery(callsQuery(when));
}

export function CoachWorkspace({
  user,
  familyUserId,
  familyExtra,
  initialAccountId = null,
}: {
  user: UserInfo;
  familyUserId: FamilyUserLookup;
  /** More of a family under its brief (the route adds the customer interactions). */
  familyExtra?: FamilyExtra;
  /** A family whose brief opens at once (the caseload's links: ?family=). */
  initialAccountId?: number | null;
}) {
  const isCoach = user.is_coach;
  const isStaff = user.is_staff;
  const hours = useQuery({ ...workingHoursQuery(), enabled: isCoach });
  const zone = resolveTimeZone(hours.data?.time_zone ?? DEFAULT_TIMEZONE);
  const upcoming = useCalls('upcoming');
  const past = useCalls('past');
  const families = useQuery({ ...familiesQuery(), enabled: isCoach });
  const [selectedAccountId, setSelectedAccountId] = useState<number | null>(initialAccountId);
  const [cancelling, setCancelling] = useState<CoachingCall | null>(null);
  const briefHeadingRef = useRef<HTMLHeadingElement>(null);
  const callsHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = {
    calls: useId(),
    families: useId(),
    brief: useId(),
    hours: useId(),
    timeOff: useId(),
  };

  const openBrief = (accountId: number) => {
    setSelectedAccountId(accountId);
    // On a phone the brief is further down: take the person there.
    requestAnimationFrame(() => briefHeadingRef.current?.focus());
  };

  const today = todayIn(zone);
  const upcomingCalls = upcoming.data?.results ?? [];
  const todays = upcomingCalls.filter((call) => localDateKey(new Date(call.starts_at), zone) === today);
  const later = upcomingCalls.filter((call) => !todays.includes(call));
  const pastCalls = past.data?.results ?? [];
  const waiting = pastCalls.filter((call) => call.status === 'scheduled');
  const recent = pastCalls.filter((call) => call.status !== 'scheduled').slice(0, 10);
  const groupProps = {
    timeZone: zone,
    isStaff,
    selectedAccountId,
    onOpenBrief: openBrief,
    onCancel: setCancelling,
  };

  return (
    <Page
      title="Coaching"
      intro={
        isCoach
          ? 'Your calls and families, each family’s brief before a call, and the hours families can book.'
          : 'Every coaching call, and each family’s brief.'
      }
    >
      <div className="coaching-layout">
        <div className="coaching-column">
          <section className="card coaching-section" aria-labelledby={ids.calls}>
            <h2 className="card__title" id={ids.calls} ref={callsHeadingRef} tabIndex={-1}>
              Calls
            </h2>
            <p className="coaching-muted">Times in {zone.replace(/_/g, ' ')}.</p>
            <QueryState query={upcoming} what="the calls" label="Loading calls…">
              {() => (
                <>
                  <CallGroup title="Today" calls={todays} empty="No calls today." {...groupProps} />
                  <CallGroup title="Upcoming" calls={later} empty="No other calls booked." {...groupProps} />
                </>
              )}
            </QueryState>
            {past.isSuccess && waiting.length > 0 ? (
              <CallGroup title="Waiting for an outcome" calls={waiting} empty="" {...groupProps} />
            ) : null}
            {past.isSuccess && recent.length > 0 ? (
              <CallGroup title="Recent calls" calls={recent} empty="" {...groupProps} />
            ) : null}
          </section>
          {isCoach ? (
            <section className="card coaching-section" aria-labelledby={ids.families}>
              <h2 className="card__title" id={ids.families}>
                Your families
              </h2>
              <p>
                <Link to={href('root.user.caseload')}>Caseload: who needs attention</Link>
              </p>
              <QueryState query={families} what="your families">
                {(data) =>
                  data.results.length === 0 ? (
                    <p className="coaching-muted">No families are assigned to you yet.</p>
                  ) : (
                    <ul className="family-list">
                      {data.results.map((family) => (
                        <li
                          key={family.account_id}
                          className={`family-item${selectedAccountId === family.account_id ? ' family-item--selected' : ''}`}
                        >
                          <div className="family-item__text">
                            <p className="family-item__name">{family.family_name}</p>
                            <p className="coaching-muted">
                              {family.players.length > 0
                                ? family.players.map((player) => player.name).join(', ')
                                : 'No players yet'}
                            </p>
                            <p className="coaching-muted">
                              {family.next_call
                                ? `Next call: ${callWhen(family.next_call, zone)}`
                                : family.last_call_at
                                  ? `Last call: ${formatDateTime(family.last_call_at, zone)}`
                                  : 'No calls yet'}
                            </p>
                          </div>
                          <Button
                            variant="secondary"
                            aria-pressed={selectedAccountId === family.account_id}
                            onClick={() => openBrief(family.account_id)}
                            aria-label={`Brief of ${family.family_name}`}
                          >
                            Brief
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )
                }
              </QueryState>
            </section>
          ) : null}
        </div>
        <div className="coaching-column">
          <section className="card coaching-section coaching-brief" aria-labelledby={ids.brief}>
            {selectedAccountId === null ? (
              <>
                <h2 className="card__title" id={ids.brief} ref={briefHeadingRef} tabIndex={-1}>
                  Brief
                </h2>
                <p className="coaching-muted">
                  Choose “Brief” on a call or a family to see the last four weeks, settings, survey answers and notes.
                </p>
              </>
            ) : (
              <div className="coaching-brief__content">
                <FamilyBrief
                  key={selectedAccountId}
                  headingId={ids.brief}
                  accountId={selectedAccountId}
                  timeZone={zone}
                  userId={user.id}
                  isStaff={isStaff}
                  familyUserId={familyUserId}
                  headingRef={briefHeadingRef}
                  extra={familyExtra}
                />
              </div>
            )}
          </section>
        </div>
      </div>
      {isCoach ? (
        <div className="coaching-layout">
          <section className="card coaching-section" aria-labelledby={ids.hours}>
            <h2 className="card__title" id={ids.hours}>
              Working hours
            </h2>
            <WorkingHoursForm />
          </section>
          <section className="card coaching-section" aria-labelledby={ids.timeOff}>
            <h2 className="card__title" id={ids.timeOff}>
              Time off
            </h2>
            <TimeOffPanel timeZone={zone} />
          </section>
        </div>
      ) : null}
      {cancelling ? (
        <CancelCallDialog
          call={cancelling}
          headingRef={callsHeadingRef}
          onClose={() => setCancelling(null)}
          onCancelled={(call) =>
            notify({
              kind: 'success',
              title: 'Call cancelled',
              message: `The call with ${call.family_name} on ${callWhen(call, zone)} was cancelled. The family was told.`,
            })
          }
        >
          <p>
            The call with {cancelling.family_name} on {callWhen(cancelling, zone)} will be cancelled, and the family
            will be told by e-mail.
          </p>
        </CancelCallDialog>
      ) : null}
    </Page>
  );
}
