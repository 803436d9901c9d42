/**
 * Subscription & Billing (SPEC §4, §6, §7 Billing; issue 11 items 12–13): the family's
 * subscription, billing details, invoices and history, the billing rules, and the subscription
 * flows. Every shape comes from the API contract (packages/domain/src/api/billing.ts).
 *
 * Every flow and the card change send an Idempotency-Key: one key per confirmation, kept for a
 * retry when no answer came (or the server failed), dropped once the server answered.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { SubscriptionAction } from '@grove/domain';
import type {
  CardUpdateRequest,
  FlowAnswer,
  PaymentMethodUpdateAnswer,
  billingApi as billingContract,
} from '@grove/domain/api/billing';
import type { RequestBody } from '@grove/domain/api/common';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { privacyApi } from '@grove/domain/api/endpoints/privacy';
import type { PaymentTextsBody, PrivacyStatus } from '@grove/domain/api/privacy';

import { ApiError, call, unwrap } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { BILLING_PAGE_SIZE, billingKeys, subscriptionsQuery } from '../../lib/queries/billing.ts';
import { authKeys } from '../../lib/queries/user.ts';

/** GET /api/v2/billing/rules/: grace days, return days, pause lengths, reasons and offers. */
export function billingRulesQuery() {
  return queryOptions({
    queryKey: billingKeys.rules(),
    queryFn: async ({ signal }) => unwrap(await call(billingApi.rules, { signal })),
    staleTime: 60 * 60 * 1000,
    // The title in the page's language when the options are made (each render of the screen that reads).
    meta: { errorTitle: i18n._(msg`Loading the billing rules`) },
  });
}

/** GET /api/v2/billing/users/{id}/billing_details/: payment method, next charge, billing e-mail. */
export function billingDetailsQuery(userId: number) {
  return queryOptions({
    queryKey: billingKeys.details(userId),
    queryFn: async ({ signal }) => unwrap(await call(billingApi.billingDetails, { params: { id: userId }, signal })),
    meta: { errorTitle: i18n._(msg`Loading your billing details`) },
  });
}

/** GET /api/v3/subscription_actions/?account=&page=: every change of the subscription, newest first. */
export function historyQuery(accountId: number, page: number) {
  return queryOptions({
    queryKey: billingKeys.history(accountId, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(billingApi.actions, {
          query: { account: accountId, page, page_size: BILLING_PAGE_SIZE },
          signal,
        }),
      ),
    meta: { errorTitle: i18n._(msg`Loading the subscription history`) },
  });
}

/**
 * Whether a failed call may be sent again with the same Idempotency-Key: only when no answer came
 * or the server failed (it keeps no answer then). Any other answer is stored under the key.
 */
export function keepsIdempotencyKey(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** The subscription flows a parent may start (the others are staff's or the scheduler's). */
export type ParentFlow = Extract<
  SubscriptionAction,
  'cancel_request' | 'cancel_undo' | 'pause' | 'resume' | 'renew_decline' | 'renew_confirm' | 'return_request'
>;

/** The flows that take a body, and their bodies. */
type FlowBodies = {
  cancel_request: RequestBody<typeof billingContract.cancelRequest>;
  pause: RequestBody<typeof billingContract.pause>;
};
type FlowArgs<A extends ParentFlow> = A extends keyof FlowBodies ? [body: FlowBodies[A]] : [];

/** Runs one subscription flow for `accountId`; answers the new subscription and what happened. */
export async function runFlow<A extends ParentFlow>(
  accountId: number,
  key: string,
  action: A,
  ...[body]: FlowArgs<A>
): Promise<FlowAnswer> {
  const options = { ...idempotent(key), params: { id: accountId } };
  // `body` is the flow's own (FlowArgs); the switch does not narrow the type parameter, hence the casts.
  switch (action) {
    case 'cancel_request':
      return unwrap(await call(billingApi.cancelRequest, { ...options, body: body as FlowBodies['cancel_request'] }));
    case 'cancel_undo':
      return unwrap(await call(billingApi.cancelUndo, options));
    case 'pause':
      return unwrap(await call(billingApi.pause, { ...options, body: body as FlowBodies['pause'] }));
    case 'resume':
      return unwrap(await call(billingApi.resume, options));
    case 'renew_decline':
      return unwrap(await call(billingApi.renewDecline, options));
    case 'return_request':
      return unwrap(await call(billingApi.returnRequest, options));
    default:
      return unwrap(await call(billingApi.renew, { ...idempotent(key), body: { account: accountId } }));
  }
}

/**
 * After a flow: the answer's subscription is shown at once, then the subscription, billing details,
 * invoices, history and the user record (its billing status) are read again.
 */
export async function afterFlow(
  queryClient: QueryClient,
  ids: { accountId: number; userId: number },
  answer: FlowAnswer,
): Promise<void> {
  queryClient.setQueryData(subscriptionsQuery(ids.accountId).queryKey, (list) =>
    list
      ? {
          ...list,
          results: list.results.map((item) => (item.id === answer.subscription.id ? answer.subscription : item)),
        }
      : list,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.account(ids.accountId) }),
    queryClient.invalidateQueries({ queryKey: billingKeys.details(ids.userId) }),
    queryClient.invalidateQueries({ queryKey: authKeys.userInfo() }),
  ]);
}

/** POST /api/v2/billing/payment/: a new card for the family, used from the next charge on. */
export async function updatePaymentMethod(
  body: RequestBody<typeof billingContract.payment>,
  key: string,
): Promise<PaymentMethodUpdateAnswer> {
  return unwrap(await call(billingApi.payment, { body, ...idempotent(key) }));
}

/** GET /api/v2/billing/card_update/?o=: what a signed card-update link is for (no sign-in). */
export function cardUpdateLinkQuery(token: string) {
  return queryOptions({
    queryKey: [...billingKeys.all, 'card-update-link', token] as const,
    queryFn: async ({ signal }) =>
      unwrap(await call(billingApi.cardUpdateLink, { query: { o: token }, signal, auth: false })),
    // The page shows a refused link itself.
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/v2/billing/card_update/: a new card through a signed link. */
export async function updateCardWithLink(body: CardUpdateRequest): Promise<PaymentMethodUpdateAnswer> {
  return unwrap(await call(billingApi.cardUpdate, { body, auth: false }));
}

/** POST /api/v2/billing/payment/request_update_email/: a link to update the card, by e-mail. */
export async function requestUpdateEmail(): Promise<string> {
  const answer = unwrap(await call(billingApi.requestUpdateEmail));
  return answer.detail;
}

/** PUT /api/v2/user/privacy/payment_texts/: a text when a payment fails, on or off. */
export async function setPaymentTexts(choice: PaymentTextsBody['payment_texts']): Promise<PrivacyStatus> {
  return unwrap(await call(privacyApi.paymentTexts, { body: { payment_texts: choice } }));
}
