/**
 * The payments port (ARCHITECTURE §4): the billing module charges, refunds and keeps payment
 * methods only through this interface. The local default is the sandbox provider (test card
 * numbers, stored in the database); the real adapter is Stripe, chosen by PAYMENT_PROVIDER.
 */

/** How the family's card reaches the provider. */
export type PaymentMethodInput =
  /** The sandbox's own card form: a test card number (see SANDBOX_CARDS in packages/domain/src/billing.ts). */
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
  /** A provider token made in the browser (Stripe Elements: a PaymentMethod id `pm_…`). */
  | { kind: 'token'; token: string };

export interface StoredPaymentMethod {
  /** The provider's id of the payment method. */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeInput {
  customerId: string;
  amountCents: number;
  /** ISO 4217, lower case ('usd'). */
  currency: string;
  description: string;
  /** The same key never charges twice (the provider's own idempotency). */
  idempotencyKey: string;
  /** Defaults to the customer's default payment method. */
  paymentMethodId?: string;
  /** Stored with the charge at the provider (order or invoice ids). */
  metadata?: Record<string, string>;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  /** The card was refused; `reason` is for the family ("Your card was declined."). */
  | { status: 'declined'; chargeId: string | null; reason: string };

export interface RefundResult {
  refundId: string;
  amountCents: number;
}

/**
 * SPEC §8's payment-service errors: the provider does not know the customer, the customer has no
 * payment method, or the billing dates have passed. Answered with the spec's texts.
 */
export type PaymentServiceErrorKind =
  'unknown_customer' | 'missing_payment_method' | 'billing_dates_passed' | 'provider_unavailable';

export class PaymentServiceError extends Error {
  constructor(
    readonly kind: PaymentServiceErrorKind,
    message: string = kind,
  ) {
    super(message);
    this.name = 'PaymentServiceError';
  }
}

/** An event the provider sent to the webhook, after its signature was checked. */
export interface ProviderEvent {
  /** The provider's event id: an event is acted on once. */
  id: string;
  type: string;
  /** The object the event is about (a charge, a refund, …), as the provider sent it. */
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** The provider's customer for an account (created once; the billing module stores the id). */
  createCustomer(input: { accountId: number; email: string; name: string }): Promise<{ customerId: string }>;
  /** Attaches a payment method to the customer and makes it the default one. */
  attachPaymentMethod(input: { customerId: string; method: PaymentMethodInput }): Promise<StoredPaymentMethod>;
  /** Charges the customer. Declines resolve; service errors throw PaymentServiceError. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Refunds a charge, wholly or `amountCents` of it. */
  refund(input: { chargeId: string; amountCents?: number; idempotencyKey: string }): Promise<RefundResult>;
  /**
   * Checks a webhook call's signature and answers its event; throws on a bad or stale signature.
   * The sandbox has no webhooks and always throws.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
}
