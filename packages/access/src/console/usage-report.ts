import { apiKeys, type Db, usageDaily } from '@dossier/db';
import { and, eq, gte } from 'drizzle-orm';

export interface UsageRow {
  day: string;
  key_id: string;
  operation: string;
  requests: number;
  errors: number;
  rate_limited: number;
}

export interface UsageTotals {
  requests: number;
  errors: number;
  rate_limited: number;
}

export interface UsageReport {
  from: string;
  to: string;
  /** One entry per day of the window, zeros included, oldest first. */
  days: (UsageTotals & { day: string })[];
  by_key: (UsageTotals & { key_id: string; name: string | null; display: string | null })[];
  by_operation: (UsageTotals & { operation: string })[];
  /** Every non-empty (day, key, operation) cell, for tables and per-series charts. */
  rows: UsageRow[];
  totals: UsageTotals;
  /** Plans are flat: nothing is metered in credits. */
  credits_used: 0;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const zero = (): UsageTotals => ({ requests: 0, errors: 0, rate_limited: 0 });
const add = (into: UsageTotals, row: UsageTotals) => {
  into.requests += row.requests;
  into.errors += row.errors;
  into.rate_limited += row.rate_limited;
};

function bucket(map: Map<string, UsageTotals>, key: string): UsageTotals {
  let found = map.get(key);
  if (!found) {
    found = zero();
    map.set(key, found);
  }
  return found;
}

/** Requests per day for the last `days` days (UTC), by key and by operation, for one organization. */
export async function usageReport(db: Db, orgId: string, days = 30, now = new Date()): Promise<UsageReport> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const from = dayOf(start);
  const raw = await db
    .select()
    .from(usageDaily)
    .where(and(eq(usageDaily.orgId, orgId), gte(usageDaily.day, from)));
  const keys = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, last4: apiKeys.last4 })
    .from(apiKeys)
    .where(eq(apiKeys.orgId, orgId));
  const keyById = new Map(keys.map((k) => [k.id, k]));

  const rows: UsageRow[] = raw.map((r) => ({
    day: String(r.day),
    key_id: r.keyId,
    operation: r.operation,
    requests: r.requests,
    errors: r.errors,
    rate_limited: r.rateLimited,
  }));
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.key_id.localeCompare(b.key_id));

  const perDay = new Map<string, UsageTotals>();
  for (let i = 0; i < days; i++) perDay.set(dayOf(new Date(start.getTime() + i * 86_400_000)), zero());
  const perKey = new Map<string, UsageTotals>();
  const perOperation = new Map<string, UsageTotals>();
  const totals = zero();
  for (const row of rows) {
    const day = perDay.get(row.day);
    if (day) add(day, row);
    add(bucket(perKey, row.key_id), row);
    add(bucket(perOperation, row.operation), row);
    add(totals, row);
  }
  return {
    from,
    to: dayOf(now),
    days: [...perDay].map(([day, t]) => ({ day, ...t })),
    by_key: [...perKey].map(([key_id, t]) => {
      const key = keyById.get(key_id);
      return { key_id, name: key?.name ?? null, display: key ? `${key.prefix}…${key.last4}` : null, ...t };
    }),
    by_operation: [...perOperation].map(([operation, t]) => ({ operation, ...t })),
    rows,
    totals,
    credits_used: 0,
  };
}
