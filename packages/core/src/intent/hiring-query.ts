import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { run, textArray } from '../shared/sql-rows.js';
import { dayOf } from './dates.js';
import { HIRING, round1 } from './score.js';
import type { IntentFilters, IntentItem } from './types.js';

interface HiringRow {
  company_id: string;
  domain?: string;
  name?: string;
  department?: string;
  recent: number;
  s: number;
  q: number;
  mu: number | null;
  score: number;
  latest: string;
}

// Postings of the last 210 days in 30-day buckets: 0 is the last 30 days, 1..6 the trailing 6 months.
const buckets = (until: string, ids: string[] | null) => sql`
  select company_id, department, (${until}::date - day) / 30 as bucket, sum(postings)::float8 as n, max(day) as latest
  from intent_posting_days
  where day > ${until}::date - 210 and day <= ${until}::date
    ${ids ? sql`and company_id = any(${textArray(ids)}::text[])` : sql``}
  group by 1, 2, 3`;

const stats = (level: 'company' | 'department') => {
  const keys = level === 'company' ? sql`company_id` : sql`company_id, department`;
  return sql`select ${keys},
      coalesce(sum(n) filter (where bucket = 0), 0) as recent,
      coalesce(sum(n) filter (where bucket > 0), 0) as s,
      coalesce(sum(n * n) filter (where bucket > 0), 0) as q,
      max(latest) filter (where bucket = 0) as latest
    from (select ${keys}, bucket, sum(n) as n, max(latest) as latest from b group by ${keys}, bucket) x
    group by ${keys}`;
};

const score = (prior: string) =>
  sql.raw(
    `intent_score(recent, s, q, ${HIRING.periods}, ${prior}, ${HIRING.priorWeight}, ${HIRING.stabilizer})`,
  );

/**
 * Hiring spikes as of `until`: new postings in the last 30 days against the 6 months before, per company
 * (and per department in the evidence), shrunk toward the typical hiring company. Reads the daily
 * posting aggregates, never raw postings.
 */
export async function queryHiring(db: Db, f: IntentFilters, take: number): Promise<IntentItem[]> {
  const until = dayOf(f.until);
  const rows = await run<HiringRow>(
    db,
    sql`with b as (${buckets(until, null)}),
      co as (${stats('company')}),
      prior as (select avg(s) / ${HIRING.periods} as mu from co)
      select co.company_id, c.domain, c.name, co.recent, co.s, co.q, prior.mu, co.latest::text as latest,
        ${score('prior.mu')} as score
      from co cross join prior join companies c on c.id = co.company_id
      where co.recent > 0 and co.latest >= ${dayOf(f.since.hiring)}::date and ${score('prior.mu')} >= ${f.minScore}
        ${f.companyIds ? sql`and co.company_id = any(${textArray(f.companyIds)}::text[])` : sql``}
      order by score desc, co.company_id
      limit ${take}`,
  );
  if (rows.length === 0) return [];
  const mu = rows[0]?.mu ?? null;
  const ids = rows.map((r) => r.company_id);
  const departments = await run<HiringRow>(
    db,
    sql`with b as (${buckets(until, ids)}), d as (${stats('department')})
      select company_id, department, recent, s, q, ${score(String(Number(mu ?? 0)))} as score from d where recent > 0
      order by score desc`,
  );
  const byCompany = new Map<string, HiringRow[]>();
  for (const d of departments) byCompany.set(d.company_id, [...(byCompany.get(d.company_id) ?? []), d]);
  return rows.map((r) => ({
    type: 'hiring' as const,
    company: { id: r.company_id, domain: r.domain ?? '', name: r.name ?? '' },
    score: round1(Number(r.score)),
    evidence: {
      window_days: 30,
      recent_postings: Number(r.recent),
      baseline_months: HIRING.periods,
      baseline_monthly_mean: round1(Number(r.s) / HIRING.periods),
      baseline_monthly_sd: round1(Math.sqrt(Math.max(Number(r.q) / 6 - (Number(r.s) / 6) ** 2, 0))),
      typical_company_monthly: mu === null ? null : round1(Number(mu)),
      departments: (byCompany.get(r.company_id) ?? []).slice(0, 8).map((d) => ({
        department: d.department ?? 'other',
        recent_postings: Number(d.recent),
        baseline_monthly_mean: round1(Number(d.s) / HIRING.periods),
        score: round1(Number(d.score)),
      })),
    },
    detected_at: new Date(`${r.latest}T00:00:00Z`).toISOString(),
  }));
}
