// People imports write search facets themselves (the triggers of packages/db/sql/search-facets.sql stand aside inside
// the import's batches): people created, updated and merged by an import must be
// found by facet filters exactly as if the triggers had computed them, and the triggers must be back
// on for every later write.
import { type Database, personEmails, personPhones } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleCsvWriter } from '../../testing/ingest-fixtures.js';
import { testContext } from '../../testing/search-fixtures.js';
import { saveCompany } from '../company/store.js';
import { runOperation } from '../run-operation.js';
import { searchPeopleOperation } from '../search/operations.js';
import { rowsOf } from '../shared/sql-rows.js';
import { peopleKind } from './people-kind.js';
import { runImport } from './run-import.js';

const csv = peopleCsvWriter('dossier-people-facets-');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await saveCompany(database.db, {
    domain: 'facetco.example',
    name: 'FacetCo',
    industry: 'fintech',
    employeeCount: 120,
    country: 'DE',
    city: 'Berlin',
    technologies: [{ slug: 'snowflake', name: 'Snowflake', category: 'data-warehouse' }],
  });
});
afterAll(async () => {
  await database.close();
});

const find = async (filters: Record<string, unknown>) => {
  const page = (await runOperation(searchPeopleOperation, testContext(database), {
    filters,
    limit: 100,
  })) as {
    data: { id: string; name: string }[];
  };
  return page.data.map((r) => r.name).sort();
};

/** People whose stored facets or company numbers differ from what the triggers compute. */
const stale = async () =>
  rowsOf<{ id: string }>(
    await database.db.execute(sql`
      select p.id from people p left join companies c on c.id = p.company_id
      where array(select unnest(p.search_facets) order by 1) is distinct from
        array(select unnest(dossier_current_person_facets(p.id, p.seniority, p.department, p.country, p.region,
          p.city, p.company_id)) order by 1)
        or (p.company_employee_count, p.company_founded_year, p.company_revenue_min, p.company_revenue_max)
          is distinct from (c.employee_count, c.founded_year, c.revenue_min, c.revenue_max)`),
  );

describe('people search after an import', () => {
  it('finds imported, updated and merged people by facet filters, and the triggers stay on afterwards', async () => {
    const first = csv('first.csv', [
      'Greta,Holm,greta.holm@facetco.example,+49 30 1234567,,FacetCo,facetco.example,VP Finance,Berlin,DE',
      'Greta,Holm,GRETA.HOLM@facetco.example,,https://linkedin.com/in/gretaholm,FacetCo,facetco.example,VP Finance,Berlin,DE',
      'Omar,Haddad,,,https://linkedin.com/in/omarhaddad,Newco,newco-facets.example,Software Engineer,Paris,FR',
      'Lena,Berg,lena.berg@gmail.com,,,,,,Oslo,NO',
    ]);
    expect(await runImport({ database, path: first, source: 'crm', kind: peopleKind })).toMatchObject({
      loaded: 3,
      merged: 1,
    });
    expect(await stale()).toEqual([]);
    expect(await find({ seniority: ['vp'], company: { industry: ['fintech'], country: ['DE'] } })).toEqual([
      'Greta Holm',
    ]);
    expect(await find({ company: { technologies: { categories: ['data-warehouse'] } } })).toEqual([
      'Greta Holm',
    ]);
    expect(await find({ company: { employees: { min: 100, max: 200 } } })).toEqual(['Greta Holm']);
    expect(await find({ email_status: ['unknown'] })).toEqual(['Greta Holm', 'Lena Berg']);
    expect(await find({ has_verified_email: false, country: ['FR'] })).toEqual(['Omar Haddad']);

    // A later batch: Omar gains an email and moves to FacetCo (golden record and company change),
    // Lena's personal email and a LinkedIn profile bring a second record that merges into her.
    const second = csv('second.csv', [
      'Omar,Haddad,omar@facetco.example,,https://www.linkedin.com/in/OmarHaddad/,FacetCo,facetco.example,Director of Engineering,Berlin,DE',
      'Lena,Berg,lena.berg@gmail.com,,https://linkedin.com/in/lenaberg,FacetCo,facetco.example,Sales Manager,Berlin,DE',
    ]);
    expect(await runImport({ database, path: second, source: 'vendor', kind: peopleKind })).toMatchObject({
      merged: 2,
    });
    expect(await stale()).toEqual([]);
    expect(await find({ seniority: ['director'], company: { country: ['DE'] } })).toEqual(['Omar Haddad']);
    expect(await find({ company: { industry: ['fintech'] } })).toEqual([
      'Greta Holm',
      'Lena Berg',
      'Omar Haddad',
    ]);
    expect(await find({ country: ['FR'] })).toEqual([]);
    expect(await find({ email_status: ['unknown'] })).toEqual(['Greta Holm', 'Lena Berg', 'Omar Haddad']);

    // Outside an import the triggers keep the facets, as before.
    await database.db
      .update(personEmails)
      .set({ status: 'verified' })
      .where(eq(personEmails.email, 'greta.holm@facetco.example'));
    const [greta] = await database.db
      .select({ personId: personEmails.personId })
      .from(personEmails)
      .where(eq(personEmails.email, 'greta.holm@facetco.example'));
    await database.db
      .update(personPhones)
      .set({ type: 'mobile' })
      .where(eq(personPhones.personId, greta?.personId as string));
    expect(await find({ has_verified_email: true, has_mobile: true })).toEqual(['Greta Holm']);
    expect(await stale()).toEqual([]);
  });
});
