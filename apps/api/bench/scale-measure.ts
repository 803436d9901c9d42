/**
 * What `npm run bench:scale` measures in this process on a data set: the retention run and the
 * erasure of one family (each inside a transaction that is rolled back, so the data set stays as
 * it was and the figure can be taken again), the play screens' queries under EXPLAIN (ANALYZE,
 * BUFFERS), and the tables' sizes.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';
import type { JobQueue } from '../src/jobs/queue.ts';
import { insertDeletion } from '../src/modules/erasure/erasure.repository.ts';
import { runDeletion, type ErasureDeps } from '../src/modules/erasure/erasure.service.ts';
import { runRetention } from '../src/modules/erasure/retention.ts';
import {
  findPlayerForPlay,
  pageHrRises,
  playerActivity,
  playerOverview,
  rollupWeeks,
} from '../src/modules/play/play.repository.ts';
import { PLAY_TABLES } from './scale-data.ts';

class Rollback extends Error {}

/** `work` inside a transaction that is always rolled back; its result and its duration in ms. */
async function rolledBack<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<{ result: T; ms: number }> {
  let result: T | undefined;
  let ms = 0;
  try {
    await db.transaction(async (tx) => {
      const started = performance.now();
      // Savepoints inside: the code under test opens its own (nested) transactions on `tx`.
      result = await work(tx as unknown as Db);
      ms = performance.now() - started;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return { result: result as T, ms };
}

const deps = (db: Db): ErasureDeps => ({
  db,
  // The outbox row's insert is left out: one row per message, beside the figures measured.
  email: { provider: 'outbox', send: async () => ({ id: 0 }) },
  jobs: {} as JobQueue,
  publicUrl: 'http://127.0.0.1',
});

export interface RetentionFigure {
  ms: number;
  reminded: number;
  purged: number;
  removedRows: number;
}

/** The nightly retention job as it would run now. */
export async function timeRetention(database: Database): Promise<RetentionFigure> {
  const { result, ms } = await rolledBack(database.db, (tx) => runRetention(deps(tx), new Date()));
  return {
    ms,
    reminded: result.reminded,
    purged: result.purged,
    removedRows: Object.values(result.removed).reduce((a, b) => a + b, 0),
  };
}

export interface ErasureFigure {
  ms: number;
  accountId: number;
  removedRows: number;
  removed: Record<string, number>;
}

/** The erasure job closing account `accountId` (its subscriptions ended first, in the same transaction). */
export async function timeErasure(database: Database, accountId: number, userId: number): Promise<ErasureFigure> {
  const now = new Date();
  let removed: Record<string, number> = {};
  const { ms } = await rolledBack(database.db, async (tx) => {
    await tx.execute(
      sql`update subscriptions set status = 'CANCELLED', cancelled_at = ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz where account_id = ${accountId}`,
    );
    const id = await insertDeletion(tx, {
      accountId,
      playerId: null,
      scope: 'account',
      playerName: '',
      requestedBy: userId,
      requestedAt: now,
      dueAt: new Date(now.getTime() - 60_000),
      notifyEmail: 'bench.erasure@example.com',
    });
    const started = performance.now();
    const outcome = await runDeletion(deps(tx), id, now);
    if (outcome.kind !== 'done') throw new Error(`the erasure answered ${outcome.kind}`);
    removed = outcome.removed;
    return performance.now() - started;
  }).then(({ result }) => ({ ms: result }));
  return { ms, accountId, removed, removedRows: Object.values(removed).reduce((a, b) => a + b, 0) };
}

export interface ExplainFigure {
  query: string;
  ms: number;
  sharedHit: number;
  sharedRead: number;
  nodes: string;
  plan: string;
}

interface Captured {
  text: string;
  values: unknown[];
}

/**
 * The SQL that the play screens' repository functions send for `playerId`, each under EXPLAIN
 * (ANALYZE, BUFFERS) on a separate connection (captured from node-postgres while they run).
 */
export async function explainScreens(database: Database, url: string, playerId: number): Promise<ExplainFigure[]> {
  const { db } = database;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const capture = async (work: () => Promise<unknown>) => {
    const seen: Captured[] = [];
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      if (typeof first === 'object' && first && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        seen.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
      } else if (typeof first === 'string') {
        seen.push({ text: first, values: Array.isArray(second) ? second : [] });
      }
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      proto.query = original;
    }
    return seen;
  };
  const monday = (() => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  })();
  const threeMonths = new Date(Date.now() - 92 * 86_400_000);
  const screens: [string, () => Promise<unknown>][] = [
    ['player + account (every play read)', () => findPlayerForPlay(db, playerId)],
    ['overview (week rollups, last 5 sessions)', () => playerOverview(db, playerId, monday, 5)],
    [
      'activity 3 months (totals, page of sessions)',
      () =>
        playerActivity(
          db,
          playerId,
          { from: threeMonths.toISOString().slice(0, 10), since: threeMonths },
          { limit: 20, offset: 0 },
        ),
    ],
    ['weekly chart, all time (rollups)', () => rollupWeeks(db, playerId, '1970-01-01', null)],
    ['hr_rises first 1000-row page', () => pageHrRises(db, playerId, 1000, 0)],
  ];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const figures: ExplainFigure[] = [];
  try {
    for (const [query, work] of screens) {
      await work(); // warm, as a repeated screen is
      for (const captured of await capture(work)) {
        if (!/^\s*(select|with)/i.test(captured.text)) continue;
        const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
          `explain (analyze, buffers, format json) ${captured.text}`,
          captured.values,
        );
        const top = (rows[0]!['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[])[0]!;
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers, costs off) ${captured.text}`,
          captured.values,
        );
        figures.push({
          query,
          ms: top['Execution Time'],
          sharedHit: top.Plan['Shared Hit Blocks'] ?? 0,
          sharedRead: top.Plan['Shared Read Blocks'] ?? 0,
          nodes: nodesOf(top.Plan).join(' > '),
          plan: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
        });
      }
    }
  } finally {
    await client.end();
  }
  return figures;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): string[] {
  const label = node['Index Name']
    ? `${node['Node Type']} ${node['Index Name']}`
    : node['Relation Name']
      ? `${node['Node Type']} ${node['Relation Name']}`
      : node['Node Type'];
  return [label, ...(node.Plans ?? []).flatMap(nodesOf)];
}

export interface TableSize {
  table: string;
  rows: number;
  tableBytes: number;
  indexBytes: number;
  totalBytes: number;
}

/** Each play table's heap, its indexes, and the two with TOAST (pg_total_relation_size); rows from the statistics. */
export async function tableSizes(database: Database): Promise<{ tables: TableSize[]; databaseBytes: number }> {
  const result = await database.db.execute(sql`
    select c.relname as table, greatest(c.reltuples, 0)::bigint as rows,
           pg_relation_size(c.oid) as table_bytes, pg_indexes_size(c.oid) as index_bytes,
           pg_total_relation_size(c.oid) as total_bytes,
           pg_database_size(current_database()) as database_bytes
      from pg_class c
     where c.relname = any(${sql.param([...PLAY_TABLES])}::text[]) and c.relkind = 'r'`);
  const rows = rowsOf<{
    table: string;
    rows: string;
    table_bytes: string;
    index_bytes: string;
    total_bytes: string;
    database_bytes: string;
  }>(result);
  return {
    tables: PLAY_TABLES.map((table) => {
      const row = rows.find((r) => r.table === table)!;
      return {
        table,
        rows: Number(row.rows),
        tableBytes: Number(row.table_bytes),
        indexBytes: Number(row.index_bytes),
        totalBytes: Number(row.total_bytes),
      };
    }),
    databaseBytes: Number(rows[0]?.database_bytes ?? 0),
  };
}
