/**
 * Where kits and replacement parts go (SPEC §3 Shipping, §5 address rules). A PO Box is accepted
 * with a warning — Save stays enabled; the saved address keeps its note. US addresses pick their
 * state from the list (states, DC, territories and the military codes AA, AE, AP); elsewhere the
 * state or region is free text. The family's own address (features/account ShippingForm) and
 * staff's change of a person's address (features/staff) save through this form.
 */
import { useMemo, useState, type FormEvent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { DEFAULT_COUNTRY, LIMITS, SHIPPING_COUNTRIES, US_STATES } from '@grove/domain';
import type { ShippingAnswer, ShippingPatch } from '@grove/domain/api/user';

import { countryName } from '../lib/format.ts';
import { domainText } from '../lib/i18n.ts';
import { GroveForm, type FormFieldConfig, type FormValues } from './form/grove-form.tsx';
import './account-card.css';

/** The address card's title: a message (`t(SHIPPING_TITLE)`, or an AccountCard's title as it is). */
export const SHIPPING_TITLE = msg`Shipping address`;

/** US states keep their names (proper names) in every language. */
const US_STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }));

/** The address fields, worded by `t` (the page's language); a US address picks its state from the list. */
function shippingFields(country: string, t: (message: MessageDescriptor) => string): FormFieldConfig[] {
  const isUs = country === 'US';
  const states = [{ value: '', label: t(msg`Choose a state`) }, ...US_STATE_OPTIONS];
  const countries = SHIPPING_COUNTRIES.map((option) => ({
    value: option.code,
    label: countryName(option.code, option.name),
  }));
  return [
    {
      name: 'address_1',
      label: t(msg`Address`),
      required: true,
      autoComplete: 'address-line1',
      maxLength: LIMITS.address,
    },
    {
      name: 'address_2',
      label: t(msg`Apartment, suite or unit`),
      autoComplete: 'address-line2',
      maxLength: LIMITS.address,
    },
    {
      name: 'city',
      label: t(msg`City`),
      required: true,
      autoComplete: 'address-level2',
      maxLength: LIMITS.city,
    },
    isUs
      ? { name: 'state', label: t(msg`State`), kind: 'select', required: true, options: states }
      : {
          name: 'state',
          label: t(msg`State or region`),
          autoComplete: 'address-level1',
          maxLength: LIMITS.state,
        },
    {
      name: 'zipcode',
      label: isUs ? t(msg`ZIP code`) : t(msg`Postcode`),
      required: true,
      autoComplete: 'postal-code',
      maxLength: LIMITS.zipcode,
    },
    { name: 'country', label: t(msg`Country`), kind: 'select', required: true, options: countries },
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
  title,
  description,
  errorTitle,
}: {
  shipping: ShippingAnswer;
  save: (body: ShippingPatch) => Promise<ShippingAnswer>;
  title?: string;
  description?: string;
  errorTitle?: string;
}) {
  const { t } = useLingui();
  const saved = shippingValues(shipping);
  // The country being edited decides how the state is asked for.
  const [country, setCountry] = useState(saved.country ?? DEFAULT_COUNTRY);
  // `t` changes with the page's language, and the fields' words with it.
  const fields = useMemo(() => shippingFields(country, t), [country, t]);
  const mutation = useMutation({
    mutationFn: save,
    meta: { errorTitle: errorTitle ?? t`Saving your shipping address`, notify: 'profileUpdate' },
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
        title={title ?? t(SHIPPING_TITLE)}
        description={description ?? t`Where we send kits and replacement parts.`}
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
              <span className="visually-hidden">
                <Trans>Note:</Trans>{' '}
              </span>
              {domainText(warning)}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
