/**
 * Form rules (SPEC §5): one rule per field, used by the web forms and, through the Zod schemas
 * below, by the server. Messages are the spec's, word for word; choices the spec leaves open are
 * recorded in docs/decisions/0003-validation-boundaries.md.
 *
 * The rules themselves are in validation-rules.ts (no Zod, no phone metadata) and
 * validation-phone.ts (the phone rule and FIELD_RULES); this module adds the request schemas.
 */
import * as z from 'zod';

import { normalizePhoneDigits } from './phone.ts';
import { TEXT_MESSAGES, unsafeTextMessage } from './text.ts';
import { validatePhone } from './validation-phone.ts';
import {
  countryOf,
  fieldsToValidateOnChange,
  normalizeZipcode,
  textOf,
  validateAddress,
  validateAddressOptional,
  validateCity,
  validateCountry,
  validateEmail,
  validateName,
  validatePassword,
  validatePasswordCopy,
  validateState,
  validateToken,
  validateZipcode,
  LOGIN_FIELD_RULES,
  type FieldRule,
  type FieldValues,
} from './validation-rules.ts';

export * from './validation-rules.ts';
export * from './validation-phone.ts';

// Zod schemas for request bodies. They run the same rules: an error-severity issue fails the
// field with the rule's message; warnings pass. Missing fields of a full schema parse as '' so
// that the rule's own "is required" message answers. What they answer is what is stored: a phone
// number's digits only (SPEC §5), a zipcode in its country's form (normalizeZipcode).

type Rules<K extends string> = Readonly<Record<K, FieldRule>>;

function checkRules(
  rules: Readonly<Record<string, FieldRule>>,
  context: FieldValues,
  data: Readonly<Record<string, unknown>>,
  ctx: z.RefinementCtx,
): void {
  const present = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  const values = { ...context, ...present };
  const fields = new Set(Object.keys(present).flatMap(fieldsToValidateOnChange));
  for (const field of fields) {
    const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
    // A field that was not sent is re-checked only when a stored value exists to re-check.
    const sent = Object.hasOwn(present, field);
    if (rule === undefined || (!sent && textOf(values[field]) === '')) continue;
    const text = textOf(values[field]);
    const issue = rule(text, values);
    const message = issue?.severity === 'error' ? issue.message : sent ? unsafeTextMessage(text) : null;
    if (message) ctx.addIssue({ code: 'custom', message, path: [field] });
  }
}

/**
 * The accepted values as stored: `phonenumber` keeps its digits ('(201) 555-0123' → '2015550123'),
 * `zipcode` is normalised for the body's country (else the stored one in `context`).
 */
function normalized<T extends Readonly<Record<string, unknown>>>(data: T, context: FieldValues): T {
  const result: Record<string, unknown> = { ...data };
  if (typeof data.phonenumber === 'string') result.phonenumber = normalizePhoneDigits(data.phonenumber);
  if (typeof data.zipcode === 'string') {
    const country = typeof data.country === 'string' ? data.country : context.country;
    result.zipcode = normalizeZipcode(data.zipcode, countryOf({ country }));
  }
  return result as T;
}

function requiredShape<K extends string>(rules: Rules<K>) {
  const keys = Object.keys(rules) as K[];
  return Object.fromEntries(keys.map((key) => [key, z.string({ error: TEXT_MESSAGES.notText }).default('')])) as {
    [P in K]: z.ZodDefault<z.ZodString>;
  };
}

function optionalShape<K extends string>(rules: Rules<K>) {
  const keys = Object.keys(rules) as K[];
  return Object.fromEntries(keys.map((key) => [key, z.string({ error: TEXT_MESSAGES.notText }).optional()])) as {
    [P in K]: z.ZodOptional<z.ZodString>;
  };
}

function fullSchema<K extends string>(rules: Rules<K>, context: FieldValues = {}) {
  return z
    .object(requiredShape(rules))
    .superRefine((data, ctx) => checkRules(rules, context, data, ctx))
    .transform((data) => normalized(data, context));
}

/** Only the fields sent are checked, each with `current` (the stored record) for its dependencies. */
function patchSchema<K extends string>(rules: Rules<K>, current: FieldValues = {}) {
  return z
    .object(optionalShape(rules))
    .superRefine((data, ctx) => checkRules(rules, current, data, ctx))
    .transform((data) => normalized(data, current));
}

const PROFILE_RULES = {
  first_name: validateName,
  last_name: validateName,
  email: validateEmail,
  phonenumber: validatePhone,
  country: validateCountry,
};

const SHIPPING_RULES = {
  address_1: validateAddress,
  address_2: validateAddressOptional,
  city: validateCity,
  state: validateState,
  zipcode: validateZipcode,
  country: validateCountry,
};

const SET_PASSWORD_RULES = {
  token: validateToken,
  password: validatePassword,
  password_copy: validatePasswordCopy,
};

const REGISTRATION_RULES = {
  first_name: validateName,
  last_name: validateName,
  email: validateEmail,
  password: validatePassword,
  password_copy: validatePasswordCopy,
  phonenumber: validatePhone,
  country: validateCountry,
};

export const loginSchema = /* @__PURE__ */ fullSchema(LOGIN_FIELD_RULES);
export const profileSchema = /* @__PURE__ */ fullSchema(PROFILE_RULES);
export const shippingSchema = /* @__PURE__ */ fullSchema(SHIPPING_RULES);
export const registrationSchema = /* @__PURE__ */ fullSchema(REGISTRATION_RULES);
/** Without the person's names; prefer makeSetPasswordSchema once the token's user is known. */
export const setPasswordSchema = /* @__PURE__ */ fullSchema(SET_PASSWORD_RULES);

export function makeSetPasswordSchema(names: { first_name?: string; last_name?: string }) {
  return fullSchema(SET_PASSWORD_RULES, names);
}

/** `current` is the stored profile: a new phone number is checked against the stored country. */
export function makeProfilePatchSchema(current: FieldValues = {}) {
  return patchSchema(PROFILE_RULES, current);
}

/** `current` is the stored shipping record: a new state is checked against the stored country. */
export function makeShippingPatchSchema(current: FieldValues = {}) {
  return patchSchema(SHIPPING_RULES, current);
}

export const profilePatchSchema = /* @__PURE__ */ makeProfilePatchSchema();
/** A phone number checked against its country (SPEC §5: valid for the selected country). */
export const phoneWithCountrySchema = /* @__PURE__ */ fullSchema({
  phonenumber: validatePhone,
  country: validateCountry,
});
export const shippingPatchSchema = /* @__PURE__ */ makeShippingPatchSchema();

export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfilePatchInput = z.infer<typeof profilePatchSchema>;
export type ShippingInput = z.infer<typeof shippingSchema>;
export type ShippingPatchInput = z.infer<typeof shippingPatchSchema>;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
export type RegistrationInput = z.infer<typeof registrationSchema>;

type IssueLike = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The API's 400 body: `{ field: [messages], non_field_errors: [messages] }`. Nested paths are
 * joined with dots; issues of the body itself go to non_field_errors.
 */
export function toFieldErrors(error: { readonly issues: readonly IssueLike[] }): Record<string, string[]> {
  const result = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? 'non_field_errors' : issue.path.map(String).join('.');
    const messages = result.get(key) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    result.set(key, messages);
  }
  return Object.fromEntries(result);
}
