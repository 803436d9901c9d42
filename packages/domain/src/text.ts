/**
 * What no text field may hold (the building block of every text schema): control characters (NUL
 * and the other C0 controls and DEL; a multi-line field allows tab and line breaks) and unpaired
 * UTF-16 surrogates. PostgreSQL cannot store a NUL, and neither belongs in anything a person types.
 */
import * as z from 'zod';
import { messages } from './translation.ts';

export const TEXT_MESSAGES = messages({
  notText: 'Not a valid string.',
  controlCharacters: 'Remove the control characters (such as NUL) from this text.',
  brokenText: 'This text contains broken characters (unpaired surrogates).',
});

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
/** C0 controls and DEL; a one-line field allows none. */
const CONTROL_ONE_LINE = /[\u0000-\u001F\u007F]/;
/** A multi-line field allows tab, line feed and carriage return. */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A lone high or low surrogate (a well-formed pair is one code point under the u flag). */
const LONE_SURROGATE = /\p{Surrogate}/u;
/* eslint-enable no-control-regex */

/** The message for text no field may hold, or null when `value` is clean. */
export function unsafeTextMessage(value: string, multiline = false): string | null {
  if ((multiline ? CONTROL_MULTI_LINE : CONTROL_ONE_LINE).test(value)) return TEXT_MESSAGES.controlCharacters;
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.brokenText;
  return null;
}

/** A string (any other JSON type answers `notText`, a missing one `required`). */
export function stringInput(required: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? required : TEXT_MESSAGES.notText),
  });
}
