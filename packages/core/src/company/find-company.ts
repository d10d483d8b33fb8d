import { companies, companyDomains, type Db } from '@dossier/db';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { type CompanyProfile, employeeRange } from './profile.js';

/** A company from the database: it always has an id. */
export type StoredCompany = CompanyProfile & { id: string };

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
const json = <T>(value: unknown): T[] =>
  value == null ? [] : ((typeof value === 'string' ? JSON.parse(value) : value) as T[]);

// Alias domains and technologies ride along as JSON: one round trip per lookup.
const aliasesSql = sql.raw(`coalesce((select json_agg(d2.domain order by d2.domain) from company_domains d2
  where d2.company_id = companies.id and d2.domain <> companies.domain), '[]')`);
const techSql = sql.raw(`coalesce((select json_agg(json_build_object('name', t.name, 'slug', t.slug,
  'category', t.category, 'detected_by', t.detected_by, 'first_seen', t.first_seen, 'last_seen', t.last_seen)
  order by t.category, t.name) from company_technologies t where t.company_id = companies.id), '[]')`);

// Every column but the search vector, which a profile does not show.
const { searchTsv: _companyTsv, ...companyColumns } = getTableColumns(companies);

interface TechRow {
  name: string;
  slug: string;
  category: string;
  detected_by: string;
  first_seen: string | null;
  last_seen: string | null;
}

/** The stored profile for a domain or any of its aliases, or null. */
export async function findCompanyByDomain(db: Db, domain: string): Promise<StoredCompany | null> {
  const [row] = await db
    .select({
      company: companyColumns,
      aliases: sql<unknown>`${aliasesSql}`,
      technologies: sql<unknown>`${techSql}`,
    })
    .from(companyDomains)
    .innerJoin(companies, eq(companies.id, companyDomains.companyId))
    .where(eq(companyDomains.domain, domain))
    .limit(1);
  if (!row) return null;
  const { company } = row;
  return {
    id: company.id,
    domain: company.domain,
    name: company.name,
    legal_name: company.legalName,
    description: company.description,
    industry: company.industry,
    employee_count: company.employeeCount,
    employee_range: employeeRange(company.employeeCount),
    revenue_range: company.revenueRange,
    founded_year: company.foundedYear,
    type: company.type,
    headquarters: { city: company.city, region: company.region, country: company.country },
    locations: (company.locations ?? []).map((l) => ({
      city: l.city ?? null,
      region: l.region ?? null,
      country: l.country ?? null,
      hq: l.hq ?? false,
    })),
    phone: company.phone,
    socials: company.socials ?? {},
    alias_domains: json<string>(row.aliases),
    tags: company.tags,
    technologies: json<TechRow>(row.technologies).map((t) => ({
      name: t.name,
      slug: t.slug,
      category: t.category,
      detected_by: t.detected_by,
      source: 'stored' as const,
      first_seen: iso(t.first_seen),
      last_seen: iso(t.last_seen),
    })),
  };
}
