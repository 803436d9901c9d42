/**
 * Demo billing data: promo codes, and for every family that bought Grove an order, the sandbox
 * provider's customer and card, a subscription in the family's billing status, its invoices (with
 * the sandbox charges behind them, so refunds work), the kit shipment and the history. Families
 * tagged magellan are covered by a partner: no order, no card (docs/billing.md). A past-due family
 * pays with the renewal-failing sandbox card: its checkout and earlier renewals were paid, its last
 * renewal was declined — the declined charge, a FAILED invoice with the reason and the
 * renewal_failed history row, as billing.service writes them, six hours before the seed ran, and the
 * e-mail the family got with its signed card-update link (in the outbox, which is the local mailbox);
 * the scheduled billing sweep retries it (renewalAttempts 1: the next try is a day after the
 * period's end, RENEWAL_RETRY_DAYS).
 */
import {
  addDays,
  addMonths,
  CARD_DECLINED,
  formatDateTime,
  nextRenewalAttempt,
  findPlan,
  hasMagellanTag,
  periodEnd,
  SANDBOX_CARDS,
  type SubscriptionAction,
  type SubscriptionStatus,
} from '@grove/domain';
import { eq } from 'drizzle-orm';
import { renderEmail } from '../../adapters/email/templates.ts';
import { localeOf } from '../../locales/i18n.ts';
import { failedRenewalNotice, updateCardLabel } from '../../modules/billing/billing.notices.ts';
import { cardUpdateLink } from '../../modules/billing/billing.service.ts';
import {
  accounts,
  accountTags,
  emailOutbox,
  invoices,
  orders,
  paymentCustomers,
  promoCodes,
  sandboxOperations,
  shipments,
  subscriptionActions,
  subscriptions,
  users,
} from '../schema/index.ts';
import { anyOf, type SeedContext } from './context.ts';

const BILLING_ENTITY = 'Grove Health, Inc.';

export const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', externalId: 'promo_welcome10', percentOff: 10 },
  {
    code: 'SPRING20',
    externalId: 'promo_spring20',
    amountOff: 2000,
    planTags: ['default', 'spring-trial'],
    expiresAt: new Date('2027-06-30T23:59:59Z'),
  },
  { code: 'YEARLY50', externalId: 'promo_yearly50', amountOff: 5000, planTags: ['yearly'] },
  { code: 'SUMMER2025', externalId: 'promo_summer2025', percentOff: 25, expiresAt: new Date('2025-09-01T00:00:00Z') },
  { code: 'FIRST100', externalId: 'promo_first100', percentOff: 50, maxRedemptions: 100, redemptions: 100 },
];

/** The plan each demo family is on (parent@example.com pays yearly; a past-due family monthly, so it has renewed). */
const planFor = (email: string, index: number, status: SubscriptionStatus) =>
  email === 'parent@example.com'
    ? 'yearly'
    : status === 'PAST_DUE'
      ? 'default'
      : index % 9 === 0
        ? 'yearly'
        : 'default';

/** The history that leads to each status, after the order. */
const PATHS: Record<SubscriptionStatus, { action: SubscriptionAction; to: SubscriptionStatus }[]> = {
  TRIAL: [],
  ACTIVE: [],
  PAUSED: [{ action: 'pause', to: 'PAUSED' }],
  PENDING_CANCELLATION: [{ action: 'cancel_request', to: 'PENDING_CANCELLATION' }],
  PAST_DUE: [{ action: 'renewal_failed', to: 'PAST_DUE' }],
  CANCELLED: [
    { action: 'cancel_request', to: 'PENDING_CANCELLATION' },
    { action: 'cancel_confirm', to: 'CANCELLED' },
  ],
  RETURN_REQUESTED: [{ action: 'return_request', to: 'RETURN_REQUESTED' }],
  RETURNED: [
    { action: 'return_request', to: 'RETURN_REQUESTED' },
    { action: 'return_confirm', to: 'RETURNED' },
  ],
};

export async function seedBillingData(ctx: SeedContext): Promise<void> {
  const { db, now, rng } = ctx;
  await db.insert(promoCodes).values(DEMO_PROMO_CODES);

  const families = await db
    .select({
      accountId: accounts.id,
      createdAt: accounts.createdAt,
      timeZone: accounts.timeZone,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phonenumber: users.phonenumber,
      status: users.billingStatus,
      language: users.language,
    })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(anyOf(accounts.id, ctx.accountIds));
  const tags = await db.select().from(accountTags).where(anyOf(accountTags.accountId, ctx.accountIds));
  const partnerCovered = new Set(tags.filter((row) => hasMagellanTag([row.tag])).map((row) => row.accountId));

  let invoiceNumber = 0;
  for (const [index, family] of families.entries()) {
    if (family.status === 'NOT_PURCHASED' || partnerCovered.has(family.accountId)) continue;
    const status = family.status as SubscriptionStatus;
    const { plan } = findPlan(planFor(family.email, index, status));
    // A past-due family's renewal failed six hours ago (its periods end then), so the demo shows a
    // fresh failure whose first retry is still ahead: the sweep does not end it within minutes.
    const started =
      status === 'PAST_DUE'
        ? addMonths(
            new Date(now.getTime() - 6 * 3_600_000),
            -Math.max(2, Math.round((now.getTime() - family.createdAt.getTime()) / (30 * 86_400_000))),
          )
        : family.createdAt;
    const shipping = {
      address_1: `${100 + index} Maple Avenue`,
      address_2: '',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      country: 'US',
    };
    const [order] = await db
      .insert(orders)
      .values({
        accountId: family.accountId,
        userId: family.userId,
        status: 'CONFIRMED',
        planTag: plan.tag,
        currency: plan.currency,
        subtotalCents: plan.price_cents,
        totalCents: plan.price_cents,
        email: family.email,
        firstName: family.firstName,
        lastName: family.lastName,
        phonenumber: family.phonenumber,
        country: 'US',
        shipping,
        dateConfirmed: started,
        conversionTrackedAt: started,
        createdAt: started,
        updatedAt: started,
      })
      .returning({ id: orders.id });

    const customerId = `cus_sandbox_demo${family.accountId}`;
    const methodId = `pm_sandbox_demo${family.accountId}`;
    const card = status === 'PAST_DUE' ? ('renewalFails' as const) : ('succeeds' as const);
    const last4 = SANDBOX_CARDS[card].slice(-4);
    const cardLabel = `Visa •••• ${last4}`;
    await db.insert(sandboxOperations).values([
      {
        kind: 'customer',
        objectId: customerId,
        customerId,
        status: 'created',
        detail: { account_id: family.accountId, default_method: methodId },
        createdAt: started,
      },
      {
        kind: 'card',
        objectId: methodId,
        customerId,
        status: 'attached',
        detail: {
          brand: 'Visa',
          last4,
          exp_month: 12,
          exp_year: now.getUTCFullYear() + 3,
          behaviour: card,
        },
        createdAt: started,
      },
    ]);
    await db.insert(paymentCustomers).values({
      accountId: family.accountId,
      provider: 'sandbox',
      customerId,
      methodId,
      brand: 'Visa',
      last4,
      expMonth: 12,
      expYear: now.getUTCFullYear() + 3,
    });

    // Paid periods from the start until now (or until the subscription ended).
    const ended = status === 'CANCELLED' || status === 'RETURNED';
    const stopAt = ended ? addDays(now, -rng.int(10, 60)) : now;
    const periods: { start: Date; end: Date }[] = [];
    for (let start = started; start < stopAt;) {
      const end = periodEnd(start, plan.billing_period);
      periods.push({ start, end });
      start = end;
    }
    // A past-due family's last renewal failed: its current period ended and was not paid.
    const unpaid = status === 'PAST_DUE' && periods.length > 1 ? periods.pop()! : null;
    const current = periods.at(-1) ?? { start: started, end: periodEnd(started, plan.billing_period) };
    const invoiceRows = periods.map((period, n) => {
      invoiceNumber += 1;
      const chargeId = `ch_sandbox_demo${family.accountId}_${n}`;
      return {
        charge: {
          kind: 'charge',
          objectId: chargeId,
          customerId,
          amountCents: plan.price_cents,
          currency: plan.currency,
          status: 'succeeded',
          detail: { description: plan.name, method: methodId },
          createdAt: period.start,
        },
        invoice: {
          number: `GRV-DEMO-${String(invoiceNumber).padStart(6, '0')}`,
          accountId: family.accountId,
          orderId: n === 0 ? order!.id : null,
          billingEntityName: BILLING_ENTITY,
          status: status === 'RETURNED' && n === periods.length - 1 ? 'REFUNDED' : 'PAID',
          description: `${plan.name} — ${n === 0 ? 'first' : 'renewal'}`,
          periodStart: period.start,
          periodEnd: period.end,
          amountCents: plan.price_cents,
          refundedCents: status === 'RETURNED' && n === periods.length - 1 ? plan.price_cents : 0,
          currency: plan.currency,
          provider: 'sandbox',
          providerChargeId: chargeId,
          cardLabel,
          createdAt: period.start,
        },
      };
    });

    const pausedUntil = status === 'PAUSED' ? addDays(now, 45) : null;
    const [subscription] = await db
      .insert(subscriptions)
      .values({
        accountId: family.accountId,
        orderId: order!.id,
        planTag: plan.tag,
        status,
        previousStatus: status === 'PENDING_CANCELLATION' || status === 'RETURN_REQUESTED' ? 'ACTIVE' : null,
        priceCents: plan.price_cents,
        currency: plan.currency,
        currentPeriodStart: current.start,
        currentPeriodEnd: pausedUntil ? addDays(current.end, 45) : current.end,
        trialEndsAt: null,
        cancelAt: status === 'PENDING_CANCELLATION' ? addDays(now, rng.int(5, 28)) : null,
        cancelReason: status === 'PENDING_CANCELLATION' || status === 'CANCELLED' ? 'too_expensive' : null,
        pausedUntil,
        // The demo family with a pending return is still inside its window.
        returnDeadline: status === 'RETURN_REQUESTED' ? addDays(now, 12) : addDays(started, plan.return_days),
        cancelledAt: ended ? stopAt : null,
        renewalAttempts: unpaid ? 1 : 0,
        createdAt: started,
        updatedAt: now,
      })
      .returning({ id: subscriptions.id });
    if (invoiceRows.length) {
      await db.insert(sandboxOperations).values(invoiceRows.map((row) => row.charge));
      await db
        .insert(invoices)
        .values(invoiceRows.map((row) => ({ ...row.invoice, subscriptionId: subscription!.id })));
    }
    // The declined renewal: its charge and the FAILED invoice for the unpaid period (attemptRenewal).
    if (unpaid) {
      invoiceNumber += 1;
      const chargeId = `ch_sandbox_demo${family.accountId}_declined`;
      await db.insert(sandboxOperations).values({
        kind: 'charge',
        objectId: chargeId,
        customerId,
        amountCents: plan.price_cents,
        currency: plan.currency,
        status: 'declined',
        detail: { description: plan.name, method: methodId, reason: CARD_DECLINED },
        createdAt: unpaid.start,
      });
      await db.insert(invoices).values({
        number: `GRV-DEMO-${String(invoiceNumber).padStart(6, '0')}`,
        accountId: family.accountId,
        subscriptionId: subscription!.id,
        billingEntityName: BILLING_ENTITY,
        status: 'FAILED',
        description: `${plan.name} — renewal — payment failed: ${CARD_DECLINED}`,
        periodStart: unpaid.start,
        periodEnd: unpaid.end,
        amountCents: plan.price_cents,
        currency: plan.currency,
        provider: 'sandbox',
        providerChargeId: chargeId,
        cardLabel,
        createdAt: unpaid.start,
      });
      // The e-mail of the failure with its signed link, as the sweep writes it (already delivered).
      const link = await cardUpdateLink({ publicUrl: ctx.publicUrl }, db, family.userId, now);
      const retry = nextRenewalAttempt(unpaid.start, 1);
      const locale = await localeOf(family.language);
      const notice = failedRenewalNotice(
        locale,
        plan.name,
        CARD_DECLINED,
        retry ? formatDateTime(retry.toISOString(), family.timeZone, locale.language) : null,
      );
      const email = await renderEmail(
        'billing_notice',
        {
          firstName: family.firstName,
          subject: notice.subject,
          paragraphs: notice.lines,
          action: { label: updateCardLabel(locale), url: link.url },
        },
        locale.language,
      );
      await db.insert(emailOutbox).values({
        toAddress: family.email,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        template: email.template,
        provider: 'outbox',
        status: 'sent',
        userId: family.userId,
        secrets: [link.token],
        createdAt: unpaid.start,
        sentAt: unpaid.start,
      });
    }
    await db.insert(shipments).values({
      accountId: family.accountId,
      orderId: order!.id,
      kind: 'kit',
      carrier: 'UPS',
      service: 'UPS 2nd Day Air',
      trackingNumber: `1Z999AA1${String(family.accountId).padStart(10, '0')}`,
      status: 'DELIVERED',
      items: [...plan.kit_items],
      shipping,
      createdAt: started,
      updatedAt: addDays(started, 3),
    });
    // A return on its way back (prepaid label) or received.
    if (status === 'RETURN_REQUESTED' || status === 'RETURNED') {
      await db.insert(shipments).values({
        accountId: family.accountId,
        orderId: order!.id,
        kind: 'return',
        carrier: 'UPS',
        service: 'UPS Ground (prepaid return label)',
        trackingNumber: `1Z999RT1${String(family.accountId).padStart(10, '0')}`,
        status: status === 'RETURNED' ? 'RETURNED' : 'LABEL_CREATED',
        items: [...plan.kit_items],
        shipping,
        createdAt: addDays(now, -4),
        updatedAt: addDays(now, status === 'RETURNED' ? -1 : -4),
      });
    }
    let from: SubscriptionStatus = 'ACTIVE';
    const history = [
      {
        action: 'order_confirmed' as SubscriptionAction,
        fromStatus: null,
        toStatus: 'ACTIVE',
        reason: null as string | null,
        createdAt: started,
      },
      ...PATHS[status].map((step, n) => {
        // The failed renewal is recorded when the period ended, with the card's reason.
        const failed = step.action === 'renewal_failed' && unpaid;
        const row = {
          action: step.action,
          fromStatus: from,
          toStatus: step.to,
          reason: failed ? CARD_DECLINED : null,
          createdAt: failed ? unpaid.start : addDays(now, -(PATHS[status].length - n) * 5),
        };
        from = step.to;
        return row;
      }),
    ];
    await db.insert(subscriptionActions).values(
      history.map((row) => ({
        accountId: family.accountId,
        subscriptionId: subscription!.id,
        // The scheduled renewal has no actor (runFlow with no user).
        actorUserId: row.action === 'renewal_failed' ? null : family.userId,
        ...row,
      })),
    );
  }
  ctx.log(`seeded billing for ${families.length - partnerCovered.size} families`);
}
