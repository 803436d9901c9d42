/**
 * The API contract is live: the server documents, validates and serialises from the same objects
 * the web takes its types from (packages/domain/src/api), and the contract's building blocks
 * refuse what would otherwise reach the database as a 500.
 */
import { MAX_JSON_DEPTH } from '@grove/domain/api/common';
import { gameApi } from '@grove/domain/api/game';
import { playApi } from '@grove/domain/api/play';
import { playersApi } from '@grove/domain/api/players';
import { userApi } from '@grove/domain/api/user';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent, createStaff } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { devices, players, playerStatChanges, playSessions } from '../db/schema/index.ts';
import Fastify from 'fastify';
import fastJsonStringify, { type Schema as SerializerSchema } from 'fast-json-stringify';
import { nestsDeeperThan } from './json-body.ts';
import { answerFrameworkError, serializerCompiler, toJsonSchema } from './contract.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

/** The OpenAPI path of a Fastify path: ':id' → '{id}'. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('has an answer schema that compiles to a serializer for every answer it documents (the server compiles each on first use)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
      >;
    };
    let compiled = 0;
    for (const [url, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const schema = answer.content?.['application/json']?.schema;
          if (!schema) continue;
          const serialize = fastJsonStringify(schema as SerializerSchema);
          expect(typeof serialize, `${method} ${url} ${status}`).toBe('function');
          compiled++;
        }
    expect(compiled).toBeGreaterThan(150);
  });

  it('gives three routes exactly the JSON schemas generated from the contract objects', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    const operation = (url: string, method: string) => document.paths[openApiPath(url)][method];

    const player = operation(playersApi.get.url, 'get');
    expect(player.responses['200'].content['application/json'].schema).toEqual(
      toJsonSchema(playersApi.get.schema.response[200], 'output'),
    );

    const weekly = operation(playApi.weekly.url, 'get');
    expect(weekly.responses['200'].content['application/json'].schema).toEqual(
      toJsonSchema(playApi.weekly.schema.response[200], 'output'),
    );
    expect(weekly.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'time_frame']);

    const patch = operation(userApi.patch.url, 'patch');
    expect(patch.requestBody.content['application/json'].schema).toEqual(
      toJsonSchema(userApi.patch.schema.body, 'input'),
    );
    expect(patch.responses['200'].content['application/json'].schema).toEqual(
      toJsonSchema(userApi.info.schema.response[200], 'output'),
    );

    // A nullable field is one schema with nullable: true (what fast-json-stringify serialises).
    const playerSchema = toJsonSchema(playersApi.get.schema.response[200], 'output') as {
      properties: Record<string, unknown>;
    };
    expect(playerSchema.properties.first_play_date).toMatchObject({ type: 'string', nullable: true });
  });

  it('names each operation from the contract, secures it by its policy and gives its errors from shared answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = (url: string, method: string) => document.paths[openApiPath(url)][method];
    const patch = operation(playersApi.patch.url, 'patch');
    expect(patch.operationId).toBe('playersPatch');
    expect(operation(playersApi.patch.aliases![0]!, 'patch').operationId).toBe('playersPatchAlias');
    expect(operation(playersApi.hrGauge.set.url, 'post').operationId).toBe('playersHrGaugeSet');
    expect(operation(playersApi.get.url, 'get').security).toEqual([{ accessToken: [] }, { sessionCookie: [] }]);
    expect(patch.security).toEqual([
      { accessToken: [], csrfCookie: [], csrfHeader: [] },
      { sessionCookie: [], csrfCookie: [], csrfHeader: [] },
    ]);
    expect(operation(gameApi.upload.url, 'post').security).toEqual([{ deviceToken: [] }]);
    expect(operation('/api/health', 'get').security).toEqual([]);
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    expect(patch.responses).toMatchObject({
      400: ref('BadRequest'),
      401: ref('Unauthorized'),
      403: ref('Forbidden'),
      404: ref('NotFound'),
      413: ref('PayloadTooLarge'),
    });
    expect(document.components.responses.BadRequest.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/FieldErrors',
    });
    expect(document.servers).toEqual([{ url: t.app.publicUrl, description: expect.any(String) }]);

    const ids: string[] = [];
    for (const item of Object.values(document.paths) as Record<string, { operationId: string; security: unknown[] }>[])
      for (const op of Object.values(item)) {
        ids.push(op.operationId);
        expect(op.security, op.operationId).toBeInstanceOf(Array);
      }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every alias of an endpoint', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const url of [playersApi.patch.url, ...(playersApi.patch.aliases ?? [])]) {
      expect(document.paths[openApiPath(url)].patch.summary).toBe(playersApi.patch.schema.summary);
    }
  });
});

describe('answers are serialised from the contract', () => {
  it('drops a field the answer schema does not name, such as a hash a service let slip', () => {
    const serialise = serializerCompiler({
      schema: userApi.info.schema.response[200],
      method: 'GET',
      url: userApi.info.url,
      httpStatus: '200',
    });
    const user = {
      id: 1,
      first_name: 'Ada',
      last_name: 'Lee',
      name: 'Ada Lee',
      full_name: 'Ada Lee',
      email: 'ada@example.com',
      pending_email: null,
      phonenumber: '',
      country: 'US',
      social_account: null,
      is_staff: false,
      is_coach: false,
      is_billing_user: true,
      role: 'user',
      account: null,
      billing_status: { status_name: 'ACTIVE' },
      language: 'es',
      password_hash: '$argon2id$secret',
    };
    const json = JSON.parse(serialise(user));
    expect(json).not.toHaveProperty('password_hash');
    expect(json).toEqual({ ...user, password_hash: undefined });
  });

  it('leaves out fields the contract does not name', async () => {
    const parent = await createParent(t.db, { players: ['Robin'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/player/${parent.players[0]!.id}/`,
      headers: parent.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(playersApi.get.schema.response[200].shape).sort());
  });
});

describe('the building blocks refuse hostile input with field messages', () => {
  it('refuses a NUL in a staff reason (400, nothing written)', async () => {
    const parent = await createParent(t.db, { players: ['Sam'] });
    const staff = await createStaff(t.db);
    const playerId = parent.players[0]!.id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/players/${playerId}/hr_gauge`,
      headers: staff.headers,
      payload: { value: 5, reason: 'bad\u0000reason' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ reason: ['Remove the control characters (such as NUL) from this text.'] });
    expect(await t.db.select().from(playerStatChanges).where(eq(playerStatChanges.playerId, playerId))).toEqual([]);
  });

  it('refuses 2^31 acorns as a new balance (400, the balance unchanged)', async () => {
    const parent = await createParent(t.db, { players: ['Kit'] });
    const staff = await createStaff(t.db);
    const playerId = parent.players[0]!.id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/player/${playerId}/`,
      headers: staff.headers,
      payload: { acorns: 2 ** 31 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ acorns: ['At most 2147483647.'] });
    const [row] = await t.db.select().from(players).where(eq(players.id, playerId));
    expect(row!.acorns).toBe(0);
  });

  it('refuses a NUL in a game session id: that session is rejected, the others are kept', async () => {
    const parent = await createParent(t.db, { players: ['Ash'] });
    const [device] = await t.db.insert(devices).values({ accountId: parent.account.id, name: 'Tablet' }).returning();
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/v2/user/accounts/${parent.account.id}/devices/${device!.id}/token/`,
      headers: parent.headers,
    });
    const token = issued.json().device_token as string;
    const session = (id: string) => ({
      game_session_id: id,
      player_id: parent.players[0]!.id,
      period_datetime: '2026-01-05T16:30:00Z',
      seconds_played: 600,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: gameApi.upload.url,
      headers: { authorization: `Bearer ${token}` },
      payload: { sessions: [session('nul\u0000id'), session('good-id')] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: ['good-id'],
      duplicates: [],
      rejected: [
        {
          index: 0,
          game_session_id: 'nul\u0000id',
          reasons: ['game_session_id: Remove the control characters (such as NUL) from this text.'],
        },
      ],
    });
    const stored = await t.db.select().from(playSessions).where(eq(playSessions.playerId, parent.players[0]!.id));
    expect(stored.map((s) => s.gameSessionId)).toEqual(['good-id']);
  });

  it('refuses a NUL in the login e-mail with a field message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/auth/login/',
      payload: { email: 'a\u0000@example.com', password: 'whatever' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Remove the control characters (such as NUL) from this text.'] });
  });

  it('refuses a body nested deeper than the contract allows, before any schema walks it', async () => {
    const parent = await createParent(t.db);
    const deep = `{"config_value":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/accounts/${parent.account.id}/remote_configs/metagame/`,
      headers: { ...parent.headers, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`],
    });
  });

  it('refuses a NUL inside a JSON object value (jsonb cannot hold it)', async () => {
    const parent = await createParent(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/accounts/${parent.account.id}/remote_configs/metagame/`,
      headers: parent.headers,
      payload: { config_value: { level: 'a\u0000b' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ config_value: ['Remove the control characters (such as NUL) from this object.'] });
  });

  it('refuses an id past the column range in a path with a field message, not a 500', async () => {
    const parent = await createParent(t.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/player/${2 ** 31}/`, headers: parent.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['A valid integer is required.'] });
  });
});

describe('integers in paths and queries are decimal digits', () => {
  it.each(['0x1', '1e0', '%201', '1%0B', '1.0', '+1', '%00'])('refuses the id %s with a field message', async (id) => {
    const parent = await createParent(t.db, { players: ['Ivy'] });
    expect(parent.players[0]!.id).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/player/${id}/`, headers: parent.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['A valid integer is required.'] });
  });

  it('refuses page=1e3 and page_size=0x10, and still caps a large page size', async () => {
    const parent = await createParent(t.db);
    const url = `/api/v2/user/accounts/${parent.account.id}/devices/`;
    const exponent = await t.app.inject({ method: 'GET', url: `${url}?page=1e3`, headers: parent.headers });
    expect(exponent.statusCode).toBe(400);
    expect(exponent.json()).toEqual({ page: ['A valid integer is required.'] });
    const hex = await t.app.inject({ method: 'GET', url: `${url}?page_size=0x10`, headers: parent.headers });
    expect(hex.statusCode).toBe(400);
    expect(hex.json()).toEqual({ page_size: ['A valid integer is required.'] });
    const large = await t.app.inject({ method: 'GET', url: `${url}?page=1&page_size=99999`, headers: parent.headers });
    expect(large.statusCode).toBe(200);
  });
});

describe('bodies that are not JSON', () => {
  it.each([
    ['text that is not JSON', '{"name": '],
    ['a __proto__ key', '{"__proto__": {"is_staff": true}, "name": "Ivy"}'],
  ])('answers %s with 400 non_field_errors', async (_what, payload) => {
    const parent = await createParent(t.db, { players: ['Ivy'] });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/player/${parent.players[0]!.id}/`,
      headers: { ...parent.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['The body is not valid JSON (or holds a key such as __proto__ that is not allowed).'],
    });
  });
});

describe('answerFrameworkError', () => {
  it('answers a path that is not UTF-8 with 400 non_field_errors, and an overlong one with 414', async () => {
    const app = Fastify({ frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 100 } });
    app.get('/things/:id', async () => ({ ok: true }));
    await app.ready();
    const broken = await app.inject({ method: 'GET', url: '/things/%ED%A0%80' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      non_field_errors: [
        'This address holds characters that are not allowed (a broken %-escape or text that is not UTF-8).',
      ],
    });
    const long = await app.inject({ method: 'GET', url: `/things/${'1'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'A part of this address is too long.', code: 'uri_too_long' });
    await app.close();
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[[["}', 1)).toBe(false);
  });
});
