/**
 * Form rules (SPEC §5): one rule per field, used by the web forms and, through the Zod schemas of
 * validation.ts, by the server. Messages are the spec's, word for word; choices the spec leaves open
 * are recorded in docs/decisions/0003-validation-boundaries.md.
 *
 * This module imports neither Zod (nor text.ts, which does) nor the phone metadata, so that a form
 * without a phone field (the login form) stays light: the phone rule is built from a
 * numbering-plan check (validation-phone.ts binds it to phone.ts), and the Zod schemas live in
 * validation.ts. Postcodes are checked per country with `postcode-validator` (a few kB of
 * patterns; docs/decisions/0052-field-rules-by-country.md).
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

import { DEFAULT_COUNTRY, LIMITS } from './constants.ts';
import { isShippingCountry, isUsState } from './countries.ts';
import { messages } from './translation.ts';
import {
  MESSAGES,
  codePoints as length,
  fieldError as error,
  fieldWarning as warning,
  isBlank,
  type FieldIssue,
  type FieldRule,
  type FieldValues,
} from './validation-core.ts';

export {
  LOGIN_FIELD_RULES,
  MESSAGES,
  PO_BOX_WARNING,
  textOf,
  validateForm,
  validateLoginEmail,
  validateLoginPassword,
  type FieldIssue,
  type FieldRule,
  type FieldValues,
  type FormValidation,
  type Severity,
} from './validation-core.ts';

/** The names of the password classes (SPEC §5), as the password message lists them. */
export const PASSWORD_CLASS_NAMES = messages({
  lower: 'lower case letters',
  upper: 'upper case letters',
  digits: 'digits',
  special: 'special symbols',
});

export const PASSWORD_CLASSES = [
  { name: PASSWORD_CLASS_NAMES.lower, pattern: /[a-z]/ },
  { name: PASSWORD_CLASS_NAMES.upper, pattern: /[A-Z]/ },
  { name: PASSWORD_CLASS_NAMES.digits, pattern: /[0-9]/ },
  { name: PASSWORD_CLASS_NAMES.special, pattern: /[!-/:-@[-`{-~]/ },
] as const;

/** Password classes a password must mix, at least this many of the four. */
export const PASSWORD_MIN_CLASSES = 3;
/** Name parts shorter than this are not searched for in a password. */
export const NAME_PART_MIN_LENGTH = 3;

/** Printable Latin-1: U+0020–U+007E and U+00A0–U+00FF. */
const LATIN_1 = /^[\u0020-\u007E\u00A0-\u00FF]*$/;
/** ASCII letters and the Latin-1 letters (À–ÿ without × and ÷), and the plain space. */
const CITY = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u00FF ]+$/;
/**
 * ASCII letters and digits, groups joined by one space or hyphen ('SW1A 1AA', '12345-6789'): every
 * zipcode has this shape, and it is the whole rule for a country postcode-validator does not know.
 */
const ZIPCODE = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/;
/** Letters, digits and the printable ASCII specials; no space, nothing outside ASCII. */
const PASSWORD_SYMBOLS = /^[\x21-\x7E]*$/;
/** The WHATWG (HTML `type=email`) pattern, with at least one dot in the domain. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Digits with the usual phone punctuation; anything else is not a phone number. */
const PHONE_TEXT = /^[0-9\s()+.-]*$/;
const PO_BOX = [
  /\bp[\s.-]*o[\s.-]*box(?![a-z])/i,
  /\bpost(?:al)?[\s.-]*(?:office[\s.-]*)?box(?![a-z])/i,
  /\bp[\s.-]*o[\s.-]*b(?![a-z])[\s.-]*(?:no\.?\s*|#\s*)?\d/i,
];

function nameRule(maxLength: number, tooLong: string): FieldRule {
  return (value) => {
    if (value === '') return error(MESSAGES.nameRequired);
    if (isBlank(value)) return error(MESSAGES.nameBlank);
    if (length(value) >= maxLength) return error(tooLong);
    if (!LATIN_1.test(value)) return error(MESSAGES.nameInvalid);
    return null;
  };
}

/** first_name, last_name. */
export const validateName: FieldRule = nameRule(LIMITS.name, MESSAGES.nameTooLong);

export const validateFullName: FieldRule = nameRule(LIMITS.fullName, MESSAGES.fullNameTooLong);

export const validateEmail: FieldRule = (value) => {
  if (isBlank(value)) return error(MESSAGES.emailRequired);
  if (length(value) >= LIMITS.email) return error(MESSAGES.emailTooLong);
  if (!EMAIL.test(value)) return error(MESSAGES.emailInvalid);
  return null;
};

/** The classes of PASSWORD_CLASSES that `password` lacks, by name, in their fixed order. */
export function missingPasswordClasses(password: string): string[] {
  return PASSWORD_CLASSES.filter((c) => !c.pattern.test(password)).map((c) => c.name);
}

export function passwordClassesMessage(missing: readonly string[]): string {
  return MESSAGES.passwordClasses(missing);
}

const foldCase = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The parts of the person's names a password must not contain: first_name, last_name and
 * full_name split on anything that is not a letter, accents removed, lower case, and only parts
 * of at least NAME_PART_MIN_LENGTH characters ('Al' or 'Li' alone would forbid too much).
 */
export function nameParts(values: FieldValues | undefined): string[] {
  const names = ['first_name', 'last_name', 'full_name'].map((key) => values?.[key]);
  return names
    .filter((name): name is string => typeof name === 'string')
    .flatMap((name) => foldCase(name).split(/[^\p{L}]+/u))
    .filter((part) => length(part) >= NAME_PART_MIN_LENGTH);
}

/** `values` gives first_name / last_name (and full_name) for the name rule. */
export const validatePassword: FieldRule = (value, values) => {
  if (value === '') return error(MESSAGES.passwordRequired);
  if (length(value) < LIMITS.passwordMin) return error(MESSAGES.passwordTooShort);
  if (length(value) >= LIMITS.passwordMax) return error(MESSAGES.passwordTooLong);
  if (!PASSWORD_SYMBOLS.test(value)) return error(MESSAGES.passwordForbidden);
  const folded = value.toLowerCase();
  if (nameParts(values).some((part) => folded.includes(part))) {
    return error(MESSAGES.passwordContainsName);
  }
  const missing = missingPasswordClasses(value);
  if (PASSWORD_CLASSES.length - missing.length < PASSWORD_MIN_CLASSES) {
    return error(passwordClassesMessage(missing));
  }
  return null;
};

/** `values.password` is the password to match. */
export const validatePasswordCopy: FieldRule = (value, values) => {
  const password = typeof values?.password === 'string' ? values.password : '';
  return value === password ? null : error(MESSAGES.passwordsMustMatch);
};

/** The selected country of a form or body (`values.country`), the default country when none. */
export function countryOf(values: FieldValues | undefined): string {
  const country = values?.country;
  return typeof country === 'string' && country !== '' ? country : DEFAULT_COUNTRY;
}

/**
 * The phone rule, given the numbering-plan check (`isValidNumber(digits, country)`, phone.ts's
 * isValidPhone; validation-phone.ts binds the two). `values.country` selects the numbering plan
 * (default US).
 */
export function phoneRule(isValidNumber: (digits: string, country: string) => boolean): FieldRule {
  return (value, values) => {
    if (isBlank(value)) return error(MESSAGES.phoneRequired);
    if (!PHONE_TEXT.test(value) || !isValidNumber(value, countryOf(values))) {
      return error(MESSAGES.phoneInvalid);
    }
    return null;
  };
}

export function isPoBox(address: string): boolean {
  return PO_BOX.some((pattern) => pattern.test(address));
}

function addressIssue(value: string): FieldIssue | null {
  if (length(value) >= LIMITS.address) return error(MESSAGES.addressTooLong);
  if (isPoBox(value)) return warning(MESSAGES.poBox);
  return null;
}

/** address_1: required; a PO Box is accepted with a warning. */
export const validateAddress: FieldRule = (value) =>
  isBlank(value) ? error(MESSAGES.addressRequired) : addressIssue(value);

/** address_2: may be empty; otherwise as address_1. */
export const validateAddressOptional: FieldRule = (value) => (isBlank(value) ? null : addressIssue(value));

export const validateCity: FieldRule = (value) => {
  if (isBlank(value)) return error(MESSAGES.cityRequired);
  if (length(value) >= LIMITS.city) return error(MESSAGES.cityTooLong);
  if (!CITY.test(value)) return error(MESSAGES.cityInvalid);
  return null;
};

/** Countries whose postcode ends in a three-character inward code after one space ('SW1A 1AA', 'K1A 0B1'). */
const INWARD_CODE_COUNTRIES: Readonly<Record<string, RegExp>> = {
  GB: /^([A-Z0-9]{2,4})([0-9][A-Z]{2})$/,
  CA: /^([A-Z][0-9][A-Z])([0-9][A-Z][0-9])$/,
};

/**
 * The zipcode as stored: surrounding spaces dropped, inner runs of spaces made one space, letters
 * upper case (postcodes are case-blind), and for GB and CA the one space before the inward code
 * ('sw1a1aa' → 'SW1A 1AA', 'k1a0b1' → 'K1A 0B1'). Meant for a value validateZipcode accepted.
 */
export function normalizeZipcode(value: string, country: string = DEFAULT_COUNTRY): string {
  const text = value.trim().replace(/\s+/g, ' ').toUpperCase();
  const inward = INWARD_CODE_COUNTRIES[country];
  return inward ? text.replace(inward, '$1 $2') : text;
}

/**
 * True when `value` is a postcode of `country`: its normalised form matches the country's pattern
 * in postcode-validator; a country the library does not know (Hong Kong has no postcodes) takes
 * any letters-and-digits zipcode.
 */
export function isValidZipcode(value: string, country: string = DEFAULT_COUNTRY): boolean {
  const zipcode = normalizeZipcode(value, country);
  if (!ZIPCODE.test(zipcode)) return false;
  return postcodeValidatorExistsForCountry(country) ? postcodeValidator(zipcode, country) : true;
}

/** `values.country` selects the country's postcode pattern (default US). */
export const validateZipcode: FieldRule = (value, values) => {
  if (isBlank(value)) return error(MESSAGES.zipcodeRequired);
  if (length(value.trim()) >= LIMITS.zipcode) return error(MESSAGES.zipcodeTooLong);
  if (!isValidZipcode(value, countryOf(values))) return error(MESSAGES.zipcodeInvalid);
  return null;
};

/** US addresses need a listed state code; elsewhere the state is optional free text. */
export const validateState: FieldRule = (value, values) => {
  if (countryOf(values) === 'US') {
    if (isBlank(value)) return error(MESSAGES.stateRequired);
    return isUsState(value) ? null : error(MESSAGES.stateInvalid);
  }
  if (length(value) >= LIMITS.state) return error(MESSAGES.stateTooLong);
  return null;
};

export const validateCountry: FieldRule = (value) => {
  if (isBlank(value)) return error(MESSAGES.countryRequired);
  return isShippingCountry(value) ? null : error(MESSAGES.countryInvalid);
};

export const validateToken: FieldRule = (value) => (isBlank(value) ? error(MESSAGES.tokenInvalid) : null);

export type FieldName =
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'email'
  | 'password'
  | 'password_copy'
  | 'phonenumber'
  | 'address_1'
  | 'address_2'
  | 'city'
  | 'zipcode'
  | 'state'
  | 'country';

/** The rule of every field but the phone number (FIELD_RULES of validation-phone.ts adds it). */
export const NON_PHONE_FIELD_RULES: Readonly<Record<Exclude<FieldName, 'phonenumber'>, FieldRule>> = {
  first_name: validateName,
  last_name: validateName,
  full_name: validateFullName,
  email: validateEmail,
  password: validatePassword,
  password_copy: validatePasswordCopy,
  address_1: validateAddress,
  address_2: validateAddressOptional,
  city: validateCity,
  zipcode: validateZipcode,
  state: validateState,
  country: validateCountry,
};

/** When the key field changes, the listed fields are validated again. */
export const DEPENDENT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  first_name: ['password'],
  last_name: ['password'],
  full_name: ['password'],
  password: ['password_copy'],
  country: ['phonenumber', 'state', 'zipcode'],
};

/** The field itself and the fields whose rules read it. */
export function fieldsToValidateOnChange(field: string): string[] {
  return [field, ...(DEPENDENT_FIELDS[field] ?? [])];
}
