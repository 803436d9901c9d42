import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  CANCELLED_MARKER,
  INVALID_TOKEN,
  LOGIN_ERROR_TITLE,
  NOTIFY_RULES,
  PAYMENT_ERROR_CODES,
  PAYMENT_SERVICE_ERROR,
  PAYMENT_SERVICE_ERROR_SHORT,
  errorText,
  isCancelled,
  isPaymentErrorCode,
  loginErrorMessage,
  paymentErrorMessage,
  shouldNotify,
} from './errors.ts';
import type { NotifyKind } from './errors.ts';

describe('login errors', () => {
  it('has the spec title and token text', () => {
    expect(LOGIN_ERROR_TITLE).toBe('Failed to log in!');
    expect(INVALID_TOKEN).toBe('Invalid Token');
  });

  it.each([
    [400, 'Please make sure your email and password are correct.'],
    [401, 'An unknown error has occured.'],
    [429, 'An unknown error has occured.'],
    [500, 'An unknown error has occured.'],
    [0, 'An unknown error has occured.'],
  ])('status %i → %s', (status, message) => {
    expect(loginErrorMessage(status)).toBe(message);
  });
});

describe('errorText', () => {
  const cyclic: Record<string, unknown> = { email: ['Please input a valid email'] };
  cyclic.self = cyclic;

  it.each<[string, unknown, string]>([
    ['5xx gives the status text', { status: 500, statusText: 'Internal Server Error' }, 'Internal Server Error'],
    [
      '5xx ignores the payload',
      { status: 503, statusText: 'Service Unavailable', data: { detail: 'x' } },
      'Service Unavailable',
    ],
    ['5xx without status text', { status: 502, statusText: '' }, 'Server error'],
    ['5xx with no status text at all', { status: 504 }, 'Server error'],
    ['a string as it is', 'Something broke', 'Something broke'],
    ['an empty string', '', 'Unknown error'],
    ['null', null, 'Unknown error'],
    ['undefined', undefined, 'Unknown error'],
    ['a number', 42, 'Unknown type of error'],
    ['a boolean', true, 'Unknown type of error'],
    ['a symbol', Symbol('x'), 'Unknown type of error'],
    ['a function', () => 1, 'Unknown type of error'],
    ['a bigint', 10n, 'Unknown type of error'],
    ['an Error', new Error('Network down'), 'Network down'],
    ['an Error without message', new Error(''), 'Unknown error'],
    ['an empty object', {}, 'Unknown error'],
    ['an empty array', [], 'Unknown error'],
    ['detail alone', { detail: 'Not found.' }, 'Not found.'],
    ['detail with a code', { detail: 'Invalid Token', code: 'invalid_token' }, 'Invalid Token'],
    [
      'field errors flattened',
      { first_name: ['Name is required'], email: ['Please input a valid email'] },
      'First name: Name is required; Email: Please input a valid email',
    ],
    [
      'several messages on one field',
      { password: ['Password is required', 'Passwords must match'] },
      'Password: Password is required; Password: Passwords must match',
    ],
    ['non-field errors unlabelled', { non_field_errors: ['Try later'] }, 'Try later'],
    ['a message key unlabelled', { message: 'Boom' }, 'Boom'],
    [
      'nested fields',
      { shipping: { city: ['Please input a valid city'] } },
      'Shipping.city: Please input a valid city',
    ],
    ['an array of strings', ['One', 'Two'], 'One; Two'],
    ['numbers inside', { count: [3] }, 'Count: 3'],
    [
      'an HTTP error with a payload',
      { status: 400, statusText: 'Bad Request', data: { email: ['Email is required'] } },
      'Email: Email is required',
    ],
    ['an HTTP error with a body string', { status: 409, body: 'Already cancelled' }, 'Already cancelled'],
    ['an HTTP error with only its status', { status: 404, statusText: 'Not Found' }, 'Not Found'],
    ['an HTTP error with nothing', { status: 418 }, 'Unknown error'],
    ['a cyclic object', cyclic, 'Email: Please input a valid email'],
  ])('%s', (_label, error, expected) => {
    expect(errorText(error)).toBe(expected);
  });

  it('never throws and never answers an empty text', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true }),
        (error) => {
          const text = errorText(error);
          expect(typeof text).toBe('string');
          expect(text.trim()).not.toBe('');
        },
      ),
    );
  });
});

describe('payment errors', () => {
  it('uses the curly apostrophe', () => {
    expect(PAYMENT_SERVICE_ERROR).toBe(
      'We’ve experienced an unexpected issue with our payment service. Please try again.',
    );
    expect(PAYMENT_SERVICE_ERROR_SHORT).toBe('We’ve experienced an unexpected issue with our payment service.');
  });

  it.each(
    PAYMENT_ERROR_CODES.flatMap(
      (code) =>
        [
          [code, true, PAYMENT_SERVICE_ERROR],
          [code, false, PAYMENT_SERVICE_ERROR_SHORT],
        ] as const,
    ),
  )('%s (retry %s)', (code, retry, expected) => {
    expect(isPaymentErrorCode(code)).toBe(true);
    expect(paymentErrorMessage(code, { retry })).toBe(expected);
  });

  it.each([['card_declined'], [''], [null], [42]])('other code %j → null', (code) => {
    expect(isPaymentErrorCode(code)).toBe(false);
    expect(paymentErrorMessage(code, { retry: true })).toBeNull();
  });
});

describe('cancelled marker', () => {
  it.each<[unknown, boolean]>([
    [CANCELLED_MARKER, true],
    [{ cancelled: true }, true],
    [{ cancelled: 'yes' }, false],
    [{}, false],
    [null, false],
    ['cancelled', false],
  ])('isCancelled(%j) is %s', (value, expected) => {
    expect(isCancelled(value)).toBe(expected);
  });
});

describe('notifications', () => {
  it.each<[NotifyKind, number, boolean]>([
    ['default', 400, true],
    ['default', 404, true],
    ['default', 500, true],
    ['default', 0, true],
    ['profileUpdate', 400, true],
    ['profileUpdate', 500, true],
    ['profileUpdate', 503, true],
    ['profileUpdate', 403, false],
    ['profileUpdate', 404, false],
    ['profileUpdate', 0, false],
    ['accountUserUpdate', 400, false],
    ['accountUserUpdate', 500, false],
    ['orderFetch', 404, false],
    ['orderFetch', 500, true],
    ['orderFetch', 403, true],
    ['coachAccountFetch', 404, false],
    ['coachAccountFetch', 400, true],
    ['shipmentFetch', 404, false],
    ['shipmentFetch', 500, true],
  ])('%s with status %i → %s', (kind, status, expected) => {
    expect(shouldNotify(kind, status)).toBe(expected);
  });

  it('shows nothing when the call does not ask for errors', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(NOTIFY_RULES) as NotifyKind[])),
        fc.integer({ min: 0, max: 599 }),
        (kind, status) => {
          expect(shouldNotify(kind, status, false)).toBe(false);
        },
      ),
    );
  });
});
