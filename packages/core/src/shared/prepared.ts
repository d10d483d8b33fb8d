import type { Db } from '@dossier/db';
import { type SQL, sql } from 'drizzle-orm';

/** A prepared statement that selects one JSON value, `data`. */
export type PreparedData = { execute(values: Record<string, unknown>): Promise<Array<{ data: unknown }>> };
const statements = new WeakMap<Db, Map<string, PreparedData>>();

/**
 * A statement selecting one JSON value `data` from `build()` (with `sql.placeholder` parameters),
 * built once per database handle and prepared on each connection: neither rebuilt by the query
 * builder nor planned again on every call. On the hot reads, planning cost PostgreSQL more than
 * running the statement.
 */
export function preparedData(db: Db, name: string, build: () => SQL): PreparedData {
  let forDb = statements.get(db);
  if (!forDb) {
    forDb = new Map();
    statements.set(db, forDb);
  }
  let statement = forDb.get(name);
  if (!statement) {
    statement = db
      .select({ data: sql<unknown>`q.data` })
      .from(sql`(${build()}) q`)
      .prepare(name) as unknown as PreparedData;
    forDb.set(name, statement);
  }
  return statement;
}
