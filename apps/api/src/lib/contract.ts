/**
 * How the server uses the API contract (packages/domain/src/api): routes are registered from its
 * endpoints; requests are validated by their Zod schemas (the spec's messages); answers are
 * serialised by fast-json-stringify, Fastify's compiled serializer, from the JSON schema of the
 * endpoint's answer (unknown fields are left out), and the OpenAPI document at /api/docs is made
 * from the very same JSON schemas.
 */
import { HTTP_MESSAGES } from '@grove/domain';
import type { Endpoint, EndpointSchema } from '@grove/domain/api/common';
import type {
  ContextConfigDefault,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify, { type Schema as SerializerSchema } from 'fast-json-stringify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Policy } from '../modules/auth/auth.plugin.ts';
import { requestLanguage, translateAnswer } from './language.ts';
import { FACTS_KEY, operationIdOf, securityOf, type OperationFacts } from './openapi.ts';
import type { App } from './types.ts';

type JsonSchema = Record<string, unknown>;

/** The OpenAPI 3.0 schema subset keeps `nullable`, which fast-json-stringify also understands. */
const TARGET = 'openapi-3.0';
const REMOVED_KEYWORDS = new Set(['$schema', 'id', '$id', 'propertyNames', 'contentEncoding', 'contentMediaType']);

/** Keywords that leave a schema taking any value. */
const ANNOTATIONS = new Set(['nullable', 'description', 'title', 'default', 'examples', 'deprecated']);

const isNullBranch = (schema: JsonSchema) =>
  schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;

/** Drops keywords OpenAPI 3.0 does not allow; `properties` keys are names, never keywords. */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  if (value === null || typeof value !== 'object') return value;
  const result: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (REMOVED_KEYWORDS.has(key)) continue;
    result[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(child as JsonSchema).map(([name, schema]) => [name, clean(schema)]))
        : clean(child);
  }
  return result;
}

const cache = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

/**
 * The JSON schema of a contract schema: `input` for what a request may send, `output` for an
 * answer. A nullable value is one schema with `nullable: true` rather than a union with null.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const cached = cache[io].get(schema);
  if (cached) return cached;
  const generated = z.toJSONSchema(schema, {
    target: TARGET,
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: ({ jsonSchema }) => {
      // Any value or null (z.unknown().nullable()): `{}` already takes null, and serialises the
      // same; a `nullable` without a type is not OpenAPI 3.0.
      if (jsonSchema.nullable === true && Object.keys(jsonSchema).every((key) => ANNOTATIONS.has(key))) {
        delete jsonSchema.nullable;
        return;
      }
      const anyOf = jsonSchema.anyOf as JsonSchema[] | undefined;
      if (!anyOf) return;
      const others = anyOf.filter((branch) => !isNullBranch(branch) && Object.keys(branch).length > 0);
      if (others.length === anyOf.length) return;
      if (others.length === 1) {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, others[0], { nullable: true });
      } else {
        jsonSchema.anyOf = others;
        jsonSchema.nullable = true;
      }
    },
  });
  const result = clean(generated) as JsonSchema;
  cache[io].set(schema, result);
  return result;
}

/** fast-json-stringify's function for an answer's Zod schema, from its JSON schema (no Zod on the way out). */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJsonStringify(toJsonSchema(schema, 'output') as unknown as SerializerSchema);
}

/**
 * Answers: each route's serializer is compiled on its first answer, not at start, where the few
 * hundred of them took a tenth of a cold start (decision 0062). contract.test.ts compiles every
 * answer schema of the published document, so a schema that cannot compile still fails a test.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compileSerializer(schema))(data);
};

/** Requests: the contract's Zod schemas, so every field fails with the spec's message. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error as unknown as Error };
  };

const PARTS = ['params', 'querystring', 'body', 'headers'] as const;

/**
 * @fastify/swagger's transform: the OpenAPI document from the same JSON schemas, each operation
 * named from the contract and secured by its route's policy (lib/openapi.ts); its error answers
 * are added once the document is whole (finishDocument).
 */
export function openApiTransform({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route?: { method: string | string[]; config?: { policy?: Policy } };
}) {
  if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
  const { response, ...rest } = schema as FastifySchema & { response?: Record<string, unknown> };
  const transformed: Record<string, unknown> = { ...rest };
  for (const part of PARTS) {
    const value = rest[part];
    if (value instanceof z.ZodType) transformed[part] = toJsonSchema(value, 'input');
  }
  if (response) {
    transformed.response = Object.fromEntries(
      Object.entries(response).map(([status, value]) => [
        status,
        value instanceof z.ZodType ? toJsonSchema(value, 'output') : value,
      ]),
    );
  }
  const method = [route?.method ?? 'GET'].flat()[0]!;
  const policy = route?.config?.policy;
  if (!policy) throw new Error(`${method} ${url}: no access policy to document`);
  const operationId = operationIdOf(method, url);
  transformed.operationId = operationId;
  transformed.security = securityOf(policy, method);
  const facts: OperationFacts = {
    operationId,
    policy,
    method,
    hasPathParams: url.includes(':'),
    hasBody: rest.body !== undefined,
  };
  transformed[FACTS_KEY] = facts;
  return { schema: transformed, url };
}

type Handler<S extends EndpointSchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** What a write concerns: the account (its audit log lists the row) and the changed thing's id. */
export interface AuditTarget {
  accountId: number | null;
  /** Left null for a create: the recorder takes the answer's `id`. */
  entityId: string | number | null;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The parts of a request an audit spec reads (already validated by the contract). */
export interface AuditRequest<S extends EndpointSchema> {
  params: Parsed<S['params']>;
  query: Parsed<S['querystring']>;
  body: Parsed<S['body']>;
}

/**
 * How a staff write is recorded in the audit log (modules/audit, issue 14 §7). Every unsafe route
 * a staff member may call declares one; the recorder reads `load` before and after the handler.
 */
export interface AuditSpec<S extends EndpointSchema = EndpointSchema> {
  /** The kind of thing changed: 'account', 'note', 'player', 'invoice', 'subscription'… */
  entity: string;
  target: (request: AuditRequest<S>) => AuditTarget | Promise<AuditTarget>;
  /** The thing's state before and after the write; without it, before is null and after the answer. */
  load?: (target: AuditTarget) => Promise<unknown>;
}

export interface RouteOptions<S extends EndpointSchema = EndpointSchema> {
  /** Who may call the route (auth.plugin.ts enforces it). */
  policy: Policy;
  /** The audit record of a staff write (see AuditSpec). */
  audit?: AuditSpec<S>;
  /** A larger (or smaller) body limit than the server's. */
  bodyLimit?: number;
  /** Checks the body with this schema instead of the endpoint's (documented) body schema. */
  bodyValidator?: z.ZodType;
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route runs answers in the
 * API's shapes. A path it cannot decode (a broken %-escape, bytes that are not UTF-8 such as an
 * unpaired surrogate) is refused like any other bad request content, 400 `{ non_field_errors }`;
 * a path segment past the router's length answers 414 `{ detail, code }`. Fastify's own answer
 * (`{ error, code, message }`) echoed the path and matched neither shape.
 */
export async function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .status(400)
      .send(await translateAnswer({ non_field_errors: [HTTP_MESSAGES.badUrl] }, requestLanguage(request)));
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const body = { detail: HTTP_MESSAGES.uriTooLong, code: 'uri_too_long' };
    return reply.status(414).send(await translateAnswer(body, requestLanguage(request)));
  }
  return reply.status(500).send({ detail: 'Internal Server Error', code: 'internal_error' });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers an endpoint of the contract (and its aliases) with its policy and handler. A staff
 * member's unsafe request goes through the audit recorder (modules/audit): a staff route that
 * writes must say what it changes (`audit`), or it is not registered at all.
 */
export function route<S extends EndpointSchema>(
  app: App,
  endpoint: Endpoint<S>,
  options: RouteOptions<S>,
  handler: Handler<S>,
) {
  const { bodyValidator } = options;
  const writes = UNSAFE.has(endpoint.method);
  if (writes && options.policy === 'staff' && !options.audit) {
    throw new Error(`${endpoint.method} ${endpoint.url}: a staff write needs an audit spec (RouteOptions.audit)`);
  }
  const audited = writes
    ? async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const run = () => (handler as (...args: unknown[]) => Promise<unknown>).call(this, request, reply);
        if (!request.user?.isStaff) return run();
        // A handler that answers with reply.send() is held until the audit row is written: no staff
        // write is answered before its audit row exists (and the recorder sees the answer's body).
        // The handler's own promise settles only once the answer is sent (a reply is a thenable),
        // so the hold is noticed by the send itself.
        let held: { payload: unknown } | undefined;
        let noticeHeld!: () => void;
        const sent = new Promise<void>((resolve) => (noticeHeld = resolve));
        const holding = reply as unknown as { send: (payload?: unknown) => FastifyReply };
        holding.send = (payload?: unknown) => {
          held = { payload };
          noticeHeld();
          return reply;
        };
        let answer: unknown;
        try {
          answer = await request.server.audit.record(
            { endpoint, spec: options.audit as AuditSpec | undefined, request, reply },
            async () => {
              const running = run();
              running.catch(() => undefined);
              const first = await Promise.race([running.then((value) => ({ value })), sent]);
              return first === undefined ? held!.payload : first.value;
            },
          );
        } finally {
          delete (holding as { send?: unknown }).send;
        }
        return held ? reply.send(answer) : answer;
      }
    : handler;
  for (const url of [endpoint.url, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      schema: endpoint.schema,
      config: { policy: options.policy },
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      ...(bodyValidator
        ? {
            validatorCompiler: ((part: { schema: z.ZodType; httpPart?: string }) =>
              validatorCompiler({
                ...part,
                schema: part.httpPart === 'body' ? bodyValidator : part.schema,
              } as never)) as never,
          }
        : {}),
      handler: audited as never,
    });
  }
}
