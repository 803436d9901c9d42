/**
 * The spec's field rules (SPEC §5) as ready Zod schemas, with the spec's messages. The server's
 * routes use them as they are (through the API contract in ./api/), and so do the web forms through
 * React Hook Form's Zod resolver: no route or form wraps a rule again.
 *
 * Every text schema here also refuses what no field may hold: control characters (NUL and the
 * other C0 controls and DEL; a multi-line field allows tab and line breaks) and unpaired UTF-16
 * surrogates. PostgreSQL cannot store a NUL, and neither belongs in anything a person types.
 */
import * as z from 'zod';

import { stringInput, unsafeTextMessage } from './text.ts';
import { MESSAGES, type FieldRule } from './validation.ts';
import {
  PLAYER_MESSAGES,
  validateAcornAmount,
  validateStatReason,
  validateStatValue,
  type StatSetting,
} from './players.ts';
import {
  validateAddress,
  validateAddressOptional,
  validateCity,
  validateCountry,
  validateEmail,
  validateFullName,
  validateLoginEmail,
  validateLoginPassword,
  validateName,
} from './validation.ts';

/**
 * A field rule as a schema: the rule's error (in the spec's order) fails the field with its
 * message, a warning passes (SPEC §5: warnings never block), and text no field may hold fails too.
 * `required` is the message for a missing value (the rule's own "is required" message).
 */
export function ruleSchema(rule: FieldRule, required: string) {
  return stringInput(required).superRefine((value, ctx) => {
    const issue = rule(value);
    const message = issue?.severity === 'error' ? issue.message : unsafeTextMessage(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** first_name, last_name: required, not blank, under 56 characters, Latin-1. */
export const nameSchema = /* @__PURE__ */ ruleSchema(validateName, MESSAGES.nameRequired);
/** A full name: as a name, under 114 characters. */
export const fullNameSchema = /* @__PURE__ */ ruleSchema(validateFullName, MESSAGES.nameRequired);
export const emailSchema = /* @__PURE__ */ ruleSchema(validateEmail, MESSAGES.emailRequired);
/** The login form's e-mail: required and under 254 characters (any address may try). */
export const loginEmailSchema = /* @__PURE__ */ ruleSchema(validateLoginEmail, MESSAGES.emailRequired);
/** The login form's password: required, at most 40 characters. */
export const loginPasswordSchema = /* @__PURE__ */ ruleSchema(validateLoginPassword, MESSAGES.passwordRequired);
/** address_1: required, under 255 characters; a PO Box passes (its warning is the form's to show). */
export const addressSchema = /* @__PURE__ */ ruleSchema(validateAddress, MESSAGES.addressRequired);
/** address_2: may be empty. */
export const addressOptionalSchema = /* @__PURE__ */ ruleSchema(validateAddressOptional, MESSAGES.addressRequired);
export const citySchema = /* @__PURE__ */ ruleSchema(validateCity, MESSAGES.cityRequired);
// No zipcode schema here: a zipcode is checked against its address's country (validateZipcode with
// the body's values), as the shipping schemas of validation.ts and the checkout's address do.
export const countrySchema = /* @__PURE__ */ ruleSchema(validateCountry, MESSAGES.countryRequired);

/**
 * A number checked by a player rule that reads typed text (the staff editor types it): the JSON
 * number is checked as its decimal text, so both sides answer the same message.
 */
function numberRuleSchema(rule: FieldRule) {
  return z.number({ error: PLAYER_MESSAGES.integerRequired }).superRefine((value, ctx) => {
    const issue = Number.isFinite(value)
      ? rule(String(value))
      : { message: PLAYER_MESSAGES.integerRequired, severity: 'error' };
    if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', message: issue.message });
  });
}

/** A new gauge or chase speed value (staff): an integer in the setting's range. */
export const statValueSchema = (setting: StatSetting) => numberRuleSchema(validateStatValue(setting));
/** Acorns staff add (negative takes some back): a non-zero integer within the adjustment limit. */
export const acornAmountSchema = /* @__PURE__ */ numberRuleSchema(validateAcornAmount);
/** The reason staff give for a change; surrounding spaces are dropped. */
export const statReasonSchema = /* @__PURE__ */ ruleSchema(
  validateStatReason,
  PLAYER_MESSAGES.reasonRequired,
).transform((value) => value.trim());
