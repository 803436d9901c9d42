/**
 * The checkout order form (SPEC §2, §5, §8; issue 11 item 10), one page in sections: contact
 * details, shipping address, card, promo code and the total with the Pay button.
 *
 * - Fields follow the domain's rules (validateName, validateEmail, validatePhone, validateAddress,
 *   validateCity, validateZipcode, validateState, validateCountry); a PO Box is a warning shown
 *   under the field that never blocks. Errors show once a field was left, after a submit attempt or
 *   when the server rejected the field; Pay stays disabled while a field has an error.
 * - Paying: POST /billing/order/ (201), then POST /billing/order/confirm/ with an Idempotency-Key.
 *   The order is reused while the details stay the same; the key is kept for one order and card
 *   until an answer settles the attempt (a retry after a lost answer replays it, never pays twice).
 * - A 400 lands under its fields (`shipping.city` under City) and focus moves to the first; a 402
 *   shows the server's sentence (the domain's payment-service text for those codes) above Pay and
 *   keeps everything typed.
 * - Card entry: the sandbox card form without a provider key; Stripe Elements, loaded lazily, with one.
 * - The plan is chosen above the form (decision 0046): a new plan keeps everything typed, checks the
 *   applied promo code against it again (promo-code.tsx) and makes a new order at the next Pay.
 * - Consent (issue 17): the parent ticks the box of the privacy policy and parental consent above
 *   Pay (Pay stays disabled until then); it travels with the confirmation, and a 400 on `consent`
 *   shows under the box.
 */
import { Suspense, lazy, useId, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import {
  DEFAULT_COUNTRY,
  SHIPPING_COUNTRIES,
  US_STATES,
  discountCents,
  errorText,
  formatMoney,
  isShippingCountry,
  isUsState,
  normalizePhoneDigits,
  paymentErrorMessage,
  toE164,
  validateAddress,
  validateAddressOptional,
  validateCity,
  validateCountry,
  validateEmail,
  validateForm,
  validateName,
  validatePhone,
  validateState,
  validateZipcode,
  type FieldRule,
} from '@grove/domain';
import type { ConfirmOrderRequest, Order, OrderRequest, ProgramPlanAnswer, PromoCode } from '@grove/domain/api/billing';
import type { UserInfo } from '@grove/domain/api/user';
import { CONSENT_STATEMENTS } from '@grove/domain/privacy';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { rulesResolver } from '../../components/form/rules-resolver.ts';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ConsentCheckbox } from '../privacy/consent-checkbox.tsx';
import {
  CARD_FIELDS,
  SandboxCardFields,
  cardRules,
  sandboxCardLabel,
  sandboxPaymentMethod,
  type CardField,
} from './card-form.tsx';
import { confirmOrder, createOrder } from './checkout.api.ts';
import { CheckoutField } from './checkout-field.tsx';
import type { StoredConfirmation } from './confirmation-store.ts';
import { pricePerPeriod, trialText } from './plan-choice.tsx';
import { PromoCodeField, promoDiscountText, usePromoCode } from './promo-code.tsx';
import type { StripeCardHandle } from './stripe-card.tsx';
import './checkout.css';

const StripeCard = lazy(() => import('./stripe-card.tsx').then((module) => ({ default: module.StripeCard })));

type Plan = ProgramPlanAnswer['plan'];

/** The order's fields, in the order they are shown (focus goes to the first with an error). */
const ORDER_FIELDS = [
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
type OrderField = (typeof ORDER_FIELDS)[number];
type CheckoutFieldName = OrderField | CardField;
type CheckoutValues = Record<string, string>;

/**
 * The domain's rules for each field. The phone is checked against the phone's country, the state
 * and the zipcode against the shipping country (`country` of the form is the shipping country).
 */
const ORDER_RULES: Readonly<Record<OrderField, FieldRule>> = {
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
function formFieldOf(key: string): CheckoutFieldName | 'promo' | null {
  if (key === 'country') return 'phone_country';
  if (key === 'shipping.country') return 'country';
  if (key === 'promo_code') return 'promo';
  if (key === 'payment_method.card.number') return 'card_number';
  if (key === 'payment_method.card.exp_month' || key === 'payment_method.card.exp_year') return 'card_expiry';
  if (key === 'payment_method.card.cvc') return 'card_cvc';
  const name = key.startsWith('shipping.') ? key.slice('shipping.'.length) : key;
  return (ORDER_FIELDS as readonly string[]).includes(name) && name !== 'phone_country' ? (name as OrderField) : null;
}

function initialValues(user: UserInfo | null): CheckoutValues {
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

function orderRequest(values: CheckoutValues, plan: Plan, promo: PromoCode | null): OrderRequest {
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

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `checkout-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const SERVER_TROUBLE = 'We could not complete your payment just now. Please try again.';

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];
const COUNTRY_OPTIONS = SHIPPING_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

export type CheckoutFormProps = {
  plan: Plan;
  /** The signed-in family (name, e-mail and phone are filled in), or null for a new visitor. */
  user: UserInfo | null;
  /** The card provider's publishable key; null: the sandbox card form. */
  stripeKey: string | null;
  onPaid: (confirmation: StoredConfirmation) => void;
};

export function CheckoutForm({ plan, user, stripeKey, onPaid }: CheckoutFormProps) {
  const baseId = useId();
  const idsOf = (name: string) => fieldIds(`${baseId}-${name}`);
  const names: readonly CheckoutFieldName[] = stripeKey ? ORDER_FIELDS : [...ORDER_FIELDS, ...CARD_FIELDS];
  const [rules] = useState<Readonly<Record<string, FieldRule>>>(() => ({ ...ORDER_RULES, ...cardRules() }));
  const [resolver] = useState(() => rulesResolver<CheckoutValues>(names, rules));
  const form = useForm<CheckoutValues>({
    defaultValues: initialValues(user),
    mode: 'onTouched',
    resolver,
    shouldFocusError: false,
  });
  const { errors, touchedFields, dirtyFields, isSubmitted } = form.formState;
  const values = useWatch({ control: form.control }) as CheckoutValues;
  const validation = validateForm(values, names, rules);
  const phone = useController({ name: 'phonenumber', control: form.control });
  const phoneCountry = useController({ name: 'phone_country', control: form.control });

  const promoCode = usePromoCode(plan.tag);
  const promo = promoCode.applied;
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [stripeComplete, setStripeComplete] = useState(false);
  /** The parent's consent (issue 17): required to pay, sent with the confirmation. */
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const stripeRef = useRef<StripeCardHandle>(null);
  const payErrorRef = useRef<HTMLParagraphElement>(null);
  /** A payment is under way (set before any await: a second submit in the same tick does nothing). */
  const inFlight = useRef(false);
  const paid = useRef(false);
  /** The order made for these details, reused while they stay the same. */
  const orderRef = useRef<{ request: string; order: Order } | null>(null);
  /** The Idempotency-Key of the current order and card, kept until an answer settles the attempt. */
  const attemptRef = useRef<{ request: string; key: string } | null>(null);

  const hasServerError = Object.values(errors).some((error) => error?.type === 'server');
  // Not while the promo code is being checked: the order would go without it.
  const ready =
    validation.canSubmit && !hasServerError && consent && !promoCode.checking && (stripeKey ? stripeComplete : true);

  const issueOf = (name: CheckoutFieldName): ShownIssue => {
    const error = errors[name];
    if (error?.message && (error.type === 'server' || touchedFields[name] || isSubmitted)) {
      return { message: String(error.message), severity: 'error' };
    }
    const issue = validation.errors[name];
    if (issue?.severity === 'warning' && (touchedFields[name] || dirtyFields[name])) return issue;
    return null;
  };

  /** A server error under a field goes away as soon as the field changes. */
  const onFieldChange = (name: CheckoutFieldName) => {
    if (form.getFieldState(name).error?.type === 'server') form.clearErrors(name);
  };

  const revalidate = (name: CheckoutFieldName) => {
    if (form.getFieldState(name).isTouched || form.formState.isSubmitted) void form.trigger(name);
  };

  const register = (name: OrderField, after?: () => void) =>
    form.register(name, {
      onChange: () => {
        onFieldChange(name);
        after?.();
      },
    });

  const focusField = (name: CheckoutFieldName | 'promo') => {
    if (name === 'promo') {
      document.getElementById(idsOf('promo').control)?.focus();
    } else {
      document.getElementById(idsOf(name).control)?.focus();
    }
  };

  const showPayError = (message: string) => {
    setPayError(message);
    // After the message is drawn: focus it, so that it is read and seen.
    requestAnimationFrame(() => payErrorRef.current?.focus());
  };

  const applyFailure = (failure: unknown) => {
    if (!(failure instanceof ApiError)) {
      showPayError(errorText(failure));
      return;
    }
    if (failure.status === 0 || failure.status >= 500) {
      // No answer, or the server failed: the next try keeps the Idempotency-Key.
      showPayError(failure.status === 0 ? failure.message : SERVER_TROUBLE);
      return;
    }
    attemptRef.current = null;
    if (failure.status === 402) {
      showPayError(paymentErrorMessage(failure.code, { retry: true }) ?? failure.message);
      return;
    }
    if (failure.status === 400) {
      const general: string[] = [...failure.nonFieldErrors];
      const failed: (CheckoutFieldName | 'promo')[] = [];
      for (const [key, messages] of Object.entries(failure.fieldErrors)) {
        if (key === 'consent') {
          setConsent(false);
          setConsentError(messages.join(' '));
          continue;
        }
        const name = formFieldOf(key);
        if (name === 'promo') {
          promoCode.refuse(messages.join(' '));
          failed.push(name);
        } else if (name && names.includes(name)) {
          form.setError(name, { type: 'server', message: messages.join(' ') });
          failed.push(name);
        } else {
          general.push(...messages);
        }
      }
      const order = [...names, 'promo'] as const;
      const first = order.find((name) => failed.includes(name));
      if (general.length > 0) showPayError(general.join(' '));
      else if (first) focusField(first);
      else if (failure.fieldErrors.consent) consentRef.current?.focus();
      else showPayError(failure.message);
      return;
    }
    // 404, 409, 422, 429: the order is no longer usable as it was; the next try starts a new one.
    orderRef.current = null;
    if (failure.code === 'promo_invalid') promoCode.refuse(failure.message);
    showPayError(failure.message);
  };

  const pay = async (submitted: CheckoutValues) => {
    setPayError(null);
    promoCode.forgetOrderMessage();
    let paymentMethod: ConfirmOrderRequest['payment_method'];
    let card: string | null;
    if (stripeKey) {
      const phoneE164 = toE164(submitted.phonenumber ?? '', submitted.phone_country ?? DEFAULT_COUNTRY);
      const result = await stripeRef.current?.createPaymentMethod({
        name: `${submitted.first_name?.trim() ?? ''} ${submitted.last_name?.trim() ?? ''}`.trim(),
        email: submitted.email?.trim() ?? '',
        phone: phoneE164 ?? submitted.phonenumber ?? '',
      });
      if (!result || 'error' in result) {
        showPayError(result?.error ?? 'The card form is still loading. Please try again in a moment.');
        return;
      }
      paymentMethod = { token: result.token };
      card = result.label;
    } else {
      const cardValues = {
        card_number: submitted.card_number ?? '',
        card_expiry: submitted.card_expiry ?? '',
        card_cvc: submitted.card_cvc ?? '',
      };
      paymentMethod = sandboxPaymentMethod(cardValues);
      card = sandboxCardLabel(cardValues.card_number);
    }

    const request = orderRequest(submitted, plan, promo);
    const requestText = JSON.stringify(request);
    let order = orderRef.current?.request === requestText ? orderRef.current.order : null;
    if (!order) {
      order = await createOrder(request);
      orderRef.current = { request: requestText, order };
    }
    const confirmation: ConfirmOrderRequest = {
      order: order.external_id,
      payment_method: paymentMethod,
      consent: true,
    };
    const confirmationText = JSON.stringify(confirmation);
    if (attemptRef.current?.request !== confirmationText) {
      attemptRef.current = { request: confirmationText, key: newIdempotencyKey() };
    }
    const answer = await confirmOrder(confirmation, attemptRef.current.key);
    attemptRef.current = null;
    paid.current = true;
    onPaid({ answer, card });
  };

  const onInvalid = () => {
    const first = names.find((name) => form.getFieldState(name).error);
    if (first) focusField(first);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || paid.current) return;
    inFlight.current = true;
    setPaying(true);
    const run = form.handleSubmit(async (submitted) => {
      try {
        await pay(submitted);
      } catch (failure) {
        applyFailure(failure);
      }
    }, onInvalid);
    void run(event).finally(() => {
      if (paid.current) return;
      inFlight.current = false;
      setPaying(false);
    });
  };

  // Amounts: the promo code takes its discount off the first charge.
  const discount = promo ? discountCents(plan.price_cents, promo) : 0;
  const firstCharge = plan.price_cents - discount;
  const trial = plan.trial_days > 0;
  const dueToday = trial ? 0 : firstCharge;
  const money = (cents: number) => formatMoney(cents, plan.currency);
  const isUs = values.country === 'US';

  return (
    <form className="checkout-form" aria-label="Checkout" noValidate onSubmit={submit}>
      <section className="card checkout-form__section" aria-labelledby={`${baseId}-contact`}>
        <h2 className="card__title" id={`${baseId}-contact`}>
          Contact details
        </h2>
        <div className="checkout-form__row">
          <CheckoutField
            ids={idsOf('first_name')}
            label="First name"
            required
            issue={issueOf('first_name')}
            registration={register('first_name')}
            autoComplete="given-name"
          />
          <CheckoutField
            ids={idsOf('last_name')}
            label="Last name"
            required
            issue={issueOf('last_name')}
            registration={register('last_name')}
            autoComplete="family-name"
          />
        </div>
        <CheckoutField
          ids={idsOf('email')}
          label="Email"
          hint={user ? 'Your receipt goes here.' : 'Your receipt goes here, and the link to set your Grove password.'}
          required
          issue={issueOf('email')}
          registration={register('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
        />
        <Field ids={idsOf('phonenumber')} label="Phone" required asGroup issue={issueOf('phonenumber')}>
          <PhoneInput
            id={idsOf('phonenumber').control}
            labelId={idsOf('phonenumber').label}
            name="phonenumber"
            country={phoneCountry.field.value || DEFAULT_COUNTRY}
            digits={phone.field.value ?? ''}
            onCountryChange={(code) => {
              phoneCountry.field.onChange(code);
              onFieldChange('phonenumber');
              revalidate('phonenumber');
            }}
            onDigitsChange={(digits) => {
              phone.field.onChange(digits);
              onFieldChange('phonenumber');
            }}
            onBlur={() => phone.field.onBlur()}
            invalid={issueOf('phonenumber')?.severity === 'error'}
            describedBy={controlAria(idsOf('phonenumber'), issueOf('phonenumber'), false)['aria-describedby']}
            required
          />
        </Field>
      </section>

      <section className="card checkout-form__section" aria-labelledby={`${baseId}-shipping`}>
        <h2 className="card__title" id={`${baseId}-shipping`}>
          Shipping address
        </h2>
        <p className="muted">Where we send your Grove kit.</p>
        <CheckoutField
          ids={idsOf('address_1')}
          label="Address"
          required
          issue={issueOf('address_1')}
          registration={register('address_1')}
          autoComplete="address-line1"
        />
        <CheckoutField
          ids={idsOf('address_2')}
          label="Apartment, suite, etc. (optional)"
          issue={issueOf('address_2')}
          registration={register('address_2')}
          autoComplete="address-line2"
        />
        <div className="checkout-form__row">
          <CheckoutField
            ids={idsOf('city')}
            label="City"
            required
            issue={issueOf('city')}
            registration={register('city')}
            autoComplete="address-level2"
          />
          {isUs ? (
            <CheckoutField
              ids={idsOf('state')}
              label="State"
              required
              issue={issueOf('state')}
              registration={register('state')}
              options={STATE_OPTIONS}
            />
          ) : (
            <CheckoutField
              ids={idsOf('state')}
              label="State, province or region (optional)"
              issue={issueOf('state')}
              registration={register('state')}
              autoComplete="address-level1"
            />
          )}
        </div>
        <div className="checkout-form__row">
          <CheckoutField
            ids={idsOf('zipcode')}
            label="Zipcode"
            required
            issue={issueOf('zipcode')}
            registration={register('zipcode')}
            autoComplete="postal-code"
          />
          <CheckoutField
            ids={idsOf('country')}
            label="Country"
            required
            issue={issueOf('country')}
            registration={register('country', () => {
              const state = form.getValues('state') ?? '';
              if (form.getValues('country') === 'US' && state !== '' && !isUsState(state)) {
                form.setValue('state', '');
              }
              revalidate('state');
              revalidate('zipcode');
            })}
            options={COUNTRY_OPTIONS}
          />
        </div>
      </section>

      <section className="card checkout-form__section" aria-labelledby={`${baseId}-payment`}>
        <h2 className="card__title" id={`${baseId}-payment`}>
          Payment
        </h2>
        {stripeKey ? (
          <Suspense fallback={<Spinner label="Loading the card form…" />}>
            <StripeCard
              publishableKey={stripeKey}
              idBase={`${baseId}-stripe`}
              handleRef={stripeRef}
              onCompleteChange={setStripeComplete}
            />
          </Suspense>
        ) : (
          <SandboxCardFields register={form.register} idsOf={idsOf} issueOf={issueOf} onFieldChange={onFieldChange} />
        )}
        <PromoCodeField
          ids={idsOf('promo')}
          currency={plan.currency}
          promo={promoCode}
          planName={plan.name}
          newTotal={money(firstCharge)}
        />
      </section>

      <section className="card checkout-form__section checkout-total" aria-labelledby={`${baseId}-total`}>
        <h2 className="card__title" id={`${baseId}-total`}>
          Order total
        </h2>
        <dl className="checkout-total__lines">
          <div>
            <dt>{plan.name}</dt>
            <dd>{trial ? `${trialText(plan.trial_days)}, then ${pricePerPeriod(plan)}` : pricePerPeriod(plan)}</dd>
          </div>
          {promo ? (
            <div>
              <dt>
                Promo code {promo.codeString} ({promoDiscountText(promo, plan.currency)})
              </dt>
              <dd>−{money(discount)}</dd>
            </div>
          ) : null}
          {trial ? (
            <div>
              <dt>After your {plan.trial_days}-day trial</dt>
              <dd>{money(firstCharge)}</dd>
            </div>
          ) : null}
          <div className="checkout-total__due">
            <dt>Due today</dt>
            <dd>{money(dueToday)}</dd>
          </div>
        </dl>
        {discount > 0 ? (
          <p className="muted">
            The discount applies to your first {plan.billing_period}; then {pricePerPeriod(plan)}.
          </p>
        ) : null}
        <ConsentCheckbox
          ref={consentRef}
          statement={CONSENT_STATEMENTS.program_terms}
          checked={consent}
          error={consentError}
          onChange={(checked) => {
            setConsent(checked);
            if (checked) setConsentError(null);
          }}
        />
        {payError ? (
          <p className="form-error" role="alert" tabIndex={-1} ref={payErrorRef}>
            {payError}
          </p>
        ) : null}
        <Button type="submit" block disabled={!ready && !paying} loading={paying}>
          {trial ? 'Start my free trial' : `Pay ${money(dueToday)}`}
        </Button>
      </section>
    </form>
  );
}
