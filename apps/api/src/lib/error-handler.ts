import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError, ValidationError } from './errors.ts';
import type { App } from './types.ts';

function fieldName(instancePath: string | undefined): string {
  const field = (instancePath ?? '').replace(/^\//, '').split('/')[0];
  return field || 'non_field_errors';
}

/**
 * One place turns every failure into the API's error shapes:
 * validation → 400 `{ field: [messages] }`; anything else → `{ detail, code }` with its status.
 * A 5xx never shows internals.
 */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) return reply.status(400).send(error.fields);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        (fields[name] ??= []).push(issue.message ?? "Invalid value.");
      }
      return reply.status(400).send(fields);
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ ...error.extra, detail: error.detail, code: error.code });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal Server Error', code: 'internal_error' });
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
