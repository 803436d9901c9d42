/**
 * The plan being bought (SPEC §2 Checkout): its name, description, price per period, the trial if
 * it has one and what the kit holds. When the offer in the address is unknown, the API answers the
 * standard plan and says so; the page says it too, politely.
 */
import { formatMoney } from '@grove/domain';
import type { ProgramPlanAnswer } from '@grove/domain/api/billing';

type Plan = ProgramPlanAnswer['plan'];

/** '$39.00 per month' */
export function pricePerPeriod(plan: Pick<Plan, 'price_cents' | 'currency' | 'billing_period'>): string {
  return `${formatMoney(plan.price_cents, plan.currency)} per ${plan.billing_period}`;
}

/** '14 days free' */
export function trialText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} free`;
}

export function PlanSummary({ answer }: { answer: ProgramPlanAnswer }) {
  const { plan } = answer;
  return (
    <section className="card checkout-plan" aria-labelledby="checkout-plan-title">
      <h2 className="card__title" id="checkout-plan-title">
        Your plan
      </h2>
      {answer.fallback ? (
        <p className="checkout-plan__fallback" role="status">
          Sorry, we could not find the offer “{answer.requested_tag}”. Here is our standard plan instead.
        </p>
      ) : null}
      <p className="checkout-plan__name">{plan.name}</p>
      <p className="checkout-plan__description">{plan.description}</p>
      <p className="checkout-plan__price">
        {plan.trial_days > 0 ? (
          <>
            <strong>{trialText(plan.trial_days)}</strong>, then {pricePerPeriod(plan)}
          </>
        ) : (
          <strong>{pricePerPeriod(plan)}</strong>
        )}
      </p>
      {plan.kit_items.length > 0 ? (
        <>
          <h3 className="checkout-plan__subtitle">What’s included</h3>
          <ul className="checkout-plan__items">
            {plan.kit_items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="checkout-plan__terms">
        Cancel any time; cancelling takes effect {plan.grace_days} days after you ask. You can return the kit within{' '}
        {plan.return_days} days of your order.
      </p>
    </section>
  );
}
