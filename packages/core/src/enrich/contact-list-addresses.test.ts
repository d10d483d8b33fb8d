// A company's kept contact list says where its first contact without a usable address is
// (`company_contact_lists.first_without_email`), so enrich by domain reads the addresses the email
// finder learns from in its one statement, and only when a contact it shows needs them. The column
// must follow every change to people and their addresses, and agree with enrich's own rule
// (`bestEmail`): inserts, status changes, deletes, a do-not-contact request and an erasure.
import { readdirSync, readFileSync } from 'node:fs';
import { type Database, organizations, personEmails } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPerson } from '../../testing/person-fixtures.js';
import { saveCompany } from '../company/store.js';
import { suppressPerson } from '../privacy/do-not-contact.js';
import { erase } from '../privacy/erase.js';
import { useInstanceSecret } from '../privacy/secret.js';
import { rowsOf } from '../shared/sql-rows.js';
import { bestEmail } from './contact.js';
import { companyWithContacts, contactListSize, knownAddresses } from './store.js';

let database: Database;
let acme: string;
const ids: Record<string, string> = {};
const actor = { orgId: 'org_lists' };
const lookup = { history: false, technologies: false, addresses: true };
const all = { limit: contactListSize };

beforeAll(async () => {
  useInstanceSecret('a-test-instance-secret-of-32-characters!');
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(organizations).values({ id: actor.orgId, name: 'Lists', slug: 'lists' });
  acme = await saveCompany(db, { domain: 'acme.test', name: 'Acme' });
  const at = { companyId: acme, companyName: 'Acme' };
  ids.ann = await insertPerson(db, {
    ...at,
    first: 'Ann',
    last: 'Ortiz',
    title: 'CEO',
    emails: [{ email: 'ann.ortiz@acme.test' }],
  });
  ids.ben = await insertPerson(db, {
    ...at,
    first: 'Ben',
    last: 'Ng',
    title: 'VP Sales',
    emails: [{ email: 'ben.ng@acme.test' }],
  });
  ids.carl = await insertPerson(db, { ...at, first: 'Carl', last: 'Diaz', title: 'Director of Finance' });
  ids.dora = await insertPerson(db, {
    ...at,
    first: 'Dora',
    last: 'Kim',
    title: 'Engineer',
    emails: [{ email: 'dora.kim@acme.test' }],
  });
});
afterAll(async () => {
  await database.close();
});

/** The stored position, checked against enrich's rule over the same list and against the function the migration backfills with. */
async function stored(): Promise<number | null> {
  const [row] = rowsOf<{ first: number | null; again: number | null }>(
    await database.db.execute(
      sql`select first_without_email as first, dossier_first_without_email(contacts) as again
        from company_contact_lists where company_id = ${acme}`,
    ),
  );
  const found = await companyWithContacts(database.db, { id: acme }, all, { ...lookup, addresses: false });
  const domains = [found?.company.domain ?? '', ...(found?.company.alias_domains ?? [])];
  const index = found?.people.findIndex((p) => !bestEmail(p, domains)) ?? -1;
  expect(row?.first ?? null).toBe(index < 0 ? null : index);
  expect(row?.again ?? null).toBe(row?.first ?? null);
  return row?.first ?? null;
}

/** Where a person is in the company's list now. */
const position = async (personId: string) =>
  (await companyWithContacts(database.db, { id: acme }, all, lookup))?.people.findIndex(
    (p) => p.id === personId,
  );

describe('where the first contact without an address is', () => {
  it('follows inserts, updates and deletes of people and their addresses', async () => {
    const db = database.db;
    expect(await stored()).toBe(await position(ids.carl as string));
    // Carl gets an address: everyone has one.
    await db
      .insert(personEmails)
      .values({ personId: ids.carl as string, email: 'carl.diaz@acme.test', type: 'work' });
    expect(await stored()).toBeNull();
    // An invalid address is no address.
    await db
      .update(personEmails)
      .set({ status: 'invalid' })
      .where(eq(personEmails.email, 'carl.diaz@acme.test'));
    expect(await stored()).toBe(await position(ids.carl as string));
    await db
      .update(personEmails)
      .set({ status: 'invalid' })
      .where(eq(personEmails.email, 'ann.ortiz@acme.test'));
    expect(await stored()).toBe(await position(ids.ann as string));
    await db
      .update(personEmails)
      .set({ status: 'valid' })
      .where(eq(personEmails.email, 'ann.ortiz@acme.test'));
    expect(await stored()).toBe(await position(ids.carl as string));
    await db.delete(personEmails).where(eq(personEmails.email, 'carl.diaz@acme.test'));
    expect(await stored()).toBe(await position(ids.carl as string));
    // A new person without an address who ranks first.
    ids.owner = await insertPerson(db, {
      companyId: acme,
      first: 'Olga',
      last: 'Berg',
      title: 'Founder and Owner',
    });
    expect(await position(ids.owner)).toBe(0);
    expect(await stored()).toBe(0);
  });

  it('follows a do-not-contact request and an erasure', async () => {
    // The owner, first and without an address, is erased: Carl is the first without one again.
    await erase(database.db, { kind: 'person', id: ids.owner as string }, actor);
    expect(await stored()).toBe(await position(ids.carl as string));
    await database.db
      .insert(personEmails)
      .values({ personId: ids.carl as string, email: 'carl.diaz@acme.test', type: 'work' });
    expect(await stored()).toBeNull();
    // Ben asks not to be contacted: his address goes, he stays listed.
    await suppressPerson(database.db, { kind: 'email', identifier: 'email:ben.ng@acme.test' }, actor);
    expect(await stored()).toBe(await position(ids.ben as string));
    // Erased, he leaves the list, and everyone left has an address.
    await erase(database.db, { kind: 'person', id: ids.ben as string }, actor);
    expect(await position(ids.ben as string)).toBe(-1);
    expect(await stored()).toBeNull();
  });
});

/** The migration that added the column: its statements that fill it for the lists kept before. */
const backfill = () => {
  const dir = new URL('../../../db/migrations/', import.meta.url);
  const file = readdirSync(dir).find((f) => f.endsWith('_contact_list_first_without_email.sql')) as string;
  return readFileSync(new URL(file, dir), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s));
};

describe('the migration', () => {
  it('fills the column of the lists kept before it as the refresh writes it', async () => {
    const db = database.db;
    await db
      .update(personEmails)
      .set({ status: 'invalid' })
      .where(eq(personEmails.email, 'ann.ortiz@acme.test'));
    const now = await stored();
    expect(now).not.toBeNull();
    await db.execute(sql`update company_contact_lists set first_without_email = null`);
    const statements = backfill();
    expect(statements).toHaveLength(1);
    for (const statement of statements) await db.execute(sql.raw(statement));
    expect(await stored()).toBe(now);
    await db
      .update(personEmails)
      .set({ status: 'valid' })
      .where(eq(personEmails.email, 'ann.ortiz@acme.test'));
  });
});

describe('the addresses the email finder learns from', () => {
  it('come with the company only when a contact it shows lacks one', async () => {
    const db = database.db;
    expect((await companyWithContacts(db, { domain: 'acme.test' }, all, lookup))?.known).toBeUndefined();
    await db
      .update(personEmails)
      .set({ status: 'invalid' })
      .where(eq(personEmails.email, 'dora.kim@acme.test'));
    const at = (await position(ids.dora as string)) as number;
    const with_ = await companyWithContacts(db, { domain: 'acme.test' }, all, lookup);
    expect(with_?.known?.map((k) => k.email).sort()).toEqual(['ann.ortiz@acme.test', 'carl.diaz@acme.test']);
    expect(with_?.known).toEqual(await knownAddresses(db, acme, 'acme.test'));
    // Dora is past the contacts asked for, or no address was asked for: none.
    expect(
      (await companyWithContacts(db, { domain: 'acme.test' }, { limit: at }, lookup))?.known,
    ).toBeUndefined();
    expect(
      (await companyWithContacts(db, { domain: 'acme.test' }, { limit: at + 1 }, lookup))?.known,
    ).toHaveLength(2);
    expect(
      (await companyWithContacts(db, { domain: 'acme.test' }, all, { ...lookup, addresses: false }))?.known,
    ).toBeUndefined();
  });
});
