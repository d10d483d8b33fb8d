import { companies, companyDomains, companyTechnologies, type Db, newId } from '@dossier/db';
import { type AnyColumn, sql } from 'drizzle-orm';
import { anyText } from '../shared/any-text.js';
import type { CompanyRecord } from './companies-kind.js';
import type { CheckedRecord, StoredOutcome } from './kind.js';

/** The column's array plus new values, without repeats (the list goes as one JSON parameter). */
const widen = (column: AnyColumn, values: string[]) =>
  sql`array(select distinct v from unnest(${column} || array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))) as v)`;

/**
 * Stores a batch of checked company records (companiesKind's store): `technology` names a listed
 * technology as the catalog does.
 */
export async function storeCompanies(
  db: Db,
  records: CheckedRecord<CompanyRecord>[],
  technology: (name: string) => { slug: string; name: string; category: string },
): Promise<StoredOutcome[]> {
  // A domain already known (as a primary or alias domain) merges into its company.
  const domains = [...new Set(records.map((r) => r.value.domain))];
  const known = new Map(
    (await db.select().from(companyDomains).where(anyText(companyDomains.domain, domains))).map((d) => [
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
      employeeRange: value.employeeRange,
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
      await db.insert(companies).values({ id, domain: value.domain, ...fields, tags: value.tags, techSlugs });
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
}
