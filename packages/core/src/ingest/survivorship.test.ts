import { join } from 'node:path';
import { companies, people, personEmails, personPhones, personProfiles } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { peopleKind } from './people-kind.js';
import { runImport } from './run-import.js';

const fixture = (name: string) => join(__dirname, '../../../../testdata/imports', name);

/** People exports that overlap (the same fictional people in several tools), CRMs and lists mixed. */
const FILES = [
  'hubspot-contacts.csv',
  'sales-navigator.csv',
  'outlook.csv',
  'apollo-api.json',
  'salesforce-contacts.csv',
  'hubspot-api.json',
  'google-contacts.csv',
  'zoominfo-contacts.csv',
  'pipedrive-de.csv',
  'mailchimp.csv',
  'apollo-people.csv',
  'salesforce-leads.csv',
];

/** Every stored person with their values, keyed by what they are, not by ids. */
async function snapshot(files: string[]) {
  const database = await createTestDatabase();
  try {
    for (const name of files)
      await runImport({
        database,
        path: fixture(name),
        source: name.replace(/\..*$/, ''),
        kind: peopleKind,
        rejectsPath: '/dev/null',
      });
    const db = database.db;
    const rows = await db
      .select({
        id: people.id,
        fullName: people.fullName,
        firstName: people.firstName,
        lastName: people.lastName,
        title: people.title,
        company: companies.domain,
        city: people.city,
        region: people.region,
        country: people.country,
      })
      .from(people)
      .leftJoin(companies, eq(companies.id, people.companyId));
    const emails = await db.select().from(personEmails);
    const phones = await db.select().from(personPhones);
    const profiles = await db.select().from(personProfiles);
    const companyDomains = (await db.select({ domain: companies.domain }).from(companies))
      .map((c) => c.domain)
      .sort();
    const persons = rows
      .map(({ id, ...p }) => ({
        ...p,
        emails: emails
          .filter((e) => e.personId === id)
          .map((e) => e.email)
          .sort(),
        phones: phones
          .filter((e) => e.personId === id)
          .map((e) => e.e164)
          .sort(),
        profiles: profiles
          .filter((e) => e.personId === id)
          .map((e) => e.handle)
          .sort(),
      }))
      .sort((a, b) => `${a.lastName}${a.emails[0]}`.localeCompare(`${b.lastName}${b.emails[0]}`));
    return { persons, companyDomains };
  } finally {
    await database.close();
  }
}

describe('importing the export layouts in any order', () => {
  it('gives the same people and values, and no list damages a CRM record', async () => {
    const forward = await snapshot(FILES);
    const byName = (name: string) => forward.persons.filter((p) => p.fullName === name);
    // CRMs first, then a LinkedIn list with no employer or a company page only.
    expect(byName('Jürgen Müller')).toEqual([
      expect.objectContaining({
        firstName: 'Jürgen',
        title: 'CTO',
        company: 'contoso.example',
        country: 'DE',
        profiles: ['juergen-mueller-example'],
        phones: ['+491712345678', '+49301234567'],
      }),
    ]);
    expect(byName('Carlos Díaz')).toEqual([
      expect.objectContaining({
        title: 'Head of Marketing',
        company: 'northwind.example',
        profiles: ['carlos-diaz-example'],
      }),
    ]);
    expect(forward.companyDomains).not.toContain('linkedin.com');
    const text = JSON.stringify(forward);
    expect(text).not.toMatch(/\uFFFD|\[object|"title":"(Herr|Frau|Dr\.|Mr\.|Ms\.)"/);
    // No name is made from an email address.
    expect(forward.persons.find((p) => p.emails.includes('newsletter.reader@mail.example'))).toMatchObject({
      firstName: null,
      lastName: null,
    });
    expect(forward.persons.filter((p) => p.fullName === 'Aisha Rahman')).toHaveLength(1);

    expect(await snapshot([...FILES].reverse())).toEqual(forward);
    const shuffled = [5, 1, 9, 3, 11, 0, 7, 2, 10, 4, 8, 6].map((i) => FILES[i] as string);
    expect(await snapshot(shuffled)).toEqual(forward);
  }, 600_000);
});
