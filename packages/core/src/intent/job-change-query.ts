import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { normalizeTitle, seniorities } from '../normalize/title.js';
import { run, textArray } from '../shared/sql-rows.js';
import { round1 } from './score.js';
import type { IntentFilters, IntentItem } from './types.js';

interface ChangeRow {
  id: string | number;
  person_id: string;
  full_name: string;
  from_id: string | null;
  from_domain: string | null;
  from_name: string | null;
  to_id: string | null;
  to_domain: string | null;
  to_name: string | null;
  from_title: string | null;
  to_title: string | null;
  is_promotion: boolean;
  confidence: number;
  detected_at: Date | string;
}

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
  const ids = f.companyIds
    ? sql`and (j.to_company_id = any(${textArray(f.companyIds)}::text[]) or j.from_company_id = any(${textArray(f.companyIds)}::text[]))`
    : sql``;
  const rows = await run<ChangeRow>(
    db,
    sql`select j.id, j.person_id, p.full_name, fc.id as from_id, fc.domain as from_domain, fc.name as from_name,
          tc.id as to_id, tc.domain as to_domain, tc.name as to_name, j.from_title, j.to_title, j.is_promotion,
          j.confidence, j.detected_at
        from job_changes j join people p on p.id = j.person_id
          left join companies fc on fc.id = j.from_company_id
          left join companies tc on tc.id = j.to_company_id
        where j.detected_at >= ${f.since.job_change.toISOString()}::timestamptz
          and j.detected_at <= ${f.until.toISOString()}::timestamptz
          and j.confidence * 100 >= ${f.minScore} and coalesce(tc.id, fc.id) is not null ${ids}
        order by j.confidence desc, j.detected_at desc, j.id
        limit ${take}`,
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
