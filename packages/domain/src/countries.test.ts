import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { SHIPPING_COUNTRIES, US_STATES, countryName, isShippingCountry, isUsState } from './countries.ts';

describe('SHIPPING_COUNTRIES', () => {
  it('lists the spec’s countries in the spec’s order', () => {
    expect(SHIPPING_COUNTRIES.map((c) => c.name)).toEqual([
      'United States',
      'Australia',
      'Canada',
      'Germany',
      'Spain',
      'Italy',
      'Ireland',
      'United Kingdom',
      'Japan',
      'South Korea',
      'France',
      'Netherlands',
      'South Africa',
      'New Zealand',
      'Mexico',
      'Belgium',
      'Puerto Rico',
      'Hong Kong',
    ]);
    expect(SHIPPING_COUNTRIES.map((c) => c.code)).toEqual([
      'US',
      'AU',
      'CA',
      'DE',
      'ES',
      'IT',
      'IE',
      'GB',
      'JP',
      'KR',
      'FR',
      'NL',
      'ZA',
      'NZ',
      'MX',
      'BE',
      'PR',
      'HK',
    ]);
  });

  it('has unique ISO codes and plus-prefixed dial codes', () => {
    const codes = SHIPPING_COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const country of SHIPPING_COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d{1,3}$/);
    }
  });

  it.each([
    ['US', true],
    ['HK', true],
    ['PR', true],
    ['us', false],
    ['FI', false],
    ['', false],
    [undefined, false],
  ])('isShippingCountry(%j) is %s', (code, expected) => {
    expect(isShippingCountry(code)).toBe(expected);
  });

  it('names a country by code', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('FI')).toBeUndefined();
  });
});

describe('US_STATES', () => {
  it('holds 50 states, DC, 6 territories and 3 military codes, each once', () => {
    const codes = US_STATES.map((s) => s.code);
    expect(codes).toHaveLength(60);
    expect(new Set(codes).size).toBe(60);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it.each([
    ['NY', true],
    ['CA', true],
    ['DC', true],
    ['PR', true],
    ['GU', true],
    ['VI', true],
    ['AS', true],
    ['MP', true],
    ['UM', true],
    ['AE', true],
    ['AP', true],
    ['AA', true],
    ['ny', false],
    ['XX', false],
    ['', false],
    [null, false],
  ])('isUsState(%j) is %s', (code, expected) => {
    expect(isUsState(code)).toBe(expected);
  });

  it('accepts exactly the listed codes, whatever the value', () => {
    const codes = [...US_STATES, ...SHIPPING_COUNTRIES].map((entry) => entry.code);
    const anyValue = fc.oneof(
      fc.anything(),
      fc.constantFrom(...codes),
      fc.constantFrom(...codes).map((code) => code.toLowerCase()),
      fc.constantFrom(...codes).map((code) => ` ${code}`),
    );
    const states = new Set(US_STATES.map((state) => state.code));
    const countries = new Set(SHIPPING_COUNTRIES.map((country) => country.code));
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(isUsState(value)).toBe(typeof value === 'string' && states.has(value));
        expect(isShippingCountry(value)).toBe(typeof value === 'string' && countries.has(value));
        if (typeof value === 'string') expect(countryName(value) !== undefined).toBe(countries.has(value));
      }),
    );
  });
});
