import type { Executor } from './client.ts';

/**
 * A hot statement, built once per database (or transaction) instead of on every request: `build`
 * returns a drizzle query ending in `.prepare(name)`, with `sql.placeholder(…)` for its values.
 * On PostgreSQL it is a named prepared statement (parsed and planned once per connection); on both
 * drivers the SQL text is no longer rebuilt per request.
 */
export function prepared<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
