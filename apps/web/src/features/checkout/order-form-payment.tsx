/**
 * The checkout order form's payment section (order-form.tsx): the sandbox card form without a
 * provider key, Stripe Elements (loaded lazily) with one, and the promo code with the new total.
 */
import { Suspense, lazy } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

import { Spinner } from '../../components/spinner.tsx';
import { SandboxCardFields } from '../../components/card-form.tsx';
import { domainText } from '../../lib/i18n.ts';
import type { CheckoutFields } from './order-form-fields.ts';
import type { CheckoutAmounts, Plan } from './order-form-model.ts';
import type { CheckoutPayment } from './order-form-submit.ts';
import { PromoCodeField, type PromoCodeState } from './promo-code.tsx';

const StripeCard = lazy(() =>
  import('../../components/stripe-card.tsx').then((module) => ({ default: module.StripeCard })),
);

export function CheckoutPaymentSection({
  fields,
  payment,
  plan,
  stripeKey,
  promoCode,
  amounts,
}: {
  fields: CheckoutFields;
  payment: CheckoutPayment;
  plan: Plan;
  stripeKey: string | null;
  promoCode: PromoCodeState;
  amounts: CheckoutAmounts;
}) {
  const { t } = useLingui();
  const { baseId, idsOf, form, issueOf, onFieldChange } = fields;
  const { money, firstCharge } = amounts;
  return (
    <section className="card checkout-form__section" aria-labelledby={`${baseId}-payment`}>
      <h2 className="card__title" id={`${baseId}-payment`}>
        <Trans>Payment</Trans>
      </h2>
      {stripeKey ? (
        <Suspense fallback={<Spinner label={t`Loading the card form…`} />}>
          <StripeCard
            publishableKey={stripeKey}
            idBase={`${baseId}-stripe`}
            handleRef={payment.stripeRef}
            onCompleteChange={payment.setStripeComplete}
          />
        </Suspense>
      ) : (
        <SandboxCardFields register={form.register} idsOf={idsOf} issueOf={issueOf} onFieldChange={onFieldChange} />
      )}
      <PromoCodeField
        ids={idsOf('promo')}
        currency={plan.currency}
        promo={promoCode}
        planName={domainText(plan.name)}
        newTotal={money(firstCharge)}
      />
    </section>
  );
}
