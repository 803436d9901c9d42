/**
 * Did a request change any table? A checksum of every public table (row count and the md5 of its
 * rows in order), and a cheap first test: a transaction that writes is given a transaction id, so
 * when the next id to be given is unchanged nothing can have been written (the checksum is only
 * taken when it moved: a refused request that wrote then rolled back, or the job queue's own work).
 */
import type { Database } from '../../src/db/client.ts';

/**
 * Tables a refused request may legitimately change, left out of the checksum:
 * - login_throttles counts refused sign-ins: a wrong password is a 4xx that must be counted
 *   (issue 16, defect 5), so it changes on purpose.
 */
export const EXCLUDED_TABLES = new Set(['login_throttles']);

/**
 * Columns a refused request may legitimately change:
 * - devices.last_seen_at is when the game device last reached the server (shown to parents as "last
 *   synced"): an upload whose sessions are all refused still proves the device is alive.
 */
export const EXCLUDED_COLUMNS: Record<string, string[]> = { devices: ['last_seen_at'] };

export type Checksums = Map<string, string>;

export async function tableNames(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
    [],
  );
  return rows.map((row) => String(row.tablename)).filter((name) => !EXCLUDED_TABLES.has(name));
}

export function checksumQuery(tables: string[]): string {
  return tables
    .map((name) => {
      const row = (EXCLUDED_COLUMNS[name] ?? []).reduce((value, column) => `${value} - '${column}'`, 'to_jsonb(t)');
      return `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg((${row})::text, ',' order by (${row})::text)), '') as sum from "${name}" t`;
    })
    .join(' union all ');
}

export async function checksums(database: Database, query: string): Promise<Checksums> {
  const { rows } = await database.executeSql(query, []);
  return new Map(rows.map((row) => [String(row.name), String(row.sum)]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** The next transaction id the database will give: it moves only when something wrote (or tried to). */
export async function nextTransactionId(database: Database): Promise<string> {
  const { rows } = await database.executeSql('select txid_snapshot_xmax(txid_current_snapshot())::text as xmax', []);
  return String(rows[0]!.xmax);
}
