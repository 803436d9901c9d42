/**
 * What the core seeder (index.ts) hands to the feature seeders (play.ts, …). Kept in a module of
 * its own so that the feature seeders do not import index.ts, which imports them.
 */
import type { Random } from '../../lib/random.ts';
import type { Db } from '../client.ts';

export interface SeededPlayer {
  id: number;
  accountId: number;
  name: string;
  /** When the player started the program; play data starts here. */
  startedAt: Date;
}

export interface SeedContext {
  db: Db;
  rng: Random;
  now: Date;
  passwordHash: string;
  accountIds: number[];
  players: SeededPlayer[];
  log: (line: string) => void;
}

/** Each feature adds the rows its screens need, in order, after the core rows exist. */
export type Seeder = (ctx: SeedContext) => Promise<void>;
