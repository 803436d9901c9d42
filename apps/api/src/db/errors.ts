/**
 * Errors the database raises that callers act on. Both drivers report PostgreSQL's SQLSTATE as
 * `code`, but Drizzle may wrap the driver's error, so the code is looked for along `cause`.
 */

/** The unique-violation error (PostgreSQL 23505) in `error` or its causes; null for any other error. */
export function uniqueViolation(error: unknown): { constraint?: unknown } | null {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if ((e as { code?: unknown }).code === '23505') return e as { constraint?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique index refused the write (PostgreSQL 23505), whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}
