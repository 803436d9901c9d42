/**
 * Phone numbers (SPEC §5): digits only, at most 20, validated per country with libphonenumber-js.
 *
 * The `max` metadata is used so that validation checks the real numbering plan of each country,
 * not only the length (the default `min` metadata accepts any number of a possible length).
 */
import {
  AsYouType,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/max';

import { LIMITS } from './constants.ts';
import { isShippingCountry } from './countries.ts';

const NANP_MASK_COUNTRIES = ['US', 'CA'];

/** Keeps the digits of `input` (ASCII 0-9), at most LIMITS.phone of them. */
export function normalizePhoneDigits(input: string): string {
  return allDigits(input).slice(0, LIMITS.phone);
}

/**
 * Formats digits for display in `country`. US and CA use '(xxx) xxx xxxx', filled progressively
 * while typing ('(201', '(201) 5', '(201) 555 01'); digits beyond the ten of the mask follow after
 * a space so that nothing typed is hidden. Other countries use libphonenumber's as-you-type formatter.
 */
export function formatPhone(digits: string, country: string): string {
  const clean = normalizePhoneDigits(digits);
  if (clean === '') return '';
  if (NANP_MASK_COUNTRIES.includes(country)) return formatNanp(clean);
  const code = supportedCountry(country);
  if (code === undefined) return clean;
  return new AsYouType(code).input(clean);
}

/**
 * True when `digits` (at most 20 of them) form a valid number of `country`. A number of another
 * place sharing the country's calling code also counts when that place is not a shipping country
 * of its own: Guam under US, Guernsey under GB; but a Canadian or Puerto Rican number under US
 * does not, those have their own entry in the country picker.
 */
export function isValidPhone(digits: string, country: string): boolean {
  return parseForCountry(digits, country) !== undefined;
}

/** The number in E.164 form ('+12015550123'), or null when it is not valid for `country`. */
export function toE164(digits: string, country: string): string | null {
  return parseForCountry(digits, country)?.number ?? null;
}

function parseForCountry(digits: string, country: string): PhoneNumber | undefined {
  const clean = allDigits(digits);
  const code = supportedCountry(country);
  if (clean === '' || clean.length > LIMITS.phone || code === undefined) return undefined;
  const parsed = parsePhoneNumberFromString(clean, code);
  if (parsed === undefined || !parsed.isValid()) return undefined;
  if (parsed.country === code) return parsed;
  const sameCallingCode = parsed.countryCallingCode === getCountryCallingCode(code);
  return sameCallingCode && !isShippingCountry(parsed.country) ? parsed : undefined;
}

function supportedCountry(country: string): CountryCode | undefined {
  return isSupportedCountry(country) ? country : undefined;
}

function allDigits(input: string): string {
  return input.replace(/[^0-9]/g, '');
}

function formatNanp(digits: string): string {
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6, 10);
  const rest = digits.slice(10);
  let text = `(${area}`;
  if (exchange !== '') text += `) ${exchange}`;
  if (line !== '') text += ` ${line}`;
  if (rest !== '') text += ` ${rest}`;
  return text;
}
