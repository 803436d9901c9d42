/** /packagereturns (issue 11 item 13) through the real routes and providers, against the fake API. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi } from '../../../test/fake-api.ts';
import { USERS, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { NOW, billingRoutes, fakeBilling, subscriptionFixture } from '../../features/billing/billing.fixtures.ts';
import { loadLanguage } from '../../lib/i18n.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

const STEPS = ['Ask for a return', 'Pack the kit', 'Ship it with the prepaid label', 'Get your refund'];

function steps(): string[] {
  const region = screen.getByRole('region', { name: 'How a return works' });
  return within(region)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('strong')?.textContent ?? '');
}

function row(label: string): HTMLElement {
  const region = screen.getByRole('region', { name: 'Your return' });
  return within(region).getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
}

describe('package returns', () => {
  it('shows a signed-out visitor the steps and a link to log in', async () => {
    const api = fakeApi();
    renderApp('/packagereturns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Package returns' })).toBeInTheDocument();
    expect(steps()).toEqual(STEPS);
    expect(screen.getByText(/Put the heart-rate band, its charging cable and the tablet stand/)).toBeInTheDocument();
    expect(screen.getByText(/prepaid return label within two business days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fpackagereturns');
    expect(screen.queryByRole('button', { name: 'Request a return' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path.includes('/billing/'))).toBe(false);
  });

  it('lets a family inside its window request a return, saying until when first, then shows the return', async () => {
    storeSession();
    const state = fakeBilling(subscriptionFixture({ return_deadline: '2026-12-01T17:00:00.000Z' }));
    const api = fakeApi([[userApi.info, { body: USERS.parent }], ...billingRoutes(state)]);
    renderApp('/packagereturns');
    const request = await screen.findByRole('button', { name: 'Request a return' });
    expect(row('Status')).toHaveTextContent('No return requested');
    expect(row('Return window')).toHaveTextContent('Open until 12-01-2026 12:00:00 PM EST');
    expect(steps()).toEqual(STEPS);

    const user = userEvent.setup();
    await user.click(request);
    const dialog = screen.getByRole('dialog', { name: 'Request a return' });
    expect(dialog).toHaveTextContent('You can return the kit until 12-01-2026 12:00:00 PM EST.');
    expect(within(dialog).queryByRole('link', { name: 'How returns work' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Request a return' }));
    expect(await within(dialog).findByRole('heading', { name: 'Return requested' })).toHaveFocus();
    const [call] = api.callsOf(billingApi.returnRequest, { id: 1 });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByText(/Return requested on 11-20-2026 12:00:00 PM EST — waiting for the kit/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your return' })).toHaveFocus();
  });

  it('shows a family whose window has closed when it closed, and no return button', async () => {
    storeSession();
    fakeApi([[userApi.info, { body: USERS.parent }], ...billingRoutes(fakeBilling())]);
    renderApp('/packagereturns');
    expect(await screen.findByText(/The return window has ended/)).toBeInTheDocument();
    expect(row('Return window')).toHaveTextContent('Closed on 04-01-2025 11:00:00 AM EDT');
    expect(screen.queryByRole('button', { name: 'Request a return' })).not.toBeInTheDocument();
  });

  it('tells a partner-covered family that returns go through the partner', async () => {
    storeSession();
    fakeApi([[userApi.info, { body: USERS.magellan }]]);
    renderApp('/packagereturns');
    expect(await screen.findByText(/returns go through your partner’s care team/)).toBeInTheDocument();
    expect(steps()).toEqual(STEPS);
  });
});

describe('package returns in Spanish', () => {
  it('titles the page and the public frame in Spanish', async () => {
    await loadLanguage('es', ['app']);
    fakeApi();
    renderApp('/packagereturns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Devolución del paquete' })).toBeInTheDocument();
    expect(
      screen.getByText('Cómo devolver su kit de Grove: cómo funciona una devolución, paso a paso.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Comuníquese con soporte (se abre en una pestaña nueva)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'centro de ayuda (se abre en una pestaña nueva)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicio de Grove' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Package returns')).not.toBeInTheDocument();
    expect(screen.queryByText(/Questions\? Our/)).not.toBeInTheDocument();
  });
});
