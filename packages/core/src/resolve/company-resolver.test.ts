import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockingRecall, evaluate } from '../../testing/resolver-lab/evaluate.js';
import { companyFromRow } from './company-prepare.js';
import { createCompanyResolver } from './company-resolver.js';
import { parseCsv } from './csv.js';

describe('createCompanyResolver', () => {
  it('joins on domain, LinkedIn page and name, and keeps different domains apart', () => {
    const r = createCompanyResolver();
    const out = r.addBatch([
      { recordId: 'c1', name: 'Acme Robotics, Inc.', domain: 'https://www.acme-robotics.example/about' },
      { recordId: 'c2', name: 'ACME ROBOTICS', domain: 'acme-robotics.example' },
      { recordId: 'c3', name: 'The Acme Robotics Corp', country: 'US' },
      { recordId: 'c4', name: 'Acme Robotics GmbH', domain: 'acme-robotics.example.de' },
      { recordId: 'c5', name: 'Globex', linkedinUrl: 'https://www.linkedin.com/company/globex/' },
      {
        recordId: 'c6',
        name: 'Globex Corporation',
        linkedinUrl: 'linkedin.com/company/GLOBEX',
        domain: 'globex.example',
      },
      { recordId: 'c7', name: 'Acme Robotcs', country: 'US' },
      { recordId: 'c8', name: 'Acme Robotcs', country: 'FR' },
    ]);
    const e = Object.fromEntries(out.map((a) => [a.recordId, a.entityId]));
    expect(e.c2).toBe(e.c1);
    expect(e.c3).toBe(e.c1);
    expect(e.c4).not.toBe(e.c1);
    expect(e.c6).toBe(e.c5);
    expect(e.c7).toBe(e.c1);
    expect(r.entityOf('c7')).toBe(e.c1);
    expect(r.resolveOne({ recordId: 'c9', name: 'Globex Corp.' }).entityId).toBe(e.c5);
  });
});

const entities = (out: { recordId: string; entityId: string }[]) =>
  Object.fromEntries(out.map((a) => [a.recordId, a.entityId]));

describe('createCompanyResolver on sites of organisations', () => {
  it('keeps sites of one parent apart though they share its website, switchboard and name', () => {
    const r = createCompanyResolver();
    const e = entities(
      r.addBatch([
        {
          recordId: 's1',
          name: 'Northside Family Services - Elm Center',
          domain: 'northside.example',
          phone: '312 555 0100',
          address: '100 N Elm St',
        },
        {
          recordId: 's2',
          name: 'Northside Family Services - Oak Center',
          domain: 'northside.example',
          phone: '312 555 0100',
          address: '2400 W Oak Ave',
        },
        {
          recordId: 's3',
          name: 'Northside Family Services',
          domain: 'www.northside.example',
          phone: '(312) 555-0100',
        },
        {
          recordId: 's4',
          name: 'NORTHSIDE FAMILY SERVICES ELM CENTER',
          phone: '5550100',
          address: '100 North Elm Street',
        },
        { recordId: 's5', name: 'Elm Center', phone: '555-0177', address: '100 N. Elm' },
      ]),
    );
    expect(e.s2).not.toBe(e.s1);
    expect(e.s4).toBe(e.s1);
    expect(e.s5).toBe(e.s1);
    // The parent's own record may join one site, never both.
    expect(e.s1 === e.s3 && e.s2 === e.s3).toBe(false);
  });

  it('decides on registry ids: the same id joins, two ids of one kind never do', () => {
    const r = createCompanyResolver();
    const e = entities(
      r.addBatch([
        { recordId: 'a', name: 'Initech Holdings', lei: '5493001KJTIIGC8Y1R12' },
        { recordId: 'b', name: 'INITECH', lei: '5493 001K JTII GC8Y 1R12' },
        { recordId: 'c', name: 'Initech Holdings', lei: '5493009ZZZZZZZZZZZ99' },
        { recordId: 'd', name: 'Umbrella Corp', duns: '150483782' },
        { recordId: 'e', name: 'Umbrella Corporation', duns: '15-048-3782' },
      ]),
    );
    expect(e.b).toBe(e.a);
    expect(e.c).not.toBe(e.a);
    expect(e.e).toBe(e.d);
  });

  it('resolves one record at a time against what it has seen, keeping entity ids', () => {
    const r = createCompanyResolver();
    r.addBatch([
      { recordId: 'x1', name: 'Harbor Day Care', phone: '5551234', address: '7 Harbor Rd' },
      { recordId: 'x2', name: 'Lakeside Day Care', phone: '5559876', address: '88 Lake Shore Dr' },
    ]);
    expect(
      r.resolveOne({ recordId: 'x3', name: 'Harbour Daycare Centre', address: '7 Harbor Road' }).entityId,
    ).toBe('x1');
    expect(
      r.resolveOne({ recordId: 'x4', name: 'Lakeside Day Care', address: '90 Lake Shore Dr' }).entityId,
    ).toBe('x4');
    expect(r.entityOf('x3')).toBe('x1');
  });
});

const set = (name: string) => {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../../testdata/er-public', name);
  const records = parseCsv(readFileSync(join(dir, 'records.csv'), 'utf8')).map(companyFromRow);
  const truth = new Map(
    parseCsv(readFileSync(join(dir, 'truth.csv'), 'utf8')).map(
      (r) => [r.record_id, r.entity_id] as [string, string],
    ),
  );
  return { records, truth };
};

describe('createCompanyResolver on a public set (testdata/er-public/dedupe-orgs-a)', () => {
  const { records, truth } = set('dedupe-orgs-a');

  it('finds the sites under their spellings without merging a parent organisation', () => {
    // Measured 0.993 precision, 0.964 recall, 0.978 F1, blocking recall 0.987, about 10 comparisons a record.
    const r = createCompanyResolver();
    const q = evaluate(r.addBatch(records), truth);
    expect(q.precision).toBeGreaterThanOrEqual(0.97);
    expect(q.f1).toBeGreaterThanOrEqual(0.95);
    expect(blockingRecall(r.candidatePairs(), truth)).toBeGreaterThanOrEqual(0.97);
    expect(r.stats().comparisonsPerRecord).toBeLessThan(30);
  });

  it('degrades without addresses or phones instead of chaining everything together', () => {
    // Measured without addresses: P 0.902, R 0.876; name and city alone: P 0.748, R 0.766.
    const noAddress = evaluate(
      createCompanyResolver().addBatch(records.map((x) => ({ ...x, address: null }))),
      truth,
    );
    expect(noAddress.precision).toBeGreaterThanOrEqual(0.85);
    expect(noAddress.f1).toBeGreaterThanOrEqual(0.83);
    const nameOnly = evaluate(
      createCompanyResolver().addBatch(
        records.map((x) => ({ recordId: x.recordId, name: x.name, city: x.city })),
      ),
      truth,
    );
    expect(nameOnly.precision).toBeGreaterThanOrEqual(0.65);
    expect(nameOnly.f1).toBeGreaterThanOrEqual(0.68);
  });
});
