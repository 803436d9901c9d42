/**
 * The phone rule bound to phone.ts's numbering plans (the libphonenumber-js `max` metadata), and
 * FIELD_RULES, every field's rule. Kept apart from validation-rules.ts so that only the forms with
 * a phone field load the metadata (the web loads this module lazily, from its phone field).
 */
import { isValidPhone } from './phone.ts';
import { NON_PHONE_FIELD_RULES, phoneRule, type FieldName, type FieldRule } from './validation-rules.ts';

/** `values.country` selects the numbering plan (default US). */
export const validatePhone: FieldRule = /* @__PURE__ */ phoneRule(isValidPhone);

export const FIELD_RULES: Readonly<Record<FieldName, FieldRule>> = {
  ...NON_PHONE_FIELD_RULES,
  phonenumber: validatePhone,
};
