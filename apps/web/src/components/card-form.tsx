/**
 * The sandbox card form (used when no card provider key is configured): card number, expiry
 * (MM/YY) and CVC, with a hint listing the sandbox's test cards so a tester can try a success, a
 * decline and a payment-service failure. The card goes to Grove's own sandbox provider; nothing
 * real is charged.
 */
import { SANDBOX_CARDS, type FieldIssue, type FieldRule } from '@grove/domain';
import type { ConfirmOrderRequest } from '@grove/domain/api/billing';
import type { UseFormRegister } from 'react-hook-form';

import type { FieldIds, ShownIssue } from './form/field.tsx';
import { CheckoutField } from './checkout-field.tsx';

export const CARD_FIELDS = ['card_number', 'card_expiry', 'card_cvc'] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Please enter a valid card number',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Please enter the expiry date as MM/YY',
  expired: 'This card has expired',
  cvcRequired: 'CVC is required',
  cvcInvalid: 'Please enter the 3 or 4 digits on the back of the card',
} as const;

const error = (message: string): FieldIssue => ({ message, severity: 'error' });

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

/** The card fields' rules; `now` decides whether a card has expired (the end of its month). */
export function cardRules(now: () => Date = () => new Date()): Readonly<Record<CardField, FieldRule>> {
  return {
    card_number: (value) => {
      if (value.trim() === '') return error(CARD_MESSAGES.numberRequired);
      return cardDigits(value) ? null : error(CARD_MESSAGES.numberInvalid);
    },
    card_expiry: (value) => {
      if (value.trim() === '') return error(CARD_MESSAGES.expiryRequired);
      const expiry = parseExpiry(value);
      if (!expiry) return error(CARD_MESSAGES.expiryInvalid);
      const today = now();
      const current = today.getFullYear() * 12 + today.getMonth() + 1;
      return expiry.year * 12 + expiry.month < current ? error(CARD_MESSAGES.expired) : null;
    },
    card_cvc: (value) => {
      if (value.trim() === '') return error(CARD_MESSAGES.cvcRequired);
      return /^[0-9]{3,4}$/.test(value.trim()) ? null : error(CARD_MESSAGES.cvcInvalid);
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

/** 'Card ending in 4242', for the confirmation page. */
export function sandboxCardLabel(number: string): string {
  const digits = number.replace(/[^0-9]/g, '');
  return `Card ending in ${digits.slice(-4)}`;
}

/** '4242 4242 4242 4242' */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

const SANDBOX_CARD_HINTS: readonly { number: string; result: string }[] = [
  { number: grouped(SANDBOX_CARDS.succeeds), result: 'is accepted' },
  { number: grouped(SANDBOX_CARDS.declined), result: 'is declined' },
  { number: grouped(SANDBOX_CARDS.insufficientFunds), result: 'is declined for insufficient funds' },
  { number: grouped(SANDBOX_CARDS.serviceError), result: 'fails with a payment-service error' },
  { number: grouped(SANDBOX_CARDS.renewalFails), result: 'pays at checkout, then every renewal is declined' },
  { number: grouped(SANDBOX_CARDS.renewalFailsOnce), result: 'pays at checkout, then the first renewal is declined' },
];

/** The sandbox's test cards, for whoever tries the card form (checkout, updating a card). */
export function SandboxCardNote({ className, numberClassName }: { className: string; numberClassName: string }) {
  return (
    <div className={className}>
      <p>
        <strong>Test mode:</strong> no real card is charged. Use any future expiry date and any 3 digits as CVC.
      </p>
      <ul>
        {SANDBOX_CARD_HINTS.map((card) => (
          <li key={card.number}>
            <span className={numberClassName}>{card.number}</span> {card.result}
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
  const registration = (name: CardField) => register(name, { onChange: () => onFieldChange(name) });
  return (
    <div className="checkout-card">
      <SandboxCardNote className="checkout-card__note" numberClassName="checkout-card__number" />
      <CheckoutField
        ids={idsOf('card_number')}
        label="Card number"
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
          label="Expiry date (MM/YY)"
          required
          issue={issueOf('card_expiry')}
          registration={registration('card_expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
        />
        <CheckoutField
          ids={idsOf('card_cvc')}
          label="CVC"
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
