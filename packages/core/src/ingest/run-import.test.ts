import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companies, companyDomains, sourceRecords } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { companiesKind } from './companies-kind.js';
import type { ImportKind } from './kind.js';
import { runImport } from './run-import.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-import-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('runImport with companies', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('maps headers, loads, merges, rejects with row numbers, and is idempotent', async () => {
    const db = await database;
    const path = file(
      'companies.csv',
      [
        'Website,Company Name,Headcount,Tech Stack,Country,Founded',
        'https://www.northwind.example/about,Northwind Traders,180,Salesforce;HubSpot,us,1998',
        'northwind.example,Northwind,,Stripe,US,',
        ',No Domain Inc,12,,,',
        'fabrikam.example,Fabrikam,lots,,,',
        'contoso.example,Contoso,50,,DE,2010',
        'contoso.example,Contoso,50,,DE,2010',
      ].join('\n'),
    );
    const first = await runImport({ database: db, path, source: 'crm', kind: companiesKind });
    expect(first).toMatchObject({ rows: 6, loaded: 2, merged: 1, unchanged: 1, rejected: 2 });
    const rejects = readFileSync(first.rejectsPath as string, 'utf8');
    expect(rejects).toContain('3,a company needs a domain or website');
    expect(rejects).toContain('4,employees is not a number or range: lots');

    const [northwind] = await db.db.select().from(companies).where(eq(companies.domain, 'northwind.example'));
    expect(northwind).toMatchObject({
      name: 'Northwind Traders',
      employeeCount: 180,
      country: 'US',
      foundedYear: 1998,
    });
    expect(northwind?.techSlugs.sort()).toEqual(['hubspot', 'salesforce', 'stripe']);

    const again = await runImport({ database: db, path, source: 'crm', kind: companiesKind });
    expect(again).toMatchObject({ loaded: 0, merged: 0, unchanged: 4, rejected: 2 });
    const [{ value: records }] = (await db.db.select({ value: count() }).from(sourceRecords)) as [
      { value: number },
    ];
    expect(Number(records)).toBe(3);
  });

  it('reads JSONL, rejects lines that are not objects, and honours an explicit mapping', async () => {
    const db = await database;
    const path = file(
      'c.jsonl',
      ['{"site":"litware.example","nm":"Litware"}', 'not json', '[1]', ''].join('\n'),
    );
    const summary = await runImport({
      database: db,
      path,
      source: 'feed',
      kind: companiesKind,
      map: { site: 'domain', nm: 'name' },
    });
    expect(summary).toMatchObject({ loaded: 1, rejected: 2 });
    const domains = await db.db
      .select()
      .from(companyDomains)
      .where(eq(companyDomains.domain, 'litware.example'));
    expect(domains).toHaveLength(1);
  });

  it('resumes after an interrupted run with no row lost or doubled', async () => {
    const db = await database;
    const lines = ['domain,name', ...Array.from({ length: 50 }, (_, i) => `resume${i}.example,Resume ${i}`)];
    const path = file('resume.csv', lines.join('\n'));
    // an import that dies after its second batch: the first two batches are committed
    let batches = 0;
    await expect(
      runImport({
        database: db,
        path,
        source: 'resume',
        kind: companiesKind,
        batchSize: 10,
        onProgress: () => {
          if (++batches === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const rerun = await runImport({
      database: db,
      path,
      source: 'resume',
      kind: companiesKind,
      batchSize: 10,
    });
    expect(rerun).toMatchObject({ loaded: 30, unchanged: 20, rejected: 0 });
    const [{ value }] = (await db.db.select({ value: count() }).from(companies)) as [{ value: number }];
    expect(Number(value)).toBeGreaterThanOrEqual(50);
  });
});

describe('runImport with a bulk kind that finishes as it goes', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('finishes beside the next batches on PostgreSQL, waiting only once the backlog is full', async () => {
    const db = await database;
    const events: string[] = [];
    let finishes = 0;
    let backlogFull = () => {};
    const backlog = new Promise<void>((resolve) => {
      backlogFull = resolve;
    });
    const kind: ImportKind<Record<string, string>> = {
      name: 'bulk-test',
      aliases: { n: [] },
      check: (fields) => ({ ok: true, value: fields }),
      store: async () => [],
      bulk: {
        batchSize: 2,
        finishEvery: 2,
        finishBacklog: 3,
        async store(_db, records) {
          events.push(`store ${records[0]?.value.n}`);
          if (records[0]?.value.n === '7') backlogFull();
          return records.map(() => ({ outcome: 'loaded' as const }));
        },
        async finish() {
          const n = ++finishes;
          events.push(`finish ${n}`);
          // The first finish lasts until three more batches (the backlog) have loaded beside it; on PGlite
          // finishes run in line, so it cannot wait for them.
          if (n === 1 && db.driver === 'postgres') await backlog;
          events.push(`finished ${n}`);
        },
      },
    };
    const path = file('bulk.csv', ['n', ...Array.from({ length: 12 }, (_, i) => String(i + 1))].join('\n'));
    const summary = await runImport({ database: db, path, source: 'bulk', kind });
    expect(summary).toMatchObject({ rows: 12, loaded: 12, rejected: 0 });
    const expected =
      db.driver === 'postgres'
        ? ['store 1', 'finish 1', 'store 3', 'store 5', 'store 7', 'finished 1', 'finish 2']
        : ['store 1', 'finish 1', 'finished 1', 'store 3', 'finish 2', 'finished 2', 'store 5'];
    expect(events.slice(0, expected.length)).toEqual(expected);
    // Every batch is stored before the last finish, which follows the last batch.
    expect(events.filter((e) => e.startsWith('store'))).toHaveLength(6);
    expect(events.at(-1)).toBe(`finished ${finishes}`);
    expect(events.lastIndexOf('store 11')).toBeLessThan(events.lastIndexOf(`finish ${finishes}`));
  });

  it('a malformed row goes to the rejects file with its row number and the import goes on; empty and header-only files warn', async () => {
    const db = await database;
    const path = file(
      'quotes.csv',
      [
        'domain,name',
        'quote1.example,One',
        '"quote2.example"x,Two',
        'quote3.example,"Three, Inc"',
        'quote4.example,"Fo',
      ].join('\n'),
    );
    const summary = await runImport({ database: db, path, source: 'quotes', kind: companiesKind });
    expect(summary).toMatchObject({ rows: 4, loaded: 2, rejected: 2, warnings: [] });
    const rejects = readFileSync(summary.rejectsPath as string, 'utf8');
    expect(rejects).toContain('2,malformed quotes: characters after a closing quote (line 3)');
    expect(rejects).toMatch(/\n4,a quoted field is not closed/);
    const empty = await runImport({
      database: db,
      path: file('empty.csv', ''),
      source: 'quotes',
      kind: companiesKind,
    });
    expect(empty.warnings).toEqual(['the file is empty']);
    const header = await runImport({
      database: db,
      path: file('header.csv', 'domain,name\n'),
      source: 'quotes',
      kind: companiesKind,
    });
    expect(header.warnings).toEqual(['the file has a header but no data rows']);
    await expect(
      runImport({ database: db, path, source: 'quotes', kind: companiesKind, map: { name: 'nmae' } }),
    ).rejects.toThrow('did you mean name?');
  });
});
