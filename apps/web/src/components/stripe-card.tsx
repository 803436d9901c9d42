/**
 * The card field when a card provider key is configured: Stripe Elements' CardElement. This module
 * (and Stripe.js with it) is loaded only then, through React.lazy in the order form. Paying turns
 * the card into a PaymentMethod whose id goes to the API as `{ token }`; the card number never
 * touches Grove's pages or servers.
 */
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Stripe, StripeElementLocale, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { isLanguage, type Language } from '@grove/domain/languages';

import { Field, fieldIds } from './form/field.tsx';
import './card-form.css';

export type StripeCardResult = { token: string; label: string } | { error: string };

export interface StripeCardHandle {
  /** Creates the PaymentMethod of the typed card, with the payer's name, e-mail and phone. */
  createPaymentMethod: (billing: { name: string; email: string; phone: string }) => Promise<StripeCardResult>;
  focus: () => void;
}

type StripeCardProps = {
  publishableKey: string;
  /** A stable id prefix for the label and the issue. */
  idBase: string;
  handleRef: Ref<StripeCardHandle>;
  /** Whether the card is complete (all its parts typed and plausible). */
  onCompleteChange: (complete: boolean) => void;
};

const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

const CARD_OPTIONS = {
  style: {
    base: {
      color: '#1b2a21',
      fontSize: '16px',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      '::placeholder': { color: '#4a5b51' },
    },
    invalid: { color: '#b42318', iconColor: '#b42318' },
  },
} as const;

const CARD_NOT_READY = msg`The card form is still loading. Please try again in a moment.`;
const CARD_UNREADABLE = msg`We could not read this card. Please check its details.`;

/** Stripe's words (its placeholders and card errors) in the page's language: Latin-American Spanish. */
const STRIPE_LOCALES: Record<Language, StripeElementLocale> = { en: 'en', es: 'es-419' };

function brandName(brand: string | undefined, i18n: I18n): string {
  if (!brand || brand === 'unknown') return i18n._(msg`Card`);
  const names: Record<string, string> = { amex: 'American Express', mastercard: 'Mastercard', visa: 'Visa' };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

function CardField({ idBase, handleRef, onCompleteChange }: Omit<StripeCardProps, 'publishableKey'>) {
  const { t, i18n } = useLingui();
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const ids = fieldIds(idBase);

  useImperativeHandle(
    handleRef,
    () => ({
      async createPaymentMethod(billing) {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { error: i18n._(CARD_NOT_READY) };
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: billing,
        });
        if (error || !paymentMethod) return { error: error?.message ?? i18n._(CARD_UNREADABLE) };
        const last4 = paymentMethod.card?.last4;
        const brand = brandName(paymentMethod.card?.brand, i18n);
        return {
          token: paymentMethod.id,
          label: last4 ? i18n._(msg`${brand} ending in ${last4}`) : i18n._(msg`Card`),
        };
      },
      focus() {
        elements?.getElement(CardElement)?.focus();
      },
    }),
    [stripe, elements, i18n],
  );

  return (
    <Field ids={ids} label={t`Card`} required asGroup issue={message ? { message, severity: 'error' } : null}>
      <div
        className="input checkout-stripe"
        role="group"
        aria-labelledby={ids.label}
        aria-describedby={message ? ids.issue : undefined}
      >
        <CardElement
          options={CARD_OPTIONS}
          onChange={(event) => {
            setMessage(event.error?.message ?? null);
            onCompleteChange(event.complete);
          }}
        />
      </div>
    </Field>
  );
}

export function StripeCard({ publishableKey, ...props }: StripeCardProps) {
  // The page's language; a change of it updates Elements' locale.
  const { i18n } = useLingui();
  const locale = STRIPE_LOCALES[isLanguage(i18n.locale) ? i18n.locale : 'en'];
  const options = useMemo((): StripeElementsOptions => ({ locale }), [locale]);
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <CardField {...props} />
    </Elements>
  );
}
