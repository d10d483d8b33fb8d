// People search reads the current company's values and the contact flags from the person's row
// (`search_facets`, kept by triggers from packages/db/sql/search-facets.sql). These tests change the sources every
// way the writers do and check the search follows.
import {
  companies,
  companyTechnologies,
  type Database,
  people,
  personEmails,
  personPhones,
} from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson, testContext } from '../../testing/search-fixtures.js';
import { saveCompany } from '../company/store.js';
import { runOperation } from '../run-operation.js';
import { searchPeopleOperation } from './operations.js';

let database: Database;
let acme: string;
let globex: string;
let pat: string;

beforeAll(async () => {
  database = await createTestDatabase();
  acme = await saveCompany(database.db, {
    domain: 'acme-sync.example',
    name: 'Acme Sync',
    industry: 'logistics',
    employeeCount: 30,
    country: 'FR',
    city: 'Lyon',
    technologies: [{ slug: 'sap', name: 'SAP', category: 'erp' }],
  });
  globex = await saveCompany(database.db, {
    domain: 'globex-sync.example',
    name: 'Globex Sync',
    industry: 'fintech',
    employeeCount: 900,
    country: 'IT',
  });
  pat = await insertPerson(database, { fullName: 'Pat Quinn', seniority: 'vp', companyId: acme });
});
afterAll(async () => {
  await database.close();
});

const find = async (filters: Record<string, unknown>) => {
  const page = (await runOperation(searchPeopleOperation, testContext(database), {
    filters,
    limit: 100,
  })) as {
    data: { id: string; has_verified_email: boolean; has_mobile: boolean }[];
  };
  return page.data;
};
const ids = async (filters: Record<string, unknown>) => (await find(filters)).map((r) => r.id);

describe('people search follows its sources', () => {
  it('a company update: country, size and a new technology (via its category trigger)', async () => {
    expect(await ids({ company: { country: ['FR'], employees: { max: 50 } } })).toEqual([pat]);
    await saveCompany(database.db, {
      domain: 'acme-sync.example',
      name: 'Acme Sync',
      industry: 'logistics',
      employeeCount: 300,
      country: 'ES',
      technologies: [{ slug: 'hubspot', name: 'HubSpot', category: 'marketing-automation' }],
    });
    expect(await ids({ company: { country: ['FR'] } })).toEqual([]);
    expect(await ids({ company: { country: ['ES'], employees: { min: 200, max: 400 } } })).toEqual([pat]);
    expect(await ids({ company: { technologies: { categories: ['marketing-automation'] } } })).toEqual([pat]);
    await database.db.insert(companyTechnologies).values({
      companyId: acme,
      slug: 'stripe',
      name: 'Stripe',
      category: 'payments',
      detectedBy: 'test',
    });
    expect(await ids({ company: { technologies: { categories: ['payments'] } } })).toEqual([pat]);
    await database.db.update(companies).set({ revenueRange: '$10M-50M' }).where(eq(companies.id, acme));
    expect(await ids({ company: { revenue: { min: 20_000_000 } } })).toEqual([pat]);
  });

  it('a job change moves the person to the new company’s values', async () => {
    await database.db.update(people).set({ companyId: globex }).where(eq(people.id, pat));
    expect(await ids({ company: { industry: ['fintech'], country: ['IT'] } })).toEqual([pat]);
    expect(await ids({ company: { country: ['ES'] } })).toEqual([]);
  });

  it('emails and phones: insert, status change, delete', async () => {
    expect(await ids({ has_verified_email: true })).toEqual([]);
    await database.db
      .insert(personEmails)
      .values({ personId: pat, email: 'pat@globex.example', type: 'work' });
    expect(await ids({ email_status: ['unknown'] })).toEqual([pat]);
    await database.db.update(personEmails).set({ status: 'verified' }).where(eq(personEmails.personId, pat));
    expect(await find({ has_verified_email: true })).toMatchObject([{ id: pat, has_verified_email: true }]);
    expect(await ids({ email_status: ['unknown'] })).toEqual([]);
    await database.db.insert(personPhones).values({ personId: pat, e164: '+33612345678', type: 'mobile' });
    expect(await find({ has_mobile: true })).toMatchObject([{ id: pat, has_mobile: true }]);
    await database.db.delete(personEmails).where(eq(personEmails.personId, pat));
    await database.db.delete(personPhones).where(eq(personPhones.personId, pat));
    expect(await ids({ has_verified_email: false, has_mobile: false })).toEqual([pat]);
  });

  it('a deleted company leaves its people without company values', async () => {
    await database.db.delete(companies).where(eq(companies.id, globex));
    expect(await ids({ company: { industry: ['fintech'] } })).toEqual([]);
    expect(await ids({ company: { technologies: { none: ['sap'] } } })).toEqual([]);
    expect(await ids({ seniority: ['vp'] })).toEqual([pat]);
  });
});
