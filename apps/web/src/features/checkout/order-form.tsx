/**
 * The checkout order form (SPEC §2, §5, §8; issue 11 item 10), one page in sections: contact
 * details, shipping address, card, promo code and the total with the Pay button.
 *
 * - Fields follow the domain's rules (validateName, validateEmail, validatePhone, validateAddress,
 *   validateCity, validateZipcode, validateState, validateCountry); a PO Box is a warning shown
 *   under the field that never blocks. Errors show once a field was left, after a submit attempt or
 *   when the server rejected the field; Pay stays disabled while a field has an error.
 * - Paying: POST /billing/order/ (201), then POST /billing/order/confirm/ with an Idempotency-Key.
 *   The order is reused while the details stay the same; the key is kept for one order and card
 *   until an answer settles the attempt (a retry after a lost answer replays it, never pays twice).
 * - A 400 lands under its fields (`shipping.city` under City) and focus moves to the first; a 402
 *   shows the server's sentence (the domain's payment-service text for those codes) above Pay and
 *   keeps everything typed.
 * - Card entry: the sandbox card form without a provider key; Stripe Elements, loaded lazily, with one.
 * - The plan is chosen above the form (decision 0046): a new plan keeps everything typed, checks the
 *   applied promo code against it again (promo-code.tsx) and makes a new order at the next Pay.
 * - Consent (issue 17): the parent ticks the box of the privacy policy and parental consent above
 *   Pay (Pay stays disabled until then); it travels with the confirmation, and a 400 on `consent`
 *   shows under the box.
 *
 * The sections are split out along the page, as pure moves (issue 28, item 4); one react-hook-form
 * instance, made by useCheckoutFields, is passed down to them:
 * - order-form-model.ts: the fields, their rules, the order request and the amounts (pure);
 * - order-form-fields.ts: the form, the ids and the issue shown under each field;
 * - order-form-contact.tsx, order-form-shipping.tsx, order-form-payment.tsx (card and promo code),
 *   order-form-total.tsx (total, consent and Pay): the sections;
 * - order-form-submit.ts: paying, and how a failed answer lands in the form.
 */
import { useLingui } from '@lingui/react/macro';
import type { UserInfo } from '@grove/domain/api/user';

import type { StoredConfirmation } from './confirmation-store.ts';
import { CheckoutContactSection } from './order-form-contact.tsx';
import { useCheckoutFields } from './order-form-fields.ts';
import { checkoutAmounts, type Plan } from './order-form-model.ts';
import { CheckoutPaymentSection } from './order-form-payment.tsx';
import { CheckoutShippingSection } from './order-form-shipping.tsx';
import { useCheckoutPayment } from './order-form-submit.ts';
import { CheckoutTotalSection } from './order-form-total.tsx';
import { usePromoCode } from './promo-code.tsx';
import './checkout.css';

export type CheckoutFormProps = {
  plan: Plan;
  /** The signed-in family (name, e-mail and phone are filled in), or null for a new visitor. */
  user: UserInfo | null;
  /** The card provider's publishable key; null: the sandbox card form. */
  stripeKey: string | null;
  onPaid: (confirmation: StoredConfirmation) => void;
};

export function CheckoutForm({ plan, user, stripeKey, onPaid }: CheckoutFormProps) {
  const { t } = useLingui();
  const fields = useCheckoutFields(user, stripeKey);
  const promoCode = usePromoCode(plan.tag);
  const payment = useCheckoutPayment(fields, { plan, stripeKey, promoCode, onPaid });
  const amounts = checkoutAmounts(plan, promoCode.applied);
  return (
    <form className="checkout-form" aria-label={t`Checkout`} noValidate onSubmit={payment.submit}>
      <CheckoutContactSection fields={fields} signedIn={Boolean(user)} />
      <CheckoutShippingSection fields={fields} />
      <CheckoutPaymentSection
        fields={fields}
        payment={payment}
        plan={plan}
        stripeKey={stripeKey}
        promoCode={promoCode}
        amounts={amounts}
      />
      <CheckoutTotalSection
        baseId={fields.baseId}
        payment={payment}
        plan={plan}
        promoCode={promoCode}
        amounts={amounts}
      />
    </form>
  );
}
