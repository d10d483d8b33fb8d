import type { Database } from '@dossier/db';
import { sql } from 'drizzle-orm';

export interface UpkeepOptions {
  /** Rows an import stores before its first upkeep. */
  firstAfter?: number;
  /** Growth between later upkeeps, as a fraction of the first table's rows at the last one. */
  growth?: number;
}

/**
 * Whether an import should keep its tables itself: only on a PostgreSQL server with `autovacuum` off
 * (where it is on, the server vacuums a table after inserts of a fifth of it). The embedded database
 * has no autovacuum workers either, but there a people import's CPU per row stayed flat through 20,000
 * CRM-shaped rows without upkeep and rose about 15 % with it: its pages are in this process's memory,
 * so stale statistics cost little.
 */
export async function upkeepWanted(database: Database): Promise<boolean> {
  if (database.driver !== 'postgres') return false;
  const [row] = await database.query<{ off: boolean }>(
    sql`select current_setting('autovacuum') = 'off' as off`,
  );
  return row?.off === true;
}

/**
 * Upkeep of the tables an import grows, where no autovacuum does it (`upkeepWanted`): `VACUUM
 * (ANALYZE)` of each after the first `firstAfter` rows, then each time the first table grew by
 * `growth` of itself.
 *
 * Without it a graph that grows from empty is read with the statistics of an empty table and no
 * visibility map: blocking-key lookups plan for thousands of rows a key and read the heap behind every
 * index entry, so a people import slows as the graph grows (CRM-shaped 60,000 rows on 60 employers:
 * PostgreSQL CPU 257 -> 550 µs a row by tenth, the rate down 45 %; with this upkeep level but for the
 * tenths a vacuum ran in, tooling/bench/src/resolve/README.md). Each vacuum reads only the pages
 * written since the last (the visibility map skips the rest) and each analyze a fixed sample, so the
 * upkeep cost about what it saved over 60,000 rows (a longer file should gain; not measured).
 * A failed upkeep (a role that may not vacuum) stops the upkeep, never the import.
 *
 * Returns what `runImport` calls after each committed batch with that batch's rows.
 */
export function createTableUpkeep(
  database: Database,
  tables: readonly string[],
  options: UpkeepOptions = {},
): (rows: number) => Promise<void> {
  for (const table of tables) if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  const firstAfter = options.firstAfter ?? 5_000;
  const growth = options.growth ?? 0.5;
  let wanted: Promise<boolean> | undefined;
  let size: number | undefined;
  let since = 0;
  let running = false;
  const rowsOf = async (table: string) => {
    const [row] = await database.query<{ n: number | string }>(
      sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${table})`,
    );
    return Number(row?.n ?? 0);
  };
  return async (rows) => {
    const first = tables[0];
    if (!first) return;
    wanted ??= upkeepWanted(database).catch(() => false);
    if (!(await wanted)) return;
    size ??= await rowsOf(first);
    since += rows;
    // Batches stored side by side (a bulk kind) leave the upkeep to whichever came first.
    if (running || since < Math.max(firstAfter, growth * size)) return;
    since = 0;
    running = true;
    try {
      // One statement a table: VACUUM refuses to run inside a transaction or a multi-statement string.
      for (const table of tables) await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
      size = await rowsOf(first);
    } catch {
      wanted = Promise.resolve(false);
    } finally {
      running = false;
    }
  };
}
