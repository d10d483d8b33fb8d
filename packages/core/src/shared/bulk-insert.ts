import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import { affectedRows, type Executor, rowsOf } from './sql-rows.js';

/** Rows per statement. Each batch travels as one JSON parameter, so PostgreSQL's 65,535 bind limit never applies. */
export const BULK_BATCH = 1000;

/**
 * One `insert ... select from jsonb_to_recordset($1) ... on conflict do nothing` per batch.
 *
 * Why not `insert().values()`: drizzle spends about as long building a 500-row multi-VALUES statement as
 * PGlite spends running it. Sending each batch as one jsonb document halves the load time, and the column
 * names and SQL types still come from the drizzle table definition.
 */
const statements = function* <T extends PgTable>(
  table: T,
  rows: T['$inferInsert'][],
  tail: SQL,
): Generator<SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
  const used = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return [key, column] as const;
  });
  const names = sql.join(
    used.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.join(
    used.map(([, c]) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BULK_BATCH) {
    const batch = rows.slice(i, i + BULK_BATCH).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of used) record[column.name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    yield sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${types}) on conflict do nothing ${tail}`;
  }
};

/** Inserts rows, skipping those that hit a unique key; returns how many went in. */
export const bulkInsert = async <T extends PgTable>(
  executor: Executor,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number> => {
  let count = 0;
  if (rows.length === 0) return count;
  for (const statement of statements(table, rows, sql``))
    count += affectedRows(await executor.execute(statement));
  return count;
};

/** Like `bulkInsert`, returning the `column` value of each row really inserted. */
export const bulkInsertReturning = async <T extends PgTable>(
  executor: Executor,
  table: T,
  rows: T['$inferInsert'][],
  column: PgColumn,
): Promise<unknown[]> => {
  const out: unknown[] = [];
  if (rows.length === 0) return out;
  for (const statement of statements(table, rows, sql`returning ${sql.identifier(column.name)} as value`)) {
    for (const row of rowsOf<{ value: unknown }>(await executor.execute(statement))) out.push(row.value);
  }
  return out;
};
