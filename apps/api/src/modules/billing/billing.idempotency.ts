/**
 * Idempotency-Key (ARCHITECTURE §3, §7): a state-changing billing call sent again with the same key
 * and body replays the first answer; the same key with another body answers 422. A unique key, not a
 * read-then-write, decides a race; a request that arrives while the first is still running waits for
 * its answer. An answer of 5xx is not kept, so the call can be retried.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES, unsafeTextMessage } from '@grove/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict, HttpError, ValidationError } from '../../lib/errors.ts';
import { requestLanguage, translateAnswer } from '../../lib/language.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './billing.repository.ts';

const HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 255;

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value === '' || value.length > MAX_KEY_LENGTH || unsafeTextMessage(value)) {
    throw new ValidationError({ [HEADER]: [IDEMPOTENCY_MESSAGES.keyShape(MAX_KEY_LENGTH)] });
  }
  return value;
}

/** Runs `handler` once per (scope, key); `scope` is the caller (a user, or an order for a new visitor). */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: () => Promise<T>,
  status = 200,
): Promise<T> {
  const key = keyOf(request);
  if (key === null) {
    const answer = await handler();
    reply.status(status);
    return answer;
  }
  const hash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  if (!(await claimIdempotencyKey(db, scope, key, hash))) return replay(db, request, reply, scope, key, hash);
  try {
    const answer = await handler();
    await storeIdempotentAnswer(db, scope, key, status, answer);
    reply.status(status);
    return answer;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      await storeIdempotentAnswer(db, scope, key, error.statusCode, {
        ...error.extra,
        detail: error.detail,
        code: error.code,
      });
    } else if (error instanceof ValidationError) {
      await storeIdempotentAnswer(db, scope, key, 400, error.fields);
    } else {
      await releaseIdempotencyKey(db, scope, key);
    }
    throw error;
  }
}

async function replay<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  key: string,
  hash: string,
): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const row = await findIdempotencyKey(db, scope, key);
    if (!row) throw conflict(IDEMPOTENCY_MESSAGES.firstFailed, 'idempotency_retry');
    if (row.requestHash !== hash) {
      throw new HttpError(422, IDEMPOTENCY_MESSAGES.keyReused, 'idempotency_key_reused');
    }
    if (row.statusCode !== null) {
      reply.header('idempotent-replayed', 'true');
      reply.status(row.statusCode);
      // A refusal is kept in English (as it was thrown): replayed in this request's language.
      const { response } = row;
      if (row.statusCode >= 400 && typeof response === 'object' && response !== null) {
        return (await translateAnswer(response, requestLanguage(request))) as T;
      }
      return response as T;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw conflict(IDEMPOTENCY_MESSAGES.stillRunning, 'idempotency_in_progress');
}
