import fc from 'fast-check';
import { getCountryCallingCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';

import { SHIPPING_COUNTRIES } from './countries.ts';
import { formatPhone, isValidPhone, normalizePhoneDigits, toE164 } from './phone.ts';

describe('normalizePhoneDigits', () => {
  it.each([
    ['', ''],
    ['(201) 555-0123', '2015550123'],
    ['+44 7400 123456', '447400123456'],
    ['call me', ''],
    ['12345678901234567890', '12345678901234567890'],
    ['123456789012345678901234', '12345678901234567890'],
    ['٢٠١', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhoneDigits(input)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['2', '(2'],
    ['20', '(20'],
    ['201', '(201'],
    ['2015', '(201) 5'],
    ['20155', '(201) 55'],
    ['201555', '(201) 555'],
    ['2015550', '(201) 555 0'],
    ['201555012', '(201) 555 012'],
    ['2015550123', '(201) 555 0123'],
    ['20155501234', '(201) 555 0123 4'],
    ['(201) 555-0123', '(201) 555 0123'],
  ])('US %j → %j', (digits, expected) => {
    expect(formatPhone(digits, 'US')).toBe(expected);
  });

  it('uses the same mask for Canada', () => {
    expect(formatPhone('4165550123', 'CA')).toBe('(416) 555 0123');
  });

  it.each([
    ['GB', '07400123456', '07400 123456'],
    ['DE', '030123456', '030 123456'],
    ['AU', '0412345678', '0412 345 678'],
    ['JP', '0312345678', '03-1234-5678'],
    ['FR', '0612345678', '06 12 34 56 78'],
    ['HK', '91234567', '9123 4567'],
    ['PR', '7875550123', '(787) 555-0123'],
  ])('%s %s → %s (as-you-type)', (country, digits, expected) => {
    expect(formatPhone(digits, country)).toBe(expected);
  });

  it('leaves digits as they are for an unknown country', () => {
    expect(formatPhone('12345', 'XX')).toBe('12345');
  });
});

describe('isValidPhone and toE164', () => {
  it.each([
    ['US', '3125550199', '+13125550199'],
    ['AU', '0412345678', '+61412345678'],
    ['CA', '4165550123', '+14165550123'],
    ['DE', '030123456', '+4930123456'],
    ['ES', '612345678', '+34612345678'],
    ['IT', '3123456789', '+393123456789'],
    ['IE', '021234567', '+35321234567'],
    ['GB', '07400123456', '+447400123456'],
    ['JP', '0312345678', '+81312345678'],
    ['KR', '01012345678', '+821012345678'],
    ['FR', '0612345678', '+33612345678'],
    ['NL', '0201234567', '+31201234567'],
    ['ZA', '0821234567', '+27821234567'],
    ['NZ', '0211234567', '+64211234567'],
    ['MX', '5512345678', '+525512345678'],
    ['BE', '0470123456', '+32470123456'],
    ['PR', '7875550123', '+17875550123'],
    ['HK', '91234567', '+85291234567'],
  ])('a valid %s number', (country, digits, e164) => {
    expect(isValidPhone(digits, country)).toBe(true);
    expect(toE164(digits, country)).toBe(e164);
  });

  it.each([
    ['UK number under US', '07400123456', 'US'],
    ['Chicago number under GB', '3125550199', 'GB'],
    ['Italian mobile under DE', '3123456789', 'DE'],
    ['Canadian number under US', '4165550123', 'US'],
    ['US number under CA', '3125550199', 'CA'],
    ['empty', '', 'US'],
    ['too short', '312555', 'US'],
    ['more than 20 digits', '312555019912345678901', 'US'],
    ['unknown country', '3125550199', 'XX'],
    ['lower case country', '3125550199', 'us'],
  ])('invalid: %s', (_label, digits, country) => {
    expect(isValidPhone(digits, country)).toBe(false);
    expect(toE164(digits, country)).toBeNull();
  });

  it('accepts a number of a territory sharing the calling code', () => {
    expect(toE164('6715551234', 'US')).toBe('+16715551234');
  });
});

describe('properties', () => {
  const countries = fc.constantFrom(...SHIPPING_COUNTRIES.map((c) => c.code), 'XX', '', 'us', 'GG');

  it('keeps the first 20 digits, formats them without losing or adding one, and validates what has an E.164 form', () => {
    const typed = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.stringMatching(/^[0-9]{0,25}$/));
    fc.assert(
      fc.property(typed, countries, (input, country) => {
        const digits = normalizePhoneDigits(input);
        expect(digits).toBe(input.replace(/[^0-9]/g, '').slice(0, 20));
        expect(digits).toMatch(/^[0-9]{0,20}$/);
        const formatted = formatPhone(input, country);
        expect(formatted).toMatch(/^[0-9 ()+-]*$/);
        expect(normalizePhoneDigits(formatted)).toBe(digits);
        const e164 = toE164(input, country);
        expect(isValidPhone(input, country)).toBe(e164 !== null);
        if (e164 !== null) {
          expect(e164).toMatch(/^\+[1-9][0-9]+$/);
          expect(e164.startsWith(`+${getCountryCallingCode(country as 'US')}`)).toBe(true);
        }
      }),
    );
  });

  it('the US/CA mask keeps every digit, in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.constantFrom('US', 'CA'), (input, country) => {
        expect(normalizePhoneDigits(formatPhone(input, country))).toBe(normalizePhoneDigits(input));
      }),
    );
  });

  it('the dial codes of the shipping countries are libphonenumber’s', () => {
    for (const country of SHIPPING_COUNTRIES) {
      expect(country.dialCode).toBe(`+${getCountryCallingCode(country.code as 'US')}`);
    }
  });
});
