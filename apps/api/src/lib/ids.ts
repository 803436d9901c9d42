import { z } from 'zod';

/** Largest value of a PostgreSQL integer column: larger ids cannot exist and must not reach SQL. */
export const MAX_DB_INT = 2_147_483_647;

/** A database id in a path, query or body (a string is coerced). */
export const dbId = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(1, 'A valid integer is required.')
  .max(MAX_DB_INT, 'A valid integer is required.');

/** `/…/{id}/…` path parameters. */
export const idParams = z.object({ id: dbId });
