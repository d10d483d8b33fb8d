import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { personAttributes } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { enrichContext } from '../../testing/enrich-fixtures.js';
import { isDossierError } from '../errors.js';
import { getPersonOperation } from '../person/get-person.js';
import type { PersonRecord } from '../person/schema.js';
import { runOperation } from '../run-operation.js';
import { ingestRecords } from './ingest-records.js';
import { peopleKind } from './people-kind.js';
import { pushRecordsOperation } from './push-records.js';
import { runImport } from './run-import.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-people-attributes-'));

describe('personal attributes of people', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('imports the public-set columns without a map, stores them and shows them to pii keys only', async () => {
    const db = await database;
    const path = join(dir, 'people.csv');
    writeFileSync(
      path,
      [
        // The column names of testdata/er-public, plus common aliases in a second file below.
        'record_id,first_name,last_name,email,address,city,state,zip,country,dob,gender,native_name,ssn,passport,drivers_license,national_id',
        'r1,Taro,Yamada,taro@yamada.example,1-2-3 Shibuya,Tokyo,Tokyo,150-0002,JP,1980-02-29,M,山田太郎,,TK1234567,,JP-998877',
        'r2,Mary,Smith,mary@smith.example,12 High St,Springfield,IL,62701,US,04/13/1975,female,,123-45-6789,,S530-1234-5678,',
        'r3,Bad,Date,bad@date.example,,,,,,1975-02-30,,,,,,',
      ].join('\n'),
    );
    const result = await runImport({ database: db, path, source: 'public', kind: peopleKind });
    expect(result).toMatchObject({ rows: 3, loaded: 2, rejected: 1 });
    const rejects = readFileSync(result.rejectsPath as string, 'utf8');
    // The reason names the field but not the value (the rejects file keeps the row itself, for fixing).
    expect(rejects).toContain('3,"dob is not a date of birth (YYYY-MM-DD');

    const stored = await db.db.select().from(personAttributes);
    expect(stored).toHaveLength(2);
    const mary = stored.find((r) => r.ssn);
    expect(mary).toMatchObject({
      dob: '1975-04-13',
      gender: 'female',
      address: '12 High St',
      postcode: '62701',
      ssn: '123456789',
      driversLicense: 'S53012345678',
    });

    // A second source with other spellings of the headers joins Mary and adds her middle name.
    const pushed = await ingestRecords(db, 'people', 'crm', [
      {
        'First Name': 'Mary',
        'Middle Name': 'Ann',
        'Last Name': 'Smith',
        Email: 'mary@smith.example',
        'Date of Birth': '1975-04-13',
        Sex: 'F',
        'Postal Code': '62701',
        'Social Security Number': '123456789',
      },
    ]);
    expect(pushed[0]).toMatchObject({ outcome: 'merged', entityId: mary?.personId });

    const get = async (pii: boolean) =>
      (await runOperation(getPersonOperation as never, enrichContext(db, { pii }), {
        id: mary?.personId,
      })) as PersonRecord;
    const full = await get(true);
    expect(full.personal).toEqual({
      middle_name: 'Ann',
      native_name: null,
      date_of_birth: '1975-04-13',
      gender: 'female',
      address: '12 High St',
      postcode: '62701',
      identity_numbers: {
        ssn: '*****6789',
        passport: null,
        drivers_license: '********5678',
        national_id: null,
      },
    });
    const masked = await get(false);
    expect(masked.masked).toBe(true);
    expect(masked).not.toHaveProperty('personal');
    expect(JSON.stringify(masked)).not.toContain('1975');
  }, 120_000);

  it('answers 422 naming the record and field for a bad date of birth on push', async () => {
    const db = await database;
    const ctx = {
      ...enrichContext(db),
      caller: { ...enrichContext(db).caller, scopes: new Set(['ingest'] as never[]) },
    };
    const error = await runOperation(pushRecordsOperation as never, ctx, {
      kind: 'people',
      source: 'crm',
      records: [
        { first_name: 'Ada', last_name: 'Lovelace', dob: '1815-12-10' },
        { first_name: 'Alan', last_name: 'Turing', date_of_birth: '1912-06-31' },
      ],
    }).catch((e: unknown) => e);
    expect(isDossierError(error)).toBe(true);
    expect(JSON.stringify(error)).toContain('date_of_birth');
    expect(JSON.stringify(error)).toContain('records');
  });
});
