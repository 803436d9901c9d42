/**
 * The payment method of the family (SPEC §3 Billing: billing details, payment method): the card on
 * file and the next charge, "Update card" (a dialog with the sandbox card form, or the card
 * provider's field when a publishable key is configured; POST /billing/payment/ with an
 * Idempotency-Key) and "E-mail me a link" (POST /billing/payment/request_update_email/).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, formatMoney } from '@grove/domain';
import type { PaymentMethodAnswer } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { STRIPE_PUBLISHABLE_KEY } from '../../lib/env.ts';
import { notify } from '../../lib/notifications.ts';
import { SandboxCardNote, cardRules, sandboxPaymentMethod, type CardField } from '../checkout/card-form.tsx';
import type { StripeCardHandle } from '../checkout/stripe-card.tsx';
import {
  billingDetailsQuery,
  billingKeys,
  keepsIdempotencyKey,
  newIdempotencyKey,
  requestUpdateEmail,
  updatePaymentMethod,
} from './billing.api.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { authKeys } from '../auth/auth.api.ts';

const StripeCard = lazy(async () => ({ default: (await import('../checkout/stripe-card.tsx')).StripeCard }));

/** 'Visa •••• 4242, expires 12/2029' */
export function cardText(method: PaymentMethodAnswer): string {
  return `${method.brand} •••• ${method.last4}, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
}

const CARD_LABELS: Record<CardField, string> = {
  card_number: 'Card number',
  card_expiry: 'Expiry date (MM/YY)',
  card_cvc: 'CVC',
};

/** The server's field names of a 400 answer → the form's fields. */
const SERVER_FIELDS: Record<string, CardField> = {
  'payment_method.card.number': 'card_number',
  'payment_method.card.exp_month': 'card_expiry',
  'payment_method.card.exp_year': 'card_expiry',
  'payment_method.card.cvc': 'card_cvc',
};

function UpdateCardDialog({
  user,
  accountId,
  pastDue,
  onClose,
}: {
  user: UserInfo;
  accountId: number;
  /** A failed renewal is waiting: the new card is charged for it at once. */
  pastDue: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const base = useId();
  const rules = cardRules();
  const [values, setValues] = useState<Record<CardField, string>>({ card_number: '', card_expiry: '', card_cvc: '' });
  const [issues, setIssues] = useState<Partial<Record<CardField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  const stripeRef = useRef<StripeCardHandle>(null);
  const key = useRef<string | null>(null);

  const mutation = useMutation({
    mutationFn: async () => {
      let paymentMethod;
      if (STRIPE_PUBLISHABLE_KEY) {
        const result = await stripeRef.current?.createPaymentMethod({
          name: user.full_name || user.name,
          email: user.email,
          phone: user.phonenumber,
        });
        if (!result) throw new Error('The card form is still loading. Please try again in a moment.');
        if ('error' in result) throw new Error(result.error);
        paymentMethod = { token: result.token };
      } else {
        paymentMethod = sandboxPaymentMethod(values);
      }
      key.current ??= newIdempotencyKey();
      return updatePaymentMethod({ account: accountId, payment_method: paymentMethod }, key.current);
    },
    onSuccess: (method) => {
      key.current = null;
      if (method.renewal?.outcome === 'failed') {
        // The card is saved, but the renewal it was charged for failed: say so in the dialog.
        setFormError(method.renewal.detail);
      } else {
        notify({
          kind: 'success',
          title: 'Card updated',
          message: method.renewal ? method.renewal.detail : `${cardText(method)} is used from the next charge on.`,
        });
        onClose();
      }
      // A retried renewal changes the subscription, the invoices, the history and the user's billing status.
      void queryClient.invalidateQueries({ queryKey: method.renewal ? billingKeys.all : billingKeys.details(user.id) });
      if (method.renewal) void queryClient.invalidateQueries({ queryKey: authKeys.userInfo() });
    },
    onError: (error) => {
      if (!keepsIdempotencyKey(error)) key.current = null;
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const mapped: Partial<Record<CardField, string>> = {};
      for (const [name, messages] of Object.entries(fields)) {
        const field = SERVER_FIELDS[name];
        if (field && messages[0]) mapped[field] ??= messages[0];
      }
      setIssues(mapped);
      setFormError(Object.keys(mapped).length > 0 ? null : error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    if (!STRIPE_PUBLISHABLE_KEY) {
      const found: Partial<Record<CardField, string>> = {};
      for (const field of Object.keys(rules) as CardField[]) {
        const issue = rules[field](values[field], values);
        if (issue?.severity === 'error') found[field] = issue.message;
      }
      setIssues(found);
      if (Object.keys(found).length > 0) {
        const first = (Object.keys(CARD_LABELS) as CardField[]).find((field) => found[field]);
        if (first) document.getElementById(fieldIds(`${base}-${first}`).control)?.focus();
        return;
      }
    }
    mutation.mutate();
  };

  const input = (field: CardField, extra: { autoComplete: string; maxLength: number; placeholder?: string }) => {
    const ids = fieldIds(`${base}-${field}`);
    const issue: ShownIssue = issues[field] ? { message: issues[field], severity: 'error' } : null;
    return (
      <Field ids={ids} label={CARD_LABELS[field]} issue={issue} required>
        <input
          id={ids.control}
          className="input"
          type="text"
          inputMode="numeric"
          spellCheck={false}
          aria-required
          {...extra}
          {...controlAria(ids, issue, false)}
          value={values[field]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field]: value }));
            if (issues[field]) setIssues((current) => ({ ...current, [field]: undefined }));
          }}
        />
      </Field>
    );
  };

  return (
    <ModalDialog title="Update your card" onClose={onClose} busy={mutation.isPending}>
      <form className="dialog__form" noValidate onSubmit={submit}>
        <p>
          {pastDue
            ? 'We charge your failed renewal to the new card at once, and it is used from then on.'
            : 'The new card is used from your next charge on. Nothing is charged now.'}
        </p>
        {STRIPE_PUBLISHABLE_KEY ? (
          <Suspense fallback={<Spinner label="Loading the card form…" />}>
            <StripeCard
              publishableKey={STRIPE_PUBLISHABLE_KEY}
              idBase={`${base}-stripe`}
              handleRef={stripeRef}
              onCompleteChange={setStripeComplete}
            />
          </Suspense>
        ) : (
          <>
            <SandboxCardNote className="billing-note" numberClassName="billing-note__number" />
            {input('card_number', { autoComplete: 'cc-number', maxLength: 23 })}
            <div className="billing-form-row">
              {input('card_expiry', { autoComplete: 'cc-exp', maxLength: 7, placeholder: 'MM/YY' })}
              {input('card_cvc', { autoComplete: 'cc-csc', maxLength: 4 })}
            </div>
          </>
        )}
        {formError ? (
          <p className="billing-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Keep the current card
          </Button>
          <Button
            type="submit"
            loading={mutation.isPending}
            disabled={Boolean(STRIPE_PUBLISHABLE_KEY) && !stripeComplete}
          >
            Save the new card
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function PaymentMethodCard({
  user,
  accountId,
  timeZone,
}: {
  user: UserInfo;
  accountId: number;
  timeZone: string | null;
}) {
  const details = useQuery(billingDetailsQuery(user.id));
  const [search, setSearch] = useSearchParams();
  // The past-due e-mail and banner link here with update_card=1: the card form opens at once.
  const [updating, setUpdating] = useState(search.get('update_card') === '1');
  useEffect(() => {
    if (search.get('update_card') !== '1') return;
    setUpdating(true);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('update_card');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [search, setSearch]);
  const emailLink = useMutation({
    mutationFn: requestUpdateEmail,
    onSuccess: (detail) => notify({ kind: 'success', title: 'Link sent', message: detail }),
    meta: { errorTitle: 'Sending the link' },
  });
  const headingId = useId();
  const data = details.data;

  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        Payment method
      </h2>
      {data ? (
        <dl className="details">
          <div>
            <dt>Card</dt>
            <dd>{data.payment_method ? cardText(data.payment_method) : 'No card on file'}</dd>
          </div>
          <div>
            <dt>Next charge</dt>
            <dd>
              {data.next_charge_at && data.next_charge_cents !== null
                ? `${formatMoney(data.next_charge_cents, data.currency)} on ${formatDateTime(data.next_charge_at, timeZone)}`
                : 'None scheduled'}
            </dd>
          </div>
          <div>
            <dt>Billing e-mail</dt>
            <dd>{data.billing_email}</dd>
          </div>
        </dl>
      ) : details.isError ? (
        <p className="billing-error" role="alert">
          We could not load your payment method.{' '}
          <button type="button" className="link-button" onClick={() => void details.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <Spinner label="Loading your payment method…" />
      )}
      <div className="billing-actions">
        <Button variant="secondary" onClick={() => setUpdating(true)}>
          Update card
        </Button>
        <Button variant="ghost" onClick={() => emailLink.mutate()} loading={emailLink.isPending}>
          E-mail me a link
        </Button>
      </div>
      {updating ? (
        <UpdateCardDialog
          user={user}
          accountId={accountId}
          pastDue={Boolean(data?.past_due)}
          onClose={() => setUpdating(false)}
        />
      ) : null}
    </section>
  );
}
