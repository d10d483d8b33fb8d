import { companies, companyDomains, companyTechnologies, type Db, newId } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { preparedData } from '../shared/prepared.js';
import { likeEscape } from '../shared/sql-rows.js';
import { companyJsonSql, type StoredCompany, storedCompanyFromJson } from './company-json.js';
import { registrableDomain } from './domain-param.js';

export interface CompanyInput {
  domain: string;
  name: string;
  legalName?: string;
  description?: string;
  industry?: string;
  employeeCount?: number;
  revenueRange?: string;
  foundedYear?: number;
  type?: string;
  country?: string;
  region?: string;
  city?: string;
  phone?: string;
  socials?: Record<string, string>;
  tags?: string[];
  aliasDomains?: string[];
  technologies?: { slug: string; name: string; category: string; detectedBy?: string }[];
}

/** Inserts or updates a company by its primary domain, with its aliases and technologies. */
export async function saveCompany(db: Db, input: CompanyInput): Promise<string> {
  const domain = registrableDomain(input.domain);
  if (!domain) throw new Error(`not a domain: ${input.domain}`);
  const values = {
    domain,
    name: input.name,
    legalName: input.legalName,
    description: input.description,
    industry: input.industry,
    employeeCount: input.employeeCount,
    revenueRange: input.revenueRange,
    foundedYear: input.foundedYear,
    type: input.type,
    country: input.country,
    region: input.region,
    city: input.city,
    phone: input.phone,
    socials: input.socials,
    tags: input.tags ?? [],
    techSlugs: (input.technologies ?? []).map((t) => t.slug),
  };
  const [row] = await db
    .insert(companies)
    .values({ id: newId('cmp'), ...values })
    .onConflictDoUpdate({ target: companies.domain, set: { ...values, updatedAt: sql`now()` } })
    .returning({ id: companies.id });
  const id = (row as { id: string }).id;
  const domains = [
    domain,
    ...(input.aliasDomains ?? []).map((d) => registrableDomain(d)).filter((d): d is string => !!d),
  ];
  await db
    .insert(companyDomains)
    .values(domains.map((d) => ({ domain: d, companyId: id, isPrimary: d === domain })))
    .onConflictDoNothing();
  if (input.technologies?.length) {
    await db
      .insert(companyTechnologies)
      .values(
        input.technologies.map((t) => ({
          companyId: id,
          slug: t.slug,
          name: t.name,
          category: t.category,
          detectedBy: t.detectedBy ?? 'import',
        })),
      )
      .onConflictDoUpdate({
        target: [companyTechnologies.companyId, companyTechnologies.slug],
        set: { lastSeen: sql`now()` },
      });
  }
  return id;
}

/** The stored profile for a domain or any of its aliases, or null. */
export async function findCompanyByDomain(db: Db, domain: string): Promise<StoredCompany | null> {
  const [row] = await preparedData(
    db,
    'find_company_by_domain',
    () => sql`select ${sql.raw(companyJsonSql('c'))} as data from company_domains d
      join companies c on c.id = d.company_id where d.domain = ${sql.placeholder('domain')} limit 1`,
  ).execute({ domain });
  return row ? storedCompanyFromJson(row.data) : null;
}

/** Up to 20 companies whose name contains `fragment`, shortest name first (the trigram index answers the ILIKE). */
export const companiesNameContaining = (db: Db, fragment: string) =>
  db
    .select({ domain: companies.domain, name: companies.name })
    .from(companies)
    .where(sql`${companies.name} ilike ${`%${likeEscape(fragment)}%`}`)
    .orderBy(sql`length(${companies.name})`, companies.id)
    .limit(20);
