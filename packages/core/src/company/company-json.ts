import { jsonListOf, jsonOf } from '../shared/sql-rows.js';
import { type CompanyProfile, employeeRange } from './profile.js';

/** A company from the database: it always has an id. */
export type StoredCompany = CompanyProfile & { id: string };

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * SQL for the profile of the company row aliased `c`, as one JSON object: alias domains and
 * technologies ride along from indexed subqueries, so a lookup is one round trip and the driver
 * parses one value. `technologies: false` leaves them out (enrich when they were not asked for).
 */
export function companyJsonSql(c: string, options: { technologies?: boolean } = {}): string {
  const technologies =
    options.technologies === false
      ? `'[]'::json`
      : `coalesce((select json_agg(json_build_object('name', t.name, 'slug', t.slug, 'category', t.category,
      'detected_by', t.detected_by, 'first_seen', t.first_seen, 'last_seen', t.last_seen)
      order by t.category, t.name) from company_technologies t where t.company_id = ${c}.id), '[]')`;
  return `json_build_object('id', ${c}.id, 'domain', ${c}.domain, 'name', ${c}.name, 'legal_name', ${c}.legal_name,
    'description', ${c}.description, 'industry', ${c}.industry, 'employee_count', ${c}.employee_count,
    'revenue_range', ${c}.revenue_range, 'founded_year', ${c}.founded_year, 'type', ${c}.type,
    'city', ${c}.city, 'region', ${c}.region, 'country', ${c}.country, 'locations', ${c}.locations,
    'phone', ${c}.phone, 'socials', ${c}.socials, 'tags', ${c}.tags,
    'aliases', coalesce((select json_agg(d2.domain order by d2.domain) from company_domains d2
      where d2.company_id = ${c}.id and d2.domain <> ${c}.domain), '[]'),
    'technologies', ${technologies})`;
}

interface TechRow {
  name: string;
  slug: string;
  category: string;
  detected_by: string;
  first_seen: string | null;
  last_seen: string | null;
}

/** What `companyJsonSql` selects. */
export interface CompanyJson {
  id: string;
  domain: string;
  name: string;
  legal_name: string | null;
  description: string | null;
  industry: string | null;
  employee_count: number | null;
  revenue_range: string | null;
  founded_year: number | null;
  type: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  locations: Array<{
    city?: string | null;
    region?: string | null;
    country?: string | null;
    hq?: boolean;
  }> | null;
  phone: string | null;
  socials: Record<string, string> | null;
  tags: string[] | null;
  aliases: string[] | null;
  technologies: TechRow[] | null;
}

/** The stored profile from the JSON `companyJsonSql` builds. */
export function storedCompanyFromJson(value: unknown): StoredCompany {
  const company = jsonOf<CompanyJson>(value);
  return {
    id: company.id,
    domain: company.domain,
    name: company.name,
    legal_name: company.legal_name,
    description: company.description,
    industry: company.industry,
    employee_count: company.employee_count,
    employee_range: employeeRange(company.employee_count),
    revenue_range: company.revenue_range,
    founded_year: company.founded_year,
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
    alias_domains: jsonListOf<string>(company.aliases),
    tags: company.tags ?? [],
    technologies: jsonListOf<TechRow>(company.technologies).map((t) => ({
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
