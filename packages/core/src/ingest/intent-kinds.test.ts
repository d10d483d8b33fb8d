import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobPostings, signals } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/save-company.js';
import { jobPostingsKind, signalsKind } from './intent-kinds.js';
import { runImport } from './run-import.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-intent-import-'));

describe('importing signals and job postings', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('loads signals by domain, rejects rows without a company or topic, and is idempotent with ids', async () => {
    const db = await database;
    await saveCompany(db.db, { domain: 'northwind.example', name: 'Northwind' });
    const now = new Date().toISOString();
    const path = join(dir, 'signals.csv');
    writeFileSync(
      path,
      [
        'event_id,website,interest,timestamp,score',
        `e1,northwind.example,crm software,${now},2`,
        `e2,,crm software,${now},1`,
        `e3,northwind.example,,${now},1`,
        `e4,unknown.example,crm software,${now},1`,
      ].join('\n'),
    );
    const first = await runImport({ database: db, path, source: 'feed', kind: signalsKind });
    expect(first).toMatchObject({ loaded: 1, rejected: 3 });
    const rejects = readFileSync(first.rejectsPath as string, 'utf8');
    expect(rejects).toContain('2,"a signal needs a company, domain or ip"');
    expect(rejects).toContain('3,a signal needs a topic');
    const again = await runImport({ database: db, path, source: 'feed', kind: signalsKind });
    expect(again).toMatchObject({ loaded: 0, unchanged: 1 });
    const [row] = (await db.db.select({ n: count() }).from(signals)) as [{ n: number }];
    expect(Number(row.n)).toBe(1);
  });

  it('loads job postings and infers departments', async () => {
    const db = await database;
    const path = join(dir, 'jobs.jsonl');
    writeFileSync(
      path,
      [
        JSON.stringify({
          website: 'northwind.example',
          job_title: 'Senior Backend Engineer',
          posted: new Date().toISOString(),
          link: 'https://jobs.example/1',
        }),
        JSON.stringify({ website: 'northwind.example', posted: new Date().toISOString() }),
      ].join('\n'),
    );
    const summary = await runImport({ database: db, path, source: 'board', kind: jobPostingsKind });
    expect(summary).toMatchObject({ loaded: 1, rejected: 1 });
    const rows = await db.db.select().from(jobPostings);
    expect(rows[0]?.department).toBe('engineering');
  });
});
