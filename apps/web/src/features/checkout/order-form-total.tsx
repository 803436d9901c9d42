/**
 * The checkout order form's total (order-form.tsx): the plan, the promo code's discount, the trial
 * and what is due today; the consent box, the payment's sentence and the Pay button.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { CONSENT_STATEMENTS } from '@grove/domain/privacy';

import { Button } from '../../components/button.tsx';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import { domainText } from '../../lib/i18n.ts';
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
  const { t, i18n } = useLingui();
  const promo = promoCode.applied;
  const { discount, firstCharge, trial, dueToday, money } = amounts;
  const { ready, paying, payError, payErrorRef, consent, setConsent, consentError, setConsentError, consentRef } =
    payment;
  const price = pricePerPeriod(plan, i18n);
  const trialWords = trialText(plan.trial_days, i18n);
  const trialDays = plan.trial_days;
  const due = money(dueToday);
  const code = promo?.codeString ?? '';
  const promoDiscount = promo ? promoDiscountText(promo, plan.currency, i18n) : '';
  return (
    <section className="card checkout-form__section checkout-total" aria-labelledby={`${baseId}-total`}>
      <h2 className="card__title" id={`${baseId}-total`}>
        <Trans>Order total</Trans>
      </h2>
      <dl className="checkout-total__lines">
        <div>
          <dt>{domainText(plan.name)}</dt>
          <dd>{trial ? t`${trialWords}, then ${price}` : price}</dd>
        </div>
        {promo ? (
          <div>
            <dt>
              <Trans>
                Promo code {code} ({promoDiscount})
              </Trans>
            </dt>
            <dd>−{money(discount)}</dd>
          </div>
        ) : null}
        {trial ? (
          <div>
            <dt>
              <Trans>After your {trialDays}-day trial</Trans>
            </dt>
            <dd>{money(firstCharge)}</dd>
          </div>
        ) : null}
        <div className="checkout-total__due">
          <dt>
            <Trans>Due today</Trans>
          </dt>
          <dd>{due}</dd>
        </div>
      </dl>
      {discount > 0 ? (
        <p className="muted">
          {plan.billing_period === 'year' ? (
            <Trans>The discount applies to your first year; then {price}.</Trans>
          ) : (
            <Trans>The discount applies to your first month; then {price}.</Trans>
          )}
        </p>
      ) : null}
      <ConsentCheckbox
        ref={consentRef}
        statement={domainText(CONSENT_STATEMENTS.program_terms)}
        checked={consent}
        error={consentError}
        onChange={(checked) => {
          setConsent(checked);
          if (checked) setConsentError(null);
        }}
      />
      {payError ? (
        <p className="form-error" role="alert" tabIndex={-1} ref={payErrorRef}>
          {domainText(payError)}
        </p>
      ) : null}
      <Button type="submit" block disabled={!ready && !paying} loading={paying}>
        {trial ? t`Start my free trial` : t`Pay ${due}`}
      </Button>
    </section>
  );
}
