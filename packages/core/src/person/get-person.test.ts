import { type Database, personAttributes, sourceRecords, sources } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichContext, seedEnrichFixtures } from '../../testing/enrich-fixtures.js';
import { isDossierError } from '../errors.js';
import { runOperation } from '../run-operation.js';
import { getPersonOperation } from './get-person.js';
import type { PersonRecord } from './schema.js';

let database: Database;
let ids: Awaited<ReturnType<typeof seedEnrichFixtures>>;

beforeAll(async () => {
  database = await createTestDatabase();
  ids = await seedEnrichFixtures(database);
});
afterAll(async () => {
  await database.close();
});

const get = async (id: string, pii = true) =>
  (await runOperation(getPersonOperation as never, enrichContext(database, { pii }), { id })) as PersonRecord;

const provenance = {
  first_seen: expect.any(String),
  last_seen: expect.any(String),
  num_sources: expect.any(Number),
};

describe('get_person', () => {
  it('returns the full record with provenance on every value', async () => {
    const john = await get(ids.john);
    expect(john).toMatchObject({
      id: ids.john,
      merged_from: null,
      full_name: 'John Smith',
      title: 'VP Sales',
      seniority: 'vp',
      department: 'sales',
      company: { id: ids.northwind, domain: 'northwind.example', name: 'Northwind Traders' },
      location: { city: 'Seattle', country: 'US' },
      masked: false,
      provenance,
    });
    expect(john.emails).toEqual([
      {
        email: 'jsmith@northwind.example',
        type: 'work',
        status: 'verified',
        verified_at: expect.any(String),
        ...provenance,
        num_sources: 3,
      },
      {
        email: 'john.smith@mail.example',
        type: 'personal',
        status: 'valid',
        verified_at: null,
        ...provenance,
      },
    ]);
    expect(john.phones).toEqual([{ number: '+14155550101', type: 'mobile', status: 'valid', ...provenance }]);
    expect(john.profiles).toEqual([
      {
        network: 'linkedin',
        handle: 'john-smith-nw',
        url: 'https://www.linkedin.com/in/john-smith-nw',
        ...provenance,
      },
    ]);
    expect(john.employment.map((j) => [j.company_name, j.is_current])).toEqual([
      ['Northwind Traders', true],
      ['Contoso', false],
    ]);
    expect(john.employment[0]).toMatchObject({ company_domain: 'northwind.example', ...provenance });
  });

  it('counts the distinct sources that stated the person, at least one', async () => {
    expect((await get(ids.mary)).provenance.num_sources).toBe(1);
    await database.db.insert(sources).values([
      { id: 'src_count_a', name: 'count-a' },
      { id: 'src_count_b', name: 'count-b' },
    ]);
    // Two records from one source and one from another: two sources, not three records.
    await database.db.insert(sourceRecords).values(
      [
        ['a1', 'src_count_a'],
        ['a2', 'src_count_a'],
        ['b1', 'src_count_b'],
      ].map(([hash, sourceId]) => ({
        id: `srec_count_${hash}`,
        sourceId: sourceId as string,
        kind: 'person',
        hash: hash as string,
        payload: {},
        entityId: ids.mary,
      })),
    );
    expect((await get(ids.mary)).provenance.num_sources).toBe(2);
  });

  it('returns the survivor for a merged id and says so', async () => {
    const john = await get('per_mergedaway');
    expect(john).toMatchObject({ id: ids.john, merged_from: 'per_mergedaway' });
  });

  it('answers a merged id with the record its survivor answers', async () => {
    // The merged path reads with loadPeople, the direct one with loadPerson's statement: one row shape.
    await database.db
      .insert(personAttributes)
      .values({ personId: ids.john, dob: '1980-04', gender: 'male', postcode: '98101', ssn: '123-45-6789' });
    expect((await get(ids.john)).personal).toMatchObject({
      date_of_birth: '1980-04',
      gender: 'male',
      identity_numbers: { ssn: '*******6789', passport: null },
    });
    for (const pii of [true, false]) {
      const direct = await get(ids.john, pii);
      const merged = await get('per_mergedaway', pii);
      expect({ ...merged, merged_from: null }).toEqual(direct);
    }
  });

  it('masks emails and phones without the pii scope', async () => {
    const john = await get(ids.john, false);
    expect(john.masked).toBe(true);
    expect(john.emails.map((e) => e.email)).toEqual(['j***@northwind.example', 'j***@mail.example']);
    expect(john.phones[0]?.number).toBe('+1 415 ***-**01');
  });

  it('answers 404 for an unknown id and 422 for something that is not an id', async () => {
    const missing = await get('per_doesnotexist').catch((e: unknown) => e);
    expect(isDossierError(missing) && missing.code).toBe('not_found');
    const bad = await get('cmp_123').catch((e: unknown) => e);
    expect(isDossierError(bad) && bad.issues?.[0]?.path).toBe('id');
  });
});
