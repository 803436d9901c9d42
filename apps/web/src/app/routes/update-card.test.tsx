/**
 * /update-card?o=<token> (issue 26 item 1) through the real routes: the signed link of a failed
 * renewal opens the card form without signing in, tells what failed, saves the new card and says
 * the subscription runs again; a refused retry keeps the form; a spent link leads to signing in.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CARD_UPDATE_MESSAGES, SANDBOX_CARDS } from '@grove/domain';
import type { CardUpdateLink } from '@grove/domain/api/billing';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { loadLanguage } from '../../lib/i18n.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const LINK: CardUpdateLink = {
  first_name: 'Kai',
  email: 'kai@example.com',
  plan_name: 'Grove monthly',
  payment_method: { brand: 'Visa', last4: '0341', exp_month: 12, exp_year: 2035 },
  past_due: {
    amount_cents: 3900,
    currency: 'usd',
    failed_at: '2026-11-20T15:00:00.000Z',
    reason: 'Your card was declined. Please use another card.',
    next_retry_at: '2026-11-21T15:00:00.000Z',
  },
  expires_at: '2026-11-27T15:00:00.000Z',
};

async function typeCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry date/), '12/35');
  await user.type(screen.getByLabelText(/CVC/), '123');
  await user.click(screen.getByRole('button', { name: 'Save the new card' }));
}

describe('the card-update link', () => {
  it('opens the card form without signing in, charges the failed renewal and says the subscription runs again', async () => {
    const api = fakeApi([
      [billingApi.cardUpdateLink, { body: LINK }],
      [
        billingApi.cardUpdate,
        {
          body: {
            brand: 'Visa',
            last4: '4242',
            exp_month: 12,
            exp_year: 2035,
            renewal: { outcome: 'renewed', detail: CARD_UPDATE_MESSAGES.renewed },
          },
        },
      ],
    ]);
    renderApp(`/update-card?o=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Update your card' })).toBeInTheDocument();
    expect(screen.getByText(/Hi Kai, this page updates the card Grove charges for Grove monthly/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your payment failed' })).toHaveTextContent(
      /Your renewal payment of \$39\.00 on .* failed: Your card was declined/,
    );
    expect(screen.getByText(/Card on file: Visa •••• 0341/)).toBeInTheDocument();
    expect(api.callsOf(billingApi.cardUpdateLink)[0]!.query.get('o')).toBe(TOKEN);
    expect(api.callsOf(billingApi.cardUpdateLink)[0]!.headers.get('authorization')).toBeNull();

    await typeCard(SANDBOX_CARDS.succeeds);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your card is updated' })).toBeInTheDocument();
    expect(screen.getByText(CARD_UPDATE_MESSAGES.renewed)).toHaveAttribute('role', 'status');
    expect(screen.getByText('The card on file is now Visa •••• 4242, expires 12/2035.')).toBeInTheDocument();
    expect(api.callsOf(billingApi.cardUpdate)[0]!.body).toEqual({
      o: TOKEN,
      payment_method: { card: { number: SANDBOX_CARDS.succeeds, exp_month: 12, exp_year: 2035, cvc: '123' } },
    });
    expect(screen.getByRole('link', { name: 'Log in to Grove' })).toBeInTheDocument();
  });

  it('keeps the form when the new card is refused too, and checks the card before sending it', async () => {
    const api = fakeApi([
      [billingApi.cardUpdateLink, { body: LINK }],
      [
        billingApi.cardUpdate,
        {
          body: {
            brand: 'Visa',
            last4: '0002',
            exp_month: 12,
            exp_year: 2035,
            renewal: { outcome: 'failed', detail: 'Your card is updated, but the renewal charge failed: declined.' },
          },
        },
      ],
    ]);
    renderApp(`/update-card?o=${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save the new card' }));
    expect(screen.getByText('Card number is required')).toBeInTheDocument();
    expect(api.callsOf(billingApi.cardUpdate)).toHaveLength(0);

    await typeCard(SANDBOX_CARDS.declined);
    expect(await screen.findByText(/the renewal charge failed/)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Update your card' })).toBeInTheDocument();
  });

  it('a spent or expired link says so and leads to signing in', async () => {
    fakeApi([
      [
        billingApi.cardUpdateLink,
        {
          status: 404,
          body: { detail: CARD_UPDATE_MESSAGES.linkInvalid, code: 'link_invalid' },
        },
      ],
    ]);
    renderApp(`/update-card?o=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByText(CARD_UPDATE_MESSAGES.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to Grove' })).toHaveAttribute(
      'href',
      expect.stringContaining('/login?next='),
    );
  });
});

describe('the card-update link in Spanish', () => {
  it('opens the card form with the route’s words in Spanish', async () => {
    await loadLanguage('es', ['app']);
    fakeApi([[billingApi.cardUpdateLink, { body: { ...LINK, past_due: null } }]]);
    renderApp(`/update-card?o=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualice su tarjeta' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Hola, Kai: en esta página se actualiza la tarjeta a la que Grove hace los cargos de Grove monthly (kai@example.com).',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La tarjeta nueva se usará a partir del próximo cargo. Ahora no se cobra nada.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Tarjeta registrada: .+\. Este enlace funciona hasta el .+\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByText(/this page updates the card/)).not.toBeInTheDocument();
  });

  it('says in Spanish that a link without its token has expired (the domain’s message translated)', async () => {
    await loadLanguage('es', ['app']);
    fakeApi([]);
    renderApp('/update-card');
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ha caducado' })).toBeInTheDocument();
    expect(screen.getByText(/^Este enlace para actualizar la tarjeta ha caducado o ya se usó\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión en Grove' })).toBeInTheDocument();
    expect(screen.queryByText(CARD_UPDATE_MESSAGES.linkInvalid)).not.toBeInTheDocument();
  });
});
