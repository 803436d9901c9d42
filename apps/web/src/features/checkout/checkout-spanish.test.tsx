/**
 * Checkout in Spanish (issue 29 item 1): the plans, the order form and the confirmation speak the
 * page's language; money reads as the domain formats it.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { OrderRequest } from '@grove/domain/api/billing';

import { loadLanguage } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import type * as CheckoutApi from './checkout.api.ts';
import { DEFAULT_PLAN, TRIAL_PLAN, YEARLY_PLAN, confirmAnswer, orderAnswer } from './checkout-fixtures.ts';
import { OrderConfirmation } from './order-confirmation.tsx';
import { CheckoutForm } from './order-form.tsx';
import { PlanChoice } from './plan-choice.tsx';

vi.mock('./checkout.api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutApi>()),
  trackConversion: vi.fn(async () => undefined),
}));

describe('checkout in Spanish', () => {
  it('shows the plans with their prices, saving and terms in Spanish', async () => {
    await loadLanguage('es', ['app']);
    render(
      <PlanChoice
        plans={[DEFAULT_PLAN, YEARLY_PLAN, TRIAL_PLAN]}
        chosenTag={DEFAULT_PLAN.tag}
        missingOffer="WINTER"
        onChoose={() => undefined}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Su plan' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Lo sentimos, no encontramos la oferta «WINTER». Estos son nuestros planes habituales.',
    );
    expect(screen.getByText('$39.00 al mes')).toBeInTheDocument();
    expect(screen.getByText('Ahorra $78.00 en comparación con 12 pagos mensuales.')).toBeInTheDocument();
    expect(screen.getByText('14 días gratis')).toBeInTheDocument();
    expect(screen.getAllByText('30 días para devolver el kit y recibir un reembolso')).toHaveLength(3);
    expect(screen.queryByText(/per month/)).not.toBeInTheDocument();
    expect(screen.queryAllByText('What’s included')).toHaveLength(0);
  });

  it('labels the order form’s sections, fields and Pay button in Spanish', async () => {
    await loadLanguage('es', ['app']);
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <CheckoutForm plan={DEFAULT_PLAN} user={null} stripeKey={null} onPaid={() => undefined} />
      </QueryClientProvider>,
    );
    const form = screen.getByRole('form', { name: 'Pago' });
    expect(within(form).getByRole('heading', { name: 'Datos de contacto' })).toBeInTheDocument();
    expect(within(form).getByRole('heading', { name: 'Dirección de envío' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Nombre' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Código postal' })).toBeInTheDocument();
    expect(within(form).getByRole('option', { name: 'Elija un estado' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Aplicar' })).toBeInTheDocument();
    const total = within(form).getByRole('region', { name: 'Total del pedido' });
    expect(within(total).getByText('A pagar hoy')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Pagar $39.00' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Pay $39.00' })).not.toBeInTheDocument();
    expect(within(form).queryByText('Contact details')).not.toBeInTheDocument();
  });

  it('sums up a paid order and what happens next in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const order = orderAnswer({
      plan_tag: DEFAULT_PLAN.tag,
      email: 'dana@example.com',
      first_name: 'Dana',
      last_name: 'Whitfield',
      phonenumber: '+12015550123',
      shipping: { address_1: '12 Elm St', address_2: '', city: 'Newark', state: 'NJ', zipcode: '07102', country: 'US' },
      country: 'US',
    } as OrderRequest);
    render(<OrderConfirmation confirmation={{ answer: confirmAnswer(order), card: null }} actions={null} />);
    expect(screen.getByRole('heading', { name: 'Resumen del pedido' })).toBeInTheDocument();
    expect(screen.getByText('Número de pedido')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Próximos pasos' })).toBeInTheDocument();
    expect(screen.getByText('Enviamos su kit de Grove.')).toBeInTheDocument();
    expect(screen.queryByText('Order summary')).not.toBeInTheDocument();
    expect(screen.queryByText('What happens next')).not.toBeInTheDocument();
  });
});
