import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openRuntime } from '@dossier/access';
import { silentLogger } from '@dossier/core';
import { createPostgresTestUrl } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../src/env.js';
import { runCli, startCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-import-kill-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

const ROWS = 24_000;
const syllables = 'ka,lo,mi,ren,sa,tor,vi,dan,el,fu,ga,hin,jo,ber,nu,pe,qua,ris,tal,wen'.split(',');
const word = (n: number, parts: number) => {
  let out = '';
  for (let p = 0; p < parts; p++, n = Math.floor(n / syllables.length))
    out += syllables[n % syllables.length];
  return out.charAt(0).toUpperCase() + out.slice(1);
};

/** One distinct person a row: a name no other row has, and an address of their own. */
function peopleCsv(path: string) {
  const lines = ['First Name,Last Name,Email,Job Title'];
  for (let i = 0; i < ROWS; i++) {
    const first = word(i % 400, 2);
    const last = word(Math.floor(i / 400), 3);
    lines.push(
      `${first},${last},${`${first}.${last}`.toLowerCase()}@kill${i % 97}.example,Account Executive`,
    );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** The database a CLI child uses: an embedded one in a folder, or a fresh PostgreSQL database. */
async function target(): Promise<Record<string, string>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { DOSSIER_DATA_DIR: join(dir, 'data') };
  const made = await createPostgresTestUrl(url);
  drops.push(made.drop);
  return { DATABASE_URL: made.url, DOSSIER_SECRET: 'import-kill-test-secret-0123456789abcdef' };
}

/**
 * `dossier import` killed with SIGKILL right after its first batch committed (the first progress
 * line is printed once a batch's transaction is in), then run again: every row is in exactly once,
 * none twice, and the rerun counts the rows the killed run stored as unchanged.
 */
describe(`dossier import killed with SIGKILL (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('loses nothing and doubles nothing when run again', async () => {
    const csv = join(dir, 'people.csv');
    peopleCsv(csv);
    const env = await target();
    const args = ['import', csv, '--source', 'kill-test', '--kind', 'people'];

    const child = startCli(args, env);
    let stderr = '';
    const exited = once(child, 'exit');
    await new Promise<void>((resolve, reject) => {
      child.stderr?.on('data', (d) => {
        stderr += d;
        if (/\d+% [\d,]+ rows/.test(stderr)) resolve();
      });
      child.on('exit', () => reject(new Error(`import ended before its first batch: ${stderr}`)));
    });
    child.kill('SIGKILL');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
    const storedBeforeKill = Number(/\d+% ([\d,]+) rows/.exec(stderr)?.[1]?.replace(/,/g, ''));
    expect(storedBeforeKill).toBeGreaterThan(0);
    expect(storedBeforeKill).toBeLessThan(ROWS);

    const rerun = await runCli([...args, '--json'], env);
    expect(rerun.code, rerun.stderr).toBe(0);
    const summary = JSON.parse(rerun.stdout.trim().split('\n').pop() as string);
    expect(summary).toMatchObject({ rows: ROWS, merged: 0, rejected: 0 });
    // What the killed run committed is recognised (at least the batch it reported), the rest loads.
    expect(summary.unchanged).toBeGreaterThanOrEqual(storedBeforeKill);
    expect(summary.loaded + summary.unchanged).toBe(ROWS);
    console.log(
      `import killed after ${storedBeforeKill} of ${ROWS} rows reported stored; the rerun found ${summary.unchanged} in`,
    );

    const again = await runCli([...args, '--json'], env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim().split('\n').pop() as string)).toMatchObject({
      rows: ROWS,
      unchanged: ROWS,
      loaded: 0,
    });

    const runtime = await openRuntime(cliEnv.parse({ ...env, LOG_LEVEL: 'silent' }), silentLogger, 'test');
    try {
      const [counts] = await runtime.database.query<{ records: number; hashes: number; people: number }>(sql`
          select (select count(*)::int from source_records r join sources s on s.id = r.source_id
                   where s.name = 'kill-test') as records,
                 (select count(distinct hash)::int from source_records) as hashes,
                 (select count(*)::int from people) as people`);
      expect(counts).toEqual({ records: ROWS, hashes: ROWS, people: ROWS });
      const [emails] = await runtime.database.query<{ n: number; distinct: number }>(
        sql`select count(*)::int as n, count(distinct email)::int as distinct from person_emails`,
      );
      expect(emails).toEqual({ n: ROWS, distinct: ROWS });
    } finally {
      await runtime.close();
    }
  }, 900_000);
});
