import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LIMITS, SHIPPING_COUNTRIES } from '@grove/domain';

import { loadLanguage } from '../lib/i18n.ts';
import { PhoneInput } from './phone-input.tsx';

function Harness({ initialCountry = 'US', initialDigits = '' }: { initialCountry?: string; initialDigits?: string }) {
  const [country, setCountry] = useState(initialCountry);
  const [digits, setDigits] = useState(initialDigits);
  return (
    <>
      <span id="phone-label">Phone</span>
      <PhoneInput
        id="phone"
        labelId="phone-label"
        country={country}
        digits={digits}
        onCountryChange={setCountry}
        onDigitsChange={setDigits}
      />
      <output data-testid="digits">{digits}</output>
    </>
  );
}

describe('PhoneInput', () => {
  it('lists the countries in the spec order, by code and calling code', () => {
    render(<Harness />);
    const options = within(screen.getByRole('combobox', { name: 'Country calling code' })).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual(
      SHIPPING_COUNTRIES.map((country) => country.code),
    );
    expect(options[0]).toHaveTextContent('US +1');
    expect(options[1]).toHaveTextContent('AU +61');
  });

  it('keeps digits only and shows them with the US mask while typing', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await user.type(input, '201-555.01');
    expect(input).toHaveValue('(201) 555 01');
    await user.type(input, '23');
    expect(input).toHaveValue('(201) 555 0123');
    expect(screen.getByTestId('digits')).toHaveTextContent(/^2015550123$/);
  });

  it('removes the digit before a mask character on Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initialDigits="2015" />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveValue('(201) 5');
    await user.click(input);
    await user.keyboard('{End}{Backspace}{Backspace}');
    expect(screen.getByTestId('digits')).toHaveTextContent(/^20$/);
  });

  it(`keeps at most ${LIMITS.phone} digits`, async () => {
    const user = userEvent.setup();
    render(<Harness initialCountry="DE" />);
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '1234567890123456789012345');
    expect(screen.getByTestId('digits').textContent).toHaveLength(LIMITS.phone);
  });

  it('changes the mask with the country', async () => {
    const user = userEvent.setup();
    render(<Harness initialDigits="2015550123" />);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(201) 555 0123');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country calling code' }), 'GB');
    expect(screen.getByRole('textbox', { name: 'Phone' })).not.toHaveValue('(201) 555 0123');
    expect(screen.getByTestId('digits')).toHaveTextContent(/^2015550123$/);
  });
});

describe('PhoneInput in Spanish', () => {
  it('names the country picker and each country in Spanish, codes unchanged', async () => {
    await loadLanguage('es', ['app']);
    render(<Harness />);
    const picker = screen.getByRole('combobox', { name: 'Código de país' });
    expect(screen.queryByRole('combobox', { name: 'Country calling code' })).not.toBeInTheDocument();
    const options = within(picker).getAllByRole('option');
    expect(options[0]).toHaveTextContent('US +1');
    expect(options[0]).toHaveAttribute('aria-label', 'US +1, Estados Unidos');
    expect(within(picker).getByRole('option', { name: 'DE +49, Alemania' })).toBeInTheDocument();
  });
});
