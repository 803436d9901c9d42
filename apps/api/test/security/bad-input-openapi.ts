/**
 * The routes of the OpenAPI document (GET /api/docs/json) as the bad-input test needs them: every
 * operation with a body, a query or path parameters, its parameters' and body's JSON schemas, and a
 * request derived from those schemas that should pass them (the starting point of the mutations).
 */

export interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for each path parameter. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
  bodyRequired: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options']);

/** Every operation that takes a body, a query or path parameters (the others have no input). */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document as OpenApiDocument).paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in as Parameter['in'],
        required: parameter.required ?? false,
        schema: parameter.schema ?? {},
      }));
      const content = operation.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      const op: Operation = {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body,
        bodyRequired: operation.requestBody?.required ?? false,
      };
      if (op.body || op.pathParams.length > 0 || op.queryParams.length > 0) operations.push(op);
    }
  }
  return operations;
}

/** The one branch of a nullable union, or the schema itself. */
export function plain(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return plain(branches.find((branch) => branch.type !== 'null') ?? {});
  if (schema.allOf?.length === 1) return plain(schema.allOf[0]!);
  return schema;
}

/** The ids a derived request uses for fields and path parameters that name a thing. */
export interface Fixtures {
  accountId: number;
  playerId: number;
  userId: number;
  otherUserId: number;
  deviceId: number;
  email: string;
  now: Date;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

function validString(schema: JsonSchema, name: string, fixtures: Fixtures): string {
  const key = name.toLowerCase();
  if (schema.format === 'date-time' || /T\(\?:/.test(schema.pattern ?? '')) {
    return new Date(fixtures.now.getTime() - 3_600_000).toISOString();
  }
  if (schema.format === 'date' || schema.pattern?.includes('-02-29') || schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return today(fixtures.now);
  }
  if (schema.pattern?.includes('[0-5]\\d$')) return '09:00';
  if (schema.pattern?.startsWith('^(last|')) return 'last';
  if (schema.format === 'uri' || key.endsWith('url')) return 'https://example.test/';
  if (key.includes('email') || key === 'username') return fixtures.email;
  if (key.includes('phone')) return '2025550143';
  if (key.includes('password')) return 'Correct-Horse-9-battery';
  if (key.includes('zip') || key.includes('postal')) return '10001';
  if (key === 'state') return 'NY';
  if (key.includes('country')) return 'US';
  if (key.includes('time_zone') || key.includes('timezone')) return 'America/New_York';
  if (key.includes('currency')) return 'usd';
  const text = 'Valid text';
  return schema.maxLength !== undefined && schema.maxLength < text.length ? 'V'.repeat(schema.maxLength) : text;
}

function validNumber(schema: JsonSchema, name: string, fixtures: Fixtures): number {
  const key = name.toLowerCase();
  let wanted = 1;
  if (key.includes('player')) wanted = fixtures.playerId;
  else if (key.includes('account')) wanted = fixtures.accountId;
  else if (key.includes('device')) wanted = fixtures.deviceId;
  else if (key.includes('user')) wanted = fixtures.userId;
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return Math.min(Math.max(wanted, min), max);
}

/** A value the schema should accept (best effort: names and formats pick plausible text). */
export function validValue(schema: JsonSchema, name: string, fixtures: Fixtures): unknown {
  const s = plain(schema);
  if (s.enum && s.enum.length > 0) return s.enum.find((value) => value !== null) ?? s.enum[0];
  if (s.default !== undefined && s.type !== 'object' && s.type !== 'array' && s.default !== '') return s.default;
  switch (s.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, child]) => [key, validValue(child, key, fixtures)]),
      );
    case 'array':
      return s.items
        ? Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValue(s.items!, name, fixtures))
        : [];
    case 'string':
      return validString(s, name, fixtures);
    case 'integer':
    case 'number':
      return validNumber(s, name, fixtures);
    case 'boolean':
      return true;
    default:
      return 'Valid text';
  }
}

/** A path into a body: property names and array indexes. */
export type FieldPath = (string | number)[];

export interface Field {
  path: FieldPath;
  schema: JsonSchema;
  /** Required by its object and without a default: leaving it out must be refused. */
  required: boolean;
}

/** Every field of a body schema (nested objects and the first item of arrays included). */
export function fieldsOf(schema: JsonSchema, path: FieldPath = []): Field[] {
  const s = plain(schema);
  const fields: Field[] = [];
  if (s.type === 'object') {
    for (const [name, child] of Object.entries(s.properties ?? {})) {
      const required =
        (s.required ?? []).includes(name) && plain(child).default === undefined && child.default === undefined;
      fields.push({ path: [...path, name], schema: child, required });
      fields.push(...fieldsOf(child, [...path, name]));
    }
  } else if (s.type === 'array' && s.items) {
    // Leaving the only item out leaves a shorter list: refused only below the list's minimum.
    fields.push({ path: [...path, 0], schema: s.items, required: (s.minItems ?? 0) >= 1 });
    fields.push(...fieldsOf(s.items, [...path, 0]));
  }
  return fields;
}

/** A copy of `value` with the field at `path` replaced (or removed when `remove`). */
export function withField(value: unknown, path: FieldPath, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && remove) copy.splice(head as number, 1);
    else copy[head as number] = withField(copy[head as number], rest, replacement, remove);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[head as string];
  else copy[head as string] = withField(copy[head as string], rest, replacement, remove);
  return copy;
}

/** The path of a field for messages: `sessions[0].player_id`. */
export const fieldName = (path: FieldPath) =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('') ||
  '(body)';
