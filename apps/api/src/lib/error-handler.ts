import { HTTP_MESSAGES, toFieldErrors } from '@grove/domain';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, ValidationError } from './errors.ts';
import { requestLanguage, translateAnswer } from './language.ts';
import type { App } from './types.ts';

/**
 * Extra fields of every refusal (400) of a route whose contract declares them in its 400 answer:
 * the account user routes answer `hasErrors: true` with the field messages (SPEC §8), whether the
 * contract's schema or the service refused the request. Every other route: none.
 */
function refusalExtra(request: FastifyRequest): Record<string, unknown> {
  const answers = request.routeOptions?.schema?.response as Record<number, unknown> | undefined;
  const refusal = answers?.[400];
  return refusal instanceof z.ZodObject && 'hasErrors' in refusal.shape ? { hasErrors: true } : {};
}

const MIB = 1024 * 1024;

/** A byte count as people read it: 1 MiB, 512 KiB, 100 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB && (bytes * 10) % MIB === 0) return `${Number((bytes / MIB).toFixed(1))} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The body limit a request was held to: the route's own `bodyLimit` when it sets one, else the
 * server's for JSON and text bodies. (Another body parser may keep a smaller limit of its own —
 * form bodies, lib/form-body.ts — which the request does not tell: then none is named.)
 */
function bodyLimitOf(request: FastifyRequest): number | undefined {
  const limit = request.routeOptions?.bodyLimit;
  if (typeof limit !== 'number') return undefined;
  if (limit !== request.server.initialConfig.bodyLimit) return limit;
  const type = request.headers['content-type'] ?? '';
  return /^\s*(?:application\/(?:[\w.+-]+\+)?json|text\/plain)\b/i.test(type) ? limit : undefined;
}

/** Node's network errors: the database server is down, unreachable or dropped the connection. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's codes for "not now": connection exceptions (class 08), the server shutting down or
 * starting (57P01–57P03), too many connections (53300) and a statement cancelled by
 * statement_timeout (57014: db/client.ts sets one, so that a request never waits on a dead server).
 */
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[1-3]|53300|57014)$/;

/** node-postgres's own words when a connection breaks or cannot be had in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection ended unexpectedly/i;

/** Whether `error` (or one of its causes: drizzle wraps the driver's error) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  // Node's AggregateError of a connection to every address of a host name.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client is told to wait (Retry-After) when the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * One place turns every failure into the API's error shapes:
 * validation → 400 `{ field: [messages] }`; anything else → `{ detail, code }` with its status.
 * The messages are put into the request's language (lib/language.ts: its Accept-Language).
 * A 5xx never shows internals; a database that cannot be reached answers 503 with Retry-After.
 * What is logged goes through the `err` serializer (lib/log-redaction.ts, set in app.ts).
 */
export function registerErrorHandler(app: App) {
  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    const language = requestLanguage(request);
    const answer = async (status: number, body: Record<string, unknown>) =>
      reply.status(status).send(await translateAnswer(body, language));

    if (error instanceof ValidationError) {
      return answer(400, { ...error.fields, ...refusalExtra(request), ...error.extra });
    }
    // A request that failed its contract schema (lib/contract.ts): the issues by field.
    if (error instanceof z.ZodError) {
      return answer(400, { ...toFieldErrors(error), ...refusalExtra(request) });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return answer(error.statusCode, { ...error.extra, detail: error.detail, code: error.code });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code.toLowerCase() : 'bad_request';
      if (status === 413 && 'code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = bodyLimitOf(request);
        const detail =
          limit === undefined ? HTTP_MESSAGES.bodyTooLarge : HTTP_MESSAGES.bodyTooLargeAtMost(formatBytes(limit));
        return answer(413, { detail, code });
      }
      if (status === 429) return answer(429, { detail: HTTP_MESSAGES.tooManyRequests, code: 'throttled' });
      // A body that is not JSON on a route whose refusals carry field messages and hasErrors.
      const extra = status === 400 ? refusalExtra(request) : {};
      if (Object.keys(extra).length > 0) return answer(400, { non_field_errors: [error.message], ...extra });
      return answer(status, { detail: error.message, code });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({
        detail: 'The service is briefly unavailable. Please try again in a moment.',
        code: 'unavailable',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error', code: 'internal_error' });
  });
}
