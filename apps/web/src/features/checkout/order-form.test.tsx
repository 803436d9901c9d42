/**
 * The order form's card entry: the sandbox form without a provider key (Stripe is never loaded),
 * Stripe Elements with one (a PaymentMethod id goes to the API as `{ token }`). Stripe itself is
 * replaced by a stand-in: the tests never reach the internet.
 */
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRequest } from '@grove/domain/api/billing';
import { CONSENT_MESSAGES } from '@grove/domain/privacy';
import { billingApi } from '@grove/domain/api/endpoints/billing';

import { fakeApi, type FakeApi } from '../../../test/fake-api.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { CARD_MESSAGES, cardRules, sandboxPaymentMethod } from '../../components/card-form.tsx';
import { DEFAULT_PLAN, confirmAnswer, orderAnswer } from './checkout-fixtures.ts';
import type { StoredConfirmation } from './confirmation-store.ts';
import { CheckoutForm } from './order-form.tsx';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(async () => ({})),
  createPaymentMethod: vi.fn(),
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useStripe: () => ({ createPaymentMethod: stripe.createPaymentMethod }),
  useElements: () => ({ getElement: () => ({ focus: () => undefined }) }),
  /** A stand-in for the card iframe: typing anything makes the card complete. */
  CardElement: ({ onChange }: { onChange: (event: { complete: boolean; error?: { message: string } }) => void }) => {
    return <input aria-label="Stripe card" onChange={(event) => onChange({ complete: event.target.value !== '' })} />;
  },
}));

function checkoutServer(): FakeApi {
  const server: FakeApi = fakeApi([
    [billingApi.createOrder, (request) => ({ status: 201, body: orderAnswer(request.body as OrderRequest) })],
    [
      billingApi.confirmOrder,
      () => {
        const order = server.callsOf(billingApi.createOrder)[0]?.body as OrderRequest;
        return { body: confirmAnswer(orderAnswer(order)) };
      },
    ],
  ]);
  return server;
}

async function fillContactAndShipping(user: UserEvent) {
  const textbox = (name: string) => screen.getByRole('textbox', { name });
  await user.type(textbox('First name'), 'Dana');
  await user.type(textbox('Last name'), 'Whitfield');
  await user.type(textbox('Email'), 'dana@example.com');
  await user.type(textbox('Phone'), '2015550123');
  await user.type(textbox('Address'), '12 Elm Street');
  await user.type(textbox('City'), 'Springfield');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'IL');
  await user.type(textbox('Zipcode'), '62701');
  await user.click(screen.getByRole('checkbox', { name: /I agree to Grove’s privacy policy/ }));
}

function renderForm(stripeKey: string | null) {
  const onPaid = vi.fn<(confirmation: StoredConfirmation) => void>();
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <CheckoutForm plan={DEFAULT_PLAN} user={null} stripeKey={stripeKey} onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return { onPaid, user: userEvent.setup() };
}

beforeEach(() => {
  stripe.loadStripe.mockClear();
  stripe.createPaymentMethod.mockReset();
});

describe('card entry', () => {
  it('without a provider key: the sandbox card form, and Stripe is never loaded', () => {
    checkoutServer();
    renderForm(null);
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CVC' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Stripe card' })).not.toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('with a key: Stripe Elements, loaded lazily; the PaymentMethod id is sent as the token', async () => {
    const server = checkoutServer();
    stripe.createPaymentMethod.mockResolvedValue({
      paymentMethod: { id: 'pm_test_123', card: { brand: 'visa', last4: '4242' } },
    });
    const { onPaid, user } = renderForm('pk_test_grove');
    const card = await screen.findByRole('textbox', { name: 'Stripe card' });
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_grove');
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    await fillContactAndShipping(user);
    const pay = screen.getByRole('button', { name: 'Pay $39.00' });
    expect(pay).toBeDisabled();
    await user.type(card, '4242');
    expect(pay).toBeEnabled();
    await user.click(pay);

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: { name: 'Dana Whitfield', email: 'dana@example.com', phone: '+12015550123' },
      }),
    );
    expect(server.callsOf(billingApi.confirmOrder)[0]?.body).toEqual({
      order: 'ord_test_1',
      payment_method: { token: 'pm_test_123' },
      consent: true,
    });
    expect(onPaid.mock.calls[0]?.[0].card).toBe('Visa ending in 4242');
  });

  it('with a key: a card Stripe refuses shows its message above Pay, and no order is made', async () => {
    const server = checkoutServer();
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is invalid.' } });
    const { onPaid, user } = renderForm('pk_test_grove');
    const card = await screen.findByRole('textbox', { name: 'Stripe card' });
    await fillContactAndShipping(user);
    await user.type(card, '4242');
    await user.click(screen.getByRole('button', { name: 'Pay $39.00' }));
    const total = screen.getByRole('region', { name: 'Order total' });
    expect(await within(total).findByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(server.callsOf(billingApi.createOrder)).toHaveLength(0);
    expect(onPaid).not.toHaveBeenCalled();
  });
});

describe('consent (issue 17)', () => {
  it('keeps Pay disabled until the consent box is ticked; a refusal shows under the box', async () => {
    const server = fakeApi([
      [billingApi.createOrder, (request) => ({ status: 201, body: orderAnswer(request.body as OrderRequest) })],
      [billingApi.confirmOrder, { status: 400, body: { consent: [CONSENT_MESSAGES.checkoutRequired] } }],
    ]);
    const { onPaid, user } = renderForm(null);
    await fillContactAndShipping(user);
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '1235');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    const box = screen.getByRole('checkbox', { name: /I agree to Grove’s privacy policy/ });
    const pay = screen.getByRole('button', { name: 'Pay $39.00' });
    expect(pay).toBeEnabled();
    await user.click(box);
    expect(pay).toBeDisabled();
    await user.click(box);
    await user.click(pay);

    expect(await screen.findByText(CONSENT_MESSAGES.checkoutRequired)).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(CONSENT_MESSAGES.checkoutRequired);
    expect(box).toHaveFocus();
    expect(server.callsOf(billingApi.confirmOrder)[0]?.body).toMatchObject({ consent: true });
    expect(onPaid).not.toHaveBeenCalled();
  });
});

describe('sandbox card rules', () => {
  const rules = cardRules(() => new Date('2026-11-20T12:00:00Z'));

  it.each([
    ['', CARD_MESSAGES.numberRequired],
    ['4242', CARD_MESSAGES.numberInvalid],
    ['4242-4242-4242-424x', CARD_MESSAGES.numberInvalid],
    ['4242 4242 4242 4242', null],
    ['4000000000000002', null],
  ])('card number %j → %j', (value, message) => {
    expect(rules.card_number(value)?.message ?? null).toBe(message);
  });

  it.each([
    ['', CARD_MESSAGES.expiryRequired],
    ['13/30', CARD_MESSAGES.expiryInvalid],
    ['1/30', CARD_MESSAGES.expiryInvalid],
    ['10/26', CARD_MESSAGES.expired],
    ['11/26', null],
    ['12 / 35', null],
    ['1235', null],
  ])('expiry %j → %j', (value, message) => {
    expect(rules.card_expiry(value)?.message ?? null).toBe(message);
  });

  it.each([
    ['', CARD_MESSAGES.cvcRequired],
    ['12', CARD_MESSAGES.cvcInvalid],
    ['12a', CARD_MESSAGES.cvcInvalid],
    ['123', null],
    ['1234', null],
  ])('CVC %j → %j', (value, message) => {
    expect(rules.card_cvc(value)?.message ?? null).toBe(message);
  });

  it('sends the digits and the four-digit year', () => {
    expect(
      sandboxPaymentMethod({ card_number: '4242 4242 4242 4242', card_expiry: '07/31', card_cvc: ' 123 ' }),
    ).toEqual({
      card: { number: '4242424242424242', exp_month: 7, exp_year: 2031, cvc: '123' },
    });
  });
});

describe('the shipping zipcode follows the shipping country (decision 0052)', () => {
  it('refuses a US-looking mistake, and checks the zipcode again when the country changes', async () => {
    const { user } = renderForm(null);
    const zip = screen.getByRole('textbox', { name: 'Zipcode' });
    await user.type(zip, '12-345');
    await user.tab();
    expect(await screen.findByText('Please input a valid Zipcode')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');

    await user.clear(zip);
    await user.type(zip, 'SW1A 1AA');
    expect(await screen.findByText('Please input a valid Zipcode')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'GB');
    await waitFor(() => expect(screen.queryByText('Please input a valid Zipcode')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'US');
    expect(await screen.findByText('Please input a valid Zipcode')).toBeInTheDocument();
  });
});
