/**
 * The checkout order form's fields and pure rules (order-form.tsx): which fields it shows and in
 * which order, the domain's rule for each, where the API's 400 keys land, the first values, the
 * order request built from the values, and the amounts shown for the plan and promo code.
 */
import {
  DEFAULT_COUNTRY,
  discountCents,
  formatMoney,
  isShippingCountry,
  normalizePhoneDigits,
  validateAddress,
  validateAddressOptional,
  validateCity,
  validateCountry,
  validateEmail,
  validateName,
  validatePhone,
  validateState,
  validateZipcode,
  type FieldRule,
} from '@grove/domain';
import type { OrderRequest, ProgramPlanAnswer, PromoCode } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';

import type { CardField } from '../../components/card-form.tsx';

export type Plan = ProgramPlanAnswer['plan'];

/** The order's fields, in the order they are shown (focus goes to the first with an error). */
export const ORDER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_country',
  'phonenumber',
  'address_1',
  'address_2',
  'city',
  'state',
  'zipcode',
  'country',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export type CheckoutFieldName = OrderField | CardField;
export type CheckoutValues = Record<string, string>;

/**
 * The domain's rules for each field. The phone is checked against the phone's country, the state
 * and the zipcode against the shipping country (`country` of the form is the shipping country).
 */
export const ORDER_RULES: Readonly<Record<OrderField, FieldRule>> = {
  first_name: validateName,
  last_name: validateName,
  email: validateEmail,
  phone_country: validateCountry,
  phonenumber: (value, values) => validatePhone(value, { country: values?.phone_country }),
  address_1: validateAddress,
  address_2: validateAddressOptional,
  city: validateCity,
  state: validateState,
  zipcode: validateZipcode,
  country: validateCountry,
};

/** Where the API's 400 keys land in the form. */
export function formFieldOf(key: string): CheckoutFieldName | 'promo' | null {
  if (key === 'country') return 'phone_country';
  if (key === 'shipping.country') return 'country';
  if (key === 'promo_code') return 'promo';
  if (key === 'payment_method.card.number') return 'card_number';
  if (key === 'payment_method.card.exp_month' || key === 'payment_method.card.exp_year') return 'card_expiry';
  if (key === 'payment_method.card.cvc') return 'card_cvc';
  const name = key.startsWith('shipping.') ? key.slice('shipping.'.length) : key;
  return (ORDER_FIELDS as readonly string[]).includes(name) && name !== 'phone_country' ? (name as OrderField) : null;
}

export function initialValues(user: UserInfo | null): CheckoutValues {
  const userCountry = user && isShippingCountry(user.country) ? user.country : DEFAULT_COUNTRY;
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    phone_country: userCountry,
    phonenumber: normalizePhoneDigits(user?.phonenumber ?? ''),
    address_1: '',
    address_2: '',
    city: '',
    state: '',
    zipcode: '',
    country: userCountry,
    card_number: '',
    card_expiry: '',
    card_cvc: '',
  };
}

export function orderRequest(values: CheckoutValues, plan: Plan, promo: PromoCode | null): OrderRequest {
  const text = (name: OrderField) => (values[name] ?? '').trim();
  return {
    plan_tag: plan.tag,
    ...(promo ? { promo_code: promo.codeString } : {}),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email'),
    phonenumber: values.phonenumber ?? '',
    country: values.phone_country ?? DEFAULT_COUNTRY,
    shipping: {
      address_1: text('address_1'),
      address_2: text('address_2'),
      city: text('city'),
      state: text('state'),
      zipcode: text('zipcode'),
      country: values.country ?? DEFAULT_COUNTRY,
    },
  };
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `checkout-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Amounts: the promo code takes its discount off the first charge. */
export function checkoutAmounts(plan: Plan, promo: PromoCode | null) {
  const discount = promo ? discountCents(plan.price_cents, promo) : 0;
  const firstCharge = plan.price_cents - discount;
  const trial = plan.trial_days > 0;
  const dueToday = trial ? 0 : firstCharge;
  const money = (cents: number) => formatMoney(cents, plan.currency);
  return { discount, firstCharge, trial, dueToday, money };
}
export type CheckoutAmounts = ReturnType<typeof checkoutAmounts>;
