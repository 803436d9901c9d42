/**
 * What a family's billing history shows — subscriptions, invoices, the subscription's actions — and
 * the staff's invoice corrections (refund, remove).
 */
import { formatMoney, INVOICE_MESSAGES } from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type { SubscriptionActionEntry } from '@grove/domain/api/billing';
import { PaymentServiceError } from '../../adapters/payment/payment.port.ts';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { assertAccountAccess } from '../auth/access.ts';
import * as repo from './billing.repository.ts';
import { type BillingDeps, paymentServiceFailed, toInvoice, toSubscription } from './billing.service.ts';

export async function listSubscriptions(deps: BillingDeps, user: AuthUser, accountId: number) {
  await assertAccountAccess(deps.db, user, accountId);
  const results = (await repo.listSubscriptions(deps.db, accountId)).map(toSubscription);
  return { count: results.length, results };
}

export async function listInvoices(deps: BillingDeps, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccountAccess(deps.db, user, accountId);
  const { count, rows } = await repo.pageInvoices(
    deps.db,
    accountId,
    paging.page_size,
    (paging.page - 1) * paging.page_size,
  );
  return { count, page: paging.page, pageSize: paging.page_size, results: rows.map(toInvoice) };
}

// Invoices (staff).

export async function refundInvoiceMoney(
  deps: BillingDeps,
  staff: AuthUser,
  invoice: repo.InvoiceRow,
  amount: number,
  reason: string,
) {
  if (!invoice.providerChargeId) throw conflict(INVOICE_MESSAGES.nothingToRefund, 'nothing_to_refund');
  const refund = await deps.payments
    .refund({
      chargeId: invoice.providerChargeId,
      amountCents: amount,
      idempotencyKey: `refund:${invoice.id}:${invoice.refundedCents}:${amount}`,
    })
    .catch((error: unknown) => {
      if (error instanceof PaymentServiceError) throw paymentServiceFailed(error.kind);
      throw error;
    });
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockInvoice(tx, invoice.id);
    if (!locked || locked.refundedCents !== invoice.refundedCents)
      throw conflict(INVOICE_MESSAGES.changedMeanwhile, 'invoice_changed');
    const refunded = locked.refundedCents + refund.amountCents;
    await repo.insertRefund(tx, {
      invoiceId: locked.id,
      amountCents: refund.amountCents,
      reason,
      providerRefundId: refund.refundId,
      staffUserId: staff.id,
    });
    return repo.updateInvoice(tx, locked.id, {
      refundedCents: refunded,
      status: refunded >= locked.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
    });
  });
}

async function staffInvoice(deps: BillingDeps, staff: AuthUser, invoiceId: number, entity: string) {
  if (!staff.isStaff) throw forbidden();
  const invoice = await repo.findInvoice(deps.db, invoiceId);
  if (!invoice) throw notFound();
  if (invoice.billingEntityName !== entity)
    throw new ValidationError({ billing_entity_name: [INVOICE_MESSAGES.wrongBillingEntity] });
  return invoice;
}

export async function refundInvoice(
  deps: BillingDeps,
  staff: AuthUser,
  invoiceId: number,
  entity: string,
  body: { amount_cents?: number; reason: string },
) {
  const invoice = await staffInvoice(deps, staff, invoiceId, entity);
  if (!['PAID', 'PARTIALLY_REFUNDED'].includes(invoice.status))
    throw conflict(INVOICE_MESSAGES.onlyPaidRefundable, 'not_refundable');
  const left = invoice.amountCents - invoice.refundedCents;
  const amount = body.amount_cents ?? left;
  if (amount > left)
    throw new ValidationError({ amount_cents: [INVOICE_MESSAGES.leftToRefund(formatMoney(left, invoice.currency))] });
  return toInvoice(await refundInvoiceMoney(deps, staff, invoice, amount, body.reason || 'Refund'));
}

export async function removeInvoice(deps: BillingDeps, staff: AuthUser, invoiceId: number, entity: string) {
  const invoice = await staffInvoice(deps, staff, invoiceId, entity);
  if (!['FAILED'].includes(invoice.status)) throw conflict(INVOICE_MESSAGES.onlyUnpaidRemovable, 'not_removable');
  return toInvoice(await repo.updateInvoice(deps.db, invoice.id, { status: 'VOID' }));
}

// History.

export async function subscriptionActions(deps: BillingDeps, user: AuthUser, accountId: number, paging: Paging) {
  await assertAccountAccess(deps.db, user, accountId);
  const { count, rows } = await repo.pageActions(
    deps.db,
    accountId,
    paging.page_size,
    (paging.page - 1) * paging.page_size,
  );
  const results: SubscriptionActionEntry[] = rows.map(({ action, actorFirstName, actorLastName, actorIsStaff }) => ({
    id: action.id,
    account_id: action.accountId,
    action: action.action as SubscriptionActionEntry['action'],
    from_status: action.fromStatus,
    to_status: action.toStatus,
    reason: action.reason,
    actor:
      action.actorUserId === null
        ? null
        : {
            id: action.actorUserId,
            name: `${actorFirstName ?? ''} ${actorLastName ?? ''}`.trim(),
            kind: actorIsStaff ? 'staff' : 'parent',
          },
    created_at: action.createdAt.toISOString(),
  }));
  return { count, page: paging.page, pageSize: paging.page_size, results };
}
