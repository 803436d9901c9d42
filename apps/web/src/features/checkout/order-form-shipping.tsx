/**
 * The checkout order form's shipping address (order-form.tsx): the state is a US list or free text
 * after the shipping country, and a new country checks the state and the zipcode again.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { SHIPPING_COUNTRIES, US_STATES, isUsState } from '@grove/domain';

import { CheckoutField } from '../../components/checkout-field.tsx';
import { countryName } from '../../lib/format.ts';
import type { CheckoutFields } from './order-form-fields.ts';

// The states by their names, as the postal service writes them (the same in Spanish).
const US_STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));

export function CheckoutShippingSection({ fields }: { fields: CheckoutFields }) {
  const { t } = useLingui();
  const stateOptions = [{ value: '', label: t`Choose a state` }, ...US_STATE_OPTIONS];
  // The countries' names in the page's language (the spec's English names in English).
  const countryOptions = SHIPPING_COUNTRIES.map((country) => ({
    value: country.code,
    label: countryName(country.code, country.name),
  }));
  const { baseId, idsOf, form, values, issueOf, register, revalidate } = fields;
  const isUs = values.country === 'US';
  return (
    <section className="card checkout-form__section" aria-labelledby={`${baseId}-shipping`}>
      <h2 className="card__title" id={`${baseId}-shipping`}>
        <Trans>Shipping address</Trans>
      </h2>
      <p className="muted">
        <Trans>Where we send your Grove kit.</Trans>
      </p>
      <CheckoutField
        ids={idsOf('address_1')}
        label={t`Address`}
        required
        issue={issueOf('address_1')}
        registration={register('address_1')}
        autoComplete="address-line1"
      />
      <CheckoutField
        ids={idsOf('address_2')}
        label={t`Apartment, suite, etc. (optional)`}
        issue={issueOf('address_2')}
        registration={register('address_2')}
        autoComplete="address-line2"
      />
      <div className="checkout-form__row">
        <CheckoutField
          ids={idsOf('city')}
          label={t`City`}
          required
          issue={issueOf('city')}
          registration={register('city')}
          autoComplete="address-level2"
        />
        {isUs ? (
          <CheckoutField
            ids={idsOf('state')}
            label={t`State`}
            required
            issue={issueOf('state')}
            registration={register('state')}
            options={stateOptions}
          />
        ) : (
          <CheckoutField
            ids={idsOf('state')}
            label={t`State, province or region (optional)`}
            issue={issueOf('state')}
            registration={register('state')}
            autoComplete="address-level1"
          />
        )}
      </div>
      <div className="checkout-form__row">
        <CheckoutField
          ids={idsOf('zipcode')}
          label={t`Zipcode`}
          required
          issue={issueOf('zipcode')}
          registration={register('zipcode')}
          autoComplete="postal-code"
        />
        <CheckoutField
          ids={idsOf('country')}
          label={t`Country`}
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
          options={countryOptions}
        />
      </div>
    </section>
  );
}
