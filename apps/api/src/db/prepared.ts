import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/**
 * A hot statement that the query builder cannot express (data-modifying CTEs, unnested arrays), as
 * `prepared` above: `statement` is `sql` text with `sql.placeholder(…)` for its values, turned into
 * SQL text once; each database or transaction gets a named prepared statement of it. `execute`
 * answers the driver's result (read it with `rowsOf`); values are as the SQL casts them.
 */
export function preparedSql(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return prepared((db) => db._.session.prepareQuery(query, undefined, name, false));
}
