/**
 * The rows of a raw statement (`db.execute(sql…)`). Both drivers answer an object with `rows`
 * (node-postgres' QueryResult, PGlite's Results); drizzle types it per driver, so callers name the
 * row shape they selected here, once, instead of casting the result.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
