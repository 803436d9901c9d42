/**
 * The part of the form rules (validation-rules.ts, SPEC §5) that the login form needs: the field
 * issue types, the messages, the login fields' rules and the form check. Apart, so that the login
 * page carries neither the postcode patterns nor the countries (docs/decisions/0071).
 */
import { LIMITS } from './constants.ts';
import { INVALID_TOKEN } from './errors.ts';
import { messages, template } from './translation.ts';

export type Severity = 'error' | 'warning';
export type FieldIssue = { message: string; severity: Severity };
export type FieldValues = Readonly<Record<string, unknown>>;
/** A field rule: the first issue found, in the spec's order, or null. */
export type FieldRule = (value: string, values?: FieldValues) => FieldIssue | null;

export const PO_BOX_WARNING = 'Orders to PO Boxes ship by ground only: no expedited shipping, please allow extra time.';

export const MESSAGES = messages({
  nameRequired: 'Name is required',
  nameBlank: 'Name may not contain only empty characters',
  nameTooLong: `Name must be less than ${LIMITS.name} characters`,
  fullNameTooLong: `Name must be less than ${LIMITS.fullName} characters`,
  nameInvalid: 'Please include valid characters',
  emailRequired: 'Email is required',
  emailTooLong: `Email must be less than ${LIMITS.email} characters`,
  emailInvalid: 'Please input a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password should not be less than ${LIMITS.passwordMin} characters`,
  passwordTooLong: `Password must be less than ${LIMITS.passwordMax} characters`,
  passwordForbidden: 'Password contains forbidden symbols',
  passwordContainsName: 'Password must not contain parts of the name',
  /** SPEC §5's 'Please add something from: ' followed by the missing classes' names, comma-separated. */
  passwordClasses: template('Please add something from: {classes}', (missing: readonly string[]) => ({
    classes: missing.join(', '),
  })),
  passwordsMustMatch: 'Passwords must match',
  loginPasswordTooLong: `Password must be at most ${LIMITS.loginPasswordMax} characters`,
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Please input a valid phone number',
  addressRequired: 'Address is required',
  addressTooLong: `Address must be less than ${LIMITS.address} characters`,
  poBox: PO_BOX_WARNING,
  cityRequired: 'City is required',
  cityTooLong: `City must be less than ${LIMITS.city} characters`,
  cityInvalid: 'Please input a valid city',
  zipcodeRequired: 'Zipcode is required',
  zipcodeTooLong: `Zipcode must be less than ${LIMITS.zipcode} characters`,
  zipcodeInvalid: 'Please input a valid Zipcode',
  stateRequired: 'State is required',
  stateInvalid: 'Please select a valid state',
  stateTooLong: `State must be less than ${LIMITS.state} characters`,
  countryRequired: 'Country is required',
  countryInvalid: 'Please select a valid country',
  tokenInvalid: INVALID_TOKEN,
});

export const fieldError = (message: string): FieldIssue => ({ message, severity: 'error' });
export const fieldWarning = (message: string): FieldIssue => ({ message, severity: 'warning' });

/** Length in code points, so that one accented letter or emoji counts as one character. */
export const codePoints = (value: string): number => [...value].length;
export const isBlank = (value: string): boolean => value.trim() === '';

export const validateLoginEmail: FieldRule = (value) => {
  if (isBlank(value)) return fieldError(MESSAGES.emailRequired);
  if (codePoints(value) >= LIMITS.email) return fieldError(MESSAGES.emailTooLong);
  return null;
};

export const validateLoginPassword: FieldRule = (value) => {
  if (value === '') return fieldError(MESSAGES.passwordRequired);
  if (codePoints(value) > LIMITS.loginPasswordMax) return fieldError(MESSAGES.loginPasswordTooLong);
  return null;
};

export const LOGIN_FIELD_RULES: Readonly<Record<'email' | 'password', FieldRule>> = {
  email: validateLoginEmail,
  password: validateLoginPassword,
};

/** A form value as text: a string as it is, a number written out, anything else empty. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

export type FormValidation = {
  /** Every issue found, errors and warnings, by field. */
  errors: Record<string, FieldIssue>;
  /** False while any field has an error; warnings never block. */
  canSubmit: boolean;
};

/**
 * Validates `fieldNames` of `values` (names without a rule are skipped). Every required field's
 * rule reports its emptiness as an error, so an empty required field also blocks submitting.
 */
export function validateForm(
  values: FieldValues,
  fieldNames: readonly string[],
  rules: Readonly<Record<string, FieldRule>>,
): FormValidation {
  const errors: Record<string, FieldIssue> = {};
  for (const field of fieldNames) {
    const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
    const issue = rule?.(textOf(values[field]), values);
    if (issue) errors[field] = issue;
  }
  const canSubmit = Object.values(errors).every((issue) => issue.severity !== 'error');
  return { errors, canSubmit };
}
