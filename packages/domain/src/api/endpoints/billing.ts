/**
 * The endpoints of packages/domain/src/api/billing.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(billingApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as billingContract from '../billing.ts';

export const billingApi = {
  programPlan: ref<typeof billingContract.billingApi.programPlan>('GET', '/api/v2/billing/program_plan'),
  rules: ref<typeof billingContract.billingApi.rules>('GET', '/api/v2/billing/rules'),
  promo: ref<typeof billingContract.billingApi.promo>('GET', '/api/v2/billing/promo/:code'),
  createOrder: ref<typeof billingContract.billingApi.createOrder>('POST', '/api/v2/billing/order'),
  confirmOrder: ref<typeof billingContract.billingApi.confirmOrder>('POST', '/api/v2/billing/order/confirm'),
  payment: ref<typeof billingContract.billingApi.payment>('POST', '/api/v2/billing/payment'),
  cardUpdateLink: ref<typeof billingContract.billingApi.cardUpdateLink>('GET', '/api/v2/billing/card_update'),
  cardUpdate: ref<typeof billingContract.billingApi.cardUpdate>('POST', '/api/v2/billing/card_update'),
  trackConversion: ref<typeof billingContract.billingApi.trackConversion>(
    'PUT',
    '/api/v2/billing/order/track_conversion',
  ),
  accountOrder: ref<typeof billingContract.billingApi.accountOrder>('GET', '/api/v2/billing/accounts/:id/order'),
  orderTrials: ref<typeof billingContract.billingApi.orderTrials>('GET', '/api/v2/billing/accounts/:id/order_trials'),
  userOrders: ref<typeof billingContract.billingApi.userOrders>('GET', '/api/v2/user/info/orders'),
  subscriptions: ref<typeof billingContract.billingApi.subscriptions>(
    'GET',
    '/api/v2/billing/accounts/:id/subscriptions',
  ),
  invoices: ref<typeof billingContract.billingApi.invoices>('GET', '/api/v2/billing/accounts/:id/invoices'),
  billingDetails: ref<typeof billingContract.billingApi.billingDetails>(
    'GET',
    '/api/v2/billing/users/:id/billing_details',
  ),
  requestUpdateEmail: ref<typeof billingContract.billingApi.requestUpdateEmail>(
    'POST',
    '/api/v2/billing/payment/request_update_email',
  ),
  refundInvoice: ref<typeof billingContract.billingApi.refundInvoice>('POST', '/api/v2/billing/invoices/:id/refund'),
  removeInvoice: ref<typeof billingContract.billingApi.removeInvoice>('POST', '/api/v2/billing/invoices/:id/remove'),
  cancelRequest: ref<typeof billingContract.billingApi.cancelRequest>(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/request',
  ),
  cancelUndo: ref<typeof billingContract.billingApi.cancelUndo>(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/undo',
  ),
  cancelConfirm: ref<typeof billingContract.billingApi.cancelConfirm>(
    'POST',
    '/api/v2/billing/account/:id/subscription/cancel/confirm',
  ),
  pause: ref<typeof billingContract.billingApi.pause>('POST', '/api/v2/billing/account/:id/subscription/pause'),
  resume: ref<typeof billingContract.billingApi.resume>('POST', '/api/v2/billing/account/:id/subscription/resume'),
  returnRequest: ref<typeof billingContract.billingApi.returnRequest>(
    'POST',
    '/api/v2/billing/accounts/:id/return/request',
  ),
  returnConfirm: ref<typeof billingContract.billingApi.returnConfirm>(
    'POST',
    '/api/v2/billing/accounts/:id/return/confirm',
  ),
  returnDecline: ref<typeof billingContract.billingApi.returnDecline>(
    'POST',
    '/api/v2/billing/accounts/:id/return/decline',
  ),
  renewDecline: ref<typeof billingContract.billingApi.renewDecline>(
    'POST',
    '/api/v2/billing/account/:id/renew/decline',
  ),
  renew: ref<typeof billingContract.billingApi.renew>('PUT', '/api/v2/billing/order/renew'),
  adminRenew: ref<typeof billingContract.billingApi.adminRenew>('PUT', '/api/v2/admin/billing/account/:id/renew'),
  stripeWebhook: ref<typeof billingContract.billingApi.stripeWebhook>('POST', '/api/v2/billing/webhooks/stripe'),
  actions: ref<typeof billingContract.billingApi.actions>('GET', '/api/v3/subscription_actions'),
};
