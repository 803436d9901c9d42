/** Errors a service throws on purpose; the error handler turns them into the API's answers. */
import { HTTP_MESSAGES, INVALID_TOKEN } from '@grove/domain';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the answer besides detail and code (for example OAuth2's `error`). */
    readonly extra: Record<string, string> = {},
  ) {
    super(detail);
  }
}

// The messages are the domain's (HTTP_MESSAGES and the modules' own), English here: lib/language.ts
// puts them into the request's language as they are answered.
export const notFound = (detail: string = HTTP_MESSAGES.notFound) => new HttpError(404, detail, 'not_found');
export const forbidden = (detail: string = HTTP_MESSAGES.forbidden) => new HttpError(403, detail, 'permission_denied');
export const unauthorized = () => new HttpError(401, INVALID_TOKEN, 'invalid_token');
export const conflict = (detail: string, code = 'conflict') => new HttpError(409, detail, code);
export const tooManyRequests = (retryAfterSeconds: number, detail: string = HTTP_MESSAGES.tooManyRequests) =>
  new HttpError(429, detail, 'throttled', { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * A validation failure with field messages: answers 400 `{ field: [messages], non_field_errors: [...] }`.
 * `extra` adds fields to the same answer object (an account user's change adds `hasErrors: true`,
 * SPEC §8).
 */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly fields: Record<string, string[]>,
    readonly extra: Record<string, unknown> = {},
  ) {
    super('Validation failed');
  }
}

export const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] });
