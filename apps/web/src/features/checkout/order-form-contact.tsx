/** The checkout order form's contact details: name, e-mail (for the receipt) and phone (order-form.tsx). */
import { useController } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_COUNTRY } from '@grove/domain';

import { Field, controlAria } from '../../components/form/field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { CheckoutField } from '../../components/checkout-field.tsx';
import type { CheckoutFields } from './order-form-fields.ts';

export function CheckoutContactSection({ fields, signedIn }: { fields: CheckoutFields; signedIn: boolean }) {
  const { t } = useLingui();
  const { baseId, idsOf, form, issueOf, register, onFieldChange, revalidate } = fields;
  const phone = useController({ name: 'phonenumber', control: form.control });
  const phoneCountry = useController({ name: 'phone_country', control: form.control });
  return (
    <section className="card checkout-form__section" aria-labelledby={`${baseId}-contact`}>
      <h2 className="card__title" id={`${baseId}-contact`}>
        <Trans>Contact details</Trans>
      </h2>
      <div className="checkout-form__row">
        <CheckoutField
          ids={idsOf('first_name')}
          label={t`First name`}
          required
          issue={issueOf('first_name')}
          registration={register('first_name')}
          autoComplete="given-name"
        />
        <CheckoutField
          ids={idsOf('last_name')}
          label={t`Last name`}
          required
          issue={issueOf('last_name')}
          registration={register('last_name')}
          autoComplete="family-name"
        />
      </div>
      <CheckoutField
        ids={idsOf('email')}
        label={t`Email`}
        hint={
          signedIn ? t`Your receipt goes here.` : t`Your receipt goes here, and the link to set your Grove password.`
        }
        required
        issue={issueOf('email')}
        registration={register('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
      />
      <Field ids={idsOf('phonenumber')} label={t`Phone`} required asGroup issue={issueOf('phonenumber')}>
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
  );
}
