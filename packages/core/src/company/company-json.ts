import { isoFromUtc } from '../shared/json-time.js';
import { jsonListOf, jsonOf } from '../shared/sql-rows.js';
import { type CompanyProfile, employeeRange } from './profile.js';

/** A company from the database: it always has an id. */
export type StoredCompany = CompanyProfile & { id: string };

/**
 * A timestamp column in UTC without its zone: JSON writes it `2026-01-02T03:04:05[.678912]`,
 * whatever the session's time zone (`to_char` in the exact ISO form cost PostgreSQL more per call).
 */
const utcSql = (column: string) => `${column} at time zone 'UTC'`;

/**
 * SQL for the profile of the company row aliased `c`, as one JSON array (`CompanyRow`; an array
 * parses in about half the time of the same values with their keys, and is a third shorter): alias
 * domains and technologies ride along from indexed subqueries, so a lookup is one round trip and
 * the driver parses one value. `technologies: false` leaves them out (enrich when they were not
 * asked for).
 */
export function companyJsonSql(c: string, options: { technologies?: boolean } = {}): string {
  const technologies =
    options.technologies === false
      ? `'[]'::json`
      : `coalesce((select json_agg(json_build_array(t.name, t.slug, t.category, t.detected_by,
      ${utcSql('t.first_seen')}, ${utcSql('t.last_seen')}) order by t.category, t.name)
      from company_technologies t where t.company_id = ${c}.id), '[]')`;
  return `json_build_array(${c}.id, ${c}.domain, ${c}.name, ${c}.legal_name, ${c}.description, ${c}.industry,
    ${c}.employee_count, ${c}.revenue_range, ${c}.founded_year, ${c}.type, ${c}.city, ${c}.region, ${c}.country,
    ${c}.locations, ${c}.phone, ${c}.socials, ${c}.tags,
    coalesce((select json_agg(d2.domain order by d2.domain) from company_domains d2
      where d2.company_id = ${c}.id and d2.domain <> ${c}.domain), '[]'),
    ${technologies})`;
}

/** One technology of `CompanyRow`, its timestamps in UTC (`utcSql`). */
type TechRow = [
  name: string,
  slug: string,
  category: string,
  detectedBy: string,
  firstSeen: string | null,
  lastSeen: string | null,
];

/** What `companyJsonSql` selects, by position. */
export type CompanyRow = [
  id: string,
  domain: string,
  name: string,
  legalName: string | null,
  description: string | null,
  industry: string | null,
  employeeCount: number | null,
  revenueRange: string | null,
  foundedYear: number | null,
  type: string | null,
  city: string | null,
  region: string | null,
  country: string | null,
  locations: Array<{
    city?: string | null;
    region?: string | null;
    country?: string | null;
    hq?: boolean;
  }> | null,
  phone: string | null,
  socials: Record<string, string> | null,
  tags: string[] | null,
  aliases: string[] | null,
  technologies: TechRow[] | null,
];

/** The stored profile from the JSON `companyJsonSql` builds. */
export function storedCompanyFromJson(value: unknown): StoredCompany {
  const c = jsonOf<CompanyRow>(value);
  const techs = jsonListOf<TechRow>(c[18]);
  const technologies: StoredCompany['technologies'] = [];
  for (const t of techs)
    technologies.push({
      name: t[0],
      slug: t[1],
      category: t[2],
      detected_by: t[3],
      source: 'stored',
      first_seen: isoFromUtc(t[4]),
      last_seen: isoFromUtc(t[5]),
    });
  return {
    id: c[0],
    domain: c[1],
    name: c[2],
    legal_name: c[3],
    description: c[4],
    industry: c[5],
    employee_count: c[6],
    employee_range: employeeRange(c[6]),
    revenue_range: c[7],
    founded_year: c[8],
    type: c[9],
    headquarters: { city: c[10], region: c[11], country: c[12] },
    locations: (c[13] ?? []).map((l) => ({
      city: l.city ?? null,
      region: l.region ?? null,
      country: l.country ?? null,
      hq: l.hq ?? false,
    })),
    phone: c[14],
    socials: c[15] ?? {},
    alias_domains: jsonListOf<string>(c[17]),
    tags: c[16] ?? [],
    technologies,
  };
}
