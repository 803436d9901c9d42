/** Checkout (issue 11 item 10) through the real routes and providers, with the fake API. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_SERVICE_ERROR, PO_BOX_WARNING, SANDBOX_CARDS } from '@grove/domain';
import type { ConfirmOrderRequest, OrderRequest } from '@grove/domain/api/billing';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeHandler, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  DEFAULT_PLAN,
  SPRING20,
  WELCOME10,
  confirmAnswer,
  orderAnswer,
  planAnswer,
} from '../../features/checkout/checkout-fixtures.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { loadLanguage } from '../../lib/i18n.ts';

const DECLINED = { detail: 'Your card was declined. Please use another card.', code: 'card_declined' };

function checkoutApi(routes: FakeRoute[] = []): FakeApi {
  const server: FakeApi = fakeApi([
    [billingApi.programPlan, (request) => ({ body: planAnswer(request.query.get('tag')) })],
    [billingApi.createOrder, (request) => ({ status: 201, body: orderAnswer(request.body as OrderRequest) })],
    [billingApi.confirmOrder, () => ({ body: confirmAnswer(orderAnswer(lastOrderBody(server))) })],
    [billingApi.trackConversion, { body: { tracked: true, first_time: true } }],
    ...routes,
  ]);
  return server;
}

/** The checkout API where the sandbox's declined card is refused (402) and any other card pays. */
function declinedCardApi(): FakeApi {
  const server: FakeApi = checkoutApi([
    [
      billingApi.confirmOrder,
      (request) => {
        const body = request.body as ConfirmOrderRequest;
        return body.payment_method.card?.number === SANDBOX_CARDS.declined
          ? { status: 402, body: DECLINED }
          : { body: confirmAnswer(orderAnswer(lastOrderBody(server))) };
      },
    ],
  ]);
  return server;
}

function lastOrderBody(server: FakeApi): OrderRequest {
  const orders = server.callsOf(billingApi.createOrder);
  return orders[orders.length - 1]?.body as OrderRequest;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

const textbox = (name: string) => screen.getByRole('textbox', { name });
/** The message above the Pay button. */
const payAlert = () => within(screen.getByRole('region', { name: 'Order total' })).findByRole('alert');
const payButton = () => screen.getByRole('button', { name: /^(Pay|Start my free trial)/ });
/** The plan cards: a radio group named after the section. */
const planGroup = () => screen.getByRole('radiogroup', { name: 'Your plan' });
const planRadio = (name: string) => within(planGroup()).getByRole('radio', { name });
const MONTHLY = 'Grove Family — monthly';
const YEARLY = 'Grove Family — yearly';
const TRIAL = 'Grove Family — 14 days free';
const PROFESSIONAL = 'Grove Professional — for clinics and schools';
/** The card around a plan's radio. */
const planCard = (name: string) => planRadio(name).closest<HTMLElement>('.checkout-plan-card')!;

async function openCheckout(path = '/checkout') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Your plan' });
  return view;
}

/** Puts `text` into a field as a person pasting it would (faster than typing each key). */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Fills in a complete order as a new visitor would; `card` defaults to the sandbox card that succeeds. */
async function fillOrder(
  user: UserEvent,
  overrides: { firstName?: string | null; address?: string; card?: string } = {},
) {
  if (overrides.firstName !== null) await enter(user, textbox('First name'), overrides.firstName ?? 'Dana');
  await enter(user, textbox('Last name'), 'Whitfield');
  await enter(user, textbox('Email'), 'dana@example.com');
  await enter(user, textbox('Phone'), '2015550123');
  await enter(user, textbox('Address'), overrides.address ?? '12 Elm Street');
  await enter(user, textbox('City'), 'Springfield');
  await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'IL');
  await enter(user, textbox('Zipcode'), '62701');
  await fillCard(user, overrides.card ?? SANDBOX_CARDS.succeeds);
  await user.click(screen.getByRole('checkbox', { name: /I agree to Grove’s privacy policy/ }));
}

async function fillCard(user: UserEvent, number: string) {
  for (const [name, value] of [
    ['Card number', number],
    ['Expiry date (MM/YY)', '12/35'],
    ['CVC', '123'],
  ] as const) {
    await user.clear(textbox(name));
    await enter(user, textbox(name), value);
  }
}

/** Checkout ended on the confirmation page (and its conversion mark went out). */
async function expectConfirmation(app: { location: () => string }, api: FakeApi) {
  await waitFor(() => expect(app.location()).toBe('/checkout/confirmation'));
  await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' });
  await waitFor(() => expect(api.callsOf(billingApi.trackConversion)).toHaveLength(1));
}

describe('checkout: the plans (decision 0046)', () => {
  it('lists monthly and yearly side by side with price, saving and what’s included; monthly is chosen', async () => {
    const api = checkoutApi();
    await openCheckout();
    const radios = within(planGroup()).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['default', 'yearly']);
    expect(planRadio(MONTHLY)).toBeChecked();
    expect(planRadio(YEARLY)).not.toBeChecked();
    expect(planRadio(MONTHLY)).toHaveAccessibleDescription('$39.00 per month');
    expect(planRadio(YEARLY)).toHaveAccessibleDescription(
      '$390.00 per year You save $78.00 compared with 12 monthly payments.',
    );
    const yearly = within(planCard(YEARLY));
    expect(yearly.getByText(/two months free compared with monthly/)).toBeInTheDocument();
    const included = yearly.getByRole('list', { name: 'What’s included' });
    expect(
      within(included)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...DEFAULT_PLAN.kit_items, '30 days to return the kit for a refund']);
    expect(within(planCard(MONTHLY)).queryByText(/You save/)).not.toBeInTheDocument();
    expect(screen.queryByText(/could not find the offer/)).not.toBeInTheDocument();
    expect(api.callsOf(billingApi.programPlan)[0]?.query.get('tag')).toBe('default');
    expect(localStorage.getItem(STORAGE_KEYS.programPlanTag)).toBe('default');
    expect(payButton()).toHaveTextContent('Pay $39.00');
  });

  it('the address’s tag chooses the plan on entry and is stored', async () => {
    const api = checkoutApi();
    await openCheckout('/checkout?tag=yearly');
    expect(planRadio(YEARLY)).toBeChecked();
    expect(api.callsOf(billingApi.programPlan)[0]?.query.get('tag')).toBe('yearly');
    expect(localStorage.getItem(STORAGE_KEYS.programPlanTag)).toBe('yearly');
    const total = within(screen.getByRole('region', { name: 'Order total' }));
    expect(total.getByText(YEARLY)).toBeInTheDocument();
    expect(total.getByText('$390.00 per year')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $390.00');
  });

  it('without a tag in the address, the stored one chooses', async () => {
    localStorage.setItem(STORAGE_KEYS.programPlanTag, 'yearly');
    checkoutApi();
    await openCheckout('/checkout');
    expect(planRadio(YEARLY)).toBeChecked();
  });

  it('an offer’s tag adds its plan to monthly and yearly, chosen; a trial is free first', async () => {
    checkoutApi();
    await openCheckout('/checkout?tag=spring-trial');
    expect(
      within(planGroup())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['default', 'yearly', 'spring-trial']);
    expect(planRadio(TRIAL)).toBeChecked();
    expect(planRadio(TRIAL)).toHaveAccessibleDescription(/^14 days free ?, then \$39\.00 per month$/);
    expect(within(planCard(TRIAL)).getByText('14 days free before the first charge')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Order total' })).getByText('$0.00')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Start my free trial');
  });

  it('offers the professional plan only when its tag is asked for', async () => {
    checkoutApi();
    const first = await openCheckout('/checkout?tag=yearly');
    expect(within(planGroup()).queryByRole('radio', { name: PROFESSIONAL })).not.toBeInTheDocument();
    first.unmount();
    await openCheckout('/checkout?tag=PROFESSIONAL');
    expect(planRadio(PROFESSIONAL)).toBeChecked();
    expect(within(planGroup()).getAllByRole('radio')).toHaveLength(3);
    expect(payButton()).toHaveTextContent('Pay $99.00');
  });

  it('says politely when the offer was not found and offers the standard plans', async () => {
    checkoutApi();
    await openCheckout('/checkout?tag=summer-sale');
    expect(
      screen.getByText('Sorry, we could not find the offer “summer-sale”. Here are our standard plans instead.'),
    ).toBeInTheDocument();
    expect(within(planGroup()).getAllByRole('radio')).toHaveLength(2);
    expect(planRadio(MONTHLY)).toBeChecked();
  });

  it('choosing a plan writes its tag to the address and to storage; a reload finds it', async () => {
    const api = checkoutApi();
    const user = userEvent.setup();
    const app = await openCheckout('/checkout?tag=default');
    await user.click(within(planCard(YEARLY)).getByText(YEARLY));
    expect(planRadio(YEARLY)).toBeChecked();
    await waitFor(() => expect(app.location()).toBe('/checkout?tag=yearly'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(STORAGE_KEYS.programPlanTag)).toBe('yearly');
    expect(payButton()).toHaveTextContent('Pay $390.00');
    // Choosing does not ask the API again: the plans came with the first answer.
    expect(api.callsOf(billingApi.programPlan)).toHaveLength(1);

    app.unmount();
    await openCheckout('/checkout?tag=yearly');
    expect(planRadio(YEARLY)).toBeChecked();
  });

  it('works with the keyboard: the arrow keys move between the plans and choose', async () => {
    checkoutApi();
    const user = userEvent.setup();
    const app = await openCheckout('/checkout?tag=yearly');
    planRadio(YEARLY).focus();
    await user.keyboard('{ArrowUp}');
    expect(planRadio(MONTHLY)).toBeChecked();
    expect(planRadio(MONTHLY)).toHaveFocus();
    await waitFor(() => expect(app.location()).toBe('/checkout?tag=default'));
    expect(payButton()).toHaveTextContent('Pay $39.00');
    await user.keyboard('{ArrowRight}');
    expect(planRadio(YEARLY)).toBeChecked();
    await waitFor(() => expect(app.location()).toBe('/checkout?tag=yearly'));
    expect(localStorage.getItem(STORAGE_KEYS.programPlanTag)).toBe('yearly');
  });
});

describe('checkout: the order form', () => {
  it('shows a field’s error once it is left and keeps Pay disabled (a 57-character name)', async () => {
    checkoutApi();
    const user = userEvent.setup();
    await openCheckout();
    expect(payButton()).toBeDisabled();
    const first = textbox('First name');
    await enter(user, first, 'x'.repeat(57));
    expect(screen.queryByText('Name must be less than 56 characters')).not.toBeInTheDocument();
    await user.tab();
    const message = await screen.findByText('Name must be less than 56 characters');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first.getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    // Every other field filled in well: the name alone keeps Pay disabled.
    await fillOrder(user, { firstName: null });
    expect(payButton()).toBeDisabled();
    await user.clear(first);
    await enter(user, first, 'x'.repeat(55));
    expect(screen.queryByText('Name must be less than 56 characters')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it('uses the shared rules on every field: e-mail, phone, city, zipcode', async () => {
    checkoutApi();
    const user = userEvent.setup();
    await openCheckout();
    await user.type(textbox('Email'), 'not-an-email');
    await user.type(textbox('Phone'), '123');
    await user.type(textbox('City'), 'Spr1ngfield');
    await user.type(textbox('Zipcode'), '62 701!');
    await user.tab();
    expect(screen.getByText('Please input a valid email')).toBeInTheDocument();
    expect(screen.getByText('Please input a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please input a valid city')).toBeInTheDocument();
    expect(screen.getByText('Please input a valid Zipcode')).toBeInTheDocument();
  });

  it('shows the PO Box warning under the address without blocking Pay', async () => {
    const api = checkoutApi();
    const user = userEvent.setup();
    const app = await openCheckout();
    await fillOrder(user, { address: 'PO Box 12' });
    const address = textbox('Address');
    expect(screen.getByText(PO_BOX_WARNING)).toBeInTheDocument();
    expect(address).not.toHaveAttribute('aria-invalid');
    expect(address.getAttribute('aria-describedby')).toContain(screen.getByText(PO_BOX_WARNING).closest('p')?.id);
    expect(payButton()).toBeEnabled();
    await user.click(payButton());
    await expectConfirmation(app, api);
    expect(lastOrderBody(api).shipping.address_1).toBe('PO Box 12');
  });

  it('lists the 18 shipping countries in the spec’s order; the state is a US list or free text', async () => {
    checkoutApi();
    const user = userEvent.setup();
    await openCheckout();
    const country = screen.getByRole('combobox', { name: 'Country' });
    const options = within(country).getAllByRole('option');
    expect(options).toHaveLength(18);
    expect(options.slice(0, 4).map((option) => option.textContent)).toEqual([
      'United States',
      'Australia',
      'Canada',
      'Germany',
    ]);
    expect(options[17]).toHaveTextContent('Hong Kong');
    const states = within(screen.getByRole('combobox', { name: 'State' })).getAllByRole('option');
    expect(states.map((option) => option.getAttribute('value'))).toEqual(
      expect.arrayContaining(['IL', 'PR', 'AE', 'AP', 'AA']),
    );

    await user.selectOptions(country, 'DE');
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    expect(textbox('State, province or region (optional)')).toBeInTheDocument();
  });

  it('fills in a signed-in family’s name, e-mail and phone', async () => {
    storeSession();
    checkoutApi([[userApi.info, { body: USERS.newFamily }]]);
    await openCheckout();
    expect(textbox('First name')).toHaveValue('Robin');
    expect(textbox('Last name')).toHaveValue('Chen');
    expect(textbox('Email')).toHaveValue('newfamily@example.com');
    expect(textbox('Phone')).toHaveValue('(201) 555 0123');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});

describe('checkout: promo codes', () => {
  it('applies a code: the discount and the new total', async () => {
    const api = checkoutApi([[billingApi.promo, { body: WELCOME10 }, { code: 'WELCOME10' }]]);
    const user = userEvent.setup();
    const app = await openCheckout();
    await user.type(textbox('Promo code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code WELCOME10 applied: 10% off. New total: $35.10.')).toBeInTheDocument();
    const total = screen.getByRole('region', { name: 'Order total' });
    expect(within(total).getByText('−$3.90')).toBeInTheDocument();
    expect(within(total).getByText('$35.10')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $35.10');
    expect(api.callsOf(billingApi.promo, { code: 'WELCOME10' })[0]?.query.get('plan')).toBe('default');

    await fillOrder(user);
    await user.click(payButton());
    await expectConfirmation(app, api);
    expect(api.callsOf(billingApi.createOrder)).toHaveLength(1);
    expect(lastOrderBody(api).promo_code).toBe('WELCOME10');
  });

  it('shows the server’s sentence for a code that cannot be used, and for too many tries', async () => {
    checkoutApi([
      [
        billingApi.promo,
        {
          status: 404,
          body: { detail: 'This promo code does not exist.', code: 'promo_invalid' },
        },
        { code: 'NOPE' },
      ],
      [
        billingApi.promo,
        {
          status: 429,
          body: { detail: 'Too many promo codes tried. Please wait a few minutes and try again.', code: 'throttled' },
        },
        { code: 'GUESS' },
      ],
    ]);
    const user = userEvent.setup();
    await openCheckout();
    const field = textbox('Promo code');
    await user.type(field, 'NOPE{Enter}');
    expect(await screen.findByText('This promo code does not exist.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(payButton()).toHaveTextContent('Pay $39.00');

    await user.clear(field);
    await user.type(field, 'GUESS');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Too many promo codes tried. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });
});

describe('checkout: the promo code and the chosen plan', () => {
  /** SPRING20 as the API answers it: for the monthly plans only. */
  const spring20: FakeHandler = (request) =>
    ['default', 'spring-trial'].includes(request.query.get('plan') ?? '')
      ? { body: SPRING20 }
      : { status: 404, body: { detail: 'SPRING20 is for monthly plans only.', code: 'promo_invalid' } };

  it('checks the code again when the plan changes: refused, it leaves the order with the sentence under the field', async () => {
    const api = checkoutApi([[billingApi.promo, spring20, { code: 'SPRING20' }]]);
    const user = userEvent.setup();
    const app = await openCheckout();
    const field = textbox('Promo code');
    await user.type(field, 'spring20{Enter}');
    expect(await screen.findByText('Promo code SPRING20 applied: $20.00 off. New total: $19.00.')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $19.00');

    await user.click(planRadio(YEARLY));
    const message = await screen.findByText('SPRING20 is for monthly plans only.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Error: SPRING20 is for monthly plans only.');
    expect(message.closest('.checkout-promo')).toContainElement(field);
    expect(field).toHaveValue('spring20');
    const total = within(screen.getByRole('region', { name: 'Order total' }));
    expect(total.queryByText(/Promo code SPRING20/)).not.toBeInTheDocument();
    expect(total.getByText('$390.00')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $390.00');
    // Announced too (the field is not where the person is: they chose a plan).
    expect(within(message.closest<HTMLElement>('.checkout-promo')!).getByRole('status')).toHaveTextContent(
      'Promo code SPRING20 is not applied.',
    );
    expect(api.callsOf(billingApi.promo, { code: 'SPRING20' }).map((call) => call.query.get('plan'))).toEqual([
      'default',
      'yearly',
    ]);

    // The order goes for the chosen plan, without the code.
    await fillOrder(user);
    await user.click(payButton());
    await expectConfirmation(app, api);
    expect(lastOrderBody(api).plan_tag).toBe('yearly');
    expect(lastOrderBody(api)).not.toHaveProperty('promo_code');
  });

  it('brings the code back when a plan it is for is chosen again', async () => {
    checkoutApi([[billingApi.promo, spring20, { code: 'SPRING20' }]]);
    const user = userEvent.setup();
    await openCheckout('/checkout?tag=spring-trial');
    await user.type(textbox('Promo code'), 'SPRING20{Enter}');
    expect(await screen.findByText(/Promo code SPRING20 applied/)).toBeInTheDocument();
    await user.click(planRadio(YEARLY));
    expect(await screen.findByText('SPRING20 is for monthly plans only.')).toBeInTheDocument();
    await user.click(planRadio(MONTHLY));
    expect(await screen.findByText('Promo code SPRING20 applied: $20.00 off. New total: $19.00.')).toBeInTheDocument();
    expect(screen.queryByText('SPRING20 is for monthly plans only.')).not.toBeInTheDocument();
    expect(textbox('Promo code')).not.toHaveAttribute('aria-invalid');
    expect(payButton()).toHaveTextContent('Pay $19.00');
  });

  it('keeps a code for every plan through a change of plan, with the new total', async () => {
    const api = checkoutApi([[billingApi.promo, { body: WELCOME10 }, { code: 'WELCOME10' }]]);
    const user = userEvent.setup();
    await openCheckout();
    await user.type(textbox('Promo code'), 'WELCOME10{Enter}');
    expect(await screen.findByText('Promo code WELCOME10 applied: 10% off. New total: $35.10.')).toBeInTheDocument();
    await user.click(planRadio(YEARLY));
    expect(await screen.findByText('Promo code WELCOME10 applied: 10% off. New total: $351.00.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Order total' })).getByText('−$39.00')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay $351.00');
    expect(api.callsOf(billingApi.promo, { code: 'WELCOME10' }).map((call) => call.query.get('plan'))).toEqual([
      'default',
      'yearly',
    ]);
  });
});

describe('checkout: paying', () => {
  it('pays once with an Idempotency-Key, however many clicks, then shows the confirmation and tracks it once', async () => {
    const api = checkoutApi();
    const user = userEvent.setup();
    const app = await openCheckout();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    expect(screen.getByText(/4000 0000 0000 0002/)).toBeInTheDocument();
    await fillOrder(user);
    const pay = payButton();
    await user.dblClick(pay);
    await user.click(pay);
    await expectConfirmation(app, api);

    expect(api.callsOf(billingApi.createOrder)).toHaveLength(1);
    const confirms = api.callsOf(billingApi.confirmOrder);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.headers.get('Idempotency-Key')).toMatch(/\S{16,}/);
    expect(confirms[0]?.body).toEqual({
      order: 'ord_test_1',
      payment_method: { card: { number: SANDBOX_CARDS.succeeds, exp_month: 12, exp_year: 2035, cvc: '123' } },
      consent: true,
    });
    expect(lastOrderBody(api)).toEqual({
      plan_tag: 'default',
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: 'dana@example.com',
      phonenumber: '2015550123',
      country: 'US',
      shipping: {
        address_1: '12 Elm Street',
        address_2: '',
        city: 'Springfield',
        state: 'IL',
        zipcode: '62701',
        country: 'US',
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' }),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$39.00')).toBeInTheDocument();
    expect(within(summary).getByText('Card ending in 4242')).toBeInTheDocument();
    expect(screen.getByText('We sent a link to dana@example.com to set your password.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf(billingApi.trackConversion)).toHaveLength(1));
    expect(api.callsOf(billingApi.trackConversion)[0]?.body).toEqual({ order: 'ord_test_1' });
  });

  it('a declined card shows the server’s sentence above Pay and keeps the form; another card then pays the same order', async () => {
    const api = declinedCardApi();
    const user = userEvent.setup();
    const app = await openCheckout();
    await fillOrder(user, { card: SANDBOX_CARDS.declined });
    await user.click(payButton());

    const alert = await payAlert();
    expect(alert).toHaveTextContent(DECLINED.detail);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(app.location()).toBe('/checkout');
    expect(textbox('First name')).toHaveValue('Dana');
    expect(textbox('Card number')).toHaveValue(SANDBOX_CARDS.declined);
    const total = screen.getByRole('region', { name: 'Order total' });
    expect(within(total).getByRole('alert').compareDocumentPosition(payButton())).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await fillCard(user, SANDBOX_CARDS.succeeds);
    await user.click(payButton());
    await expectConfirmation(app, api);
    expect(api.callsOf(billingApi.createOrder)).toHaveLength(1);
    const keys = api.callsOf(billingApi.confirmOrder).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('after a declined card the chosen plan stays chosen, and the next card pays for it', async () => {
    const api = declinedCardApi();
    const user = userEvent.setup();
    const app = await openCheckout('/checkout?tag=default');
    await user.click(planRadio(YEARLY));
    await fillOrder(user, { card: SANDBOX_CARDS.declined });
    await user.click(payButton());

    expect(await payAlert()).toHaveTextContent(DECLINED.detail);
    expect(planRadio(YEARLY)).toBeChecked();
    expect(app.location()).toBe('/checkout?tag=yearly');
    expect(localStorage.getItem(STORAGE_KEYS.programPlanTag)).toBe('yearly');
    expect(payButton()).toHaveTextContent('Pay $390.00');
    expect(lastOrderBody(api).plan_tag).toBe('yearly');

    await fillCard(user, SANDBOX_CARDS.succeeds);
    await user.click(payButton());
    await expectConfirmation(app, api);
    expect(api.callsOf(billingApi.createOrder).map((call) => (call.body as OrderRequest).plan_tag)).toEqual(['yearly']);
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('$390.00')).toBeInTheDocument();
  });

  it('a new plan after a declined card makes a new order for it', async () => {
    const api = declinedCardApi();
    const user = userEvent.setup();
    const app = await openCheckout();
    await fillOrder(user, { card: SANDBOX_CARDS.declined });
    await user.click(payButton());
    expect(await payAlert()).toHaveTextContent(DECLINED.detail);
    await user.click(planRadio(YEARLY));
    await fillCard(user, SANDBOX_CARDS.succeeds);
    await user.click(payButton());
    await expectConfirmation(app, api);
    expect(api.callsOf(billingApi.createOrder).map((call) => (call.body as OrderRequest).plan_tag)).toEqual([
      'default',
      'yearly',
    ]);
  });

  it('a payment-service failure shows the spec’s sentence', async () => {
    checkoutApi([
      [
        billingApi.confirmOrder,
        {
          status: 402,
          body: { detail: 'The provider said no.', code: 'billing_dates_passed' },
        },
      ],
    ]);
    const user = userEvent.setup();
    await openCheckout();
    await fillOrder(user);
    await user.click(payButton());
    expect(await payAlert()).toHaveTextContent(PAYMENT_SERVICE_ERROR);
  });

  it('puts the server’s field errors under their fields and moves focus to the first', async () => {
    const api = checkoutApi([
      [
        billingApi.createOrder,
        {
          status: 400,
          body: {
            email: ['An account with this e-mail already exists. Please log in to continue your checkout.'],
            'shipping.city': ['Please input a valid city'],
          },
        },
      ],
    ]);
    const user = userEvent.setup();
    await openCheckout();
    await fillOrder(user);
    await user.click(payButton());

    const email = textbox('Email');
    const emailError = await screen.findByText(/An account with this e-mail already exists/);
    expect(email.getAttribute('aria-describedby')).toContain(emailError.closest('p')?.id);
    expect(textbox('City')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please input a valid city')).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(payButton()).toBeDisabled();
    expect(api.callsOf(billingApi.confirmOrder)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'dana2@example.com');
    expect(screen.queryByText(/An account with this e-mail already exists/)).not.toBeInTheDocument();
  });

  it('keeps the Idempotency-Key when no answer came, so that trying again cannot pay twice', async () => {
    let fail = true;
    const api: FakeApi = checkoutApi([
      [
        billingApi.confirmOrder,
        () => {
          if (fail) {
            fail = false;
            return { status: 503, body: { detail: 'Unavailable' } };
          }
          return { body: confirmAnswer(orderAnswer(lastOrderBody(api))) };
        },
      ],
    ]);
    const user = userEvent.setup();
    const app = await openCheckout();
    await fillOrder(user);
    await user.click(payButton());
    expect(await payAlert()).toHaveTextContent('We could not complete your payment just now.');
    await user.click(payButton());
    await expectConfirmation(app, api);
    const keys = api.callsOf(billingApi.confirmOrder).map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('checkout in Spanish', () => {
  it('titles the page Pago and invites a signed-out family to log in first, in Spanish', async () => {
    await loadLanguage('es', ['app']);
    checkoutApi();
    renderApp('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Comience el programa Grove de su familia: elija su plan, díganos adónde enviar su kit y pague de forma segura.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^¿Ya es una familia de Grove\?/)).toHaveTextContent(
      '¿Ya es una familia de Grove? Primero inicie sesión.',
    );
    expect(screen.getByRole('link', { name: 'inicie sesión' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcheckout%3Ftag%3Ddefault',
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Checkout' })).not.toBeInTheDocument();
  });
});
