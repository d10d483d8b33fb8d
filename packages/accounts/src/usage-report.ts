import { apiKeys, type Db, requestLog, usageDaily } from '@dossier/db';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';

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
  /** The filters applied, echoed back (null when not filtered). */
  filter: { key_id: string | null; operation: string | null };
  /** One entry per day of the window, zeros included, oldest first. */
  days: (UsageTotals & { day: string })[];
  by_key: (UsageTotals & { key_id: string; name: string | null; display: string | null })[];
  by_operation: (UsageTotals & { operation: string })[];
  /** Every non-empty (day, key, operation) cell, for tables and per-series charts. */
  rows: UsageRow[];
  totals: UsageTotals;
  /** What the filters can pick: every key of the organization, every operation used in the window. */
  choices: { keys: { id: string; name: string }[]; operations: string[] };
  /** Plans are flat: nothing is metered in credits. */
  credits_used: 0;
}

export interface UsageQuery {
  /** First and last UTC day, inclusive (YYYY-MM-DD); the last 30 days by default. */
  from?: string;
  to?: string;
  keyId?: string;
  operation?: string;
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

/** The window a query asks for: the last 30 days by default, at most `maxDays` days. */
export function usageWindow(query: UsageQuery, now = new Date(), maxDays = 366) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const to = query.to ? Date.parse(`${query.to}T00:00:00Z`) : today;
  const from = query.from ? Date.parse(`${query.from}T00:00:00Z`) : to - 29 * 86_400_000;
  const days = Math.round((to - from) / 86_400_000) + 1;
  return { start: new Date(from), days, valid: days >= 1 && days <= maxDays };
}

/** Requests per day over a window (UTC), by key and by operation, for one organization. */
export async function usageReport(
  db: Db,
  orgId: string,
  query: UsageQuery = {},
  now = new Date(),
): Promise<UsageReport> {
  const { start, days } = usageWindow(query, now);
  const from = dayOf(start);
  const to = dayOf(new Date(start.getTime() + (days - 1) * 86_400_000));
  const inWindow = [eq(usageDaily.orgId, orgId), gte(usageDaily.day, from), lte(usageDaily.day, to)];
  const where: SQL[] = [...inWindow];
  if (query.keyId) where.push(eq(usageDaily.keyId, query.keyId));
  if (query.operation) where.push(eq(usageDaily.operation, query.operation));
  const raw = await db
    .select()
    .from(usageDaily)
    .where(and(...where));
  const keys = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, last4: apiKeys.last4 })
    .from(apiKeys)
    .where(eq(apiKeys.orgId, orgId))
    .orderBy(asc(apiKeys.createdAt));
  const operations = await db
    .selectDistinct({ operation: usageDaily.operation })
    .from(usageDaily)
    .where(and(...inWindow))
    .orderBy(asc(usageDaily.operation));
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
    to,
    filter: { key_id: query.keyId ?? null, operation: query.operation ?? null },
    days: [...perDay].map(([day, t]) => ({ day, ...t })),
    by_key: [...perKey].map(([key_id, t]) => {
      const key = keyById.get(key_id);
      return { key_id, name: key?.name ?? null, display: key ? `${key.prefix}…${key.last4}` : null, ...t };
    }),
    by_operation: [...perOperation].map(([operation, t]) => ({ operation, ...t })),
    rows,
    totals,
    choices: {
      keys: keys.map((k) => ({ id: k.id, name: k.name })),
      operations: operations.map((o) => o.operation),
    },
    credits_used: 0,
  };
}

const csvCell = (value: string | number | null) => {
  const text = value == null ? '' : String(value);
  // Quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The report's rows as CSV: one line per day, key and operation. */
export function usageCsv(report: UsageReport): string {
  const names = new Map(report.choices.keys.map((k) => [k.id, k.name]));
  const lines = ['day,key_id,key_name,operation,requests,errors,rate_limited'];
  for (const r of report.rows) {
    lines.push(
      [r.day, r.key_id, names.get(r.key_id) ?? null, r.operation, r.requests, r.errors, r.rate_limited]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export interface RequestLogEntry {
  id: number;
  at: string;
  key_id: string;
  operation: string;
  status: number;
  latency_ms: number;
}

/** The newest requests first, filtered like the usage report; `before` pages backwards by id. */
export async function requestLogPage(
  db: Db,
  orgId: string,
  query: UsageQuery & { status?: number; before?: number; limit?: number },
  now = new Date(),
): Promise<RequestLogEntry[]> {
  const { start, days } = usageWindow(query, now);
  const end = new Date(start.getTime() + days * 86_400_000);
  const where: SQL[] = [
    eq(requestLog.orgId, orgId),
    sql`${requestLog.at} >= ${start.toISOString()}::timestamptz`,
    sql`${requestLog.at} < ${end.toISOString()}::timestamptz`,
  ];
  if (query.keyId) where.push(eq(requestLog.keyId, query.keyId));
  if (query.operation) where.push(eq(requestLog.operation, query.operation));
  if (query.status) where.push(eq(requestLog.status, query.status));
  if (query.before) where.push(sql`${requestLog.id} < ${query.before}`);
  const rows = await db
    .select()
    .from(requestLog)
    .where(and(...where))
    .orderBy(sql`${requestLog.id} desc`)
    .limit(Math.min(Math.max(query.limit ?? 50, 1), 200));
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    key_id: r.keyId,
    operation: r.operation,
    status: r.status,
    latency_ms: r.latencyMs,
  }));
}
