/**
 * What the core seeder (index.ts) hands to the feature seeders (play.ts, …). Kept in a module of
 * its own so that the feature seeders do not import index.ts, which imports them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Random } from '../../lib/random.ts';
import type { Executor } from '../client.ts';

export interface SeededPlayer {
  id: number;
  accountId: number;
  name: string;
  /** When the player started the program; play data starts here. */
  startedAt: Date;
}

export interface SeedContext {
  /** The seed's one transaction (seed/index.ts): everything a seeder writes commits with the rest, or not at all. */
  db: Executor;
  rng: Random;
  now: Date;
  passwordHash: string;
  accountIds: number[];
  players: SeededPlayer[];
  log: (line: string) => void;
  /** Where links in the demo data's e-mails point (the server's PUBLIC_URL). */
  publicUrl: string;
}

/** Each feature adds the rows its screens need, in order, after the core rows exist. */
export type Seeder = (ctx: SeedContext) => Promise<void>;

/**
 * `column = any($1)`: one array parameter, however many ids (an IN list of 100 000 accounts would
 * pass PostgreSQL's 65 535-parameter limit).
 */
export const anyOf = (column: AnyPgColumn, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::int[])`;
