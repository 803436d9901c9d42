import { toFieldErrors } from '@grove/domain';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { HttpError, ValidationError } from './errors.ts';
import type { App } from './types.ts';

/**
 * One place turns every failure into the API's error shapes:
 * validation → 400 `{ field: [messages] }`; anything else → `{ detail, code }` with its status.
 * A 5xx never shows internals.
 */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) return reply.status(400).send(error.fields);
    // A request that failed its contract schema (lib/contract.ts): the issues by field.
    if (error instanceof z.ZodError) return reply.status(400).send(toFieldErrors(error));
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
      return reply.status(status).send({ detail: error.message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal Server Error', code: 'internal_error' });
  });
}
