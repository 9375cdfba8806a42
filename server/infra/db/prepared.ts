import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The pool or a transaction: either runs a prepared statement on its own connection. */
export type Runner = Pick<Db, '_'>;

export interface Prepared<R> {
  run(db: Runner, values: Record<string, unknown>): Promise<R[]>;
}

/** A named value of a prepared statement, given to `run` under that name. */
export const param = (name: string) => sql.placeholder(name);

// The same casing as db/client.ts, so SQL compiled here is the SQL drizzle would send.
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A raw statement (drizzle `sql` with `sql.placeholder`s) compiled to text once, and sent by name so PostgreSQL parses
 * and plans it once per connection. For the hottest paths only: building a statement such as an insert wrapped in a
 * CTE costs drizzle more CPU per call (~0.15 ms) than PostgreSQL spends running it. `build` is called once, with the
 * first caller's database (a builder such as `db.insert` needs one; the SQL it makes does not depend on which).
 */
export function prepared<R = Record<string, unknown>>(name: string, build: (db: Db) => SQL): Prepared<R> {
  let query: Query | undefined;
  return {
    async run(db, values) {
      query ??= dialect.sqlToQuery(build(db as Db));
      const res = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
      return (res as { rows: R[] }).rows;
    },
  };
}
