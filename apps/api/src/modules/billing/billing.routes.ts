import { PROMO_MESSAGES } from '@grove/domain';
import { billingApi } from '@grove/domain/api/billing';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { requestLanguage } from '../../lib/language.ts';
import { invoiceSpec, subscriptionSpec } from '../audit/audit.specs.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { countAttempt } from '../auth/auth.throttle.ts';
import { consentOrigin } from '../privacy/privacy.service.ts';
import { idempotent } from './billing.idempotency.ts';
import type { BillingDeps, FlowResult } from './billing.service.ts';
import {
  accountOrder,
  billingRules,
  confirmOrder,
  createOrder,
  orderTrials,
  programPlan,
  promoCode,
  trackConversion,
  userOrders,
} from './billing.checkout.ts';
import {
  billingDetails,
  describeCardUpdateLink,
  requestUpdateEmail,
  updateCardWithLink,
  updatePaymentMethod,
} from './billing.card.ts';
import {
  cancelConfirm,
  cancelRequest,
  cancelUndo,
  pause,
  renew,
  renewDecline,
  resume,
  returnConfirm,
  returnDecline,
  returnRequest,
} from './billing.flows.ts';
import {
  listInvoices,
  listSubscriptions,
  refundInvoice,
  removeInvoice,
  subscriptionActions,
} from './billing.invoices.ts';
import { handleProviderEvent } from './billing.scheduler.ts';

/** Promo code look-ups per address: enough for a family, too few to guess codes. */
const PROMO_THROTTLE = { limit: 20, windowSeconds: 600 } as const;

export interface BillingRouteDeps extends BillingDeps {
  /** Sends a new visitor's parent the link to set a password (the auth module's invite). */
  sendSetPasswordLink: (user: {
    id: number;
    email: string;
    firstName: string;
    language?: string | null;
  }) => Promise<void>;
}

/** Checkout, orders, subscriptions, invoices and the subscription flows (SPEC §4, §7 Billing). */
export function billingRoutes(app: App, deps: BillingRouteDeps) {
  const db: Db = deps.db;
  const user = { policy: 'user' } as const;
  const open = { policy: 'public' } as const;
  const scopeOf = (request: FastifyRequest) => `user:${requireUser(request).id}`;

  route(app, billingApi.programPlan, open, async (request) => programPlan(request.query.tag));
  route(app, billingApi.rules, open, async () => billingRules());
  route(app, billingApi.promo, open, async (request) => {
    await countAttempt(
      db,
      `promo-ip:${request.ip}`,
      PROMO_THROTTLE.limit,
      PROMO_THROTTLE.windowSeconds,
      PROMO_MESSAGES.tooManyTries,
    );
    return promoCode(deps, request.params.code, request.query.plan);
  });

  route(app, billingApi.createOrder, open, async (request, reply) => {
    // A new visitor has no account yet: their retries are told apart by address.
    const scope = request.user ? `user:${request.user.id}` : `visitor:${request.ip}`;
    return idempotent(db, request, reply, scope, () => createOrder(deps, request.user, request.body), 201);
  });
  route(app, billingApi.confirmOrder, open, async (request, reply) =>
    idempotent(
      db,
      request,
      reply,
      request.user ? `user:${request.user.id}` : `order:${request.body.order}`,
      async () => {
        const { newUserId, ...answer } = await confirmOrder(
          deps,
          request.user,
          request.body,
          consentOrigin(request),
          requestLanguage(request),
        );
        if (newUserId !== null)
          await deps.sendSetPasswordLink({
            id: newUserId,
            email: answer.order.email,
            firstName: answer.order.first_name,
            // A new person has chosen no language yet: the checkout page's.
            language: requestLanguage(request),
          });
        return { ...answer, set_password_email_sent: newUserId !== null };
      },
    ),
  );
  route(app, billingApi.payment, user, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () =>
      updatePaymentMethod(deps, requireUser(request), request.body.account, request.body.payment_method),
    ),
  );
  route(app, billingApi.trackConversion, open, async (request) =>
    trackConversion(deps, request.user, request.body.order),
  );
  route(app, billingApi.accountOrder, user, async (request) =>
    accountOrder(deps, requireUser(request), request.params.id),
  );
  route(app, billingApi.orderTrials, user, async (request) =>
    orderTrials(deps, requireUser(request), request.params.id),
  );
  route(app, billingApi.userOrders, user, async (request) => userOrders(deps, requireUser(request)));
  route(app, billingApi.subscriptions, user, async (request) =>
    listSubscriptions(deps, requireUser(request), request.params.id),
  );
  route(app, billingApi.invoices, user, async (request) =>
    toPage(request, await listInvoices(deps, requireUser(request), request.params.id, request.query)),
  );
  route(app, billingApi.billingDetails, user, async (request) =>
    billingDetails(deps, requireUser(request), request.params.id),
  );
  // The signed card-update link (e-mailed and texted after a failed renewal): the link is the key.
  route(app, billingApi.cardUpdateLink, open, async (request) => describeCardUpdateLink(deps, request.query.o));
  route(app, billingApi.cardUpdate, open, async (request) =>
    updateCardWithLink(deps, request.body.o, request.body.payment_method),
  );
  route(app, billingApi.requestUpdateEmail, user, async (request) => requestUpdateEmail(deps, requireUser(request)));

  const staff = { policy: 'staff' } as const;
  const invoiceWrite = { ...staff, audit: invoiceSpec(db) };
  const subscriptionWrite = { ...staff, audit: subscriptionSpec(db) };
  route(app, billingApi.refundInvoice, invoiceWrite, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () =>
      refundInvoice(deps, requireUser(request), request.params.id, request.query.billing_entity_name, request.body),
    ),
  );
  route(app, billingApi.removeInvoice, invoiceWrite, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () =>
      removeInvoice(deps, requireUser(request), request.params.id, request.query.billing_entity_name),
    ),
  );

  // The subscription flows: each is one guarded transition (billing.flows.ts runFlow).
  type FlowRun = (actor: ReturnType<typeof requireUser>, accountId: number) => Promise<FlowResult>;
  const flow = (endpoint: typeof billingApi.cancelUndo, policy: typeof user | typeof subscriptionWrite, run: FlowRun) =>
    route(app, endpoint, policy, async (request, reply) =>
      idempotent(db, request, reply, scopeOf(request), () => run(requireUser(request), request.params.id)),
    );
  flow(billingApi.cancelUndo, user, (actor, id) => cancelUndo(deps, actor, id));
  flow(billingApi.cancelConfirm, subscriptionWrite, (actor, id) => cancelConfirm(deps, actor, id));
  flow(billingApi.resume, user, (actor, id) => resume(deps, actor, id));
  flow(billingApi.returnRequest, user, (actor, id) => returnRequest(deps, actor, id));
  flow(billingApi.returnConfirm, subscriptionWrite, (actor, id) => returnConfirm(deps, actor, id));
  flow(billingApi.renewDecline, user, (actor, id) => renewDecline(deps, actor, id));
  flow(billingApi.adminRenew, subscriptionWrite, (actor, id) => renew(deps, actor, id));
  route(app, billingApi.cancelRequest, user, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () =>
      cancelRequest(deps, requireUser(request), request.params.id, request.body),
    ),
  );
  route(app, billingApi.pause, user, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () =>
      pause(deps, requireUser(request), request.params.id, request.body.months),
    ),
  );
  route(app, billingApi.returnDecline, subscriptionWrite, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () =>
      returnDecline(deps, requireUser(request), request.params.id, request.body.reason),
    ),
  );
  route(app, billingApi.renew, user, async (request, reply) =>
    idempotent(db, request, reply, scopeOf(request), () => renew(deps, requireUser(request), request.body.account)),
  );
  // Stripe signs the exact bytes it sends: this route keeps the body as text.
  app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    route(raw, billingApi.stripeWebhook, open, async (request) => {
      const signature = request.headers['stripe-signature'];
      return handleProviderEvent(deps, request.body, typeof signature === 'string' ? signature : undefined);
    });
  });
  route(app, billingApi.actions, user, async (request) => {
    const { account, ...paging } = request.query;
    return toPage(request, await subscriptionActions(deps, requireUser(request), account, paging));
  });
}
