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
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CANCEL_REASONS,
  CHECKOUT_MESSAGES,
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
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
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
  const { i18n } = useLingui();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (call: FlowCall) => {
      key.current ??= newIdempotencyKey();
      return call(key.current);
    },
    onSuccess: (answer) => {
      key.current = null;
      notify({ kind: 'success', title: i18n._(ACTION_WORDS[action]), message: answer.detail });
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
      {domainText(error.message)}
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
  const { i18n } = useLingui();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const date = keyDate(answer.subscription, timeZone, i18n);
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
      <p>{domainText(answer.detail)}</p>
      <Actions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
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
  const { t, i18n } = useLingui();
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
      title={t`Cancel your subscription`}
      onClose={onClose}
      busy={flow.isPending}
      fallbackFocus={context.fallbackFocus}
    >
      {done ? (
        <DoneStep answer={done} timeZone={timeZone} onClose={onClose} headline={i18n._(ACTION_WORDS.cancel_request)} />
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
            <legend className="billing-choices__legend">
              <Trans>Why are you leaving?</Trans>
            </legend>
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
                <span>{domainText(item.label)}</span>
              </label>
            ))}
          </fieldset>
          {reasonMissing ? (
            <p className="field__issue field__issue--error" id={`${ids}-reason-issue`}>
              {domainText(CHECKOUT_MESSAGES.cancelReason)}
            </p>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-comment`}>
              <Trans>Anything else you want to tell us? (optional)</Trans>
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
              <Trans>Keep my subscription</Trans>
            </Button>
            <Button type="submit">
              <Trans>Continue</Trans>
            </Button>
          </Actions>
        </form>
      ) : step.id === 'offer' && offer ? (
        <div>
          <StepHeading focus={step.moved}>
            <Trans>Before you go</Trans>
          </StepHeading>
          <p>{domainText(RETENTION_OFFERS[offer])}</p>
          <Actions>
            {offer === 'pause' ? (
              <Button onClick={() => onOpen('pause')}>
                <Trans>Pause instead</Trans>
              </Button>
            ) : offer === 'coaching' ? (
              <Link className="button button--primary" to={href('root.user.booking')}>
                <span className="button__label">
                  <Trans>Book a coaching call</Trans>
                </span>
              </Link>
            ) : (
              <a
                className="button button--primary"
                href={EXTERNAL_LINKS.support}
                target="_blank"
                rel="noopener noreferrer"
              >
                <span className="button__label">
                  <Trans>
                    Get help with the band<span className="visually-hidden"> (opens in a new tab)</span>
                  </Trans>
                </span>
              </a>
            )}
            <Button variant="secondary" onClick={() => go('confirm')}>
              <Trans>Cancel anyway</Trans>
            </Button>
          </Actions>
        </div>
      ) : (
        <div>
          <StepHeading focus={step.moved}>
            <Trans>Confirm the cancellation</Trans>
          </StepHeading>
          <QueryState query={rules} what={t`the cancellation rules`} label={t`Loading the cancellation date…`}>
            {(data) => {
              const endDate = when(cancelEndDate(now, data.grace_days), timeZone);
              return (
                <>
                  <p className="dialog__lead">
                    <Trans>
                      Your subscription will end on <strong>{endDate}</strong>.
                    </Trans>
                  </p>
                  <p>
                    <Trans>
                      Until then everything keeps working, and nothing more is charged. You can undo the cancellation
                      any time before that date.
                    </Trans>
                  </p>
                </>
              );
            }}
          </QueryState>

          <FlowError error={flow.error} />
          <Actions>
            <Button variant="secondary" onClick={onClose} disabled={flow.isPending}>
              <Trans>Keep my subscription</Trans>
            </Button>
            <Button variant="danger" onClick={confirm} loading={flow.isPending} disabled={!rules.data}>
              <Trans>Cancel my subscription</Trans>
            </Button>
          </Actions>
        </div>
      )}
    </ModalDialog>
  );
}

// Pause: how long, until when, nothing charged.

function PauseDialog({ context, onClose }: { context: FlowContext; onClose: () => void }) {
  const { t, i18n } = useLingui();
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
  const label = (count: number) => t`${plural(count, { one: '# month', other: '# months' })}`;
  const untilDate = when(until, timeZone);
  const nextChargeDate = when(nextCharge, timeZone);

  return (
    <ModalDialog
      title={t`Pause your subscription`}
      onClose={onClose}
      busy={flow.isPending}
      fallbackFocus={context.fallbackFocus}
    >
      {flow.data ? (
        <DoneStep answer={flow.data} timeZone={timeZone} onClose={onClose} headline={i18n._(ACTION_WORDS.pause)} />
      ) : (
        <div>
          <div className="field">
            <label className="field__label" htmlFor={selectId}>
              <Trans>How long?</Trans>
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
            <Trans>
              Your subscription is paused until <strong>{untilDate}</strong>. Nothing is charged while it is paused.
            </Trans>
          </p>
          <p>
            <Trans>
              It resumes by itself then, and the next charge moves to {nextChargeDate}. Your players keep their
              progress.
            </Trans>
          </p>
          <FlowError error={flow.error} />
          <Actions>
            <Button variant="secondary" onClick={onClose} disabled={flow.isPending}>
              <Trans>Keep it running</Trans>
            </Button>
            <Button
              onClick={() => flow.mutate((key) => runFlow(context.accountId, key, 'pause', { months }))}
              loading={flow.isPending}
            >
              {t`${plural(months, { one: 'Pause for # month', other: 'Pause for # months' })}`}
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
  i18n: I18n,
): { title: string; lead: ReactNode; more: ReactNode; confirm: string; variant: 'primary' | 'danger' } {
  const nextCharge = price(subscription);
  switch (action) {
    case 'cancel_undo': {
      const cancelAt = when(subscription.cancel_at, timeZone);
      const chargeDate = when(subscription.current_period_end, timeZone);
      return {
        title: i18n._(msg`Undo the cancellation`),
        lead: (
          <Trans>
            Your subscription continues and does not end on <strong>{cancelAt}</strong>.
          </Trans>
        ),
        more: (
          <Trans>
            The next charge of {nextCharge} is on {chargeDate}.
          </Trans>
        ),
        confirm: i18n._(msg`Undo the cancellation`),
        variant: 'primary',
      };
    }
    case 'resume': {
      const resumedAt = when(now, timeZone);
      const chargeDate = when(resumeNextCharge(subscription, now), timeZone);
      return {
        title: i18n._(msg`Resume your subscription`),
        lead: (
          <Trans>
            Your subscription runs again from now, <strong>{resumedAt}</strong>.
          </Trans>
        ),
        more: (
          <Trans>
            The next charge of {nextCharge} is on {chargeDate}.
          </Trans>
        ),
        confirm: i18n._(msg`Resume now`),
        variant: 'primary',
      };
    }
    case 'renew_decline': {
      const periodEnd = when(subscription.current_period_end, timeZone);
      return {
        title: i18n._(msg`Don’t renew`),
        lead: (
          <Trans>
            Your subscription will not renew: it ends on <strong>{periodEnd}</strong>.
          </Trans>
        ),
        more: <Trans>Nothing more is charged. You can still renew before then.</Trans>,
        confirm: i18n._(msg`Don’t renew`),
        variant: 'danger',
      };
    }
    case 'renew_confirm': {
      if (renewCharges(subscription)) {
        const planPrice = formatMoney(subscription.plan.price_cents, subscription.plan.currency);
        const runsUntil = when(renewedPeriodEnd(subscription, now), timeZone);
        return {
          title: i18n._(msg`Renew your subscription`),
          lead: <Trans>We charge {planPrice} to your card now.</Trans>,
          more: <Trans>Your subscription then runs until {runsUntil}.</Trans>,
          confirm: i18n._(msg`Renew and pay`),
          variant: 'primary',
        };
      }
      const cancelAt = when(subscription.cancel_at, timeZone);
      const chargeDate = when(subscription.current_period_end, timeZone);
      return {
        title: i18n._(msg`Renew your subscription`),
        lead: (
          <Trans>
            Your subscription keeps running instead of ending on <strong>{cancelAt}</strong>.
          </Trans>
        ),
        more: (
          <Trans>
            The next charge of {nextCharge} is on {chargeDate}.
          </Trans>
        ),
        confirm: i18n._(msg`Renew`),
        variant: 'primary',
      };
    }
    case 'return_request': {
      const deadline = when(subscription.return_deadline, timeZone);
      return {
        title: i18n._(msg`Request a return`),
        lead: (
          <Trans>
            You can return the kit until <strong>{deadline}</strong>.
          </Trans>
        ),
        more: (
          <Trans>
            After you ask, pack the band, the cable and the stand in their box. We e-mail you a prepaid return label
            within two business days, and refund your payment once the kit is back; the subscription then ends.
          </Trans>
        ),
        confirm: i18n._(msg`Request a return`),
        variant: 'primary',
      };
    }
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
  const { i18n } = useLingui();
  const [now] = useState(() => new Date());
  const flow = useFlow(context, action);
  const text = simpleFlowText(action, context.subscription, now, context.timeZone, i18n);
  return (
    <ModalDialog title={text.title} onClose={onClose} busy={flow.isPending} fallbackFocus={context.fallbackFocus}>
      {flow.data ? (
        <DoneStep
          answer={flow.data}
          timeZone={context.timeZone}
          onClose={onClose}
          headline={i18n._(ACTION_WORDS[action])}
        />
      ) : (
        <div>
          <p className="dialog__lead">{text.lead}</p>
          <p>{text.more}</p>
          {action === 'return_request' && context.linkToReturns !== false ? (
            <p>
              <Link to={href('packagereturns')}>
                <Trans>How returns work</Trans>
              </Link>
            </p>
          ) : null}
          <FlowError error={flow.error} />
          <Actions>
            <Button variant="secondary" onClick={onClose} disabled={flow.isPending}>
              <Trans>Go back</Trans>
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

/** The label of the button that opens each flow (shown with `i18n._`). */
export const FLOW_BUTTONS: Readonly<Record<ParentFlow, MessageDescriptor>> = {
  cancel_undo: msg`Undo cancellation`,
  resume: msg`Resume`,
  renew_confirm: msg`Renew`,
  pause: msg`Pause`,
  return_request: msg`Request a return`,
  renew_decline: msg`Don’t renew`,
  cancel_request: msg`Cancel subscription`,
};
