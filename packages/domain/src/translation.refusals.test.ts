/**
 * The API's refusals that the domain declares (issue 29 item 1): their templates are recognised
 * in English as the rules fill them in, and put into Spanish with their values.
 */
import { describe, expect, it } from 'vitest';

import { loginThrottledMessage } from './api/auth.ts';
import { IDEMPOTENCY_MESSAGES, promoPlanMessage, SUBSCRIPTION_MESSAGES } from './billing.ts';
import { HTTP_MESSAGES } from './errors.ts';
import { loadCatalog } from './locales/index.ts';
import { PLAYER_MESSAGES } from './players.ts';
import { translator } from './translation.ts';

describe('the API’s refusals in Spanish', async () => {
  const es = translator(await loadCatalog('es'));

  it.each([
    [1, 'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en 1 segundo.'],
    [30, 'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en 30 segundos.'],
    [300, 'Demasiados intentos fallidos de iniciar sesión. Inténtelo de nuevo en 5 minutos.'],
  ])('says when to sign in again after %i s', (seconds, spanish) => {
    expect(es(loginThrottledMessage(seconds))).toBe(spanish);
  });

  it.each([
    ['FIVEOFF', ['yearly'], 'FIVEOFF es solo para el plan anual.'],
    ['TRIAL5', ['spring-trial'], 'TRIAL5 es solo para el plan de prueba gratuita de 14 días.'],
    ['SPRING20', ['default', 'spring-trial'], 'SPRING20 es solo para los planes mensuales.'],
    [
      'ODD',
      ['spring-trial', 'PROFESSIONAL'],
      'ODD es solo para los planes de prueba gratuita de 14 días y Profesional.',
    ],
    ['ALL3', ['yearly', 'default', 'PROFESSIONAL'], 'ALL3 es solo para los planes mensual, anual y Profesional.'],
  ])('names the plans a promo code is for: %s', (code, plans, spanish) => {
    expect(es(promoPlanMessage(code, plans))).toBe(spanish);
  });

  it('fills in the values of the other templates', () => {
    expect(es(HTTP_MESSAGES.bodyTooLargeAtMost('512 KiB'))).toBe(
      'La solicitud es demasiado grande (como máximo 512 KiB).',
    );
    expect(es(PLAYER_MESSAGES.balanceBelowZero(12))).toBe('El saldo de bellotas no puede bajar de 0 (ahora es 12).');
    expect(es(IDEMPOTENCY_MESSAGES.keyShape(255))).toBe('Una Idempotency-Key tiene de 1 a 255 caracteres visibles.');
    expect(es(SUBSCRIPTION_MESSAGES.returnWindowEnded('12-01-2026 5:00:00 PM EST'))).toBe(
      'El plazo de devolución terminó el 12-01-2026 5:00:00 PM EST.',
    );
  });
});
