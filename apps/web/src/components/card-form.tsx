/**
 * The sandbox card form (used when no card provider key is configured): card number, expiry
 * (MM/YY) and CVC, with a hint listing the sandbox's test cards so a tester can try a success, a
 * decline and a payment-service failure. The card goes to Grove's own sandbox provider; nothing
 * real is charged.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SANDBOX_CARDS, type FieldIssue, type FieldRule } from '@grove/domain';
import type { ConfirmOrderRequest } from '@grove/domain/api/billing';
import type { UseFormRegister } from 'react-hook-form';

import { i18n as pageI18n } from '../lib/i18n.ts';
import type { FieldIds, ShownIssue } from './form/field.tsx';
import { CheckoutField } from './checkout-field.tsx';

export const CARD_FIELDS = ['card_number', 'card_expiry', 'card_cvc'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** The card fields' messages in English; `cardRules` gives them in the page's language. */
export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Please enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvcRequired: 'CVC is required',
  cvcInvalid: 'Please enter the 3 or 4 digits on the back of the card',
} as const;

const CARD_TEXT: Readonly<Record<keyof typeof CARD_MESSAGES, MessageDescriptor>> = {
  numberRequired: msg`Card number is required`,
  numberInvalid: msg`Please enter a valid card number`,
  expiryRequired: msg`Expiry date is required`,
  expiryInvalid: msg`Please enter the expiry date as MM/YY`,
  expired: msg`This card has expired`,
  cvcRequired: msg`CVC is required`,
  cvcInvalid: msg`Please enter the 3 or 4 digits on the back of the card`,
};

/** The digits of a card number typed with spaces or dashes, or null when it is not one. */
function cardDigits(value: string): string | null {
  if (!/^[0-9 -]*$/.test(value)) return null;
  const digits = value.replace(/[^0-9]/g, '');
  return digits.length >= 12 && digits.length <= 19 ? digits : null;
}

/** Month and four-digit year of 'MM/YY' (also 'MM / YY', 'MMYY'), or null. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/**
 * The card fields' rules; `now` decides whether a card has expired (the end of its month). Their
 * messages are in the language of `i18n` when a field is checked (the page's by default).
 */
export function cardRules(
  now: () => Date = () => new Date(),
  i18n: I18n = pageI18n,
): Readonly<Record<CardField, FieldRule>> {
  const error = (message: keyof typeof CARD_TEXT): FieldIssue => ({
    message: i18n._(CARD_TEXT[message]),
    severity: 'error',
  });
  return {
    card_number: (value) => {
      if (value.trim() === '') return error('numberRequired');
      return cardDigits(value) ? null : error('numberInvalid');
    },
    card_expiry: (value) => {
      if (value.trim() === '') return error('expiryRequired');
      const expiry = parseExpiry(value);
      if (!expiry) return error('expiryInvalid');
      const today = now();
      const current = today.getFullYear() * 12 + today.getMonth() + 1;
      return expiry.year * 12 + expiry.month < current ? error('expired') : null;
    },
    card_cvc: (value) => {
      if (value.trim() === '') return error('cvcRequired');
      return /^[0-9]{3,4}$/.test(value.trim()) ? null : error('cvcInvalid');
    },
  };
}

/** The payment method of the confirm call for the typed card (the fields passed their rules). */
export function sandboxPaymentMethod(
  values: Readonly<Record<CardField, string>>,
): ConfirmOrderRequest['payment_method'] {
  const expiry = parseExpiry(values.card_expiry) ?? { month: 0, year: 0 };
  return {
    card: {
      number: cardDigits(values.card_number) ?? values.card_number,
      exp_month: expiry.month,
      exp_year: expiry.year,
      cvc: values.card_cvc.trim(),
    },
  };
}

/** 'Card ending in 4242', for the confirmation page (in the language of `i18n`, the page's by default). */
export function sandboxCardLabel(number: string, i18n: I18n = pageI18n): string {
  const last4 = number.replace(/[^0-9]/g, '').slice(-4);
  return i18n._(msg`Card ending in ${last4}`);
}

/** '4242 4242 4242 4242' */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

const SANDBOX_CARD_HINTS: readonly { number: string; result: MessageDescriptor }[] = [
  { number: grouped(SANDBOX_CARDS.succeeds), result: msg`is accepted` },
  { number: grouped(SANDBOX_CARDS.declined), result: msg`is declined` },
  { number: grouped(SANDBOX_CARDS.insufficientFunds), result: msg`is declined for insufficient funds` },
  { number: grouped(SANDBOX_CARDS.serviceError), result: msg`fails with a payment-service error` },
  { number: grouped(SANDBOX_CARDS.renewalFails), result: msg`pays at checkout, then every renewal is declined` },
  {
    number: grouped(SANDBOX_CARDS.renewalFailsOnce),
    result: msg`pays at checkout, then the first renewal is declined`,
  },
];

/** The sandbox's test cards, for whoever tries the card form (checkout, updating a card). */
export function SandboxCardNote({ className, numberClassName }: { className: string; numberClassName: string }) {
  const { i18n } = useLingui();
  return (
    <div className={className}>
      <p>
        <Trans>
          <strong>Test mode:</strong> no real card is charged. Use any future expiry date and any 3 digits as CVC.
        </Trans>
      </p>
      <ul>
        {SANDBOX_CARD_HINTS.map((card) => (
          <li key={card.number}>
            <span className={numberClassName}>{card.number}</span> {i18n._(card.result)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SandboxCardFields({
  register,
  idsOf,
  issueOf,
  onFieldChange,
}: {
  register: UseFormRegister<Record<string, string>>;
  idsOf: (name: CardField) => FieldIds;
  issueOf: (name: CardField) => ShownIssue;
  onFieldChange: (name: CardField) => void;
}) {
  const { t } = useLingui();
  const registration = (name: CardField) => register(name, { onChange: () => onFieldChange(name) });
  return (
    <div className="checkout-card">
      <SandboxCardNote className="checkout-card__note" numberClassName="checkout-card__number" />
      <CheckoutField
        ids={idsOf('card_number')}
        label={t`Card number`}
        required
        issue={issueOf('card_number')}
        registration={registration('card_number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        spellCheck={false}
      />
      <div className="checkout-form__row">
        <CheckoutField
          ids={idsOf('card_expiry')}
          label={t`Expiry date (MM/YY)`}
          required
          issue={issueOf('card_expiry')}
          registration={registration('card_expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t`MM/YY`}
          maxLength={7}
        />
        <CheckoutField
          ids={idsOf('card_cvc')}
          label={t`CVC`}
          required
          issue={issueOf('card_cvc')}
          registration={registration('card_cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
    </div>
  );
}
