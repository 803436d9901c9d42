/**
 * The API contract's building blocks (docs/decisions/0009-api-contract.md). Every route of the API
 * is an `endpoint` in one of the files beside this one: its method, path, request schemas and
 * answer schemas, written once. The server validates requests, serialises answers and documents
 * itself (OpenAPI at /api/docs) from these objects; the web takes its types from them with
 * `import type`, so no schema code reaches the browser unless a form needs it.
 *
 * The blocks carry the limits every route inherits: text refuses control characters and has a
 * length, every integer has the range of its column (or the spec's), lists have a size, JSON
 * objects a size, and request bodies a nesting depth (enforced by the server's JSON parser).
 */
import * as z from 'zod';

import { PAGE_SIZES } from '../constants.ts';
import { stringInput, unsafeTextMessage } from '../text.ts';
import { messages, template } from '../translation.ts';

/** The largest value of a PostgreSQL integer column. */
export const INT4_MAX = 2_147_483_647;
/** The deepest JSON a request body may nest (objects and arrays). */
export const MAX_JSON_DEPTH = 32;
/** The largest JSON request body, unless a route says otherwise. */
export const MAX_BODY_BYTES = 1024 * 1024;

export const API_MESSAGES = messages({
  required: 'This field is required.',
  blank: 'May not be blank.',
  tooLong: template('At most {max} characters.', (max: number) => ({ max })),
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  dateTime: 'Must be an ISO 8601 date-time with a time zone.',
  date: 'Must be a date, YYYY-MM-DD.',
  range: template('Must be between {min} and {max}.', (min: number, max: number) => ({ min, max })),
  /** A range with its unit ('Must be between 1 and 12 months.'): the unit is one of UNITS. */
  rangeIn: template('Must be between {min} and {max} {unit}.', (min: number, max: number, unit: Unit) => ({
    min,
    max,
    unit,
  })),
  negative: 'May not be negative.',
  atMost: template('At most {max}.', (max: number) => ({ max })),
  atMostIn: template('At most {max} {unit}.', (max: number, unit: Unit) => ({ max, unit })),
  boolean: 'Must be true or false.',
  list: 'A list is required.',
  listTooLong: template('At most {max} items.', (max: number) => ({ max })),
  object: 'A JSON object is required.',
  objectTooLarge: template('At most {size} KiB.', (bytes: number) => ({ size: Math.round(bytes / 1024) })),
  tooDeep: `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  choice: template('Choose one of: {choices}.', (choices: readonly string[]) => ({ choices: choices.join(', ') })),
  pagesStartAt1: 'Pages start at 1.',
  pageSizeAtLeast1: 'Ensure this value is greater than or equal to 1.',
  cursorInvalid: 'This page link is no longer valid. Start again from the first page.',
  controlCharactersInObject: 'Remove the control characters (such as NUL) from this object.',
});

/** The units a request integer's message may name (translated with the message). */
export const UNITS = messages({ months: 'months', minutes: 'minutes', bpm: 'bpm', seconds: 'seconds' });
export type Unit = (typeof UNITS)[keyof typeof UNITS];

/**
 * Request text: a string of at most `max` characters (code points) without control characters
 * (`multiline` allows tab and line breaks), trimmed; blank is refused unless `allowBlank`.
 */
export function text(options: { max: number; multiline?: boolean; allowBlank?: boolean; required?: string }) {
  const { max, multiline = false, allowBlank = false, required = API_MESSAGES.required } = options;
  return stringInput(required)
    .superRefine((value, ctx) => {
      const unsafe = unsafeTextMessage(value, multiline);
      if (unsafe) ctx.addIssue({ code: 'custom', message: unsafe });
      else if (!allowBlank && value.trim() === '') ctx.addIssue({ code: 'custom', message: API_MESSAGES.blank });
      else if ([...value].length > max) ctx.addIssue({ code: 'custom', message: API_MESSAGES.tooLong(max) });
    })
    .transform((value) => value.trim())
    .meta({ maxLength: max });
}

/**
 * A request integer in [min, max] (a JSON number; see `idParam` for path and query values). From 0
 * up the messages read "May not be negative." and "At most N <unit>."; otherwise "Must be between".
 */
export function int(min: number, max: number, unit?: Unit) {
  const base = z.number({ error: API_MESSAGES.integer }).int(API_MESSAGES.integer);
  const atMost = unit ? API_MESSAGES.atMostIn(max, unit) : API_MESSAGES.atMost(max);
  if (min === 0) return base.min(0, API_MESSAGES.negative).max(max, atMost);
  const range = unit ? API_MESSAGES.rangeIn(min, max, unit) : API_MESSAGES.range(min, max);
  return base.min(min, range).max(max, range);
}

/** A database id in a JSON body. */
export const id = /* @__PURE__ */ int(1, INT4_MAX);

/** Decimal digits, an optional minus: the only integer text a path or query may carry. */
const DECIMAL = /^-?\d{1,16}$/;

/**
 * An integer in a path or query string, coerced from its text: decimal digits only, so that '1e3',
 * '0x1', ' 1', '1\u000b' and '1.0' (which `Number()` would all read as numbers) are refused like
 * any other text that is not an integer. `messages` words the range ends (the integer message by default).
 */
export function intParam(min: number, max: number, messages: { integer?: string; min?: string; max?: string } = {}) {
  const integer = messages.integer ?? API_MESSAGES.integer;
  return z.preprocess(
    (value) => (typeof value === 'string' && !DECIMAL.test(value) ? Number.NaN : value),
    z.coerce
      .number({ message: integer })
      .int(integer)
      .min(min, messages.min ?? integer)
      .max(max, messages.max ?? integer),
  );
}

/** A database id in a path or query string (text, coerced). */
export const idParam = /* @__PURE__ */ intParam(1, INT4_MAX);

/** `/…/{id}/…` path parameters. */
export const idParams = /* @__PURE__ */ z.object({ id: idParam });

export const boolean = /* @__PURE__ */ z.boolean({ error: API_MESSAGES.boolean });

/** A request list of at most `max` items. */
export function list<T extends z.ZodType>(item: T, max: number) {
  return z.array(item, { error: API_MESSAGES.list }).max(max, API_MESSAGES.listTooLong(max));
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: API_MESSAGES.choice(values) });
}

/** Any JSON text in a JSON object value: a NUL cannot be stored (jsonb), a control character is refused. */
const CONTROL_ESCAPE = /\\u00(?:[01][0-9a-fA-F]|7[fF])/;

/** A JSON object of at most `maxBytes` serialised, holding no control characters in any string. */
export function jsonObject(maxBytes: number) {
  return z.record(z.string(), z.unknown(), { error: API_MESSAGES.object }).superRefine((value, ctx) => {
    const serialised = JSON.stringify(value);
    if (serialised.length > maxBytes) ctx.addIssue({ code: 'custom', message: API_MESSAGES.objectTooLarge(maxBytes) });
    else if (CONTROL_ESCAPE.test(serialised) || unsafeTextMessage(serialised, true)) {
      ctx.addIssue({ code: 'custom', message: API_MESSAGES.controlCharactersInObject });
    }
  });
}

/** `page` (from 1) and `page_size` (capped at `max`, never an error when larger). */
export function pageQuery(defaultSize: number = PAGE_SIZES.default, max: number = PAGE_SIZES.max) {
  return z.object({
    page: intParam(1, INT4_MAX, { min: API_MESSAGES.pagesStartAt1 }).default(1),
    page_size: intParam(1, INT4_MAX, { min: API_MESSAGES.pageSizeAtLeast1 })
      .default(defaultSize)
      .transform((value) => Math.min(value, max)),
  });
}

// Answer blocks. Answers are serialised from their JSON schema (unknown fields are dropped), never
// parsed on the way out, so they carry no transforms and no refinements.

export const count = /* @__PURE__ */ z.number().int();
export const timestamp = /* @__PURE__ */ z.string().describe('ISO 8601 date-time (UTC).');
export const localDate = /* @__PURE__ */ z.string().describe('A local calendar date, YYYY-MM-DD.');

/** A paged list: `{ count, next, previous, results }`, links carrying `page`. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    count,
    next: z.string().nullable().describe('The next page (a full link), or null on the last.'),
    previous: z.string().nullable().describe('The previous page (a full link), or null on the first.'),
    results: z.array(item),
  });
}

// Keyset pages (large tables): an opaque cursor in full links.

/** An optional query filter: absent or blank means "any". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Keyset cursor: 'last', or the opaque text the previous answer's links carry. */
export const cursor = stringInput(API_MESSAGES.required)
  .max(400, API_MESSAGES.cursorInvalid)
  .regex(/^(last|[A-Za-z0-9_-]+)$/, API_MESSAGES.cursorInvalid);

/** A page read by keyset: `count`, the four links (each a full URL carrying `cursor`), `results`. */
export function keysetPage<T extends z.ZodType>(item: T) {
  return z.object({
    count,
    next: z.string().nullable().describe('The next page, or null on the last.'),
    previous: z.string().nullable().describe('The previous page, or null on the first.'),
    first: z.string().describe('The first page.'),
    last: z.string().describe('The last page.'),
    results: z.array(item),
  });
}

export function keysetQuery(defaultSize: number, max: number) {
  return z.object({
    cursor: optional(cursor),
    page_size: optional(
      intParam(1, INT4_MAX, { min: API_MESSAGES.pageSizeAtLeast1 }).transform((value) => Math.min(value, max)),
    ).transform((value) => value ?? defaultSize),
  });
}

export const detailAnswer = /* @__PURE__ */ z.object({ detail: z.string() });
export const emptyAnswer = /* @__PURE__ */ z.object({});

// Endpoints.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** What the API documents and checks of a route (Fastify's route schema, with Zod schemas). */
export interface EndpointSchema {
  tags: string[];
  summary: string;
  description?: string;
  // No `security`: the published document derives it from the route's access policy (apps/api lib/openapi.ts).
  /** Content types of the answer when it is not JSON. */
  produces?: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

export interface Endpoint<S extends EndpointSchema = EndpointSchema> {
  method: Method;
  /** Fastify's path syntax ('/api/v2/player/:id'); a trailing slash is optional on the wire. */
  url: string;
  /** The same route under other paths (an older API version's path). */
  aliases?: readonly string[];
  schema: S;
}

/**
 * An endpoint as a caller names it: its method and path, without its schemas, typed by the endpoint
 * it stands for (`endpoint` is never set: it only carries the type). The web calls these
 * (packages/domain/src/api/endpoints/*.ts, generated from the contract), so no Zod reaches its bundle.
 */
export interface EndpointRef<E extends Endpoint = Endpoint> {
  readonly method: Method;
  readonly url: string;
  readonly endpoint?: E;
}

/** One route of the contract. */
export function endpoint<S extends EndpointSchema>(
  method: Method,
  url: string,
  schema: S,
  options: { aliases?: readonly string[] } = {},
): Endpoint<S> {
  return { method, url, schema, ...options };
}

type ResponseOf<E extends Endpoint> = E['schema']['response'];

/** The answer of an endpoint for a status (200 by default), as it travels. */
export type Reply<E extends Endpoint, Status extends keyof ResponseOf<E> = 200 & keyof ResponseOf<E>> = z.input<
  ResponseOf<E>[Status]
>;
/** The answer of an endpoint when it succeeds (its 200, 201, 202 or 204), as it travels. */
export type SuccessReply<E extends Endpoint> = z.input<ResponseOf<E>[(200 | 201 | 202 | 204) & keyof ResponseOf<E>]>;
/** The body an endpoint accepts, as a client sends it. */
export type RequestBody<E extends Endpoint> = E['schema']['body'] extends z.ZodType
  ? z.input<E['schema']['body']>
  : never;
/** The query an endpoint accepts, as a client sends it. */
export type RequestQuery<E extends Endpoint> = E['schema']['querystring'] extends z.ZodType
  ? z.input<E['schema']['querystring']>
  : never;
/** The path parameters an endpoint takes, as a client sends them. */
export type RequestParams<E extends Endpoint> = E['schema']['params'] extends z.ZodType
  ? z.input<E['schema']['params']>
  : never;
/** The body as the server sees it once the contract parsed it (defaults filled in, text trimmed). */
export type ParsedBody<E extends Endpoint> = E['schema']['body'] extends z.ZodType
  ? z.output<E['schema']['body']>
  : never;
/** A page request as the server sees it (`page` from 1, `page_size` already capped). */
export type Paging = z.output<ReturnType<typeof pageQuery>>;
