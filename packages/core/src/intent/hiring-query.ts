import type { Db } from '@dossier/db';
import { dayOf } from './dates.js';
import { HIRING, round1 } from './score.js';
import { type HiringRow, hiringCompanies, hiringDepartments } from './store-reads.js';
import type { IntentFilters, IntentItem } from './types.js';

/**
 * Hiring spikes as of `until`: new postings in the last 30 days against the 6 months before, per company
 * (and per department in the evidence), shrunk toward the typical hiring company. Reads the daily
 * posting aggregates, never raw postings.
 */
export async function queryHiring(db: Db, f: IntentFilters, take: number): Promise<IntentItem[]> {
  const until = dayOf(f.until);
  const rows = await hiringCompanies(
    db,
    { until, since: dayOf(f.since.hiring), minScore: f.minScore, companyIds: f.companyIds },
    take,
  );
  if (rows.length === 0) return [];
  const mu = rows[0]?.mu ?? null;
  const ids = rows.map((r) => r.company_id);
  const departments = await hiringDepartments(db, until, ids, mu);
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
