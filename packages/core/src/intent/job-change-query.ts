import type { Db } from '@dossier/db';
import { normalizeTitle, seniorities } from '../normalize/title.js';
import { round1 } from './score.js';
import { jobChanges } from './store-reads.js';
import type { IntentFilters, IntentItem } from './types.js';

/** Higher is more senior: `seniorities` runs from owner down to entry. */
const rank = (title: string | null): number | null => {
  const s = normalizeTitle(title)?.seniority;
  return s ? seniorities.length - seniorities.indexOf(s) : null;
};

/** A promotion when resolution said so, or when the new title ranks above the old one. */
export const isPromotion = (stored: boolean, fromTitle: string | null, toTitle: string | null): boolean => {
  if (stored) return true;
  const before = rank(fromTitle);
  const after = rank(toTitle);
  return before !== null && after !== null && after > before;
};

const company = (id: string | null, domain: string | null, name: string | null) =>
  id && domain && name ? { id, domain, name } : null;

/**
 * People whose current company changed (rows of `job_changes`, written by identity resolution), newest
 * and surest first. Score: confidence as 0..100. The item's company is the new employer (the old one
 * when the new one is unknown); a `companies` filter matches either.
 */
export async function queryJobChanges(db: Db, f: IntentFilters, take: number): Promise<IntentItem[]> {
  const rows = await jobChanges(
    db,
    { since: f.since.job_change, until: f.until, minScore: f.minScore, companyIds: f.companyIds },
    take,
  );
  return rows.flatMap((r) => {
    const from = company(r.from_id, r.from_domain, r.from_name);
    const to = company(r.to_id, r.to_domain, r.to_name);
    const main = to ?? from;
    if (!main) return [];
    const promotion = isPromotion(r.is_promotion, r.from_title, r.to_title);
    const confidence = Number(r.confidence);
    return [
      {
        type: 'job_change' as const,
        company: main,
        score: round1(confidence * 100),
        evidence: {
          change: to && from ? 'moved' : to ? 'joined' : 'left',
          from_seniority: normalizeTitle(r.from_title)?.seniority ?? null,
          to_seniority: normalizeTitle(r.to_title)?.seniority ?? null,
          is_promotion: promotion,
          confidence,
        },
        person: {
          id: r.person_id,
          name: r.full_name,
          from_company: from,
          to_company: to,
          old_title: r.from_title,
          new_title: r.to_title,
          is_promotion: promotion,
          confidence,
        },
        detected_at: new Date(r.detected_at).toISOString(),
      },
    ];
  });
}
