/**
 * The form that saves a new card: the sandbox card fields (or the card provider's field when a
 * publishable key is configured), the answer's failure in words, and the buttons. Used by the
 * signed-in "Update card" dialog (POST /billing/payment/) and by the page a signed card-update link
 * opens without signing in (POST /billing/card_update/).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConfirmOrderRequest, PaymentMethodUpdateAnswer } from '@grove/domain/api/billing';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import { STRIPE_PUBLISHABLE_KEY } from '../../lib/env.ts';
import { SandboxCardNote, cardRules, sandboxPaymentMethod, type CardField } from '../../components/card-form.tsx';
import type { StripeCardHandle } from '../../components/stripe-card.tsx';

const StripeCard = lazy(async () => ({ default: (await import('../../components/stripe-card.tsx')).StripeCard }));

const CARD_LABELS: Record<CardField, MessageDescriptor> = {
  card_number: msg`Card number`,
  card_expiry: msg`Expiry date (MM/YY)`,
  card_cvc: msg`CVC`,
};

/** The server's field names of a 400 answer → the form's fields. */
const SERVER_FIELDS: Record<string, CardField> = {
  'payment_method.card.number': 'card_number',
  'payment_method.card.exp_month': 'card_expiry',
  'payment_method.card.exp_year': 'card_expiry',
  'payment_method.card.cvc': 'card_cvc',
};

export function CardUpdateForm({
  holder,
  intro,
  save,
  onAnswer,
  onSaved,
  onPendingChange,
  secondary,
  className,
  actionsClassName,
}: {
  /** Who pays: the card provider's form takes it. */
  holder: { name: string; email: string; phone: string };
  intro: ReactNode;
  /** Sends the new card. */
  save: (paymentMethod: ConfirmOrderRequest['payment_method']) => Promise<PaymentMethodUpdateAnswer>;
  /** Every answer (the card is saved even when the retried renewal failed). */
  onAnswer?: (answer: PaymentMethodUpdateAnswer) => void;
  /** The card is saved and nothing is left to pay. */
  onSaved: (answer: PaymentMethodUpdateAnswer) => void;
  onPendingChange?: (pending: boolean) => void;
  /** The button beside Save (keep the current card, close). */
  secondary?: (pending: boolean) => ReactNode;
  className: string;
  actionsClassName: string;
}) {
  const { t, i18n } = useLingui();
  const base = useId();
  const rules = cardRules();
  const [values, setValues] = useState<Record<CardField, string>>({ card_number: '', card_expiry: '', card_cvc: '' });
  const [issues, setIssues] = useState<Partial<Record<CardField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  const stripeRef = useRef<StripeCardHandle>(null);

  const mutation = useMutation({
    mutationFn: async () => {
      if (!STRIPE_PUBLISHABLE_KEY) return save(sandboxPaymentMethod(values));
      const result = await stripeRef.current?.createPaymentMethod(holder);
      if (!result) throw new Error(t`The card form is still loading. Please try again in a moment.`);
      if ('error' in result) throw new Error(result.error);
      return save({ token: result.token });
    },
    onSuccess: (answer) => {
      onAnswer?.(answer);
      // The card is saved, but the renewal it was charged for failed: say so in the form.
      if (answer.renewal?.outcome === 'failed') setFormError(answer.renewal.detail);
      else onSaved(answer);
    },
    onError: (error) => {
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
  const pending = mutation.isPending;
  useEffect(() => onPendingChange?.(pending), [pending, onPendingChange]);

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
      <Field ids={ids} label={i18n._(CARD_LABELS[field])} issue={issue} required>
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
    <form className={className} noValidate onSubmit={submit}>
      {intro}
      {STRIPE_PUBLISHABLE_KEY ? (
        <Suspense fallback={<Spinner label={t`Loading the card form…`} />}>
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
            {input('card_expiry', { autoComplete: 'cc-exp', maxLength: 7, placeholder: t`MM/YY` })}
            {input('card_cvc', { autoComplete: 'cc-csc', maxLength: 4 })}
          </div>
        </>
      )}
      {formError ? (
        <p className="error-box" role="alert">
          {domainText(formError)}
        </p>
      ) : null}
      <div className={actionsClassName}>
        {secondary?.(pending)}
        <Button type="submit" loading={pending} disabled={Boolean(STRIPE_PUBLISHABLE_KEY) && !stripeComplete}>
          <Trans>Save the new card</Trans>
        </Button>
      </div>
    </form>
  );
}
