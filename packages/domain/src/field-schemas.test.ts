/**
 * The field schemas as the API contract uses them (docs/decisions/0052-field-rules-by-country.md):
 * a player's name follows the full-name rule, the checkout's address checks its zipcode against its
 * country, and what the contract accepts is what is stored (a phone's digits, a normalised zipcode).
 */
import { describe, expect, it } from 'vitest';

import { billingApi } from './api/billing.ts';
import { gameApi } from './api/game.ts';
import { playersApi } from './api/players.ts';
import { fullNameSchema } from './field-schemas.ts';
import { toFieldErrors } from './validation.ts';

const a = (n: number) => 'a'.repeat(n);
const TOO_LONG = 'Name must be less than 114 characters';

function errorsOf(result: {
  success: boolean;
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
}) {
  return result.success || !result.error ? {} : toFieldErrors(result.error);
}

describe('fullNameSchema (SPEC §5: a full name, as a name, max 114)', () => {
  it.each([
    ['113 characters', a(113), null],
    ['114 characters', a(114), TOO_LONG],
    ['115 characters', a(115), TOO_LONG],
    ['empty', '', 'Name is required'],
    ['spaces only', '   ', 'Name may not contain only empty characters'],
    ['outside Latin-1', 'Āda Lovelace', 'Please include valid characters'],
    ['a whole name', 'Eli Lopez-Ramírez', null],
  ])('%s', (_label, value, expected) => {
    const result = fullNameSchema.safeParse(value);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(expected);
  });

  it('is the rule of a player’s name, wherever the contract takes one', () => {
    const bodies = [
      playersApi.create.schema.body,
      playersApi.patch.schema.body,
      playersApi.put.schema.body,
      gameApi.createProfile.schema.body,
    ];
    for (const body of bodies) {
      expect(errorsOf(body.safeParse({ name: a(114) }))).toMatchObject({ name: [TOO_LONG] });
      expect(errorsOf(body.safeParse({ name: a(113) })).name).toBeUndefined();
      // 56 characters: too long for a first name, fine for a whole one.
      expect(errorsOf(body.safeParse({ name: a(56) })).name).toBeUndefined();
    }
  });
});

describe('the checkout order (POST /billing/order/)', () => {
  const order = {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    phonenumber: '(201) 555-0123',
    country: 'US',
    shipping: { address_1: '1 Main St', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
  };
  const body = billingApi.createOrder.schema.body;

  it('stores the phone as digits and the zipcode normalised for the shipping country', () => {
    const parsed = body.parse(order);
    expect(parsed.phonenumber).toBe('2015550123');
    expect(parsed.shipping.zipcode).toBe('62701');
    const toCanada = {
      ...order,
      shipping: { address_1: '1 Wellington St', city: 'Ottawa', state: 'ON', zipcode: 'k1a0b1', country: 'CA' },
    };
    expect(body.parse(toCanada).shipping.zipcode).toBe('K1A 0B1');
  });

  it('refuses a zipcode of another shape than the shipping country’s, with the spec’s messages', () => {
    expect(errorsOf(body.safeParse({ ...order, shipping: { ...order.shipping, zipcode: '12-345' } }))).toEqual({
      'shipping.zipcode': ['Please input a valid Zipcode'],
    });
    expect(errorsOf(body.safeParse({ ...order, shipping: { ...order.shipping, zipcode: '' } }))).toEqual({
      'shipping.zipcode': ['Zipcode is required'],
    });
    expect(errorsOf(body.safeParse({ ...order, shipping: { ...order.shipping, zipcode: '1234567890123' } }))).toEqual({
      'shipping.zipcode': ['Zipcode must be less than 12 characters'],
    });
    const gb = { ...order.shipping, state: '', zipcode: '12345', country: 'GB' };
    expect(errorsOf(body.safeParse({ ...order, shipping: gb }))).toEqual({
      'shipping.zipcode': ['Please input a valid Zipcode'],
    });
  });
});
