/** What a phone field needs (loaded through phone-support.ts): the rules, the formatter and the input. */
export { formatPhone, normalizePhoneDigits, toE164 } from '@grove/domain/phone';
export { FIELD_RULES, validatePhone } from '@grove/domain/validation-phone';
export { PhoneInput } from './phone-input.tsx';
