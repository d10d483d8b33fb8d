import type { SQL } from 'drizzle-orm';

/** Anything that runs a drizzle `sql` statement: the database or a transaction. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

// postgres.js answers with an array of rows; PGlite with `{ rows }`.
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

export const run = async <T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> =>
  rowsOf<T>(await db.execute(query));

// Most values (ids, topics, timestamps) have nothing to escape: one test instead of two replaces.
const needsEscape = /["\\]/;

/** A PostgreSQL array literal for a text[] parameter: one bind value however long the list. */
export const textArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${needsEscape.test(v) ? v.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : v}"`)).join(',')}}`;
