import { companies, companyDomains, companyTechnologies, type Db } from '@dossier/db';
import { asc, eq } from 'drizzle-orm';
import { type CompanyProfile, employeeRange } from './profile.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The stored profile for a domain or any of its aliases, or null. */
export async function findCompanyByDomain(db: Db, domain: string): Promise<CompanyProfile | null> {
  const [row] = await db
    .select({ company: companies })
    .from(companyDomains)
    .innerJoin(companies, eq(companies.id, companyDomains.companyId))
    .where(eq(companyDomains.domain, domain))
    .limit(1);
  if (!row) return null;
  const { company } = row;
  const [domains, techs] = await Promise.all([
    db.select().from(companyDomains).where(eq(companyDomains.companyId, company.id)),
    db
      .select()
      .from(companyTechnologies)
      .where(eq(companyTechnologies.companyId, company.id))
      .orderBy(asc(companyTechnologies.category), asc(companyTechnologies.name)),
  ]);
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
    alias_domains: domains
      .filter((d) => d.domain !== company.domain)
      .map((d) => d.domain)
      .sort(),
    tags: company.tags,
    technologies: techs.map((t) => ({
      name: t.name,
      slug: t.slug,
      category: t.category,
      detected_by: t.detectedBy,
      source: 'stored' as const,
      first_seen: iso(t.firstSeen),
      last_seen: iso(t.lastSeen),
    })),
  };
}
