/**
 * The error shapes of two failures a client can meet without a bug (issue 16): a body over the
 * limit answers 413 saying the limit, and a database that cannot be reached answers 503 with
 * Retry-After (test/reliability/db-faults.test.ts cuts a real PostgreSQL connection).
 */
import { MAX_BODY_BYTES } from '@grove/domain/api/common';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { formatBytes, isDatabaseUnavailable } from './error-handler.ts';
import type { App } from './types.ts';

let database: Database;
let app: App;
let failure: unknown;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  app = await buildApp(config, database, { logger: false });
  app.post('/api/test/small-body', { config: { policy: 'public' }, bodyLimit: 2048 }, async () => ({ ok: true }));
  app.get('/api/test/fail', { config: { policy: 'public' } }, async () => {
    throw failure;
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a body over the limit', () => {
  it('answers 413 with the server’s limit on an ordinary route', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/user/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: `The request body is too large (at most ${formatBytes(MAX_BODY_BYTES)}).`,
      code: 'fst_err_ctp_body_too_large',
    });
    expect(formatBytes(1024 * 1024)).toBe('1 MiB');
  });

  it('names the route’s own limit when it has one', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/small-body',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(3000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'The request body is too large (at most 2 KiB).',
      code: 'fst_err_ctp_body_too_large',
    });
  });

  it('names no wrong figure for a form body, whose parser keeps a smaller limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/user/auth/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=a%40example.com&password=${'x'.repeat(64 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large.', code: 'fst_err_ctp_body_too_large' });
  });
});

describe('a database that cannot be reached', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it.each([
    ['a refused connection, as drizzle wraps it', new DrizzleQueryError('select 1', [], refused)],
    ['a connection that broke mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that found no connection in time', new Error('timeout exceeded when trying to connect')],
    ['the server shutting down (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
  ])('answers 503 with Retry-After for %s', async (_name, error) => {
    failure = error;
    const res = await app.inject({ method: 'GET', url: '/api/test/fail' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      detail: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'unavailable',
    });
  });

  it('keeps 500 for other database errors', async () => {
    failure = new DrizzleQueryError(
      'insert into users',
      [],
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    );
    const res = await app.inject({ method: 'GET', url: '/api/test/fail' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal Server Error', code: 'internal_error' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
