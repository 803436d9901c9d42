/**
 * The subscription flows, each behind a dialog that says what will happen and when before the
 * person confirms (issue 11 item 12): cancel (reason, offer, confirmation), undo the cancellation,
 * pause, resume, don't renew, renew and request a return. Each confirmation sends one
 * Idempotency-Key; a refusal (409) shows the server's sentence; the answer is shown and announced,
 * and the subscription, billing details and history are read again.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANCEL_REASONS,
  formatDateTime,
  formatMoney,
  PAUSE_MONTHS,
  RETENTION_OFFERS,
  type CancelReason,
} from '@grove/domain';
import type { FlowAnswer, Subscription } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { notify } from '../../lib/notifications.ts';
import { href } from '../../lib/paths.ts';
import { afterFlow, billingRulesQuery, keepsIdempotencyKey, runFlow, type ParentFlow } from './billing.api.ts';
import {
  ACTION_WORDS,
  cancelEndDate,
  isAllowed,
  keyDate,
  pauseDates,
  renewCharges,
  renewedPeriodEnd,
  resumeNextCharge,
} from './subscription-status.ts';

export type FlowContext = {
  accountId: number;
  userId: number;
  subscription: Subscription;
  timeZone: string | null;
  /** Where focus goes when the button that opened a dialog is gone after the flow. */
  fallbackFocus: () => HTMLElement | null;
  /** False on the package returns page itself (no link to it). */
  linkToReturns?: boolean;
};

type FlowCall = (key: string) => Promise<FlowAnswer>;

/** One flow's call: one Idempotency-Key per confirmation, kept only for a retry without an answer. */
function useFlow(context: FlowContext, action: ParentFlow) {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (call: FlowCall) => {
      key.current ??= newIdempotencyKey();
      return call(key.current);
    },
    onSuccess: (answer) => {
      key.current = null;
      notify({ kind: 'success', title: ACTION_WORDS[action], message: answer.detail });
      void afterFlow(queryClient, { accountId: context.accountId, userId: context.userId }, answer);
    },
    onError: (error) => {
      if (!keepsIdempotencyKey(error)) key.current = null;
    },
  });
}

/** A step's heading; it takes focus when the dialog moves to its step. */
function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h3 className="dialog__step" tabIndex={-1} ref={ref}>
      {children}
    </h3>
  );
}

function FlowError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p className="error-box" role="alert">
      {error.message}
    </p>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}

/** What the flow did: a short headline (focused, so it is read first), the new key date, the server's sentence. */
function DoneStep({
  headline,
  answer,
  timeZone,
  onClose,
}: {
  headline: string;
  answer: FlowAnswer;
  timeZone: string | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const date = keyDate(answer.subscription, timeZone);
  return (
    <div className="dialog__done">
      <h3 className="dialog__step" tabIndex={-1} ref={ref}>
        {headline}
      </h3>
      {date ? (
        <dl className="details">
          <div>
            <dt>{date.label}</dt>
            <dd>{date.value}</dd>
          </div>
        </dl>
      ) : null}
      <p>{answer.detail}</p>
      <Actions>
        <Button onClick={onClose}>Close</Button>
      </Actions>
    </div>
  );
}

const when = (instant: Date | string | null | undefined, timeZone: string | null) =>
  instant ? formatDateTime(instant, timeZone) : '';

function price(subscription: Subscription): string {
  return formatMoney(subscription.next_charge_cents ?? subscription.plan.price_cents, subscription.plan.currency);
}

// Cancel: why, an offer for the reason, then the end date.

type CancelStep = 'reason' | 'offer' | 'confirm' | 'done';

function CancelDialog({
  context,
  onClose,
  onOpen,
}: {
  context: FlowContext;
  onClose: () => void;
  onOpen: (action: ParentFlow) => void;
}) {
  const { subscription, timeZone } = context;
  const [now] = useState(() => new Date());
  const [step, setStep] = useState<{ id: CancelStep; moved: boolean }>({ id: 'reason', moved: false });
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [comment, setComment] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const rules = useQuery(billingRulesQuery());
  const flow = useFlow(context, 'cancel_request');
  const ids = useId();
  const go = (id: CancelStep) => setStep({ id, moved: true });

  const chosen = CANCEL_REASONS.find((item) => item.id === reason) ?? null;
  const offer = chosen?.offer ?? null;
  const offerUsable = offer !== null && (offer !== 'pause' || isAllowed(subscription, 'pause', now));

  const next = () => {
    if (!reason) {
      setReasonMissing(true);
      return;
    }
    go(offerUsable ? 'offer' : 'confirm');
  };

  const confirm = () => {
    if (!reason) return;
    const text = comment.trim();
    flow.mutate((key) =>
      runFlow(context.accountId, key, 'cancel_request', { reason, ...(text ? { comment: text } : {}) }),
    );
  };
  const done = flow.data;

  return (
    <ModalDialog
      title="Cancel your subscription"
      onClose={onClose}
      busy={flow.isPending}
      fallbackFocus={context.fallbackFocus}
    >
      {done ? (
        <DoneStep answer={done} timeZone={timeZone} onClose={onClose} headline={ACTION_WORDS.cancel_request} />
      ) : step.id === 'reason' ? (
        <form
          className="dialog__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <fieldset
            className="billing-choices"
            aria-describedby={reasonMissing ? `${ids}-reason-issue` : undefined}
            aria-invalid={reasonMissing || undefined}
          >
            <legend className="billing-choices__legend">Why are you leaving?</legend>
            {CANCEL_REASONS.map((item) => (
              <label key={item.id} className="billing-choice">
                <input
                  type="radio"
                  name="cancel-reason"
                  value={item.id}
                  checked={reason === item.id}
                  onChange={() => {
                    setReason(item.id);
                    setReasonMissing(false);
                  }}
                />
                <span>{item.label}</span>
              </label>
            ))}
          </fieldset>
          {reasonMissing ? (
            <p className="field__issue field__issue--error" id={`${ids}-reason-issue`}>
              Please tell us why you are leaving.
            </p>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-comment`}>
              Anything else you want to tell us? (optional)
            </label>
            <textarea
              id={`${ids}-comment`}
              className="input textarea"
              maxLength={1000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          <Actions>
            <Button variant="secondary" onClick={onClose}>
              Keep my subscription
            </Button>
            <Button type="submit">Continue</Button>
          </Actions>
        </form>
      ) : step.id === 'offer' && offer ? (
        <div>
          <StepHeading focus={step.moved}>Before you go</StepHeading>
          <p>{RETENTION_OFFERS[offer]}</p>
          <Actions>
            {offer === 'pause' ? (
              <Button onClick={() => onOpen('pause')}>Pause instead</Button>
            ) : offer === 'coaching' ? (
              <Link className="button button--primary" to={href('root.user.booking')}>
                <span className="button__label">Book a coaching call</span>
              </Link>
            ) : (
              <a
                className="button button--primary"
                href={EXTERNAL_LINKS.support}
                target="_blank"
                rel="noopener noreferrer"
              >
                <span className="button__label">
                  Get help with the band<span className="visually-hidden"> (opens in a new tab)</span>
                </span>
              </a>
            )}
            <Button variant="secondary" onClick={() => go('confirm')}>
              Cancel anyway
            </Button>
          </Actions>
        </div>
      ) : (
        <div>
          <StepHeading focus={step.moved}>Confirm the cancellation</StepHeading>
          <QueryState query={rules} what="the cancellation rules" label="Loading the cancellation date…">
            {(data) => (
              <>
                <p className="dialog__lead">
                  Your subscription will end on <strong>{when(cancelEndDate(now, data.grace_days), timeZone)}</strong>.
                </p>
                <p>
                  Until then everything keeps working, and nothing more is charged. You can undo the cancellation any
                  time before that date.
                </p>
              </>
            )}
          </QueryState>

          <FlowError error={flow.error} />
          <Actions>
            <Button variant="secondary" onClick={onClose} disabled={flow.isPending}>
              Keep my subscription
            </Button>
            <Button variant="danger" onClick={confirm} loading={flow.isPending} disabled={!rules.data}>
              Cancel my subscription
            </Button>
          </Actions>
        </div>
      )}
    </ModalDialog>
  );
}

// Pause: how long, until when, nothing charged.

function PauseDialog({ context, onClose }: { context: FlowContext; onClose: () => void }) {
  const { subscription, timeZone } = context;
  const [now] = useState(() => new Date());
  const [months, setMonths] = useState<number>(PAUSE_MONTHS.min);
  const flow = useFlow(context, 'pause');
  const selectId = useId();
  const { until, nextCharge } = pauseDates(subscription, now, months);
  const lengths = Array.from(
    { length: PAUSE_MONTHS.max - PAUSE_MONTHS.min + 1 },
    (_, index) => PAUSE_MONTHS.min + index,
  );
  const label = (count: number) => `${count} month${count === 1 ? '' : 's'}`;

  return (
    <ModalDialog
      title="Pause your subscription"
      onClose={onClose}
      busy={flow.isPending}
      fallbackFocus={context.fallbackFocus}
    >
      {flow.data ? (
        <DoneStep answer={flow.data} timeZone={timeZone} onClose={onClose} headline={ACTION_WORDS.pause} />
      ) : (
        <div>
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              How long?
            </label>
            <select
              id={selectId}
              className="input select"
              value={months}
              onChange={(event) => setMonths(Number(event.target.value))}
              disabled={flow.isPending}
            >
              {lengths.map((count) => (
                <option key={count} value={count}>
                  {label(count)}
                </option>
              ))}
            </select>
          </div>
          <p className="dialog__lead" aria-live="polite">
            Your subscription is paused until <strong>{when(until, timeZone)}</strong>. Nothing is charged while it is
            paused.
          </p>
          <p>
            It resumes by itself then, and the next charge moves to {when(nextCharge, timeZone)}. Your players keep
            their progress.
          </p>
          <FlowError error={flow.error} />
          <Actions>
            <Button variant="secondary" onClick={onClose} disabled={flow.isPending}>
              Keep it running
            </Button>
            <Button
              onClick={() => flow.mutate((key) => runFlow(context.accountId, key, 'pause', { months }))}
              loading={flow.isPending}
            >
              Pause for {label(months)}
            </Button>
          </Actions>
        </div>
      )}
    </ModalDialog>
  );
}

// The flows that need only a confirmation.

type SimpleFlow = Exclude<ParentFlow, 'cancel_request' | 'pause'>;

function simpleFlowText(
  action: SimpleFlow,
  subscription: Subscription,
  now: Date,
  timeZone: string | null,
): { title: string; lead: ReactNode; more: ReactNode; confirm: string; variant: 'primary' | 'danger' } {
  const at = (instant: Date | string | null | undefined) => <strong>{when(instant, timeZone)}</strong>;
  switch (action) {
    case 'cancel_undo':
      return {
        title: 'Undo the cancellation',
        lead: <>Your subscription continues and does not end on {at(subscription.cancel_at)}.</>,
        more: (
          <>
            The next charge of {price(subscription)} is on {when(subscription.current_period_end, timeZone)}.
          </>
        ),
        confirm: 'Undo the cancellation',
        variant: 'primary',
      };
    case 'resume':
      return {
        title: 'Resume your subscription',
        lead: <>Your subscription runs again from now, {at(now)}.</>,
        more: (
          <>
            The next charge of {price(subscription)} is on {when(resumeNextCharge(subscription, now), timeZone)}.
          </>
        ),
        confirm: 'Resume now',
        variant: 'primary',
      };
    case 'renew_decline':
      return {
        title: 'Don’t renew',
        lead: <>Your subscription will not renew: it ends on {at(subscription.current_period_end)}.</>,
        more: <>Nothing more is charged. You can still renew before then.</>,
        confirm: 'Don’t renew',
        variant: 'danger',
      };
    case 'renew_confirm':
      return renewCharges(subscription)
        ? {
            title: 'Renew your subscription',
            lead: (
              <>We charge {formatMoney(subscription.plan.price_cents, subscription.plan.currency)} to your card now.</>
            ),
            more: <>Your subscription then runs until {when(renewedPeriodEnd(subscription, now), timeZone)}.</>,
            confirm: 'Renew and pay',
            variant: 'primary',
          }
        : {
            title: 'Renew your subscription',
            lead: <>Your subscription keeps running instead of ending on {at(subscription.cancel_at)}.</>,
            more: (
              <>
                The next charge of {price(subscription)} is on {when(subscription.current_period_end, timeZone)}.
              </>
            ),
            confirm: 'Renew',
            variant: 'primary',
          };
    case 'return_request':
      return {
        title: 'Request a return',
        lead: <>You can return the kit until {at(subscription.return_deadline)}.</>,
        more: (
          <>
            After you ask, pack the band, the cable and the stand in their box. We e-mail you a prepaid return label
            within two business days, and refund your payment once the kit is back; the subscription then ends.
          </>
        ),
        confirm: 'Request a return',
        variant: 'primary',
      };
  }
}

function SimpleFlowDialog({
  action,
  context,
  onClose,
}: {
  action: SimpleFlow;
  context: FlowContext;
  onClose: () => void;
}) {
  const [now] = useState(() => new Date());
  const flow = useFlow(context, action);
  const text = simpleFlowText(action, context.subscription, now, context.timeZone);
  return (
    <ModalDialog title={text.title} onClose={onClose} busy={flow.isPending} fallbackFocus={context.fallbackFocus}>
      {flow.data ? (
        <DoneStep answer={flow.data} timeZone={context.timeZone} onClose={onClose} headline={ACTION_WORDS[action]} />
      ) : (
        <div>
          <p className="dialog__lead">{text.lead}</p>
          <p>{text.more}</p>
          {action === 'return_request' && context.linkToReturns !== false ? (
            <p>
              <Link to={href('packagereturns')}>How returns work</Link>
            </p>
          ) : null}
          <FlowError error={flow.error} />
          <Actions>
            <Button variant="secondary" onClick={onClose} disabled={flow.isPending}>
              Go back
            </Button>
            <Button
              variant={text.variant}
              onClick={() => flow.mutate((key) => runFlow(context.accountId, key, action))}
              loading={flow.isPending}
            >
              {text.confirm}
            </Button>
          </Actions>
        </div>
      )}
    </ModalDialog>
  );
}

/** The dialog of `action`; `onOpen` switches to another flow (the cancel dialog's pause offer). */
export function FlowDialog({
  action,
  context,
  onClose,
  onOpen,
}: {
  action: ParentFlow;
  context: FlowContext;
  onClose: () => void;
  onOpen: (action: ParentFlow) => void;
}) {
  if (action === 'cancel_request') return <CancelDialog context={context} onClose={onClose} onOpen={onOpen} />;
  if (action === 'pause') return <PauseDialog context={context} onClose={onClose} />;
  return <SimpleFlowDialog action={action} context={context} onClose={onClose} />;
}

/** The label of the button that opens each flow. */
export const FLOW_BUTTONS: Readonly<Record<ParentFlow, string>> = {
  cancel_undo: 'Undo cancellation',
  resume: 'Resume',
  renew_confirm: 'Renew',
  pause: 'Pause',
  return_request: 'Request a return',
  renew_decline: 'Don’t renew',
  cancel_request: 'Cancel subscription',
};
