import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, testDriver } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePeople } from '../../../testing/resolver-lab/synthetic.js';
import { peopleKind } from '../../ingest/people-kind.js';
import { runImport } from '../../ingest/run-import.js';
import type { PersonRecord } from '../types.js';

const COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'linkedin_url',
  'company_name',
  'city',
] as const;
const cell = (v: string | null | undefined) => (v ? `"${v.replace(/"/g, '""')}"` : '');
const csv = (rows: PersonRecord[]) =>
  [
    COLUMNS.join(','),
    ...rows.map((r) =>
      [r.firstName, r.lastName, r.email, r.phone, r.linkedinUrl, r.companyName, r.city].map(cell).join(','),
    ),
  ].join('\n');

describe(`two imports of overlapping people at the same time (${testDriver()})`, () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('never creates the same person twice', async () => {
    const db = await database;
    // Records with an email: two identical ones must always end in one person.
    const records = generatePeople({ records: 900, seed: 17 })
      .records.filter((r) => r.email)
      .slice(0, 450);
    const dir = mkdtempSync(join(tmpdir(), 'dossier-concurrent-'));
    const a = join(dir, 'a.csv');
    const b = join(dir, 'b.csv');
    // The shared records come first in both files, so the two imports reach them at the same moment.
    const shared = records.slice(150, 300);
    writeFileSync(a, csv([...shared, ...records.slice(0, 150)]));
    writeFileSync(b, csv([...shared, ...records.slice(300)]));
    // Small batches so the two imports interleave many transactions.
    const [first, second] = await Promise.all([
      runImport({ database: db, path: a, source: 'crm-a', kind: peopleKind, batchSize: 25 }),
      runImport({ database: db, path: b, source: 'crm-b', kind: peopleKind, batchSize: 25 }),
    ]);
    expect(first.rejected + second.rejected).toBe(0);
    const rows = await db.query<{ name: string; row_number: number; entity_id: string }>(sql`
      select s.name, r.row_number, coalesce(x.to_id, r.entity_id) as entity_id
      from source_records r join sources s on s.id = r.source_id
      left join entity_redirects x on x.from_id = r.entity_id where r.kind = 'people'`);
    const entity = new Map(rows.map((r) => [`${r.name}:${r.row_number}`, r.entity_id]));
    // A row repeated inside its file is `unchanged` and stores no second source record.
    expect(entity.size).toBe(600 - first.unchanged - second.unchanged);
    // Row i of A is row i of B for the first 150: the same record, so the same person.
    let pairs = 0;
    let same = 0;
    for (let i = 1; i <= 150; i++) {
      const x = entity.get(`crm-a:${i}`);
      const y = entity.get(`crm-b:${i}`);
      if (!x || !y) continue;
      pairs++;
      if (x === y) same++;
    }
    expect(pairs).toBeGreaterThan(140);
    expect(same).toBe(pairs);
  });
});
