import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  discountCents,
  findPlan,
  formatMoney,
  offeredPlans,
  PARENT_ACTIONS,
  periodEnd,
  PROGRAM_PLANS,
  PROMO_MESSAGES,
  promoPlanMessage,
  SUBSCRIPTION_ACTIONS,
  SUBSCRIPTION_STATUSES,
  transition,
  TRANSITIONS,
  yearlySavingCents,
  type SubscriptionStatus,
} from './billing.ts';

describe('plans', () => {
  it('finds a plan by tag, case-insensitively, and falls back to the default plan', () => {
    expect(findPlan('YEARLY')).toMatchObject({ plan: { tag: 'yearly', billing_period: 'year' }, fallback: false });
    expect(findPlan('professional').plan.tag).toBe('PROFESSIONAL');
    expect(findPlan('nope')).toMatchObject({ plan: { tag: 'default' }, fallback: true });
    expect(findPlan(null)).toMatchObject({ plan: { tag: 'default' }, fallback: true });
  });

  it('keeps the spec’s 30-day grace period on every plan', () => {
    for (const tag of ['default', 'yearly', 'spring-trial', 'PROFESSIONAL'])
      expect(findPlan(tag).plan.grace_days).toBe(30);
  });

  it('formats money in dollars', () => {
    expect(formatMoney(3900)).toBe('$39.00');
    expect(formatMoney(39000)).toBe('$390.00');
  });
});

describe('the plans checkout offers (decision 0046)', () => {
  const tags = (requested: string | null) => offeredPlans(PROGRAM_PLANS, requested).map((plan) => plan.tag);

  it.each([
    [null, ['default', 'yearly']],
    ['default', ['default', 'yearly']],
    ['yearly', ['default', 'yearly']],
    ['spring-trial', ['default', 'yearly', 'spring-trial']],
    ['SPRING-TRIAL', ['default', 'yearly', 'spring-trial']],
    ['PROFESSIONAL', ['default', 'yearly', 'PROFESSIONAL']],
    ['professional', ['default', 'yearly', 'PROFESSIONAL']],
    ['summer-sale', ['default', 'yearly']],
    ['', ['default', 'yearly']],
  ])('tag %j → %j', (requested, expected) => {
    expect(tags(requested)).toEqual(expected);
  });

  it('works on the API’s plan list, keeps its order and leaves out plans the catalogue does not know', () => {
    const plans = [{ tag: 'yearly' }, { tag: 'gift-card' }, { tag: 'default' }, { tag: 'spring-trial' }];
    expect(offeredPlans(plans, 'spring-trial')).toEqual([
      { tag: 'yearly' },
      { tag: 'default' },
      { tag: 'spring-trial' },
    ]);
    expect(offeredPlans([], 'yearly')).toEqual([]);
  });

  it('lists monthly and yearly to everyone, the offers and PROFESSIONAL only when asked for', () => {
    expect(PROGRAM_PLANS.filter((plan) => plan.listed === 'always').map((plan) => plan.tag)).toEqual([
      'default',
      'yearly',
    ]);
  });
});

describe('the yearly saving', () => {
  const monthly = { price_cents: 3900, currency: 'usd', billing_period: 'month' } as const;
  const yearly = { price_cents: 39000, currency: 'usd', billing_period: 'year' } as const;

  it.each([
    ['the catalogue’s yearly plan against monthly: 12 × $39 − $390', yearly, monthly, 7800],
    ['a yearly price of exactly 12 months', { ...yearly, price_cents: 46800 }, monthly, null],
    ['a yearly price above 12 months', { ...yearly, price_cents: 50000 }, monthly, null],
    ['a monthly plan', monthly, monthly, null],
    ['against a yearly plan', yearly, yearly, null],
    ['in another currency', { ...yearly, currency: 'eur' }, monthly, null],
    ['currencies compared without case', { ...yearly, currency: 'USD' }, monthly, 7800],
  ])('%s', (_what, plan, against, expected) => {
    expect(yearlySavingCents(plan, against)).toBe(expected);
  });

  it('matches the catalogue: the yearly plan saves two monthly payments', () => {
    const saving = yearlySavingCents(findPlan('yearly').plan, findPlan('default').plan);
    expect(saving).toBe(2 * findPlan('default').plan.price_cents);
    expect(formatMoney(saving!)).toBe('$78.00');
  });
});

describe('discounts', () => {
  it.each([
    [3900, { amount_off: 0, percent_off: 10 }, 390],
    [3900, { amount_off: 500, percent_off: 0 }, 500],
    [3900, { amount_off: 10_000, percent_off: 0 }, 3900],
    [3900, { amount_off: 0, percent_off: 150 }, 3900],
    [3900, { amount_off: -5, percent_off: -5 }, 0],
  ])('%i cents with %o → %i off', (price, discount, expected) => {
    expect(discountCents(price, discount)).toBe(expected);
  });

  it('never takes off more than the price nor less than nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -1000, max: 2_000_000 }),
        fc.integer({ min: -10, max: 200 }),
        (price, amount, percent) => {
          const off = discountCents(price, { amount_off: amount, percent_off: percent });
          return off >= 0 && off <= price && Number.isInteger(off);
        },
      ),
    );
  });
});

describe('a promo code for other plans', () => {
  it.each([
    ['YEARLY50', ['yearly'], 'YEARLY50 is for the yearly plan only.'],
    ['SPRING20', ['default', 'spring-trial'], 'SPRING20 is for monthly plans only.'],
    ['SPRING20', ['SPRING-TRIAL', 'Default'], 'SPRING20 is for monthly plans only.'],
    ['MONTHLY5', ['default'], 'MONTHLY5 is for the monthly plan only.'],
    ['TRIAL5', ['spring-trial'], 'TRIAL5 is for the 14-day free trial plan only.'],
    ['CLINIC', ['PROFESSIONAL'], 'CLINIC is for the Professional plan only.'],
    ['FAMILY', ['default', 'yearly'], 'FAMILY is for the monthly and yearly plans only.'],
    ['ODD', ['spring-trial', 'PROFESSIONAL'], 'ODD is for the 14-day free trial and Professional plans only.'],
    ['ALL3', ['yearly', 'default', 'PROFESSIONAL'], 'ALL3 is for the monthly, yearly and Professional plans only.'],
    ['GONE', ['retired-plan'], PROMO_MESSAGES.wrongPlan],
    ['NONE', [], PROMO_MESSAGES.wrongPlan],
  ])('%s for %j → %j', (code, planTags, message) => {
    expect(promoPlanMessage(code, planTags)).toBe(message);
  });

  it('names every plan of the catalogue in words and ends each sentence with a full stop', () => {
    for (const plan of PROGRAM_PLANS) {
      expect(plan.short_name).not.toBe('');
      expect(promoPlanMessage('CODE', [plan.tag])).toMatch(/^CODE is for the .+ plan only\.$/);
    }
  });
});

describe('the subscription state machine', () => {
  it('allows exactly the table’s transitions and names a sentence for the others', () => {
    for (const action of SUBSCRIPTION_ACTIONS) {
      for (const status of SUBSCRIPTION_STATUSES) {
        const step = transition(action, status, 'ACTIVE');
        expect(step.ok, `${action} from ${status}`).toBe(TRANSITIONS[action].from.includes(status));
        if (!step.ok) expect(step.reason).toMatch(/\.$/);
      }
    }
  });

  it('goes back to the earlier status on undo and decline', () => {
    expect(transition('cancel_undo', 'PENDING_CANCELLATION', 'TRIAL')).toEqual({ ok: true, to: 'TRIAL' });
    expect(transition('return_decline', 'RETURN_REQUESTED', 'CANCELLED')).toEqual({ ok: true, to: 'CANCELLED' });
    expect(transition('cancel_undo', 'PENDING_CANCELLATION', null)).toEqual({ ok: true, to: 'ACTIVE' });
  });

  it('refuses impossible steps in words', () => {
    expect(transition('resume', 'ACTIVE', null)).toEqual({ ok: false, reason: 'This subscription is not paused.' });
    expect(transition('pause', 'PENDING_CANCELLATION', 'ACTIVE')).toEqual({
      ok: false,
      reason: 'Only a running subscription can be paused.',
    });
    expect(transition('cancel_request', 'CANCELLED', null).ok).toBe(false);
  });

  it('lets parents ask for the spec’s flows but not end a cancellation early', () => {
    expect(PARENT_ACTIONS).not.toContain('cancel_confirm');
    expect(PARENT_ACTIONS).not.toContain('return_confirm');
    const reachable = new Set<SubscriptionStatus>(['ACTIVE']);
    for (let round = 0; round < 5; round++) {
      for (const action of SUBSCRIPTION_ACTIONS)
        for (const status of [...reachable]) {
          const step = transition(action, status, 'ACTIVE');
          if (step.ok) reachable.add(step.to);
        }
    }
    expect([...reachable].sort()).toEqual([...SUBSCRIPTION_STATUSES].filter((s) => s !== 'TRIAL').sort());
  });
});

describe('calendar arithmetic', () => {
  it('adds months in UTC and clamps to the month’s last day', () => {
    expect(addMonths(new Date('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
    expect(periodEnd(new Date('2026-03-10T00:00:00Z'), 'year').toISOString()).toBe('2027-03-10T00:00:00.000Z');
  });
});
