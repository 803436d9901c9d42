/**
 * Checkout's calls (SPEC §7 Billing; issue 11 items 10–11): the plans of a tag, a promo code, the
 * order, its confirmation (paying, with an Idempotency-Key) and the conversion mark of the
 * confirmation page. Every shape comes from the API contract (packages/domain/src/api/billing.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  ConfirmOrderAnswer,
  ConfirmOrderRequest,
  Order,
  OrderRequest,
  ProgramPlanAnswer,
  PromoCode,
} from '@grove/domain/api/billing';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { call, unwrap } from '../../lib/api-client.ts';
import { STALE_TIMES } from '../../lib/query-client.ts';

export const checkoutKeys = {
  all: ['checkout'] as const,
  plan: (tag: string) => [...checkoutKeys.all, 'plan', tag] as const,
  /** Every check of promo code `code` (upper case), whatever the plan. */
  promo: (code: string) => [...checkoutKeys.all, 'promo', code] as const,
  promoForPlan: (code: string, planTag: string) => [...checkoutKeys.promo(code), planTag] as const,
};

/** The plan of `tag`; an unknown tag answers the default plan with `fallback: true`. */
export function programPlanQuery(tag: string) {
  return queryOptions({
    queryKey: checkoutKeys.plan(tag),
    queryFn: async ({ signal }): Promise<ProgramPlanAnswer> =>
      unwrap(await call(billingApi.programPlan, { query: { tag }, signal, auth: false })),
    staleTime: STALE_TIMES.default,
  });
}

/** A promo code usable with plan `planTag`; rejects with an ApiError (404 or 429 with its `detail`). */
export async function fetchPromo(code: string, planTag: string, signal?: AbortSignal): Promise<PromoCode> {
  return unwrap(
    await call(billingApi.promo, {
      params: { code },
      query: { plan: planTag },
      auth: false,
      ...(signal ? { signal } : {}),
    }),
  );
}

/**
 * Promo code `code` (upper case) checked against plan `planTag`: the same code is asked about again
 * for each plan chosen (the answer of a plan already asked about is reused for a minute). A code
 * that cannot be used fails the query with the API's sentence; it is never retried, and focusing
 * the window does not ask again (every look-up counts against the promo throttle).
 */
export function promoQuery(code: string, planTag: string) {
  return queryOptions({
    queryKey: checkoutKeys.promoForPlan(code, planTag),
    queryFn: ({ signal }) => fetchPromo(code, planTag, signal),
    staleTime: STALE_TIMES.default,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Starts an order (201). Nothing is charged yet. */
export async function createOrder(body: OrderRequest): Promise<Order> {
  return unwrap(await call(billingApi.createOrder, { body }));
}

/** Pays and confirms an order; the same `idempotencyKey` and body replay the first answer. */
export async function confirmOrder(body: ConfirmOrderRequest, idempotencyKey: string): Promise<ConfirmOrderAnswer> {
  return unwrap(await call(billingApi.confirmOrder, { body, headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** Marks that the confirmation page was seen (the server counts it once per order). */
export async function trackConversion(orderId: string): Promise<void> {
  await call(billingApi.trackConversion, { body: { order: orderId } });
}
