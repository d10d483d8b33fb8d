// Test fixtures for search tests (no *.test.ts: imported by them). Each test file builds its own.
import { type Database, newId, people, personEmails, personPhones } from '@dossier/db';
import { saveCompany } from '../src/company/store.js';
import type { Context } from '../src/context.js';
import { silentLogger } from '../src/context.js';
import type { Scope } from '../src/scopes.js';

export interface PersonFixture {
  fullName: string;
  title?: string;
  seniority?: string;
  department?: string;
  companyId?: string;
  city?: string;
  region?: string;
  country?: string;
  emails?: { email: string; type?: 'work' | 'personal'; status?: string }[];
  phones?: { e164: string; type?: 'mobile' | 'direct' | 'office' }[];
}

/** Inserts a person with emails and phones directly (there is no person writer yet). */
export async function insertPerson(database: Database, person: PersonFixture): Promise<string> {
  const id = newId('per');
  const [firstName, ...rest] = person.fullName.split(' ');
  await database.db.insert(people).values({
    id,
    fullName: person.fullName,
    firstName,
    lastName: rest.join(' ') || null,
    title: person.title,
    seniority: person.seniority,
    department: person.department,
    companyId: person.companyId,
    city: person.city,
    region: person.region,
    country: person.country,
  });
  if (person.emails?.length)
    await database.db.insert(personEmails).values(
      person.emails.map((e) => ({
        personId: id,
        email: e.email,
        type: e.type ?? 'work',
        status: e.status ?? 'unknown',
      })),
    );
  if (person.phones?.length)
    await database.db
      .insert(personPhones)
      .values(person.phones.map((p) => ({ personId: id, e164: p.e164, type: p.type ?? 'mobile' })));
  return id;
}

/** An operation context for a caller with the given scopes. */
export const testContext = (database: Database, scopes: Scope[] = ['search']): Context => ({
  db: database,
  caller: { orgId: 'org_test', projectId: 'prj_test', keyId: 'key_test', scopes: new Set(scopes) },
  requestId: 'req_test',
  log: silentLogger,
  now: () => new Date(),
});

/** Companies and people covering every filter; returns ids by short name. */
export async function seedSearchFixtures(database: Database) {
  const db = database.db;
  const ledgerly = await saveCompany(db, {
    domain: 'ledgerly.example',
    name: 'Ledgerly',
    description: 'Payments platform and invoicing for small businesses.',
    industry: 'fintech',
    employeeCount: 120,
    revenueRange: '$10M-50M',
    foundedYear: 2015,
    type: 'private',
    country: 'DE',
    region: 'Berlin',
    city: 'Berlin',
    tags: ['payments', 'saas'],
    technologies: [
      { slug: 'salesforce', name: 'Salesforce', category: 'crm' },
      { slug: 'slack', name: 'Slack', category: 'collaboration' },
    ],
  });
  const berlinLabs = await saveCompany(db, {
    domain: 'berlinlabs.example',
    name: 'Berlin Labs',
    description: 'Developer tools for testing mobile apps.',
    industry: 'Computer Software',
    employeeCount: 40,
    revenueRange: '$1M-10M',
    foundedYear: 2019,
    type: 'private',
    country: 'GB',
    region: 'England',
    city: 'London',
    tags: ['saas', 'developer-tools'],
    technologies: [{ slug: 'hubspot', name: 'HubSpot', category: 'marketing-automation' }],
  });
  const cargoNord = await saveCompany(db, {
    domain: 'cargonord.example',
    name: 'Cargo Nord',
    description: 'Freight forwarding and warehousing across the Baltic sea.',
    industry: 'Logistics',
    employeeCount: 800,
    revenueRange: '$100M-500M',
    foundedYear: 1998,
    type: 'public',
    country: 'SE',
    region: 'Stockholm County',
    city: 'Stockholm',
    tags: ['freight'],
    technologies: [
      { slug: 'salesforce', name: 'Salesforce', category: 'crm' },
      { slug: 'sap', name: 'SAP', category: 'erp' },
    ],
  });
  const dataCo = await saveCompany(db, {
    domain: 'dataco.example',
    name: 'Data & Co',
    description: 'Analytics warehouse for retailers.',
    industry: 'Data & Analytics',
    employeeCount: 5000,
    revenueRange: '$1B+',
    foundedYear: 2005,
    type: 'public',
    country: 'US',
    region: 'California',
    city: 'San Francisco',
    tags: ['analytics', 'data'],
    technologies: [
      { slug: 'snowflake', name: 'Snowflake', category: 'data-warehouse' },
      { slug: 'salesforce', name: 'Salesforce', category: 'crm' },
      { slug: 'hubspot', name: 'HubSpot', category: 'marketing-automation' },
    ],
  });
  const hands = await saveCompany(db, {
    domain: 'helpinghands.example',
    name: 'Helping Hands',
    description: 'Food banks and meals for families.',
    industry: 'nonprofit',
    employeeCount: 15,
    foundedYear: 1980,
    type: 'nonprofit',
    country: 'US',
    region: 'New York',
    city: 'New York',
    tags: ['charity'],
  });
  const anna = await insertPerson(database, {
    fullName: 'Anna Schmidt',
    title: 'VP of Sales',
    seniority: 'vp',
    department: 'sales',
    companyId: ledgerly,
    city: 'Berlin',
    country: 'DE',
    emails: [
      { email: 'anna.schmidt@ledgerly.example', status: 'verified' },
      { email: 'anna@gmail.example', type: 'personal', status: 'unknown' },
    ],
    phones: [{ e164: '+4915112345678', type: 'mobile' }],
  });
  const ben = await insertPerson(database, {
    fullName: 'Ben Ortiz',
    title: 'CTO',
    seniority: 'cxo',
    department: 'engineering',
    companyId: berlinLabs,
    city: 'London',
    country: 'GB',
    emails: [{ email: 'ben@berlinlabs.example', status: 'accept_all' }],
  });
  const clara = await insertPerson(database, {
    fullName: 'Clara Lind',
    title: 'Head of Marketing',
    seniority: 'director',
    department: 'marketing',
    companyId: cargoNord,
    city: 'Stockholm',
    region: 'Stockholm County',
    country: 'SE',
    phones: [{ e164: '+46701234567', type: 'mobile' }],
  });
  const eve = await insertPerson(database, {
    fullName: 'Eve Adams',
    title: 'Chief Technology Officer',
    seniority: 'cxo',
    department: 'engineering',
    companyId: dataCo,
    city: 'San Francisco',
    region: 'California',
    country: 'US',
    emails: [{ email: 'eve@dataco.example', status: 'verified' }],
    phones: [{ e164: '+14155550112', type: 'office' }],
  });
  const sam = await insertPerson(database, {
    fullName: 'Sam Berlin',
    title: 'Sales Manager',
    seniority: 'manager',
    department: 'sales',
    city: 'New York',
    region: 'New York',
    country: 'US',
  });
  return {
    companies: { ledgerly, berlinLabs, cargoNord, dataCo, hands },
    people: { anna, ben, clara, eve, sam },
  };
}
