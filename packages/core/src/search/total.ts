import type { Database } from '@dossier/db';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { jsonOf } from '../shared/sql-rows.js';

/** Up to this many matches are counted exactly; past it, the planner's estimate is reported. */
export const EXACT_TOTAL_LIMIT = 10_000;

const planRows = (row: Record<string, unknown> | undefined): number => {
  const value = row ? Object.values(row)[0] : undefined;
  const plan = jsonOf(value);
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
};

/** Above this estimate the planner is trusted without counting: it would take a 5x misestimate to hide an exact total. */
const SURELY_OVER = EXACT_TOTAL_LIMIT * 5;

/**
 * Ids are `prefix_` + random base62 (`newId`), so the ids starting `prefix_0` are a fair sample
 * of 1 in 62 rows, read through the primary key. Matches in that slice times 62 estimate the
 * total; the slice is consulted only when the planner says there may be thousands.
 */
export const SAMPLE_FACTOR = 62;
/**
 * From this estimate the sample is read, per table. People estimates run 7x low (person and
 * company facets, title phrases and a size range with its bucket facets are taken as
 * independent: 3,611 estimated for 25,000); company estimates are close (3,345 for 3,099), so
 * there a sample would mostly be read in vain before the count.
 */
export const SAMPLE_FROM = { companies: 10_000, people: 2_000 } as const;
/** Sample matches counted at most (an estimate of 124,000 is plenty to know it is over 10,000). */
const SAMPLE_CAP = 2_000;

/** The sample slice of a table's ids: `prefix_0` up to (not including) `prefix_1`. */
export const sampleSlice = (id: unknown, prefix: string): SQL =>
  sql`${id} >= ${`${prefix}_0`} and ${id} < ${`${prefix}_1`}`;

/**
 * Whether `found` matches in a 1-in-62 sample surely mean more than 10,000 in all: four standard
 * deviations (Poisson) below the sampled estimate is still over the limit (from 221 found).
 */
export const sampleSurelyOver = (found: number): boolean =>
  SAMPLE_FACTOR * (found - 4 * Math.sqrt(found)) > EXACT_TOTAL_LIMIT;

/** The planner's row estimate of a select (no rows read). */
export async function estimateMatches(database: Database, matches: SQLWrapper): Promise<number> {
  const [plan] = await database.query(sql`explain (format json) ${matches}`);
  return planRows(plan);
}

const countOf = async (database: Database, matches: SQLWrapper, limit: number): Promise<number> => {
  const [row] = await database.query<{ n: number | string }>(
    sql`select count(*)::int as n from (${matches} limit ${limit}) as matches`,
  );
  return Number(row?.n ?? 0);
};

/**
 * Total matches of a select (without order or limit). The planner's estimate comes first (no
 * rows read); when it is clearly past 10,000 it is the answer, marked as an estimate. Then, when
 * the planner expects thousands and `sample` (the same select on the id sample slice) is given,
 * the sample: when its matches surely mean more than 10,000, their estimate is the answer (a
 * 1-in-62 slice reads 62 times fewer rows than counting would; the planner's guess of a title
 * phrase or of correlated facets can be 5x off). Otherwise rows are counted exactly, the scan
 * stopping at 10,001; past that, the larger estimate.
 */
export async function countMatches(
  database: Database,
  matches: SQLWrapper,
  sample?: { matches: SQLWrapper; from: number },
): Promise<{ total: number; estimate: boolean }> {
  const estimated = await estimateMatches(database, matches);
  if (estimated > SURELY_OVER) return { total: estimated, estimate: true };
  let sampled = 0;
  if (sample && estimated >= sample.from) {
    const found = await countOf(database, sample.matches, SAMPLE_CAP);
    sampled = found * SAMPLE_FACTOR;
    if (sampleSurelyOver(found)) return { total: Math.max(sampled, estimated), estimate: true };
  }
  const exact = await countOf(database, matches, EXACT_TOTAL_LIMIT + 1);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, estimate: false };
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, estimated, sampled), estimate: true };
}
