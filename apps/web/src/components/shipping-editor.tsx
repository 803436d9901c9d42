/**
 * Where kits and replacement parts go (SPEC §3 Shipping, §5 address rules). A PO Box is accepted
 * with a warning — Save stays enabled; the saved address keeps its note. US addresses pick their
 * state from the list (states, DC, territories and the military codes AA, AE, AP); elsewhere the
 * state or region is free text. The family's own address (features/account ShippingForm) and
 * staff's change of a person's address (features/staff) save through this form.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_COUNTRY, LIMITS, SHIPPING_COUNTRIES, US_STATES } from '@grove/domain';
import type { ShippingAnswer, ShippingPatch } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig, type FormValues } from './form/grove-form.tsx';
import './account-card.css';

export const SHIPPING_TITLE = 'Shipping address';

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state' },
  ...US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` })),
];
const COUNTRY_OPTIONS = SHIPPING_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

function shippingFields(country: string): FormFieldConfig[] {
  const isUs = country === 'US';
  return [
    { name: 'address_1', label: 'Address', required: true, autoComplete: 'address-line1', maxLength: LIMITS.address },
    {
      name: 'address_2',
      label: 'Apartment, suite or unit',
      autoComplete: 'address-line2',
      maxLength: LIMITS.address,
    },
    { name: 'city', label: 'City', required: true, autoComplete: 'address-level2', maxLength: LIMITS.city },
    isUs
      ? { name: 'state', label: 'State', kind: 'select', required: true, options: STATE_OPTIONS }
      : { name: 'state', label: 'State or region', autoComplete: 'address-level1', maxLength: LIMITS.state },
    {
      name: 'zipcode',
      label: isUs ? 'ZIP code' : 'Postcode',
      required: true,
      autoComplete: 'postal-code',
      maxLength: LIMITS.zipcode,
    },
    { name: 'country', label: 'Country', kind: 'select', required: true, options: COUNTRY_OPTIONS },
  ];
}

export function shippingValues(shipping: ShippingAnswer): FormValues {
  return {
    address_1: shipping.address_1,
    address_2: shipping.address_2,
    city: shipping.city,
    state: shipping.state,
    zipcode: shipping.zipcode,
    country: shipping.country || DEFAULT_COUNTRY,
  };
}

/**
 * The address form with its rules and the PO Box note. `save` sends the change (the family's own
 * address, or staff's change of a person's address on the admin screen) and answers the address.
 */
export function ShippingEditor({
  shipping,
  save,
  title = SHIPPING_TITLE,
  description = 'Where we send kits and replacement parts.',
  errorTitle = 'Saving your shipping address',
}: {
  shipping: ShippingAnswer;
  save: (body: ShippingPatch) => Promise<ShippingAnswer>;
  title?: string;
  description?: string;
  errorTitle?: string;
}) {
  const saved = shippingValues(shipping);
  // The country being edited decides how the state is asked for.
  const [country, setCountry] = useState(saved.country ?? DEFAULT_COUNTRY);
  const fields = useMemo(() => shippingFields(country), [country]);
  const mutation = useMutation({
    mutationFn: save,
    meta: { errorTitle, notify: 'profileUpdate' },
  });
  const savedWarnings = Object.values(shipping.warnings).flat();

  const onFieldChange = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target;
    if (target instanceof HTMLSelectElement && target.name === 'country') setCountry(target.value);
  };

  return (
    <div className="account-stack" onChange={onFieldChange}>
      <GroveForm
        type="edit_save_cancel"
        title={title}
        description={description}
        fields={fields}
        values={saved}
        onCancel={() => setCountry(saved.country ?? DEFAULT_COUNTRY)}
        onSubmit={(values) =>
          mutation.mutateAsync({
            address_1: values.address_1,
            address_2: values.address_2,
            city: values.city,
            state: values.state,
            zipcode: values.zipcode,
            country: values.country,
          })
        }
      />
      {savedWarnings.length > 0 ? (
        <div className="account-notice account-notice--saved">
          {savedWarnings.map((warning) => (
            <p key={warning}>
              <span className="visually-hidden">Note: </span>
              {warning}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
