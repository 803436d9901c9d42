/** The sandbox card form's words in the page's language (issue 29); its rules: features/checkout. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { loadLanguage } from '../lib/i18n.ts';
import { CARD_MESSAGES, SandboxCardNote, cardRules, sandboxCardLabel } from './card-form.tsx';

const NOW = () => new Date('2026-11-20T12:00:00Z');

describe('sandbox card form', () => {
  it('gives the rules’ messages in English as CARD_MESSAGES words them', () => {
    const rules = cardRules(NOW);
    expect(rules.card_number('')?.message).toBe(CARD_MESSAGES.numberRequired);
    expect(rules.card_number('4242')?.message).toBe(CARD_MESSAGES.numberInvalid);
    expect(rules.card_expiry('')?.message).toBe(CARD_MESSAGES.expiryRequired);
    expect(rules.card_expiry('13/30')?.message).toBe(CARD_MESSAGES.expiryInvalid);
    expect(rules.card_expiry('10/26')?.message).toBe(CARD_MESSAGES.expired);
    expect(rules.card_cvc('')?.message).toBe(CARD_MESSAGES.cvcRequired);
    expect(rules.card_cvc('12')?.message).toBe(CARD_MESSAGES.cvcInvalid);
    expect(sandboxCardLabel('4242 4242 4242 4242')).toBe('Card ending in 4242');
  });

  it('in Spanish: the rules’ messages, the card’s label and the test-mode note', async () => {
    await loadLanguage('es', ['app']);
    const rules = cardRules(NOW);
    expect(rules.card_number('')?.message).toBe('El número de tarjeta es obligatorio');
    expect(rules.card_expiry('10/26')?.message).toBe('Esta tarjeta está vencida');
    expect(rules.card_cvc('12')?.message).toBe('Escriba los 3 o 4 dígitos del reverso de la tarjeta');
    expect(sandboxCardLabel('4242 4242 4242 4242')).toBe('Tarjeta terminada en 4242');

    render(<SandboxCardNote className="note" numberClassName="number" />);
    expect(screen.getByText('Modo de prueba:')).toBeInTheDocument();
    expect(screen.getByText(/no se cobra a ninguna tarjeta real/)).toBeInTheDocument();
    expect(screen.getByText(/se rechaza por fondos insuficientes/)).toBeInTheDocument();
    expect(screen.queryByText('Test mode:')).not.toBeInTheDocument();
  });
});
