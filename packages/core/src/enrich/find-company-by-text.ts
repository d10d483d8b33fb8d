import { companies, type Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import type { StoredCompany } from '../company/company-json.js';
import { findCompanyByDomain } from '../company/store.js';
import { companyNameKey } from '../normalize/company-name.js';
import { normalizeDomain } from '../normalize/domain.js';

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A company from what a caller typed as `company`: a domain (`acme.com`, a URL) or a name
 * ("Northwind Traders, Inc." finds "Northwind Traders"). Names must agree once legal suffixes
 * and punctuation are set aside; the trigram index answers the ILIKE.
 */
export async function findCompanyByText(db: Db, text: string): Promise<StoredCompany | null> {
  const trimmed = text.trim();
  if (/^[^\s]+\.[a-z]{2,}(\/.*)?$/i.test(trimmed)) {
    const domain = normalizeDomain(trimmed);
    if (domain) return findCompanyByDomain(db, domain);
  }
  const key = companyNameKey(trimmed);
  if (!key) return null;
  const rows = await db
    .select({ domain: companies.domain, name: companies.name })
    .from(companies)
    .where(sql`${companies.name} ilike ${`%${likeEscape(trimmed.split(/[,(]/)[0]?.trim() ?? trimmed)}%`}`)
    .orderBy(sql`length(${companies.name})`, companies.id)
    .limit(20);
  const exact = rows.find((row) => companyNameKey(row.name) === key);
  return exact ? findCompanyByDomain(db, exact.domain) : null;
}
