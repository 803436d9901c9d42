/**
 * Paying from the checkout order form (order-form.tsx): the state of a payment (under way, the
 * sentence above Pay, consent, the card provider's form), the submit handler, the order and
 * confirmation calls with their Idempotency-Key, and how a failed answer lands in the form.
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_COUNTRY, errorText, paymentErrorMessage, toE164 } from '@grove/domain';
import type { ConfirmOrderRequest, Order } from '@grove/domain/api/billing';

import { ApiError } from '../../lib/api-client.ts';
import { sandboxCardLabel, sandboxPaymentMethod } from '../../components/card-form.tsx';
import { confirmOrder, createOrder } from './checkout.api.ts';
import type { StoredConfirmation } from './confirmation-store.ts';
import type { CheckoutFields } from './order-form-fields.ts';
import {
  formFieldOf,
  newIdempotencyKey,
  orderRequest,
  type CheckoutFieldName,
  type CheckoutValues,
  type Plan,
} from './order-form-model.ts';
import type { PromoCodeState } from './promo-code.tsx';
import type { StripeCardHandle } from '../../components/stripe-card.tsx';

const SERVER_TROUBLE = msg`We could not complete your payment just now. Please try again.`;
const CARD_FORM_LOADING = msg`The card form is still loading. Please try again in a moment.`;

type PaymentOptions = {
  plan: Plan;
  stripeKey: string | null;
  promoCode: PromoCodeState;
  onPaid: (confirmation: StoredConfirmation) => void;
};

/** The refs and setters a payment and its failure work with. */
type PayContext = PaymentOptions & {
  /** The page's language (useLingui), for the form's own sentences above Pay. */
  i18n: I18n;
  fields: CheckoutFields;
  stripeRef: RefObject<StripeCardHandle | null>;
  consentRef: RefObject<HTMLInputElement | null>;
  paid: RefObject<boolean>;
  /** The order made for these details, reused while they stay the same. */
  orderRef: RefObject<{ request: string; order: Order } | null>;
  /** The Idempotency-Key of the current order and card, kept until an answer settles the attempt. */
  attemptRef: RefObject<{ request: string; key: string } | null>;
  setPayError: (message: string | null) => void;
  showPayError: (message: string) => void;
  setConsent: (consent: boolean) => void;
  setConsentError: (message: string | null) => void;
};

export function useCheckoutPayment(fields: CheckoutFields, options: PaymentOptions) {
  const { i18n } = useLingui();
  const { form, names, validation, hasServerError, focusField } = fields;
  const { stripeKey, promoCode } = options;
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  /** The parent's consent (issue 17): required to pay, sent with the confirmation. */
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const stripeRef = useRef<StripeCardHandle>(null);
  const payErrorRef = useRef<HTMLParagraphElement>(null);
  /** A payment is under way (set before any await: a second submit in the same tick does nothing). */
  const inFlight = useRef(false);
  const paid = useRef(false);
  const orderRef = useRef<{ request: string; order: Order } | null>(null);
  const attemptRef = useRef<{ request: string; key: string } | null>(null);

  // Not while the promo code is being checked: the order would go without it.
  const ready =
    validation.canSubmit && !hasServerError && consent && !promoCode.checking && (stripeKey ? stripeComplete : true);

  const showPayError = (message: string) => {
    setPayError(message);
    // After the message is drawn: focus it, so that it is read and seen.
    requestAnimationFrame(() => payErrorRef.current?.focus());
  };

  const context: PayContext = {
    ...options,
    i18n,
    fields,
    stripeRef,
    consentRef,
    paid,
    orderRef,
    attemptRef,
    setPayError,
    showPayError,
    setConsent,
    setConsentError,
  };

  const onInvalid = () => {
    const first = names.find((name) => form.getFieldState(name).error);
    if (first) focusField(first);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || paid.current) return;
    inFlight.current = true;
    setPaying(true);
    const run = form.handleSubmit(async (submitted) => {
      try {
        await pay(submitted, context);
      } catch (failure) {
        applyFailure(failure, context);
      }
    }, onInvalid);
    void run(event).finally(() => {
      if (paid.current) return;
      inFlight.current = false;
      setPaying(false);
    });
  };

  return {
    submit,
    ready,
    paying,
    payError,
    payErrorRef,
    consent,
    setConsent,
    consentError,
    setConsentError,
    consentRef,
    stripeRef,
    setStripeComplete,
  };
}

/** What the order total section shows of a payment and changes in it. */
export type CheckoutPayment = ReturnType<typeof useCheckoutPayment>;

async function pay(submitted: CheckoutValues, context: PayContext) {
  const { i18n, plan, stripeKey, promoCode, onPaid, stripeRef, paid, orderRef, attemptRef, setPayError, showPayError } =
    context;
  const promo = promoCode.applied;
  setPayError(null);
  promoCode.forgetOrderMessage();
  let paymentMethod: ConfirmOrderRequest['payment_method'];
  let card: string | null;
  if (stripeKey) {
    const phoneE164 = toE164(submitted.phonenumber ?? '', submitted.phone_country ?? DEFAULT_COUNTRY);
    const result = await stripeRef.current?.createPaymentMethod({
      name: `${submitted.first_name?.trim() ?? ''} ${submitted.last_name?.trim() ?? ''}`.trim(),
      email: submitted.email?.trim() ?? '',
      phone: phoneE164 ?? submitted.phonenumber ?? '',
    });
    if (!result || 'error' in result) {
      showPayError(result?.error ?? i18n._(CARD_FORM_LOADING));
      return;
    }
    paymentMethod = { token: result.token };
    card = result.label;
  } else {
    const cardValues = {
      card_number: submitted.card_number ?? '',
      card_expiry: submitted.card_expiry ?? '',
      card_cvc: submitted.card_cvc ?? '',
    };
    paymentMethod = sandboxPaymentMethod(cardValues);
    card = sandboxCardLabel(cardValues.card_number);
  }

  const request = orderRequest(submitted, plan, promo);
  const requestText = JSON.stringify(request);
  let order = orderRef.current?.request === requestText ? orderRef.current.order : null;
  if (!order) {
    order = await createOrder(request);
    orderRef.current = { request: requestText, order };
  }
  const confirmation: ConfirmOrderRequest = {
    order: order.external_id,
    payment_method: paymentMethod,
    consent: true,
  };
  const confirmationText = JSON.stringify(confirmation);
  if (attemptRef.current?.request !== confirmationText) {
    attemptRef.current = { request: confirmationText, key: newIdempotencyKey() };
  }
  const answer = await confirmOrder(confirmation, attemptRef.current.key);
  attemptRef.current = null;
  paid.current = true;
  onPaid({ answer, card });
}

function applyFailure(failure: unknown, context: PayContext) {
  const { i18n, fields, promoCode, consentRef, orderRef, attemptRef, showPayError, setConsent, setConsentError } =
    context;
  const { form, names, focusField } = fields;
  if (!(failure instanceof ApiError)) {
    showPayError(errorText(failure));
    return;
  }
  if (failure.status === 0 || failure.status >= 500) {
    // No answer, or the server failed: the next try keeps the Idempotency-Key.
    showPayError(failure.status === 0 ? failure.message : i18n._(SERVER_TROUBLE));
    return;
  }
  attemptRef.current = null;
  if (failure.status === 402) {
    showPayError(paymentErrorMessage(failure.code, { retry: true }) ?? failure.message);
    return;
  }
  if (failure.status === 400) {
    const general: string[] = [...failure.nonFieldErrors];
    const failed: (CheckoutFieldName | 'promo')[] = [];
    for (const [key, messages] of Object.entries(failure.fieldErrors)) {
      if (key === 'consent') {
        setConsent(false);
        setConsentError(messages.join(' '));
        continue;
      }
      const name = formFieldOf(key);
      if (name === 'promo') {
        promoCode.refuse(messages.join(' '));
        failed.push(name);
      } else if (name && names.includes(name)) {
        form.setError(name, { type: 'server', message: messages.join(' ') });
        failed.push(name);
      } else {
        general.push(...messages);
      }
    }
    const order = [...names, 'promo'] as const;
    const first = order.find((name) => failed.includes(name));
    if (general.length > 0) showPayError(general.join(' '));
    else if (first) focusField(first);
    else if (failure.fieldErrors.consent) consentRef.current?.focus();
    else showPayError(failure.message);
    return;
  }
  // 404, 409, 422, 429: the order is no longer usable as it was; the next try starts a new one.
  orderRef.current = null;
  if (failure.code === 'promo_invalid') promoCode.refuse(failure.message);
  showPayError(failure.message);
}
