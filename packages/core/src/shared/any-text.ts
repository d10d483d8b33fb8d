import { type Column, type SQL, sql } from 'drizzle-orm';
import { textArray } from './sql-rows.js';

/**
 * `column = any($1::text[])`: the whole list as one bind value. Drizzle's `inArray` binds one value per
 * element; for the thousand hashes or ids of an import batch, parsing and binding them costs several
 * times the indexed lookup itself (measured: 90 ms against 15 ms for 3,000 values on PostgreSQL).
 */
export const anyText = (column: Column | SQL, values: readonly string[]): SQL =>
  sql`${column} = any(${textArray(values)}::text[])`;
