import { z } from 'zod';
import { invalid } from '../errors.js';
import { defineOperation } from '../operation.js';
import { planRateLimits } from '../plans.js';
import { isoDay } from '../shared/ranges.js';
import { creditsUsed } from '../shared/schema.js';
import { orgPlan, usageDays } from './store.js';

const day = z.iso.date().describe('A day as YYYY-MM-DD (UTC).');
const counts = { requests: z.number().int(), errors: z.number().int(), rate_limited: z.number().int() };

const output = z
  .object({
    organization: z.object({ id: z.string(), plan: z.string(), rate_limit_per_minute: z.number().int() }),
    from: day,
    to: day,
    totals: z.object(counts),
    by_day: z.array(z.object({ day, ...counts })),
    by_key: z.array(z.object({ key_id: z.string(), ...counts })),
    by_operation: z.array(z.object({ operation: z.string(), ...counts })),
    rows: z.array(z.object({ day, key_id: z.string(), operation: z.string(), ...counts })),
    credits_used: creditsUsed,
  })
  .meta({ id: 'Usage' });

type Counts = { requests: number; errors: number; rate_limited: number };
const add = (into: Counts, row: Counts) => {
  into.requests += row.requests;
  into.errors += row.errors;
  into.rate_limited += row.rate_limited;
};
const group = <K extends string>(rows: (Counts & Record<K, string>)[], key: K) => {
  const map = new Map<string, Counts & Record<K, string>>();
  for (const row of rows) {
    let entry = map.get(row[key]);
    if (!entry) {
      entry = { [key]: row[key], requests: 0, errors: 0, rate_limited: 0 } as Counts & Record<K, string>;
      map.set(row[key], entry);
    }
    add(entry, row);
  }
  return [...map.values()];
};

export const getUsageOperation = defineOperation({
  name: 'get_usage',
  title: 'Usage',
  method: 'GET',
  path: '/v1/usage',
  summary: "The caller's organization usage by day, key and operation",
  description:
    "Your organization's requests, errors and rate-limited requests by day, key and operation (default: the " +
    'last 30 days).',
  details: 'Counts are written every few seconds.',
  scope: 'usage',
  input: z.object({
    from: isoDay().optional().describe('First day, inclusive (default: 29 days before `to`).'),
    to: isoDay().optional().describe('Last day, inclusive (default: today, UTC).'),
  }),
  output,
  example: { input: {} },
  readOnly: true,
  replicaReads: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `${o.totals.requests} requests (${o.totals.errors} errors, ${o.totals.rate_limited} rate limited) from ${o.from} to ${o.to}.`,
  async handler(ctx, input) {
    const to = input.to ?? ctx.now().toISOString().slice(0, 10);
    const from = input.from ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
    if (from > to) throw invalid([{ path: 'from', message: 'must not be after `to`' }]);
    if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000)
      throw invalid([{ path: 'from', message: 'the range can be at most 366 days' }]);
    const { db } = ctx.db;
    const storedPlan = await orgPlan(db, ctx.caller.orgId);
    const raw = await usageDays(db, ctx.caller.orgId, from, to);
    const rows = raw.map((r) => ({
      day: r.day,
      key_id: r.keyId,
      operation: r.operation,
      requests: r.requests,
      errors: r.errors,
      rate_limited: r.rateLimited,
    }));
    const totals = { requests: 0, errors: 0, rate_limited: 0 };
    for (const row of rows) add(totals, row);
    const plan = storedPlan ?? 'free';
    return {
      organization: { id: ctx.caller.orgId, plan, rate_limit_per_minute: planRateLimits[plan] },
      from,
      to,
      totals,
      by_day: group(rows, 'day'),
      by_key: group(rows, 'key_id'),
      by_operation: group(rows, 'operation'),
      rows,
      credits_used: 0 as const,
    };
  },
});
