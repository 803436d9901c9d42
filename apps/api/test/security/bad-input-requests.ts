/**
 * Bad requests for one operation of the OpenAPI document, as fast-check arbitraries: the whole body
 * replaced, one field of a valid body corrupted (wrong type, missing, control characters, unpaired
 * surrogates, huge text, numbers out of range, deep nesting, 10 000 items, SQL and HTML), a query
 * value or a path parameter replaced. Each says whether the contract must refuse it (`mustReject`:
 * any 2xx is then a defect) or may accept it (an extra field, SQL in a name: never a 5xx).
 */
import { MAX_JSON_DEPTH } from '@grove/domain/api/common';
import fc from 'fast-check';
import {
  fieldName,
  fieldsOf,
  plain,
  validValue,
  withField,
  type Fixtures,
  type JsonSchema,
  type Operation,
  type Parameter,
} from './bad-input-openapi.ts';

export interface BadRequest {
  method: string;
  url: string;
  /** The JSON text sent, or undefined for no body. */
  payload: string | undefined;
  /** What was broken, for the failure message and the replay. */
  what: string;
  mustReject: boolean;
}

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
const SURROGATES = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];
const SQL = ["'; drop table users; --", "1' or '1'='1", "'); select pg_sleep(5); --", '$$;delete from accounts;$$'];
const HTML = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];
const NUMBERS_AS_TEXT = ['NaN', 'Infinity', '-Infinity', '1e308', '-0', '0x10', '1e3', ''];
export const HUGE_TEXT = 'x'.repeat(100_001);
export const DEEP_DEPTH = 5_000;
export const MANY_ITEMS = 10_000;

/** JSON text nested `depth` levels deep (built as text: JSON.stringify would overflow the stack). */
export const deepJson = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
export const deepObjectJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Marks a value to be written as raw JSON text in place (deep nesting). */
const RAW = '\u0000raw:';
const raw = (jsonText: string) => `${RAW}${jsonText}`;

/** JSON text of a body, with raw markers replaced by their text. */
export function toJson(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => value).replace(
    /"\\u0000raw:((?:[^"\\]|\\.)*)"/g,
    (_match, text: string) => JSON.parse(`"${text}"`) as string,
  );
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Would the schema's declared type refuse this value? (null only when not nullable). */
function wrongType(schema: JsonSchema, value: unknown): boolean {
  const s = plain(schema);
  const nullable = schema.nullable || s.nullable || (schema.anyOf ?? []).some((branch) => branch.type === 'null');
  if (value === null) return !nullable && s.type !== undefined;
  switch (s.type) {
    case 'string':
      return typeof value !== 'string';
    case 'integer':
      return typeof value !== 'number' || !Number.isInteger(value);
    case 'number':
      return typeof value !== 'number';
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return !Array.isArray(value);
    case 'object':
      return typeOf(value) !== 'object';
    default:
      return false;
  }
}

const outOfRange = (schema: JsonSchema, value: number) => {
  const s = plain(schema);
  return (
    (typeof s.minimum === 'number' && value < s.minimum) ||
    (typeof s.maximum === 'number' && value > s.maximum) ||
    (s.type === 'integer' && !Number.isInteger(value))
  );
};

interface Corruption {
  value: unknown;
  what: string;
  mustReject: boolean;
}

/** No number Grove stores reaches these, whatever its documented range. */
const ENORMOUS = [1e308, -1e308, 2 ** 53 + 1];
const NUMBERS = [1e308, -1e308, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 1, -1, 0, 0.5, -0.000001, 1e-300];

/** A bad value for a field of this schema. */
function corruption(schema: JsonSchema): fc.Arbitrary<Corruption> {
  const s = plain(schema);
  const isText = s.type === 'string';
  const typed = (value: unknown, what: string) => ({ value, what, mustReject: wrongType(schema, value) });
  const options: fc.Arbitrary<Corruption>[] = [
    // Control characters and unpaired surrogates: refused by every text field and every other type.
    fc
      .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 6 }))
      .map(([a, c, b]) => ({
        value: `${a}${c}${b}`,
        what: `control U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        mustReject: true,
      })),
    fc
      .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...SURROGATES))
      .map(([a, c]) => ({ value: `${a}${c}`, what: `unpaired surrogate`, mustReject: true })),
    fc.constant({ value: HUGE_TEXT, what: 'text of 100 001 characters', mustReject: true }),
    fc.constantFrom(...SQL, ...HTML).map((value) => typed(value, `payload ${JSON.stringify(value)}`)),
    fc.constantFrom(...NUMBERS_AS_TEXT).map((value) => typed(value, `number as text ${JSON.stringify(value)}`)),
    fc.constantFrom(...NUMBERS).map((value) => ({
      value,
      what: `number ${value}`,
      mustReject:
        wrongType(schema, value) ||
        ((s.type === 'integer' || s.type === 'number') && (outOfRange(schema, value) || ENORMOUS.includes(value))),
    })),
    fc
      .constantFrom(null, true, false, {}, [], { $gt: '' }, ['a', 1])
      .map((value) => typed(value, `${JSON.stringify(value)}`)),
    fc.constant({ value: raw(deepJson(DEEP_DEPTH)), what: `array nested ${DEEP_DEPTH} deep`, mustReject: true }),
    fc.constant({ value: raw(deepObjectJson(40)), what: 'object nested 40 deep', mustReject: true }),
    fc.constant({
      value: Array.from({ length: MANY_ITEMS }, () => (isText ? 'a' : 1)),
      what: `array of ${MANY_ITEMS} items`,
      mustReject: s.type !== 'array' || (s.maxItems ?? Infinity) < MANY_ITEMS,
    }),
  ];
  return fc.oneof(...options);
}

/** A bad text for a path or query parameter (the URL carries text). */
function parameterCorruption(parameter: Parameter): fc.Arbitrary<Corruption> {
  const s = plain(parameter.schema);
  const numeric = s.type === 'integer' || s.type === 'number';
  const isPath = parameter.in === 'path';
  const texts: Corruption[] = [
    ...[
      '%00',
      '0',
      '-1',
      '2147483648',
      '99999999999999999999',
      '1.5',
      '1e3',
      '-0',
      '0x1',
      'NaN',
      'Infinity',
      'abc',
      ' 1',
    ].map((value) => {
      const number = value === '%00' ? NaN : Number(value);
      const refused =
        !numeric ||
        !/^-?\d+$/.test(value) ||
        (typeof s.minimum === 'number' && number < s.minimum) ||
        (typeof s.maximum === 'number' && number > s.maximum);
      // A path id names a thing: no such thing answers 4xx too.
      return {
        value,
        what: `${parameter.in} ${parameter.name}=${value}`,
        mustReject: value === '%00' || (isPath ? numeric : refused && numeric),
      };
    }),
    ...SQL.map((value) => ({ value, what: `${parameter.in} ${parameter.name}=${value}`, mustReject: numeric })),
    { value: '<script>alert(1)</script>', what: `${parameter.in} ${parameter.name}=<script>`, mustReject: numeric },
    {
      value: HUGE_TEXT.slice(0, 5_000),
      what: `${parameter.in} ${parameter.name}=5 000 characters`,
      mustReject: numeric || s.maxLength !== undefined,
    },
  ];
  const controls = fc
    .tuple(fc.constantFrom('', '1', 'a'), fc.constantFrom(...CONTROL, ...SURROGATES))
    .map(([a, c]) => ({
      value: `${a}${c}`,
      what: `${parameter.in} ${parameter.name} with U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      // The bytes of an unpaired surrogate are not UTF-8: the router refuses them in a path, the
      // query parser reads them as U+FFFD (harmless text; never a 5xx).
      mustReject: isPath || CONTROL.includes(c),
    }));
  return fc.oneof(fc.constantFrom(...texts), controls);
}

export interface RequestContext {
  fixtures: Fixtures;
  /** A valid value for a path parameter of this operation. */
  pathValue(operation: Operation, parameter: Parameter): string;
}

/** URL text of a value: `%00` is sent as is (the router decodes it), an unpaired surrogate as the bytes of one. */
function encodeParameter(value: string) {
  if (value === '%00') return value;
  return encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
}

/** The valid request of an operation: its path filled in, its query's valid values, its body. */
export function validRequest(operation: Operation, context: RequestContext) {
  const params = Object.fromEntries(operation.pathParams.map((p) => [p.name, context.pathValue(operation, p)]));
  const query = Object.fromEntries(
    operation.queryParams
      .filter((p) => p.required)
      .map((p) => [p.name, String(validValue(p.schema, p.name, context.fixtures))]),
  );
  const body = operation.body ? validValue(operation.body, '', context.fixtures) : undefined;
  return { params, query, body };
}

export function buildUrl(path: string, params: Record<string, string>, query: Record<string, string | string[]>) {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeParameter(params[name] ?? ''));
  const search = Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((one) => `${encodeURIComponent(key)}=${encodeParameter(one)}`),
    )
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** Bad requests for an operation: body, field, query and path corruptions of its valid request. */
export function badRequests(operation: Operation, context: RequestContext): fc.Arbitrary<BadRequest> {
  const valid = validRequest(operation, context);
  const make = (
    what: string,
    mustReject: boolean,
    parts: { params?: Record<string, string>; query?: Record<string, string | string[]>; body?: unknown; raw?: string },
  ): BadRequest => ({
    method: operation.method,
    url: buildUrl(operation.path, parts.params ?? valid.params, parts.query ?? valid.query),
    payload:
      parts.raw ?? ('body' in parts ? toJson(parts.body) : valid.body === undefined ? undefined : toJson(valid.body)),
    what,
    mustReject,
  });
  const arbitraries: fc.Arbitrary<BadRequest>[] = [];

  if (operation.body) {
    const schema = operation.body;
    const fields = fieldsOf(schema);
    arbitraries.push(
      fc
        .constantFrom<[string, string]>(
          ['"a string"', 'a string for the body'],
          ['42', 'a number for the body'],
          ['null', 'null for the body'],
          ['[]', 'an empty list for the body'],
          [JSON.stringify(Array.from({ length: MANY_ITEMS }, (_, i) => i)), `a list of ${MANY_ITEMS} for the body`],
          [deepJson(DEEP_DEPTH), `a body nested ${DEEP_DEPTH} deep`],
          [deepObjectJson(DEEP_DEPTH), `an object nested ${DEEP_DEPTH} deep`],
          [`{"a":${deepJson(MAX_JSON_DEPTH)}}`, `a body nested ${MAX_JSON_DEPTH + 1} deep`],
        )
        .map(([text, what]) => make(what, plain(schema).type !== 'string' || text !== '"a string"', { raw: text })),
    );
    if (fields.length > 0) {
      arbitraries.push(
        fc.constantFrom(...fields).chain((field) =>
          corruption(field.schema).map((bad) =>
            make(`${fieldName(field.path)}: ${bad.what}`, bad.mustReject, {
              body: withField(valid.body, field.path, bad.value),
            }),
          ),
        ),
        fc.constantFrom(...fields).map((field) =>
          make(`${fieldName(field.path)} missing`, field.required, {
            body: withField(valid.body, field.path, undefined, true),
          }),
        ),
        fc
          .tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'is_staff', 'account_id'), corruption({}))
          .map(([name, bad]) =>
            make(`extra field ${name}: ${bad.what}`, false, {
              raw: toJson(valid.body).replace(/^\{/, `{${JSON.stringify(name)}:${toJson(bad.value)},`),
            }),
          ),
      );
    }
  }
  for (const parameter of operation.queryParams) {
    arbitraries.push(
      parameterCorruption(parameter).map((bad) =>
        make(bad.what, bad.mustReject, { query: { ...valid.query, [parameter.name]: bad.value as string } }),
      ),
      fc.constant(
        make(`query ${parameter.name} repeated`, false, { query: { ...valid.query, [parameter.name]: ['1', '2'] } }),
      ),
    );
  }
  for (const parameter of operation.pathParams) {
    arbitraries.push(
      parameterCorruption(parameter).map((bad) =>
        make(bad.what, bad.mustReject, { params: { ...valid.params, [parameter.name]: bad.value as string } }),
      ),
    );
  }
  return fc.oneof(...arbitraries);
}

/**
 * The corruptions every run tries whatever the seed: each field with a NUL, 2³¹ and left out, each
 * parameter as `%00` and 2³¹ (the defects issue 16 found), so no route depends on luck for them.
 */
export function fixedBadRequests(operation: Operation, context: RequestContext): BadRequest[] {
  const valid = validRequest(operation, context);
  const url = (params = valid.params, query: Record<string, string> = valid.query) =>
    buildUrl(operation.path, params, query);
  const payload = valid.body === undefined ? undefined : toJson(valid.body);
  const requests: BadRequest[] = [];
  for (const field of operation.body ? fieldsOf(operation.body) : []) {
    const name = fieldName(field.path);
    const s = plain(field.schema);
    requests.push(
      {
        method: operation.method,
        url: url(),
        payload: toJson(withField(valid.body, field.path, 'a\u0000b')),
        what: `${name}: NUL`,
        mustReject: true,
      },
      {
        method: operation.method,
        url: url(),
        payload: toJson(withField(valid.body, field.path, 2 ** 31)),
        what: `${name}: 2147483648`,
        mustReject:
          wrongType(field.schema, 2 ** 31) ||
          ((s.type === 'integer' || s.type === 'number') && outOfRange(field.schema, 2 ** 31)),
      },
      {
        method: operation.method,
        url: url(),
        payload: toJson(withField(valid.body, field.path, undefined, true)),
        what: `${name} missing`,
        mustReject: field.required,
      },
    );
  }
  for (const parameter of [...operation.pathParams, ...operation.queryParams]) {
    const numeric = ['integer', 'number'].includes(plain(parameter.schema).type ?? '');
    for (const value of ['%00', '2147483648']) {
      const params = parameter.in === 'path' ? { ...valid.params, [parameter.name]: value } : valid.params;
      const query = parameter.in === 'query' ? { ...valid.query, [parameter.name]: value } : valid.query;
      requests.push({
        method: operation.method,
        url: url(params, query),
        payload,
        what: `${parameter.in} ${parameter.name}=${value}`,
        mustReject: value === '%00' || numeric,
      });
    }
  }
  return requests;
}
