/**
 * The checkout order form's total (order-form.tsx): the plan, the promo code's discount, the trial
 * and what is due today; the consent box, the payment's sentence and the Pay button.
 */
import { CONSENT_STATEMENTS } from '@grove/domain/privacy';

import { Button } from '../../components/button.tsx';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import type { CheckoutAmounts, Plan } from './order-form-model.ts';
import type { CheckoutPayment } from './order-form-submit.ts';
import { pricePerPeriod, trialText } from './plan-choice.tsx';
import { promoDiscountText, type PromoCodeState } from './promo-code.tsx';

export function CheckoutTotalSection({
  baseId,
  payment,
  plan,
  promoCode,
  amounts,
}: {
  baseId: string;
  payment: CheckoutPayment;
  plan: Plan;
  promoCode: PromoCodeState;
  amounts: CheckoutAmounts;
}) {
  const promo = promoCode.applied;
  const { discount, firstCharge, trial, dueToday, money } = amounts;
  const { ready, paying, payError, payErrorRef, consent, setConsent, consentError, setConsentError, consentRef } =
    payment;
  return (
    <section className="card checkout-form__section checkout-total" aria-labelledby={`${baseId}-total`}>
      <h2 className="card__title" id={`${baseId}-total`}>
        Order total
      </h2>
      <dl className="checkout-total__lines">
        <div>
          <dt>{plan.name}</dt>
          <dd>{trial ? `${trialText(plan.trial_days)}, then ${pricePerPeriod(plan)}` : pricePerPeriod(plan)}</dd>
        </div>
        {promo ? (
          <div>
            <dt>
              Promo code {promo.codeString} ({promoDiscountText(promo, plan.currency)})
            </dt>
            <dd>−{money(discount)}</dd>
          </div>
        ) : null}
        {trial ? (
          <div>
            <dt>After your {plan.trial_days}-day trial</dt>
            <dd>{money(firstCharge)}</dd>
          </div>
        ) : null}
        <div className="checkout-total__due">
          <dt>Due today</dt>
          <dd>{money(dueToday)}</dd>
        </div>
      </dl>
      {discount > 0 ? (
        <p className="muted">
          The discount applies to your first {plan.billing_period}; then {pricePerPeriod(plan)}.
        </p>
      ) : null}
      <ConsentCheckbox
        ref={consentRef}
        statement={CONSENT_STATEMENTS.program_terms}
        checked={consent}
        error={consentError}
        onChange={(checked) => {
          setConsent(checked);
          if (checked) setConsentError(null);
        }}
      />
      {payError ? (
        <p className="form-error" role="alert" tabIndex={-1} ref={payErrorRef}>
          {payError}
        </p>
      ) : null}
      <Button type="submit" block disabled={!ready && !paying} loading={paying}>
        {trial ? 'Start my free trial' : `Pay ${money(dueToday)}`}
      </Button>
    </section>
  );
}
