/**
 * The plans side by side (SPEC §1 "choose a program plan at checkout"; decision 0046): a radio
 * group of cards, each with the plan's name, price and period, the yearly saving against twelve
 * monthly payments, and what's included (the kit, the free trial, the return window). Which plans
 * are offered is the domain's rule (offeredPlans); the route keeps the choice in the address and
 * in storage.
 *
 * Native radio buttons: Tab enters the group at the chosen plan, the arrow keys move between plans
 * and choose, and the whole card is the radio's label (its label stretches over the card).
 */
import { useId } from 'react';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_PLAN_TAG, formatMoney, yearlySavingCents } from '@grove/domain';
import type { ProgramPlanAnswer } from '@grove/domain/api/billing';

import { domainText } from '../../lib/i18n.ts';

type Plan = ProgramPlanAnswer['plan'];

// The helpers below take the caller's `i18n` (useLingui), so that their words follow the page's language.

/** '$39.00 per month' */
export function pricePerPeriod(plan: Pick<Plan, 'price_cents' | 'currency' | 'billing_period'>, i18n: I18n): string {
  const price = formatMoney(plan.price_cents, plan.currency);
  return plan.billing_period === 'year' ? i18n._(msg`${price} per year`) : i18n._(msg`${price} per month`);
}

/** '14 days free' */
export function trialText(days: number, i18n: I18n): string {
  return i18n._(msg`${plural(days, { one: '# day free', other: '# days free' })}`);
}

/** 'You save $78.00 compared with 12 monthly payments.', or null when the plan saves nothing. */
export function savingText(plan: Plan, monthly: Plan | undefined, i18n: I18n): string | null {
  const saving = monthly ? yearlySavingCents(plan, monthly) : null;
  if (saving === null) return null;
  const amount = formatMoney(saving, plan.currency);
  return i18n._(msg`You save ${amount} compared with 12 monthly payments.`);
}

function PlanCard({
  plan,
  group,
  chosen,
  saving,
  onChoose,
}: {
  plan: Plan;
  group: string;
  chosen: boolean;
  saving: string | null;
  onChoose: (tag: string) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const trial = plan.trial_days > 0;
  const trialWords = trialText(plan.trial_days, i18n);
  const price = pricePerPeriod(plan, i18n);
  const { trial_days: trialDays, return_days: returnDays, grace_days: graceDays } = plan;
  return (
    <div className={`checkout-plan-card${chosen ? ' checkout-plan-card--chosen' : ''}`}>
      <div className="checkout-plan-card__head">
        <input
          id={`${id}-radio`}
          className="checkout-plan-card__radio"
          type="radio"
          name={group}
          value={plan.tag}
          checked={chosen}
          onChange={() => onChoose(plan.tag)}
          aria-describedby={saving ? `${id}-price ${id}-saving` : `${id}-price`}
        />
        <label className="checkout-plan-card__name" htmlFor={`${id}-radio`}>
          {domainText(plan.name)}
        </label>
      </div>
      <p className="checkout-plan-card__price" id={`${id}-price`}>
        {trial ? (
          <Trans>
            <strong>{trialWords}</strong>, then {price}
          </Trans>
        ) : (
          <strong>{price}</strong>
        )}
      </p>
      {saving ? (
        <p className="checkout-plan-card__saving" id={`${id}-saving`}>
          {saving}
        </p>
      ) : null}
      <p className="checkout-plan-card__description">{domainText(plan.description)}</p>
      <p className="checkout-plan-card__subtitle" id={`${id}-included`}>
        <Trans>What’s included</Trans>
      </p>
      <ul className="checkout-plan-card__items" aria-labelledby={`${id}-included`}>
        {plan.kit_items.map((item) => (
          <li key={item}>{domainText(item)}</li>
        ))}
        {trial ? (
          <li>
            <Plural
              value={trialDays}
              one="# day free before the first charge"
              other="# days free before the first charge"
            />
          </li>
        ) : null}
        <li>
          <Plural
            value={returnDays}
            one="# day to return the kit for a refund"
            other="# days to return the kit for a refund"
          />
        </li>
      </ul>
      <p className="checkout-plan-card__terms">
        <Plural
          value={graceDays}
          one="Cancel any time; cancelling takes effect # day after you ask."
          other="Cancel any time; cancelling takes effect # days after you ask."
        />
      </p>
    </div>
  );
}

export function PlanChoice({
  plans,
  chosenTag,
  missingOffer,
  onChoose,
}: {
  /** The plans offered (offeredPlans), in order. */
  plans: readonly Plan[];
  chosenTag: string;
  /** The tag of an offer the API did not know (the standard plans are shown instead), or null. */
  missingOffer: string | null;
  onChoose: (tag: string) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const monthly = plans.find((plan) => plan.tag === DEFAULT_PLAN_TAG);
  return (
    <section className="card checkout-plans" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        <Trans>Your plan</Trans>
      </h2>
      {missingOffer === null ? null : (
        <p className="checkout-plans__fallback" role="status">
          <Trans>Sorry, we could not find the offer “{missingOffer}”. Here are our standard plans instead.</Trans>
        </p>
      )}
      <div className="checkout-plans__list" role="radiogroup" aria-labelledby={`${id}-title`}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.tag}
            plan={plan}
            group={`${id}-plan`}
            chosen={plan.tag === chosenTag}
            saving={savingText(plan, monthly, i18n)}
            onChoose={onChoose}
          />
        ))}
      </div>
    </section>
  );
}
