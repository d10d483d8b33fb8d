import { type SQL, sql } from 'drizzle-orm';

/** Anything that runs a drizzle `sql` statement: the database or a transaction. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** The rows of an `execute` result: postgres.js answers with an array of rows, PGlite with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];

/**
 * How many rows a statement wrote: postgres.js answers with an array carrying `count`, PGlite with
 * `{ rows, affectedRows }`.
 */
export const affectedRows = (result: unknown): number =>
  Array.isArray(result)
    ? ((result as { count?: number }).count ?? result.length)
    : ((result as { affectedRows?: number }).affectedRows ?? 0);

/**
 * A json/jsonb value from either driver: postgres.js and PGlite parse it, but a value can still come
 * back as text (a cast, a prepared statement's untyped column); text is parsed, anything else kept.
 */
export const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A JSON array from either driver, or [] for SQL null (an aggregate over no rows). */
export const jsonListOf = <T>(value: unknown): T[] => (value == null ? [] : jsonOf<T[]>(value));

/** `value` as literal text inside a LIKE pattern: backslash, `%` and `_` escaped. */
export const likeEscape = (value: string): string => value.replace(/[\\%_]/g, '\\$&');

/** Runs a statement on the database or a transaction and returns its rows. */
export const run = async <T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> =>
  rowsOf<T>(await db.execute(query));

const escapeElement = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/**
 * A PostgreSQL array literal for a text[] parameter: one bind value however long the list. Built in one
 * loop (bulk imports send seven of these per 20,000 rows); most values (ids, topics, timestamps) have
 * nothing to escape.
 */
export const textArray = (values: readonly (string | null)[]): string => {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (v.indexOf('"') < 0 && v.indexOf('\\') < 0) out += `"${v}"`;
    else out += `"${escapeElement(v)}"`;
  }
  return `${out}}`;
};

/** `textArray` as a drizzle fragment: the list bound as one text[] parameter. */
export const textArrayParam = (values: readonly (string | null)[]): SQL => sql`${textArray(values)}::text[]`;
