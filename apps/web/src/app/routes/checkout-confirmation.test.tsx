/** The checkout confirmation page (issue 11 item 11) through the real routes and providers. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PO_BOX_WARNING } from '@grove/domain';
import type { OrderRequest } from '@grove/domain/api/billing';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { USERS, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { TRIAL_PLAN, confirmAnswer, orderAnswer } from '../../features/checkout/checkout-fixtures.ts';
import { saveConfirmation } from '../../features/checkout/confirmation-store.ts';
import { loadLanguage } from '../../lib/i18n.ts';

const ORDER: OrderRequest = {
  plan_tag: 'default',
  promo_code: 'WELCOME10',
  first_name: 'Dana',
  last_name: 'Whitfield',
  email: 'dana@example.com',
  phonenumber: '2015550123',
  country: 'US',
  shipping: {
    address_1: 'PO Box 12',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    country: 'US',
  },
};

function trackingApi() {
  return fakeApi([[billingApi.trackConversion, { body: { tracked: true, first_time: true } }]]);
}

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('checkout confirmation', () => {
  it('sums up the order and what happens next, links to login with the e-mail, and tracks the conversion once', async () => {
    const api = trackingApi();
    saveConfirmation({ answer: confirmAnswer(orderAnswer(ORDER)), card: 'Card ending in 4242' });
    renderApp('/checkout/confirmation');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' }),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Grove Family — monthly · $39.00 per month')).toBeInTheDocument();
    expect(within(summary).getByText('WELCOME10 (−$3.90)')).toBeInTheDocument();
    expect(within(summary).getByText('Total charged').nextElementSibling).toHaveTextContent('$35.10');
    expect(within(summary).getByText('Card ending in 4242')).toBeInTheDocument();
    expect(within(summary).getByText('Ship to').nextElementSibling).toHaveTextContent(
      /Dana Whitfield\s*PO Box 12\s*Springfield, IL 62701\s*United States/,
    );
    expect(within(summary).getByText(PO_BOX_WARNING)).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(within(next).getAllByRole('listitem')).toHaveLength(4);
    expect(within(next).getByText(/We sent a link to dana@example.com to set your password\./)).toBeInTheDocument();
    expect(within(next).getByText(/Add your players/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in once your password is set' })).toHaveAttribute(
      'href',
      '/login?email=dana%40example.com',
    );

    await waitFor(() => expect(api.callsOf(billingApi.trackConversion)).toHaveLength(1));
    expect(api.callsOf(billingApi.trackConversion)[0]?.body).toEqual({ order: 'ord_test_1' });
    // Headings in order: h1, then h2s.
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual(['H1', 'H2', 'H2']);
  });

  it('shows when a trial ends instead of a charge, and a signed-in family goes to the dashboard', async () => {
    storeSession();
    fakeApi([
      [userApi.info, { body: USERS.newFamily }],
      [billingApi.trackConversion, { body: { tracked: true, first_time: true } }],
    ]);
    const order = orderAnswer({ ...ORDER, plan_tag: TRIAL_PLAN.tag, promo_code: undefined });
    saveConfirmation({ answer: confirmAnswer(order, false), card: null });
    renderApp('/checkout/confirmation');

    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Free trial').nextElementSibling).toHaveTextContent(
      'Until Dec 4, 2026; then $39.00 is charged.',
    );
    expect(within(summary).queryByText('Total charged')).not.toBeInTheDocument();
    expect(screen.getByText(/Sign in with your Grove e-mail and password as usual/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('opened directly, it explains where to go instead of showing nothing', async () => {
    const api = trackingApi();
    renderApp('/checkout/confirmation');
    expect(await screen.findByRole('heading', { level: 2, name: 'No order to show here' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute('href', '/checkout');
    expect(api.callsOf(billingApi.trackConversion)).toHaveLength(0);
  });
});

describe('checkout confirmation in Spanish', () => {
  it('thanks the family in Spanish', async () => {
    await loadLanguage('es', ['app']);
    trackingApi();
    saveConfirmation({ answer: confirmAnswer(orderAnswer(ORDER)), card: 'Card ending in 4242' });
    renderApp('/checkout/confirmation');
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Gracias! Su pedido está confirmado' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Le damos la bienvenida a Grove, Dana. Le enviamos una confirmación a dana@example.com.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Thank you!/)).not.toBeInTheDocument();
  });

  it('opened directly, it explains in Spanish where to go', async () => {
    await loadLanguage('es', ['app']);
    trackingApi();
    renderApp('/checkout/confirmation');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No hay ningún pedido que mostrar aquí' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Ir al pago' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByText('Go to checkout')).not.toBeInTheDocument();
  });
});
