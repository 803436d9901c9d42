/**
 * The sandbox payment provider: the local default of the payments port. It behaves like a card
 * processor driven by test card numbers (SANDBOX_CARDS) and keeps every customer, card, charge and
 * refund in the sandbox_operations table, so staff can see what happened. No money moves.
 */
import { randomBytes } from 'node:crypto';
import { CARD_DECLINED, CARD_REFUSALS, SANDBOX_CARDS } from '@grove/domain';
import type { Db } from '../../db/client.ts';
import {
  PaymentServiceError,
  type ChargeResult,
  type PaymentProvider,
  type StoredPaymentMethod,
} from './payment.port.ts';
import {
  countDeclinedCharges,
  findByIdempotencyKey,
  findOperation,
  insertOperation,
  updateOperationDetail,
} from './sandbox.repository.ts';

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(9).toString('base64url')}`;

type CardBehaviour = keyof typeof SANDBOX_CARDS;

function behaviourOf(number: string): CardBehaviour {
  const digits = number.replace(/\D/g, '');
  const entry = Object.entries(SANDBOX_CARDS).find(([, card]) => card === digits);
  return (entry?.[0] as CardBehaviour | undefined) ?? 'succeeds';
}

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Card';
}

/** Luhn check: a mistyped number is refused like a real processor refuses it. */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function sandboxProvider(db: Db, now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'sandbox',

    async createCustomer({ accountId, email, name }) {
      const customerId = newId('cus');
      await insertOperation(db, {
        kind: 'customer',
        objectId: customerId,
        customerId,
        status: 'created',
        detail: { account_id: accountId, email, name },
      });
      return { customerId };
    },

    async attachPaymentMethod({ customerId, method }) {
      if (!(await findOperation(db, customerId))) throw new PaymentServiceError('unknown_customer');
      if (method.kind !== 'card')
        throw new PaymentServiceError('missing_payment_method', 'The sandbox takes test card numbers only.');
      const number = method.number.replace(/\D/g, '');
      const today = now();
      const expired =
        method.expYear < today.getUTCFullYear() ||
        (method.expYear === today.getUTCFullYear() && method.expMonth < today.getUTCMonth() + 1);
      if (!luhnValid(number) || expired) {
        await insertOperation(db, {
          kind: 'card',
          objectId: newId('pm'),
          customerId,
          status: 'refused',
          detail: { last4: number.slice(-4), expired },
        });
        throw new CardRefusedError(expired ? CARD_REFUSALS.expired : CARD_REFUSALS.numberIncorrectCheck);
      }
      const stored: StoredPaymentMethod = {
        id: newId('pm'),
        brand: brandOf(number),
        last4: number.slice(-4),
        expMonth: method.expMonth,
        expYear: method.expYear,
      };
      await insertOperation(db, {
        kind: 'card',
        objectId: stored.id,
        customerId,
        status: 'attached',
        detail: {
          brand: stored.brand,
          last4: stored.last4,
          exp_month: stored.expMonth,
          exp_year: stored.expYear,
          behaviour: behaviourOf(number),
        },
      });
      await updateOperationDetail(db, customerId, {
        ...(await findOperation(db, customerId))!.detail,
        default_method: stored.id,
      });
      return stored;
    },

    async charge(input): Promise<ChargeResult> {
      const replay = await findByIdempotencyKey(db, 'charge', input.idempotencyKey);
      if (replay)
        return replay.status === 'succeeded'
          ? { status: 'succeeded', chargeId: replay.objectId }
          : { status: 'declined', chargeId: replay.objectId, reason: String(replay.detail.reason ?? CARD_DECLINED) };
      const customer = await findOperation(db, input.customerId);
      if (!customer || customer.kind !== 'customer') throw new PaymentServiceError('unknown_customer');
      const methodId = input.paymentMethodId ?? (customer.detail.default_method as string | undefined);
      const method = methodId ? await findOperation(db, methodId) : null;
      if (!method || method.customerId !== input.customerId) throw new PaymentServiceError('missing_payment_method');
      const behaviour = method.detail.behaviour as CardBehaviour;
      if (behaviour === 'serviceError') throw new PaymentServiceError('billing_dates_passed');
      // The renewal cards pay a checkout (its charge names the order) and refuse the renewals: all of
      // them, or only the first one charged to this card.
      const atCheckout = input.metadata?.order !== undefined;
      const succeeded =
        behaviour === 'succeeds' ||
        (behaviour === 'renewalFails' && atCheckout) ||
        (behaviour === 'renewalFailsOnce' &&
          (atCheckout || (await countDeclinedCharges(db, input.customerId, method.objectId)) > 0));
      const reason = behaviour === 'insufficientFunds' ? CARD_REFUSALS.insufficientFunds : CARD_DECLINED;
      const chargeId = newId('ch');
      const inserted = await insertOperation(db, {
        kind: 'charge',
        objectId: chargeId,
        customerId: input.customerId,
        amountCents: input.amountCents,
        currency: input.currency,
        status: succeeded ? 'succeeded' : 'declined',
        detail: {
          description: input.description,
          method: method.objectId,
          metadata: input.metadata ?? {},
          ...(succeeded ? {} : { reason }),
        },
        idempotencyKey: input.idempotencyKey,
      });
      // A concurrent call with the same key won the insert: answer what it did.
      if (!inserted) return this.charge(input);
      return succeeded ? { status: 'succeeded', chargeId } : { status: 'declined', chargeId, reason };
    },

    async refund({ chargeId, amountCents, idempotencyKey }) {
      const replay = await findByIdempotencyKey(db, 'refund', idempotencyKey);
      if (replay) return { refundId: replay.objectId, amountCents: replay.amountCents ?? 0 };
      const charge = await findOperation(db, chargeId);
      if (!charge || charge.kind !== 'charge' || charge.status !== 'succeeded')
        throw new PaymentServiceError('billing_dates_passed', 'No such paid charge.');
      const amount = amountCents ?? charge.amountCents ?? 0;
      const refundId = newId('re');
      await insertOperation(db, {
        kind: 'refund',
        objectId: refundId,
        customerId: charge.customerId,
        amountCents: amount,
        currency: charge.currency,
        status: 'succeeded',
        detail: { charge: chargeId },
        idempotencyKey,
      });
      return { refundId, amountCents: amount };
    },

    verifyWebhook() {
      throw new Error('The sandbox payment provider sends no webhooks.');
    },
  };
}

/** The sandbox refused a card when it was entered (a wrong number, an expired card). */
export class CardRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CardRefusedError';
  }
}
