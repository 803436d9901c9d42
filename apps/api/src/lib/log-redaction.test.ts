/**
 * Logs carry no hashes, tokens, passwords or parameter values (issue 16, defect 4): a crash dump
 * printed argon2 hashes and a 500 logged a statement's parameters. The app's logger serialises
 * every error through lib/log-redaction.ts; these tests read what it writes.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createParent } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { REDACTED, scrubMessage, scrubSecrets, serializeError } from './log-redaction.ts';
import { hashPassword } from './passwords.ts';
import type { App } from './types.ts';

const PASSWORD = 'Correct-Horse-Battery-42';
const TOKEN = 'q3Yv0f9Jx2LrT8mWc5ZkB1nHs6DpGa4UeR7iOtXyVbQ';

let database: Database;
let app: App;
let hash: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', LOG_FORMAT: 'json', WEB_DIST_DIR: '.tmp/no-web' });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp(config, database, { logStream });
  // A write that fails in the database with a password hash and a token among its parameters (a
  // duplicate e-mail address), as a route's query would; and an error that holds a user row.
  app.post('/api/test/duplicate-user', { config: { policy: 'public' } }, async (request) => {
    const { email } = request.body as { email: string };
    await database.db.insert(users).values({ email, firstName: TOKEN, lastName: 'Parent', passwordHash: hash });
    return { ok: true };
  });
  app.get('/api/test/crash-with-row', { config: { policy: 'public' } }, async () => {
    const row = { id: 7, email: 'ada@example.com', passwordHash: hash, password_hash: hash, password: PASSWORD };
    throw Object.assign(new Error(`could not sign in with password=${PASSWORD}`), {
      user: row,
      detail: `Key (email)=(ada@example.com) already exists.`,
      cause: Object.assign(new Error(`Bearer ${TOKEN} was refused`), { row }),
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The log entries written since `from`, as one text and parsed. */
function since(from: number) {
  const entries = lines.slice(from);
  return { entries, text: JSON.stringify(entries) };
}

describe('the log of a failed request', () => {
  it('keeps the statement and the database error but not its parameters, the hash or the token', async () => {
    const parent = await createParent(database.db);
    const from = lines.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/duplicate-user',
      payload: { email: parent.user.email },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal Server Error', code: 'internal_error' });

    const { entries, text } = since(from);
    const logged = entries.find((entry) => entry.msg === 'unhandled error');
    expect(logged, text).toBeDefined();
    const err = logged!.err as { type: string; message: string; stack: string; cause?: Record<string, unknown> };
    // Useful: what failed, where, and why.
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "users"/);
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.cause).toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    // Nothing the statement carried: no parameters, no hash, no token, no e-mail address (pg's detail).
    expect(text).not.toContain('params:');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(hash.split('$').at(-1));
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(parent.user.email);
  });

  it('drops the rows, password fields and tokens an error holds, through its causes', async () => {
    const from = lines.length;
    const res = await app.inject({ method: 'GET', url: '/api/test/crash-with-row' });
    expect(res.statusCode).toBe(500);
    const { entries, text } = since(from);
    const logged = entries.find((entry) => entry.msg === 'unhandled error');
    expect(logged?.err).toMatchObject({
      type: 'Error',
      message: `could not sign in with password=${REDACTED}`,
      cause: { type: 'Error', message: `Bearer ${REDACTED} was refused` },
    });
    for (const secret of [PASSWORD, TOKEN, '$argon2', 'ada@example.com', 'passwordHash', 'password_hash']) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe('serializeError', () => {
  it('cuts a statement’s parameters from the message and the stack', () => {
    const error = new Error(`Failed query: select * from users where email = $1\nparams: ada@example.com,${hash}`);
    const serialized = serializeError(error);
    expect(serialized.message).toBe('Failed query: select * from users where email = $1');
    expect(serialized.stack.split('\n')[0]).toBe('Error: Failed query: select * from users where email = $1');
    expect(JSON.stringify(serialized)).not.toMatch(/ada@example|argon2|params/);
  });

  it('keeps codes and database fields without values, and survives cycles and odd values', () => {
    const inner: Record<string, unknown> = {
      message: 'connect ECONNREFUSED 127.0.0.1:5432',
      code: 'ECONNREFUSED',
      errno: -111,
      where: `SQL statement with ${TOKEN}`,
    };
    const outer = Object.assign(new Error('outer'), { cause: inner, statusCode: 503 });
    inner.cause = outer;
    const serialized = serializeError(outer);
    expect(serialized).toMatchObject({
      type: 'Error',
      statusCode: 503,
      cause: { type: 'Object', code: 'ECONNREFUSED', errno: -111, cause: { type: 'Circular' } },
    });
    expect(JSON.stringify(serialized)).not.toContain(TOKEN);
    expect(serializeError('boom')).toMatchObject({ type: 'string', message: 'boom' });
    expect(serializeError(null)).toMatchObject({ type: 'object', message: 'null' });
    // Serialising twice (the job queue does, then pino) changes nothing.
    expect(serializeError(serializeError(outer))).toEqual(serialized);
  });

  it('replaces hashes, tokens and password values in text, and leaves ordinary words, ids and UUIDs', () => {
    expect(scrubSecrets(`hash ${hash} end`)).toBe(`hash ${REDACTED} end`);
    expect(scrubSecrets(`token ${TOKEN}`)).toBe(`token ${REDACTED}`);
    expect(scrubSecrets(`a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2`)).toBe(REDACTED);
    expect(scrubSecrets('authorization: Bearer abc.def')).toBe(`authorization: Bearer ${REDACTED}`);
    expect(scrubSecrets('{"password":"hunter2","name":"Ada"}')).toBe(`{"password":"${REDACTED}","name":"Ada"}`);
    expect(scrubSecrets('where "token_hash" = $1')).toBe('where "token_hash" = $1');
    const plain = 'job 3f2b8c1e-9a4d-4e7f-8b2a-1c3d5e7f9a0b failed in /work/main/node_modules/pg-pool/index.js:45';
    expect(scrubSecrets(plain)).toBe(plain);
    expect(scrubMessage('duplicate key value violates unique constraint "users_email_unique"')).toBe(
      'duplicate key value violates unique constraint "users_email_unique"',
    );
  });
});
