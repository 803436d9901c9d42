import { toFieldErrors } from '@grove/domain';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, ValidationError } from './errors.ts';
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

/**
 * One place turns every failure into the API's error shapes:
 * validation → 400 `{ field: [messages] }`; anything else → `{ detail, code }` with its status.
 * A 5xx never shows internals.
 */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.status(400).send({ ...error.fields, ...refusalExtra(request), ...error.extra });
    }
    // A request that failed its contract schema (lib/contract.ts): the issues by field.
    if (error instanceof z.ZodError) {
      return reply.status(400).send({ ...toFieldErrors(error), ...refusalExtra(request) });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, detail: error.detail, code: error.code });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code.toLowerCase() : 'bad_request';
      if (status === 429) {
        return reply.status(429).send({ detail: 'Too many requests. Please try again later.', code: 'throttled' });
      }
      // A body that is not JSON on a route whose refusals carry field messages and hasErrors.
      const extra = status === 400 ? refusalExtra(request) : {};
      if (Object.keys(extra).length > 0) return reply.status(400).send({ non_field_errors: [error.message], ...extra });
      return reply.status(status).send({ detail: error.message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error', code: 'internal_error' });
  });
}
