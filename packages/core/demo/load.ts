import {
  companies,
  companyDomains,
  companyTechnologies,
  type Database,
  type Db,
  employment,
  ipRanges,
  jobChanges,
  jobPostings,
  people,
  personEmails,
  personPhones,
  personProfiles,
  signals,
  sources,
} from '@dossier/db';
import { eq, inArray } from 'drizzle-orm';
import { seedPersonKeys } from '../src/resolve/persist/seed.js';
import { BULK_BATCH, bulkInsert, bulkInsertReturning } from '../src/shared/bulk-insert.js';
import { generateDemoData } from './generate.js';
import type { DemoCounts, DemoData } from './types.js';

export interface LoadDemoOptions {
  /** Recent signals, postings and job changes are placed before this day. Default: now. */
  asOf?: Date;
  seed?: number;
  /** Rows generated beforehand (tests); otherwise generated from `seed` and `asOf`. */
  data?: DemoData;
}

export interface LoadDemoResult {
  seed: number;
  asOf: Date;
  /** Rows inserted per table; all zero when the demo data was already there. */
  inserted: DemoCounts;
}

/**
 * Source records and blocking keys for the demo people this load inserted, written the way an import
 * writes them, so records imported later resolve against the demo people.
 */
const seedDemoKeys = async (db: Db, data: DemoData, inserted: Set<unknown>) => {
  const [source] = await db
    .select({ id: sources.id })
    .from(sources)
    .where(eq(sources.name, data.source.name));
  if (!source || inserted.size === 0) return;
  const company = new Map(data.companies.map((c) => [c.id, c]));
  const emails = new Map<string, string[]>();
  for (const e of [...data.personEmails].sort(
    (a, b) => Number(b.type === 'work') - Number(a.type === 'work'),
  ))
    emails.set(e.personId, [...(emails.get(e.personId) ?? []), e.email]);
  const phones = new Map<string, string[]>();
  for (const f of data.personPhones) phones.set(f.personId, [...(phones.get(f.personId) ?? []), f.e164]);
  const linkedin = new Map(
    data.personProfiles.filter((f) => f.network === 'linkedin').map((f) => [f.personId, f.url]),
  );
  await seedPersonKeys(
    db,
    source.id,
    data.people
      .filter((p) => inserted.has(p.id))
      .map((p) => {
        const c = p.companyId ? company.get(p.companyId) : undefined;
        return {
          personId: p.id,
          firstName: p.firstName,
          lastName: p.lastName,
          fullName: p.fullName,
          title: p.title,
          city: p.city,
          region: p.region,
          country: p.country,
          companyName: c?.name,
          companyDomain: c?.domain,
          emails: emails.get(p.id) ?? [],
          phones: phones.get(p.id) ?? [],
          linkedinUrl: linkedin.get(p.id),
        };
      }),
  );
};

/**
 * Loads the demo data in one transaction (both drivers allow it), so a failed load leaves nothing behind.
 *
 * Idempotent by natural keys: companies (id, domain), people (id), IP ranges (cidr), the `demo` source
 * (name) and every keyed child row go in with ON CONFLICT DO NOTHING, and rows without a natural key
 * (signals, employment, job changes, ...) are written only for the companies or people this call inserted.
 * A second load therefore inserts nothing. A demo domain already owned by another company keeps that
 * company: the demo's people are attached to it and the demo's firmographics for it are skipped.
 */
export const loadDemoData = async (
  database: Database,
  options: LoadDemoOptions = {},
): Promise<LoadDemoResult> => {
  const data = options.data ?? generateDemoData(options.seed ?? 1, options.asOf ?? new Date());
  const inserted = await database.db.transaction(async (tx): Promise<DemoCounts> => {
    const source = await bulkInsert(tx, sources, [data.source]);

    const newCompanies = new Set(await bulkInsertReturning(tx, companies, data.companies, companies.id));
    // The id each demo company really has here: another company may already own the domain.
    const owner = new Map<string, string>();
    const byDomain = new Map(data.companies.map((c) => [c.domain, c.id]));
    for (let i = 0; i < data.companies.length; i += BULK_BATCH) {
      const domains = data.companies.slice(i, i + BULK_BATCH).map((c) => c.domain);
      const rows = await tx
        .select({ id: companies.id, domain: companies.domain })
        .from(companies)
        .where(inArray(companies.domain, domains));
      for (const row of rows) owner.set(byDomain.get(row.domain) ?? row.id, row.id);
    }
    const remap = (id: string | null | undefined) => (id ? (owner.get(id) ?? id) : null);
    const ofNewCompany = <R extends { companyId: string }>(rows: R[]) =>
      rows.filter((r) => newCompanies.has(r.companyId));

    const newPeople = new Set(
      await bulkInsertReturning(
        tx,
        people,
        data.people.map((p) => ({ ...p, companyId: remap(p.companyId) })),
        people.id,
      ),
    );
    const ofNewPerson = <R extends { personId: string }>(rows: R[]) =>
      rows.filter((r) => newPeople.has(r.personId));

    await seedDemoKeys(tx as unknown as Db, data, newPeople);

    return {
      source,
      companies: newCompanies.size,
      companyDomains: await bulkInsert(tx, companyDomains, ofNewCompany(data.companyDomains)),
      companyTechnologies: await bulkInsert(tx, companyTechnologies, ofNewCompany(data.companyTechnologies)),
      people: newPeople.size,
      personEmails: await bulkInsert(tx, personEmails, ofNewPerson(data.personEmails)),
      personPhones: await bulkInsert(tx, personPhones, ofNewPerson(data.personPhones)),
      personProfiles: await bulkInsert(tx, personProfiles, ofNewPerson(data.personProfiles)),
      employment: await bulkInsert(
        tx,
        employment,
        ofNewPerson(data.employment).map((e) => ({ ...e, companyId: remap(e.companyId) })),
      ),
      ipRanges: await bulkInsert(
        tx,
        ipRanges,
        data.ipRanges.map((r) => ({ ...r, companyId: remap(r.companyId) })),
      ),
      signals: await bulkInsert(tx, signals, ofNewCompany(data.signals)),
      jobPostings: await bulkInsert(tx, jobPostings, ofNewCompany(data.jobPostings)),
      jobChanges: await bulkInsert(
        tx,
        jobChanges,
        ofNewPerson(data.jobChanges).map((j) => ({
          ...j,
          fromCompanyId: remap(j.fromCompanyId),
          toCompanyId: remap(j.toCompanyId),
        })),
      ),
    };
  });
  return { seed: data.seed, asOf: data.asOf, inserted };
};
