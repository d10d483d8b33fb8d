import type { Db } from '@dossier/db';
import type { StoredCompany } from '../company/company-json.js';
import { companiesNameContaining, findCompanyByDomain } from '../company/store.js';
import { companyNameKey } from '../normalize/company-name.js';
import { normalizeDomain } from '../normalize/domain.js';

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
  const rows = await companiesNameContaining(db, trimmed.split(/[,(]/)[0]?.trim() ?? trimmed);
  const exact = rows.find((row) => companyNameKey(row.name) === key);
  return exact ? findCompanyByDomain(db, exact.domain) : null;
}
