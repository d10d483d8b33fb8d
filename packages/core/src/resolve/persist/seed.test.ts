import { type Database, people } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../demo/generate.js';
import { loadDemoData } from '../../../demo/load.js';
import type { DemoData } from '../../../demo/types.js';
import { ingestRecords } from '../../ingest/ingest-records.js';
import { backfillPersonKeys } from './seed.js';

/** A small slice of the demo set: its first companies and their people. */
const demoSubset = (): DemoData => {
  const data = generateDemoData(3, new Date('2026-11-22T09:00:00Z'));
  const companies = data.companies.slice(0, 8);
  const ids = new Set(companies.map((c) => c.id));
  const staff = data.people.filter((p) => p.companyId && ids.has(p.companyId)).slice(0, 120);
  const persons = new Set(staff.map((p) => p.id));
  const mine = <R extends { personId: string }>(rows: R[]) => rows.filter((r) => persons.has(r.personId));
  return {
    ...data,
    companies,
    companyDomains: data.companyDomains.filter((d) => ids.has(d.companyId)),
    companyTechnologies: [],
    people: staff,
    personEmails: mine(data.personEmails),
    personPhones: mine(data.personPhones),
    personProfiles: mine(data.personProfiles),
    employment: mine(data.employment).filter((e) => !e.companyId || ids.has(e.companyId)),
    ipRanges: [],
    signals: [],
    jobPostings: [],
    jobChanges: [],
  };
};

describe('demo people are resolvable', () => {
  let database: Database;
  const data = demoSubset();
  // A demo person with a work email, re-sent by a CRM with a different spelling of the name.
  const person = data.people.find((p) =>
    data.personEmails.some((e) => e.personId === p.id && e.type === 'work'),
  ) as DemoData['people'][number];
  const email = data.personEmails.find((e) => e.personId === person.id && e.type === 'work')?.email as string;
  const keysOf = async () =>
    (await database.query<{ n: number }>(sql`select count(distinct person_id)::int as n from person_keys`))[0]
      ?.n;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('the demo loader writes blocking keys for every person it inserts, once', async () => {
    await loadDemoData(database, { data });
    expect(await keysOf()).toBe(data.people.length);
    const [before] = await database.query<{ n: number }>(sql`select count(*)::int as n from person_keys`);
    await loadDemoData(database, { data });
    const [after] = await database.query<{ n: number }>(sql`select count(*)::int as n from person_keys`);
    expect(after?.n).toBe(before?.n);
  });

  it('an imported record about a demo person joins that person', async () => {
    const [outcome] = await ingestRecords(database, 'people', 'crm', [
      { first_name: (person.firstName ?? '').toUpperCase(), last_name: person.lastName, email: ` ${email} ` },
    ]);
    expect(outcome).toMatchObject({ outcome: 'merged', entityId: person.id });
  });

  it('backfill gives keys to persons stored without them, and then finds none left', async () => {
    // Persons as an older loader left them: no keys, no source records.
    await database.query(sql`delete from person_keys`);
    await database.query(sql`delete from source_records`);
    expect(await keysOf()).toBe(0);
    const first = await backfillPersonKeys(database.db, { batch: 50 });
    expect(first.persons).toBe(data.people.length);
    expect(first.keys).toBeGreaterThan(data.people.length);
    expect(await keysOf()).toBe(data.people.length);
    expect(await backfillPersonKeys(database.db)).toEqual({ persons: 0, keys: 0 });

    const [outcome] = await ingestRecords(database, 'people', 'crm-2', [
      { full_name: `${person.firstName} ${person.lastName}`, email },
    ]);
    expect(outcome).toMatchObject({ outcome: 'merged', entityId: person.id });
    const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from ${people}`,
    );
    expect(n).toBe(data.people.length);
  });
});
