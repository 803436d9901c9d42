/**
 * Refusals in the request's language (issue 29; docs/decisions/0074): the error handler answers
 * field messages and details in the language of the request's Accept-Language, English word for
 * word without one or for a language Grove does not speak; keys, codes and other values never change.
 */
import { API_MESSAGES } from '@grove/domain/api/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { translateAnswer } from './language.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const SPANISH = { 'accept-language': 'es-MX,es;q=0.9' };

describe('a form’s refusal', () => {
  const reset = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v2/auth/password/reset/', headers, payload: { email: 'not-an-email' } });

  it('answers the contract’s field message in Spanish for a page in Spanish', async () => {
    const res = await reset(SPANISH);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Escriba un correo electrónico válido'] });
  });

  it('answers English word for word without the header, or for a language Grove does not speak', async () => {
    const others: Record<string, string>[] = [
      {},
      { 'accept-language': 'fr' },
      { 'accept-language': 'es;q=0, en' },
      { 'accept-language': '*' },
    ];
    for (const headers of others) {
      const res = await reset(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json()).toEqual({ email: ['Please input a valid email'] });
    }
    // The first range Grove speaks wins.
    expect((await reset({ 'accept-language': 'fr-CA, es;q=0.5, en;q=0.4' })).json()).toEqual({
      email: ['Escriba un correo electrónico válido'],
    });
  });

  it('translates a service’s field messages (ValidationError) and leaves hasErrors as it is', async () => {
    const { headers } = await createParent(t.db);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/user/',
      headers: { ...headers, ...SPANISH },
      payload: { first_name: '   ', last_name: 'x'.repeat(56) },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({
      first_name: ['El nombre no puede contener solo espacios'],
      last_name: ['El nombre debe tener menos de 56 caracteres'],
    });

    const { account, headers: parent } = await createParent(t.db);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v2/accounts/${account.id}/add_user/`,
      headers: { ...parent, ...SPANISH },
      payload: { first_name: 'Ana', last_name: 'López', email: 'not-an-email' },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ email: ['Escriba un correo electrónico válido'], hasErrors: true });
  });

  it('fills a template’s values into its translation', async () => {
    const { headers } = await createParent(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/social-acc/set',
      headers: { ...headers, ...SPANISH },
      payload: { provider: 'facebook', handle: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ handle: ['Como máximo 100 caracteres.'] });
  });
});

describe('a refusal with a detail (HttpError)', () => {
  it('answers a promo code refusal in Spanish, its code unchanged', async () => {
    const url = '/api/v2/billing/promo/NOPE/';
    const spanish = await t.app.inject({ method: 'GET', url, headers: SPANISH });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ detail: 'Este código promocional no existe.', code: 'promo_invalid' });
    const english = await t.app.inject({ method: 'GET', url });
    expect(english.json()).toEqual({ detail: 'This promo code does not exist.', code: 'promo_invalid' });
  });

  it('answers 401 Invalid Token in Spanish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/info/', headers: SPANISH });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Token no válido', code: 'invalid_token' });
  });
});

describe('a refusal replayed for its Idempotency-Key', () => {
  it('is answered in the language of the request that replays it', async () => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/billing/order/',
        headers: { 'idempotency-key': 'language-replay-1', ...headers },
        payload: {
          plan_tag: 'default',
          first_name: 'Dana',
          last_name: 'Whitfield',
          email: 'language-replay@example.com',
          phonenumber: '2015550123',
          country: 'US',
          shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
          promo_code: 'NOPE',
        },
      });
    const first = await send({});
    expect(first.statusCode).toBe(404);
    expect(first.json()).toEqual({ detail: 'This promo code does not exist.', code: 'promo_invalid' });
    const replayed = await send(SPANISH);
    expect(replayed.statusCode).toBe(404);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ detail: 'Este código promocional no existe.', code: 'promo_invalid' });
  });
});

describe('translateAnswer', () => {
  const body = {
    email: ['Please input a valid email', 'Not in any catalog.'],
    non_field_errors: [API_MESSAGES.tooLong(64)],
    detail: 'This promo code does not exist.',
    code: 'Please input a valid email',
    error: 'invalid_grant',
    error_description: 'This promo code does not exist.',
    hasErrors: true,
    counts: [1, 2],
  };

  it('translates the message lists and the detail, and nothing else', async () => {
    expect(await translateAnswer(body, 'es')).toEqual({
      ...body,
      email: ['Escriba un correo electrónico válido', 'Not in any catalog.'],
      non_field_errors: ['Como máximo 64 caracteres.'],
      detail: 'Este código promocional no existe.',
    });
  });

  it('gives an English answer back as it is', async () => {
    expect(await translateAnswer(body, 'en')).toBe(body);
  });
});
