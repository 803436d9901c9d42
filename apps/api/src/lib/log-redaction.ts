/**
 * What an error may carry into the logs (issue 16, "secrets in the wrong places"). Every log entry
 * that holds an error holds it under `err` (Fastify's request log, the error handler, the job
 * queue, the crash path of server.ts), and app.ts serialises that key with `serializeError`:
 *
 * - an allow-list of fields: the error's type, message, code, stack frames and the database's
 *   non-value fields (severity, routine, constraint, table, column…), recursively over `cause`
 *   (and `errors` of an AggregateError). Anything else an error object holds — a user row with
 *   its password hash, the query's parameters (drizzle's `params`), PostgreSQL's `detail`
 *   ("Key (email)=(…) already exists") and `where` — never reaches the log;
 * - the message (and the stack's first line, which repeats it) loses everything from `params:`
 *   on: drizzle writes `Failed query: <sql>\nparams: <values>`;
 * - in every text kept, argon2 hashes, bearer tokens, long opaque tokens (our 43-character
 *   base64url tokens, hex digests) and `password=…` pairs are replaced by `[redacted]`.
 *
 * Path-based redaction in pino is not used: it would run on every request line (docs/decisions/0028),
 * and the request line is an allow-list already (app.ts).
 */

export const REDACTED = '[redacted]';

const MAX_DEPTH = 5;
const MAX_ERRORS = 10;

/** Fields of an error (ours, Node's, pg's, Fastify's, drizzle's) that hold no user values. */
const KEPT_STRINGS = [
  'code',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'syscall',
  // drizzle's DrizzleQueryError: the statement's text with $1… placeholders (scrubbed below).
  'query',
] as const;
const KEPT_NUMBERS = ['statusCode', 'errno'] as const;

const SECRET_PATTERNS: [RegExp, string | ((...groups: string[]) => string)][] = [
  // $argon2id$v=19$m=19456,t=2,p=1$salt$hash (and a truncated one).
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9+/=$,.]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[^\s"'`,;]+/gi, `$1 ${REDACTED}`],
  // password=…, "password": "…", password_hash: …, passwordHash=…
  [
    /\b(password\w*|passwd|secret\w*|token\w*)(["']?\s*[:=]\s*)(?!\$\d)("[^"]*"|'[^']*'|[^\s,;)}\]]+)/gi,
    (_match, key: string, separator: string, value: string) => {
      const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
      return `${key}${separator}${quote}${REDACTED}${quote}`;
    },
  ],
];

/** A run of 32+ base64url/hex characters with a letter and a digit (a token or digest), but not a UUID. */
const OPAQUE = /(?<![\w-])[A-Za-z0-9_-]{32,}(?![\w-])/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `text` without argon2 hashes, tokens and password values. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) {
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return out.replace(OPAQUE, (run) => (UUID.test(run) || !/\d/.test(run) || !/[A-Za-z]/.test(run) ? run : REDACTED));
}

/** An error message without a statement's parameters (drizzle: `Failed query: …\nparams: …`) and secrets. */
export function scrubMessage(message: string): string {
  const params = message.search(/\bparams:/);
  const kept = params === -1 ? message : message.slice(0, params).trimEnd();
  return scrubSecrets(kept);
}

/** The stack's frames (`at …` lines) under `header`: the stack's own first lines repeat the message. */
function scrubStack(stack: string, header: string): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return scrubSecrets([header, ...frames].join('\n'));
}

export interface SerializedError {
  type: string;
  message: string;
  /** The header line and the frames ('' when the error had none). */
  stack: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [key: string]: unknown;
}

function serialize(value: unknown, depth: number, seen: Set<object>): SerializedError {
  if (typeof value !== 'object' || value === null) {
    return { type: typeof value, message: scrubMessage(String(value)), stack: '' };
  }
  if (seen.has(value)) return { type: 'Circular', message: '[circular]', stack: '' };
  seen.add(value);
  const source = value as Record<string, unknown>;
  // Already serialised (the queue hands its logger a serialised error; pino serialises it again).
  const type =
    typeof source.type === 'string' && !(value instanceof Error)
      ? source.type
      : (Object.getPrototypeOf(value)?.constructor?.name as string | undefined) || 'Object';
  const message = scrubMessage(typeof source.message === 'string' ? source.message : '');
  const out: SerializedError = { type, message, stack: '' };
  for (const key of KEPT_STRINGS) {
    const field = source[key];
    if (typeof field === 'string' || (key === 'code' && typeof field === 'number')) {
      out[key] = typeof field === 'string' ? scrubMessage(field) : field;
    }
  }
  for (const key of KEPT_NUMBERS) if (typeof source[key] === 'number') out[key] = source[key];
  if (typeof source.stack === 'string' && source.stack !== '') {
    out.stack = scrubStack(source.stack, message ? `${type}: ${message}` : type);
  }
  if (depth < MAX_DEPTH) {
    if (source.cause !== undefined) out.cause = serialize(source.cause, depth + 1, seen);
    if (Array.isArray(source.errors)) {
      out.errors = source.errors.slice(0, MAX_ERRORS).map((inner) => serialize(inner, depth + 1, seen));
    }
  }
  return out;
}

/** The pino serializer of `err`: see the file's comment. */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, 0, new Set());
}
