import type Stripe from 'stripe';
import { CARD_REFUSALS } from '@grove/domain/billing';
import {
  PaymentServiceError,
  type ChargeResult,
  type PaymentProvider,
  type PaymentServiceErrorKind,
  type ProviderEvent,
  type StoredPaymentMethod,
} from './payment.port.ts';

export interface StripeProviderOptions {
  /** STRIPE_SECRET_KEY: `sk_…` or a restricted `rk_…` key. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the webhook endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** STRIPE_API_URL: another address for the API, such as a local fake (`http://127.0.0.1:12111`). */
  apiUrl?: string;
  /** Per request, in milliseconds (default 20 s). */
  timeoutMs?: number;
  /** Retries of a request that met a network error, a 409 or a 5xx (default 2; each POST keeps its idempotency key). */
  maxNetworkRetries?: number;
}

/** The SDK's host, port and protocol for an API URL; none for Stripe's own API. */
function apiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

/** The sentence the family reads when the card is refused, by Stripe's decline code (or error code). */
const DECLINE_SENTENCES: Record<string, string> = {
  insufficient_funds: CARD_REFUSALS.insufficientFunds,
  expired_card: CARD_REFUSALS.expired,
  incorrect_cvc: CARD_REFUSALS.securityCode,
  invalid_cvc: CARD_REFUSALS.securityCode,
  incorrect_number: CARD_REFUSALS.numberIncorrect,
  invalid_expiry_month: CARD_REFUSALS.expiryIncorrect,
  invalid_expiry_year: CARD_REFUSALS.expiryIncorrect,
  lost_card: CARD_REFUSALS.declined,
  stolen_card: CARD_REFUSALS.declined,
  fraudulent: CARD_REFUSALS.declined,
  card_velocity_exceeded: CARD_REFUSALS.spendingLimit,
  withdrawal_count_limit_exceeded: CARD_REFUSALS.spendingLimit,
  authentication_required: CARD_REFUSALS.authenticationRequired,
  processing_error: CARD_REFUSALS.processingError,
  try_again_later: CARD_REFUSALS.processingError,
};

export function declineSentence(code: string | undefined | null): string {
  return (code && DECLINE_SENTENCES[code]) || CARD_REFUSALS.declined;
}

/**
 * The SDK, loaded by the first stripeProvider() rather than with the server: it is large (a few
 * megabytes of code held in memory), and the sandbox, the default, needs none of it.
 */
let StripeSdk: typeof Stripe;

function serviceError(kind: PaymentServiceErrorKind, message: string, cause?: unknown): PaymentServiceError {
  const error = new PaymentServiceError(kind, message);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * Errors that say Stripe could not be reached or could not answer (the network, a timeout, a 5xx,
 * rate limits) or refused our key: the family sees SPEC §8's payment-service sentence; the log
 * keeps Stripe's message.
 */
function unavailable(error: unknown): PaymentServiceError | null {
  if (
    error instanceof StripeSdk.errors.StripeConnectionError ||
    error instanceof StripeSdk.errors.StripeAPIError ||
    error instanceof StripeSdk.errors.StripeRateLimitError ||
    error instanceof StripeSdk.errors.StripeAuthenticationError ||
    error instanceof StripeSdk.errors.StripePermissionError
  ) {
    return serviceError('provider_unavailable', `Stripe is unavailable: ${error.message}`, error);
  }
  return null;
}

function isMissing(error: unknown, param?: string): error is Stripe.errors.StripeInvalidRequestError {
  return (
    error instanceof StripeSdk.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    (param === undefined || error.param === param)
  );
}

/**
 * The payments port on Stripe (ARCHITECTURE §4). Cards are entered in Stripe Elements in the
 * browser, which hands us a PaymentMethod id (`pm_…`); card numbers never reach this server.
 * Charges are off-session PaymentIntents confirmed at once, keyed by the caller's idempotency key.
 */
export async function stripeProvider(options: StripeProviderOptions): Promise<PaymentProvider> {
  StripeSdk ??= (await import('stripe')).default;
  const stripe = new StripeSdk(options.secretKey, {
    ...apiAddress(options.apiUrl),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'Grove' },
  });

  /** The customer's default payment method id; throws unknown_customer or missing_payment_method. */
  async function defaultPaymentMethod(customerId: string): Promise<string> {
    let customer: Stripe.Customer | Stripe.DeletedCustomer;
    try {
      customer = await stripe.customers.retrieve(customerId);
    } catch (error) {
      if (isMissing(error)) throw serviceError('unknown_customer', `Stripe has no customer ${customerId}`, error);
      throw unavailable(error) ?? error;
    }
    if (customer.deleted) throw serviceError('unknown_customer', `Stripe customer ${customerId} was deleted`);
    const method = customer.invoice_settings?.default_payment_method;
    const id = typeof method === 'string' ? method : method?.id;
    if (!id) {
      throw serviceError('missing_payment_method', `Stripe customer ${customerId} has no default payment method`);
    }
    return id;
  }

  return {
    name: 'stripe',

    async createCustomer({ accountId, email, name }) {
      try {
        const customer = await stripe.customers.create({
          email,
          name,
          metadata: { account_id: String(accountId) },
        });
        return { customerId: customer.id };
      } catch (error) {
        throw unavailable(error) ?? error;
      }
    },

    async attachPaymentMethod({ customerId, method }): Promise<StoredPaymentMethod> {
      if (method.kind !== 'token') {
        // Card numbers are typed into Stripe Elements and go from the browser to Stripe only.
        throw serviceError(
          'missing_payment_method',
          'Stripe takes cards only as a PaymentMethod made by Stripe Elements (pm_…), never as card numbers',
        );
      }
      try {
        const paymentMethod = await stripe.paymentMethods.attach(method.token, { customer: customerId });
        const card = paymentMethod.card;
        if (!card) {
          throw serviceError('missing_payment_method', `Stripe payment method ${paymentMethod.id} is not a card`);
        }
        await stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethod.id },
        });
        return {
          id: paymentMethod.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
        };
      } catch (error) {
        if (error instanceof PaymentServiceError) throw error;
        if (isMissing(error, 'customer')) {
          throw serviceError('unknown_customer', `Stripe has no customer ${customerId}`, error);
        }
        if (isMissing(error)) {
          throw serviceError('missing_payment_method', `Stripe has no payment method ${method.token}`, error);
        }
        // Stripe checks some cards when they are attached; a refused card is not saved.
        if (error instanceof StripeSdk.errors.StripeCardError) {
          throw serviceError(
            'missing_payment_method',
            `Stripe refused the card: ${declineSentence(error.decline_code || error.code)}`,
            error,
          );
        }
        throw unavailable(error) ?? error;
      }
    },

    async charge(input): Promise<ChargeResult> {
      const paymentMethod = input.paymentMethodId ?? (await defaultPaymentMethod(input.customerId));
      try {
        const paymentIntent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            customer: input.customerId,
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description: input.description,
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (paymentIntent.status === 'succeeded') return { status: 'succeeded', chargeId: paymentIntent.id };
        if (paymentIntent.status === 'processing') {
          // Cards settle at once; should one not, the webhook tells the outcome and the same key replays this answer.
          throw serviceError('provider_unavailable', `Stripe PaymentIntent ${paymentIntent.id} is still processing`);
        }
        const code = paymentIntent.last_payment_error?.decline_code || paymentIntent.last_payment_error?.code;
        return { status: 'declined', chargeId: paymentIntent.id, reason: declineSentence(code) };
      } catch (error) {
        if (error instanceof PaymentServiceError) throw error;
        if (error instanceof StripeSdk.errors.StripeCardError) {
          return {
            status: 'declined',
            chargeId: error.payment_intent?.id ?? null,
            reason: declineSentence(error.decline_code || error.code),
          };
        }
        if (isMissing(error, 'customer')) {
          throw serviceError('unknown_customer', `Stripe has no customer ${input.customerId}`, error);
        }
        if (isMissing(error, 'payment_method')) {
          throw serviceError('missing_payment_method', `Stripe has no payment method ${paymentMethod}`, error);
        }
        throw unavailable(error) ?? error;
      }
    },

    async refund({ chargeId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
          { idempotencyKey },
        );
        return { refundId: refund.id, amountCents: refund.amount };
      } catch (error) {
        throw unavailable(error) ?? error;
      }
    },

    verifyWebhook(rawBody, signatureHeader): ProviderEvent {
      if (!signatureHeader) {
        throw new StripeSdk.errors.StripeSignatureVerificationError('', rawBody, {
          message: 'No Stripe-Signature header',
        });
      }
      // Checks the HMAC with the endpoint's secret and that the timestamp is at most 300 s old.
      const event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      return { id: event.id, type: event.type, object: event.data.object as unknown as Record<string, unknown> };
    },
  };
}
