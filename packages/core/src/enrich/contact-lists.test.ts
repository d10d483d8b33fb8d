// Contact lists (packages/db/sql/contact-read-model.sql) keep each company's first contacts as enrich lists them without
// filters: people ranked by seniority, with their contact cards. The copy must always equal a rebuild
// from people and cards: after imports (which leave the lists to the end of each batch), moves and
// merges, plain writes outside an import (the statement triggers), and company deletes. And enrich
// must answer the same from the list as from the people themselves.
import { companies, type Database, people, personEmails, personPhones } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRolledBack } from '../../testing/enrich-fixtures.js';
import { peopleCsvWriter } from '../../testing/ingest-fixtures.js';
import { saveCompany } from '../company/store.js';
import { peopleKind } from '../ingest/people-kind.js';
import { runImport } from '../ingest/run-import.js';
import { seniorities } from '../normalize/title.js';
import { rowsOf } from '../shared/sql-rows.js';
import { companyWithContacts, contactListSize } from './store.js';

const csv = peopleCsvWriter('dossier-contact-lists-');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type List = { company_id: string; contacts: string; first_without_email: number | null };
const listsSql = sql`select company_id, contacts::text as contacts, first_without_email from company_contact_lists
  order by company_id`;
const lists = async () => rowsOf<List>(await database.db.execute(listsSql));
/** The lists as a rebuild from people and cards gives them (rolled back): what the kept copy must equal. */
const rebuilt = () =>
  inRolledBack(database, async (tx) => {
    await tx.execute(sql`delete from company_contact_lists`);
    await tx.execute(sql`select dossier_refresh_contact_lists(array(select id from companies))`);
    return rowsOf<List>(await tx.execute(listsSql));
  });
type Listed = { id: string; title: string | null; emails: Array<{ email: string; status: string }> };
/** A company's kept list, the parts these tests look at (a contact is an array: id first, title fifth, emails eleventh). */
const listOf = async (companyId: string): Promise<Listed[] | null> => {
  const [row] = rowsOf<{ contacts: string }>(
    await database.db.execute(
      sql`select contacts::text as contacts from company_contact_lists where company_id = ${companyId}`,
    ),
  );
  if (!row) return null;
  return (JSON.parse(row.contacts) as unknown[][]).map((c) => ({
    id: c[0] as string,
    title: c[4] as string | null,
    emails: (c[10] as string[][]).map(([email, , status]) => ({
      email: email as string,
      status: status as string,
    })),
  }));
};
const companyOf = async (domain: string) => {
  const [row] = await database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.domain, domain));
  return row?.id as string;
};
const personOf = async (email: string) => {
  const [row] = await database.db
    .select({ personId: personEmails.personId })
    .from(personEmails)
    .where(eq(personEmails.email, email));
  return row?.personId as string;
};
const lookup = { history: false, technologies: false };

const titles = [
  'Account Executive',
  'Software Engineer',
  'Chief Executive Officer',
  'Sales Manager',
  'VP Marketing',
  'Director of Engineering',
  'Senior Accountant',
  'Founder and Owner',
  'Intern',
  'Product Manager',
  'VP Sales',
  'Office Assistant',
];
// Twelve people at ListCo (two more than a list keeps), one at OtherCo.
const listCoRows = titles.map(
  (title, i) =>
    `Person${i},Lister,person${i}@listco.example,,https://linkedin.com/in/person${i}-lister,ListCo,listco.example,${title},Oslo,NO`,
);

describe('contact lists', () => {
  it('rank seniorities in the order core lists them', async () => {
    const [row] = rowsOf<{ ranks: number[] }>(
      await database.db.execute(
        sql`select array_agg(dossier_seniority_rank(s) order by o) as ranks
          from unnest(${`{${[...seniorities, 'unknown'].join(',')}}`}::text[]) with ordinality as u(s, o)`,
      ),
    );
    expect(row?.ranks).toEqual([...seniorities.map((_, i) => i), seniorities.length]);
  });

  it('match people and cards after imports, moves, merges, plain writes and deletes', async () => {
    await runImport({
      database,
      path: csv('first.csv', [
        ...listCoRows,
        'Olga,Other,olga@otherco.example,,,OtherCo,otherco.example,VP Finance,Bergen,NO',
      ]),
      source: 'crm',
      kind: peopleKind,
    });
    expect(await lists()).toEqual(await rebuilt());
    const listCo = await companyOf('listco.example');
    const otherCo = await companyOf('otherco.example');
    const first = (await listOf(listCo)) ?? [];
    expect(first).toHaveLength(contactListSize);
    // The most senior first: the owner, then the CEO, then the VPs (between them, by id).
    expect(first.slice(0, 2).map((c) => c.title)).toEqual(['Founder and Owner', 'Chief Executive Officer']);
    expect(
      first
        .slice(2, 4)
        .map((c) => c.title)
        .sort(),
    ).toEqual(['VP Marketing', 'VP Sales']);
    expect(first[0]?.emails.map((e) => e.email)).toEqual(['person7@listco.example']);

    // Off the full list: a new phone changes nothing there; a promotion ranks the person in, and the
    // last entry out; a demotion past the last entry takes a person off.
    const listed = new Set(first.map((c) => c.id));
    const staff = await database.db
      .select({ id: people.id })
      .from(people)
      .where(eq(people.companyId, listCo));
    const outside = staff.find((p) => !listed.has(p.id))?.id as string;
    await database.db.insert(personPhones).values({ personId: outside, e164: '+4790000001', type: 'mobile' });
    expect(await listOf(listCo)).toEqual(first);
    await database.db
      .update(people)
      .set({ title: 'Chief Revenue Officer', seniority: 'cxo' })
      .where(eq(people.id, outside));
    const promoted = (await listOf(listCo)) ?? [];
    expect(promoted.map((c) => c.id)).toContain(outside);
    expect(promoted.map((c) => c.id)).not.toContain(first[9]?.id);
    await database.db.update(people).set({ title: 'Advisor', seniority: null }).where(eq(people.id, outside));
    expect(await lists()).toEqual(await rebuilt());

    // The CEO moves to OtherCo; a second record of the owner (a personal address) merges into him.
    await runImport({
      database,
      path: csv('second.csv', [
        'Person2,Lister,person2@listco.example,,https://linkedin.com/in/person2-lister,OtherCo,otherco.example,Chief Executive Officer,Oslo,NO',
        'Person7,Lister,person7@gmail.com,,https://linkedin.com/in/person7-lister,ListCo,listco.example,Founder and Owner,Oslo,NO',
      ]),
      source: 'vendor',
      kind: peopleKind,
    });
    expect(await lists()).toEqual(await rebuilt());
    expect((await listOf(otherCo))?.map((c) => c.title)).toEqual(['Chief Executive Officer', 'VP Finance']);
    expect((await listOf(listCo))?.map((c) => c.title)).not.toContain('Chief Executive Officer');
    expect((await listOf(listCo))?.[0]?.emails.map((e) => e.email).sort()).toEqual([
      'person7@gmail.com',
      'person7@listco.example',
    ]);

    // Outside an import, the triggers: a promotion moves a person up, a new status reorders a card.
    const intern = await personOf('person8@listco.example');
    await database.db
      .update(people)
      .set({ title: 'VP Operations', seniority: 'vp' })
      .where(eq(people.id, intern));
    expect((await listOf(listCo))?.slice(0, 4).map((c) => c.title)).toContain('VP Operations');
    await database.db
      .update(personEmails)
      .set({ status: 'invalid' })
      .where(eq(personEmails.email, 'person7@listco.example'));
    expect((await listOf(listCo))?.[0]?.emails.map((e) => e.status)).toEqual(['unknown', 'invalid']);
    expect(await lists()).toEqual(await rebuilt());

    // A deleted person leaves the list; a company without people has none; a deleted company neither.
    await database.db.delete(people).where(eq(people.id, await personOf('olga@otherco.example')));
    expect((await listOf(otherCo))?.map((c) => c.title)).toEqual(['Chief Executive Officer']);
    await database.db.update(people).set({ companyId: listCo }).where(eq(people.companyId, otherCo));
    expect(await listOf(otherCo)).toBeNull();
    expect(await lists()).toEqual(await rebuilt());
    const gone = await saveCompany(database.db, { domain: 'gone.example', name: 'Gone' });
    await database.db.update(people).set({ companyId: gone }).where(eq(people.id, intern));
    expect((await listOf(gone))?.map((c) => c.id)).toEqual([intern]);
    await database.db.delete(companies).where(eq(companies.id, gone));
    expect(await listOf(gone)).toBeNull();
    expect(await lists()).toEqual(await rebuilt());
  });

  it('answer enrich as the people themselves do', async () => {
    const domain = 'listco.example';
    const none = { limit: contactListSize };
    // Eleven is past the list: read from people, then cut to the list's ten.
    const fromList = await companyWithContacts(database.db, { domain }, none, lookup);
    const fromPeople = await companyWithContacts(
      database.db,
      { domain },
      { limit: contactListSize + 1 },
      lookup,
    );
    expect(fromList?.people).toHaveLength(contactListSize);
    expect(fromPeople?.people.length).toBeGreaterThan(contactListSize);
    expect(fromList).toEqual({ ...fromPeople, people: fromPeople?.people.slice(0, contactListSize) });
    const three = await companyWithContacts(database.db, { domain }, { limit: 3 }, lookup);
    expect(three?.people).toEqual(fromList?.people.slice(0, 3));
  });
});
