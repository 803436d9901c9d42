/**
 * The API's own refusals in the request's language (issue 29 item 1; docs/decisions/0074): the
 * messages of apps/api's 4xx answers are the domain's declared messages (HTTP_MESSAGES,
 * AUTH_MESSAGES, CHECKOUT_MESSAGES, CARD_REFUSALS…), so a page in Spanish reads them in Spanish;
 * without Accept-Language they stay English word for word, and codes never change.
 */
import { SANDBOX_CARDS } from '@grove/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles, promoCodes } from '../db/schema/index.ts';
import { hashPassword } from './passwords.ts';
import { createParent, createUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

const SPANISH = { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' };
const PASSWORD = 'Quiet-River-73';

let t: TestContext;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestContext();
  passwordHash = await hashPassword(PASSWORD);
  await t.db
    .insert(promoCodes)
    .values({ code: 'FIVEOFF', externalId: 'promo_fiveoff', amountOff: 500, planTags: ['yearly'] });
});
afterAll(() => t?.close());

let ipCounter = 0;
/** Each request from its own address, so that no per-address counter is shared between tests. */
const nextIp = () => `198.51.100.${++ipCounter}`;

describe('signing in', () => {
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/session/login/',
      payload: { email, password },
      headers,
      remoteAddress: nextIp(),
    });

  it('answers a wrong password in Spanish, and in English without the header', async () => {
    const user = await createUser(t.db, { passwordHash });
    const spanish = await login(user.email, 'Wrong-Guess-1', SPANISH);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({ non_field_errors: ['No se pudo iniciar sesión con los datos proporcionados.'] });

    const english = await login(user.email, 'Wrong-Guess-1');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
  });

  it('answers a throttled sign-in (429) in Spanish, with its wait filled in', async () => {
    const user = await createUser(t.db, { passwordHash });
    // The account waits two minutes (Retry-After 120, or 119 once a moment has passed).
    await t.db.insert(loginThrottles).values({
      key: `email:${user.email}`,
      failures: 12,
      windowStartedAt: new Date(),
      blockedUntil: new Date(Date.now() + 120_000),
    });
    const spanish = await login(user.email, PASSWORD, SPANISH);
    expect(spanish.statusCode).toBe(429);
    expect(Number(spanish.headers['retry-after'])).toBeGreaterThan(90);
    expect(spanish.json()).toEqual({
      detail: 'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en 2 minutos.',
      code: 'throttled',
    });

    const english = await login(user.email, PASSWORD);
    expect(english.statusCode).toBe(429);
    expect(english.json()).toEqual({
      detail: 'Too many failed sign-in attempts. Please try again in 2 minutes.',
      code: 'throttled',
    });
  });

  it('answers the generic 429 of an address that asked too often in Spanish', async () => {
    const ask = (ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/auth/password/reset/',
        payload: { email: 'someone@example.test' },
        headers,
        remoteAddress: ip,
      });
    // This address already asked for 30 links this hour, the most it may.
    const spanishIp = nextIp();
    const englishIp = nextIp();
    await t.db.insert(loginThrottles).values([
      { key: `link-ip:${spanishIp}`, failures: 30, windowStartedAt: new Date() },
      { key: `link-ip:${englishIp}`, failures: 30, windowStartedAt: new Date() },
    ]);
    const spanish = await ask(spanishIp, SPANISH);
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json()).toEqual({
      detail: 'Demasiadas solicitudes. Inténtelo de nuevo más tarde.',
      code: 'throttled',
    });
    const english = await ask(englishIp);
    expect(english.statusCode).toBe(429);
    expect(english.json()).toEqual({ detail: 'Too many requests. Please try again later.', code: 'throttled' });
  });
});

describe('an unknown id', () => {
  it('answers 404 in Spanish for a player the person asks for, and in English without the header', async () => {
    const { headers } = await createParent(t.db);
    const url = '/api/v2/player/2147483000/';
    const spanish = await t.app.inject({ method: 'GET', url, headers: { ...headers, ...SPANISH } });
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ detail: 'No encontrado.', code: 'not_found' });

    const english = await t.app.inject({ method: 'GET', url, headers });
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers an unknown API path (the not-found handler) in Spanish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/no-such-thing/', headers: SPANISH });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.', code: 'not_found' });
  });
});

describe('checkout', () => {
  let unique = 0;
  const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
    plan_tag: 'default',
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: `language-checkout-${Date.now()}-${unique++}@example.com`,
    phonenumber: '2015550123',
    country: 'US',
    shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
    ...overrides,
  });
  const order = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v2/billing/order/', payload: body, headers });
  const confirm = (externalId: string, number: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/confirm/',
      payload: {
        order: externalId,
        payment_method: { card: { number, exp_month: 12, exp_year: 2035, cvc: '123' } },
        consent: true,
      },
      headers,
    });

  it('answers a declined card in Spanish, and in English without the header', async () => {
    for (const [headers, detail] of [
      [SPANISH, 'Su tarjeta fue rechazada. Use otra tarjeta.'],
      [{}, 'Your card was declined. Please use another card.'],
    ] as const) {
      const created = await order(checkoutBody());
      expect(created.statusCode, created.body).toBe(201);
      const res = await confirm(created.json().external_id, SANDBOX_CARDS.declined, headers);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ detail, code: 'card_declined' });
    }
  });

  it('answers a promo code for another plan in Spanish, the plan’s name translated too', async () => {
    const spanish = await order(checkoutBody({ promo_code: 'FIVEOFF' }), SPANISH);
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({ detail: 'FIVEOFF es solo para el plan anual.', code: 'promo_invalid' });

    const english = await order(checkoutBody({ promo_code: 'FIVEOFF' }));
    expect(english.json()).toEqual({ detail: 'FIVEOFF is for the yearly plan only.', code: 'promo_invalid' });
  });

  it('answers a visitor’s checkout with an existing account’s e-mail in Spanish', async () => {
    const existing = await createUser(t.db);
    const spanish = await order(checkoutBody({ email: existing.email }), SPANISH);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json()).toEqual({
      email: ['Ya existe una cuenta con este correo electrónico. Inicie sesión para continuar con su compra.'],
    });

    const english = await order(checkoutBody({ email: existing.email }));
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      email: ['An account with this e-mail already exists. Please log in to continue your checkout.'],
    });
  });
});

describe('the request itself', () => {
  it('answers a missing CSRF header in Spanish', async () => {
    const { headers } = await createParent(t.db);
    const { 'x-csrftoken': _csrf, ...withoutCsrf } = headers;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/user/',
      headers: { ...withoutCsrf, ...SPANISH },
      payload: { first_name: 'Ana' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Error de CSRF: falta el token CSRF o es incorrecto.',
      code: 'csrf_failed',
    });
  });

  it('answers a body over the limit (413) in Spanish, the limit filled in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/reset/',
      headers: { 'content-type': 'application/json', ...SPANISH },
      payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'La solicitud es demasiado grande (como máximo 1 MiB).',
      code: 'fst_err_ctp_body_too_large',
    });
  });

  it('answers a body that is not JSON in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/reset/',
      headers: { 'content-type': 'application/json', ...SPANISH },
      payload: '{"email": ',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['El cuerpo no es un JSON válido (o contiene una clave no permitida, como __proto__).'],
    });
  });
});
