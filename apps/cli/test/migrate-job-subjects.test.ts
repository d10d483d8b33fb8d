import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-migrate-subjects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens the embedded database the CLI left in `dir`, runs `work`, and closes it for the next CLI run. */
async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof createDatabase>>) => Promise<T>) {
  const database = await createDatabase({ dataDir: dir, command: 'migrate-job-subjects.test.ts' });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('dossier migrate indexes job items written before privacy indexing', () => {
  it('gives an unindexed verify item keyed hashes of its address, once, and names no address in them', async () => {
    const first = await runCli(['migrate'], { DOSSIER_DATA_DIR: dir });
    expect(first.code, first.stderr).toBe(0);

    // An item as a release without subjects wrote it: the column left null.
    await withDatabase(async ({ query }) => {
      await query(
        sql`insert into job_runs (id, kind, status, input, total) values ('job_old', 'verify', 'succeeded', '{}', 1)`,
      );
      await query(
        sql`insert into job_items (job_id, seq, input, status, result) values ('job_old', 0, '"ada.lovelace@example.com"', 'done', '{"email": "ada.lovelace@example.com", "status": "valid"}')`,
      );
    });

    const second = await runCli(['migrate'], { DOSSIER_DATA_DIR: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('1 job items indexed for privacy requests');

    const subjects = await withDatabase(async ({ query }) => {
      const rows = await query<{ subjects: string[] | string | null }>(
        sql`select subjects from job_items where job_id = 'job_old'`,
      );
      return rows[0]?.subjects ?? null;
    });
    const list = typeof subjects === 'string' ? subjects.replace(/[{}]/g, '').split(',') : subjects;
    expect(list?.length).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toContain('lovelace');

    const third = await runCli(['migrate'], { DOSSIER_DATA_DIR: dir });
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).not.toContain('job items indexed');
  });
});
