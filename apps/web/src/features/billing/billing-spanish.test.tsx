/**
 * Subscription & Billing, the past-due banner and package returns in Spanish (issue 29 item 1),
 * through the real routes and providers against the fake API: the screens' own words, the flows'
 * dialogs and the dates' words follow the page's language.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { UserInfo } from '@grove/domain/api/user';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';
import {
  NOW,
  billingRoutes,
  detailsFixture,
  fakeBilling,
  subscriptionFixture,
  type FakeBilling,
} from './billing.fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

function signedIn(state: FakeBilling, user: UserInfo = USERS.parent, routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: user }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
    ...billingRoutes(state),
    ...routes,
  ]);
}

function row(region: HTMLElement, label: string): HTMLElement {
  return within(region).getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
}

describe('Subscription & Billing in Spanish', () => {
  it('says the plan, the status, the next renewal, the card and the flows in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(fakeBilling());
    renderApp('/dashboard/account?segment=billing');

    // The first render loads the account route's chunk: slow on a busy machine.
    const subscription = await screen.findByRole('region', { name: 'Suscripción' }, { timeout: 15_000 });
    expect(row(subscription, 'Plan')).toHaveTextContent('$390.00 al año');
    expect(within(subscription).getByText('Activa')).toHaveClass('billing-status');
    expect(row(subscription, 'Próxima renovación')).toHaveTextContent(/^Próxima renovación\$390\.00 el 03-01-2027 /);
    const changes = within(subscription).getByRole('group', { name: 'Cambiar su suscripción' });
    expect(
      within(changes)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pausar', 'No renovar', 'Cancelar la suscripción']);

    const payment = await screen.findByRole('region', { name: 'Método de pago' });
    expect(await within(payment).findByText('Visa •••• 4242, vence 12/2029')).toBeInTheDocument();
    expect(within(payment).getByRole('button', { name: 'Actualizar tarjeta' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Facturas' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Historial' })).toBeInTheDocument();

    expect(screen.queryByText('Next renewal')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
    expect(screen.queryByText(/expires 12\/2029/)).not.toBeInTheDocument();
  });

  it('asks why and confirms a cancellation in Spanish, and pauses for a number of months', async () => {
    await loadLanguage('es', ['app']);
    signedIn(fakeBilling());
    renderApp('/dashboard/account?segment=billing');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancelar la suscripción' }));
    const cancel = screen.getByRole('dialog', { name: 'Cancelar su suscripción' });
    expect(within(cancel).getByText('¿Por qué se va?')).toBeInTheDocument();
    await user.click(within(cancel).getByRole('button', { name: 'Continuar' }));
    // The domain's sentence, in the domain's Spanish.
    expect(within(cancel).getByText('Díganos por qué se va.')).toBeInTheDocument();
    expect(within(cancel).queryByText('Please tell us why you are leaving.')).not.toBeInTheDocument();
    await user.click(within(cancel).getByRole('button', { name: 'Mantener mi suscripción' }));

    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    const pause = screen.getByRole('dialog', { name: 'Pausar su suscripción' });
    const length = within(pause).getByRole('combobox', { name: '¿Por cuánto tiempo?' });
    expect(
      within(length)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 mes', '2 meses', '3 meses']);
    await user.selectOptions(length, '2');
    expect(within(pause).getByRole('button', { name: 'Pausar por 2 meses' })).toBeInTheDocument();
    expect(pause).toHaveTextContent('No se cobra nada mientras está en pausa.');
    expect(within(pause).queryByText(/Pause for/)).not.toBeInTheDocument();
  });

  it('shows the past-due banner in Spanish', async () => {
    await loadLanguage('es', ['app']);
    const state = fakeBilling(subscriptionFixture({ status: 'PAST_DUE' }));
    signedIn(state, { ...USERS.parent, billing_status: { status_name: 'PAST_DUE' } }, [
      [
        billingApi.billingDetails,
        {
          body: {
            ...detailsFixture(state.subscription),
            past_due: {
              amount_cents: 39000,
              currency: 'usd',
              failed_at: '2026-11-20T15:00:00.000Z',
              reason: 'Your card was declined. Please use another card.',
              next_retry_at: null,
            },
          },
        },
        { id: 6 },
      ],
    ]);
    renderApp('/dashboard/account?segment=billing');

    const banner = await screen.findByRole('region', { name: 'Su pago no se realizó' });
    expect(banner).toHaveTextContent(/^Su pago no se realizó\s*El pago de su renovación de \$390\.00 del 11-20-2026 /);
    expect(banner).toHaveTextContent(
      'Este fue el último intento: actualice su tarjeta ahora o su suscripción terminará.',
    );
    expect(within(banner).getByRole('link', { name: 'Actualice su tarjeta' })).toBeInTheDocument();
    expect(within(banner).queryByText(/This was the last try/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your payment failed' })).not.toBeInTheDocument();
  });
});

describe('package returns in Spanish', () => {
  it('lists the steps and the return window in Spanish', async () => {
    await loadLanguage('es', ['app']);
    signedIn(fakeBilling(subscriptionFixture({ return_deadline: '2026-12-01T17:00:00.000Z' })));
    renderApp('/packagereturns');

    const request = await screen.findByRole('button', { name: 'Solicitar una devolución' });
    const steps = screen.getByRole('region', { name: 'Cómo funciona una devolución' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent),
    ).toEqual(['Solicite la devolución', 'Empaque el kit', 'Envíelo con la etiqueta prepagada', 'Reciba su reembolso']);
    const status = screen.getByRole('region', { name: 'Su devolución' });
    expect(within(status).getByText('No se ha solicitado ninguna devolución')).toBeInTheDocument();
    expect(row(status, 'Plazo de devolución')).toHaveTextContent(/Abierto hasta el 12-01-2026 /);
    expect(screen.queryByText('How a return works')).not.toBeInTheDocument();

    await userEvent.setup().click(request);
    const dialog = screen.getByRole('dialog', { name: 'Solicitar una devolución' });
    expect(dialog).toHaveTextContent(/Puede devolver el kit hasta el 12-01-2026 /);
    expect(within(dialog).getByRole('button', { name: 'Volver' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Go back' })).not.toBeInTheDocument();
  });
});
