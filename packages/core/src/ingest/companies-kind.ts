import { companies, companyDomains, companyTechnologies, newId } from '@dossier/db';
import { type AnyColumn, inArray, sql } from 'drizzle-orm';
import { normalizeDomain } from '../normalize/domain.js';
import { normalizePhone } from '../normalize/phone.js';
import { techRules } from '../technographics/rules.js';
import type { ImportKind } from './kind.js';

export interface CompanyRecord {
  domain: string;
  name: string;
  aliases: string[];
  industry?: string;
  employeeCount?: number;
  revenueRange?: string;
  foundedYear?: number;
  type?: string;
  country?: string;
  region?: string;
  city?: string;
  description?: string;
  phone?: string;
  linkedin?: string;
  tags: string[];
  technologies: string[];
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Known technologies by slug or lower-cased name, so an import names them as scans do. */
const catalog = new Map<string, { slug: string; name: string; category: string }>();
for (const rule of techRules) {
  catalog.set(rule.slug, rule);
  catalog.set(rule.name.toLowerCase(), rule);
}
const technology = (name: string) =>
  catalog.get(name.toLowerCase()) ?? catalog.get(slug(name)) ?? { slug: slug(name), name, category: 'other' };

/** The column's array plus new values, without repeats (the list goes as one JSON parameter). */
const widen = (column: AnyColumn, values: string[]) =>
  sql`array(select distinct v from unnest(${column} || array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))) as v)`;

/** Companies keyed by domain: a row without a usable domain is rejected, never guessed. */
export const companiesKind: ImportKind<CompanyRecord> = {
  name: 'companies',
  aliases: {
    domain: ['website', 'url', 'company_domain', 'company_website', 'homepage', 'web'],
    name: ['company', 'company_name', 'organization', 'organisation', 'account', 'account_name'],
    aliases: ['alias_domains', 'other_domains'],
    industry: ['sector', 'vertical'],
    employees: ['employee_count', 'headcount', 'employees_count', 'size', 'staff'],
    revenue_range: ['revenue', 'annual_revenue'],
    founded: ['founded_year', 'year_founded', 'founded_in'],
    type: ['company_type', 'ownership'],
    country: ['country_code', 'hq_country'],
    region: ['state', 'province', 'hq_state'],
    city: ['hq_city', 'town'],
    description: ['about', 'summary'],
    phone: ['phone_number', 'telephone', 'switchboard'],
    linkedin_url: ['linkedin', 'company_linkedin'],
    tags: ['keywords', 'labels'],
    technologies: ['tech', 'tech_stack', 'technographics'],
  },
  check(f) {
    const domain = normalizeDomain(f.domain);
    if (!domain)
      return {
        ok: false,
        reason: f.domain ? `not a domain: ${f.domain}` : 'a company needs a domain or website',
      };
    const employees = f.employees ? Number(f.employees.replace(/[, ]/g, '')) : undefined;
    if (employees !== undefined && !(Number.isInteger(employees) && employees >= 0)) {
      return { ok: false, reason: `employees is not a whole number: ${f.employees}` };
    }
    const founded = f.founded ? Number(f.founded) : undefined;
    if (founded !== undefined && !(Number.isInteger(founded) && founded >= 1600 && founded <= 2100)) {
      return { ok: false, reason: `founded is not a year: ${f.founded}` };
    }
    const country = f.country?.length === 2 ? f.country.toUpperCase() : undefined;
    return {
      ok: true,
      value: {
        domain,
        name: f.name || domain,
        aliases: list(f.aliases)
          .map(normalizeDomain)
          .filter((d): d is string => !!d && d !== domain),
        industry: f.industry,
        employeeCount: employees,
        revenueRange: f.revenue_range,
        foundedYear: founded,
        type: f.type?.toLowerCase(),
        country,
        region: f.region,
        city: f.city,
        description: f.description,
        phone: f.phone ? (normalizePhone(f.phone, country)?.e164 ?? undefined) : undefined,
        linkedin: f.linkedin_url,
        tags: list(f.tags),
        technologies: list(f.technologies),
      },
    };
  },
  async store(db, records) {
    // A domain already known (as a primary or alias domain) merges into its company.
    const domains = [...new Set(records.map((r) => r.value.domain))];
    const known = new Map(
      (await db.select().from(companyDomains).where(inArray(companyDomains.domain, domains))).map((d) => [
        d.domain,
        d.companyId,
      ]),
    );
    const outcomes = [];
    for (const { value } of records) {
      const existing = known.get(value.domain);
      const id = existing ?? newId('cmp');
      const techs = value.technologies.map(technology);
      const techSlugs = techs.map((t) => t.slug);
      const fields = {
        name: value.name,
        industry: value.industry,
        employeeCount: value.employeeCount,
        revenueRange: value.revenueRange,
        foundedYear: value.foundedYear,
        type: value.type,
        country: value.country,
        region: value.region,
        city: value.city,
        description: value.description,
        phone: value.phone,
        socials: value.linkedin ? { linkedin: value.linkedin } : undefined,
      };
      if (existing) {
        // Fill what is missing and widen lists; never blank a stored value.
        const set: Record<string, unknown> = { updatedAt: sql`now()` };
        for (const [column, v] of Object.entries(fields)) {
          if (v === undefined) continue;
          const col = companies[column as keyof typeof fields];
          set[column] =
            column === 'socials'
              ? sql`coalesce(${col}, ${JSON.stringify(v)}::jsonb)`
              : sql`coalesce(${col}, ${v})`;
        }
        set.tags = widen(companies.tags, value.tags);
        set.techSlugs = widen(companies.techSlugs, techSlugs);
        await db.update(companies).set(set).where(sql`${companies.id} = ${id}`);
      } else {
        await db
          .insert(companies)
          .values({ id, domain: value.domain, ...fields, tags: value.tags, techSlugs });
        known.set(value.domain, id);
      }
      const allDomains = [value.domain, ...value.aliases];
      await db
        .insert(companyDomains)
        .values(
          allDomains.map((d) => ({ domain: d, companyId: id, isPrimary: !existing && d === value.domain })),
        )
        .onConflictDoNothing();
      for (const d of value.aliases) if (!known.has(d)) known.set(d, id);
      if (techs.length) {
        await db
          .insert(companyTechnologies)
          .values(
            techs.map((t) => ({
              companyId: id,
              slug: t.slug,
              name: t.name,
              category: t.category,
              detectedBy: 'import',
            })),
          )
          .onConflictDoUpdate({
            target: [companyTechnologies.companyId, companyTechnologies.slug],
            set: { lastSeen: sql`now()`, numSources: sql`${companyTechnologies.numSources} + 1` },
          });
      }
      outcomes.push({ outcome: existing ? ('merged' as const) : ('loaded' as const), entityId: id });
    }
    return outcomes;
  },
};
