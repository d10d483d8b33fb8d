import type { Database } from '@dossier/db';
import { type SQLWrapper, sql } from 'drizzle-orm';

/** Up to this many matches are counted exactly; past it, the planner's estimate is reported. */
export const EXACT_TOTAL_LIMIT = 10_000;

const planRows = (row: Record<string, unknown> | undefined): number => {
  const value = row ? Object.values(row)[0] : undefined;
  const plan = typeof value === 'string' ? JSON.parse(value) : value;
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
};

/** Above this estimate the planner is trusted without counting: it would take a 5x misestimate to hide an exact total. */
const SURELY_OVER = EXACT_TOTAL_LIMIT * 5;

/**
 * Total matches of a select (without order or limit). The planner's estimate comes first (no
 * rows read); when it is clearly past 10,000 it is the answer, marked as an estimate. Otherwise
 * rows are counted exactly, the scan stopping at 10,001; past that, the estimate again.
 */
export async function countMatches(
  database: Database,
  matches: SQLWrapper,
): Promise<{ total: number; estimate: boolean }> {
  const [plan] = await database.query(sql`explain (format json) ${matches}`);
  const estimated = planRows(plan);
  if (estimated > SURELY_OVER) return { total: estimated, estimate: true };
  const [row] = await database.query<{ n: number | string }>(
    sql`select count(*)::int as n from (${matches} limit ${EXACT_TOTAL_LIMIT + 1}) as matches`,
  );
  const exact = Number(row?.n ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, estimate: false };
  return { total: Math.max(EXACT_TOTAL_LIMIT + 1, estimated), estimate: true };
}
