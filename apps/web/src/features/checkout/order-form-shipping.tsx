/**
 * The checkout order form's shipping address (order-form.tsx): the state is a US list or free text
 * after the shipping country, and a new country checks the state and the zipcode again.
 */
import { SHIPPING_COUNTRIES, US_STATES, isUsState } from '@grove/domain';

import { CheckoutField } from '../../components/checkout-field.tsx';
import type { CheckoutFields } from './order-form-fields.ts';

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
];
const COUNTRY_OPTIONS = SHIPPING_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

export function CheckoutShippingSection({ fields }: { fields: CheckoutFields }) {
  const { baseId, idsOf, form, values, issueOf, register, revalidate } = fields;
  const isUs = values.country === 'US';
  return (
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
  );
}
