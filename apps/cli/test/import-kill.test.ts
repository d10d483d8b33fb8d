import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@dossier/core';
import { createPostgresTestUrl } from '@dossier/testing';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv } from '../src/env.js';
import { openRuntime } from '../src/runtime/runtime.js';
import { runCli, startCli } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-import-kill-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

const syllables = 'ka,lo,mi,ren,sa,tor,vi,dan,el,fu,ga,hin,jo,ber,nu,pe,qua,ris,tal,wen'.split(',');
const word = (n: number, parts: number) => {
  let out = '';
  for (let p = 0; p < parts; p++, n = Math.floor(n / syllables.length))
    out += syllables[n % syllables.length];
  return out.charAt(0).toUpperCase() + out.slice(1);
};

/** The database a CLI child uses: an embedded one in a folder, or a fresh PostgreSQL database. */
async function target(name: string): Promise<Record<string, string>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { DOSSIER_DATA_DIR: join(dir, name) };
  const made = await createPostgresTestUrl(url);
  drops.push(made.drop);
  return { DATABASE_URL: made.url, DOSSIER_SECRET: 'import-kill-test-secret-0123456789abcdef' };
}

/**
 * Starts `dossier import` and kills it with SIGKILL as soon as it reports its first stored batch
 * (the progress line is printed once a batch's transaction has committed). Returns the rows it
 * reported stored.
 */
async function killAfterFirstBatch(args: string[], env: Record<string, string>, rows: number) {
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
  const stored = Number(/\d+% ([\d,]+) rows/.exec(stderr)?.[1]?.replace(/,/g, ''));
  expect(stored).toBeGreaterThan(0);
  expect(stored).toBeLessThan(rows);
  return stored;
}

/** Runs the import to its end and returns its JSON summary. */
async function importAll(args: string[], env: Record<string, string>) {
  const run = await runCli([...args, '--json'], env);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').pop() as string);
}

/**
 * Kills the import after its first stored batch, reruns it (the killed run's rows are recognised, at
 * least the batches it reported, the rest loads), then runs it once more (everything unchanged).
 */
async function killThenRerunTwice(label: string, args: string[], env: Record<string, string>, rows: number) {
  const stored = await killAfterFirstBatch(args, env, rows);
  const summary = await importAll(args, env);
  expect(summary).toMatchObject({ rows, merged: 0, rejected: 0 });
  expect(summary.unchanged).toBeGreaterThanOrEqual(stored);
  expect(summary.loaded + summary.unchanged).toBe(rows);
  console.log(
    `${label} import killed after ${stored} of ${rows} rows stored; the rerun found ${summary.unchanged}`,
  );
  expect(await importAll(args, env)).toMatchObject({ rows, unchanged: rows, loaded: 0 });
}

async function query<T>(env: Record<string, string>, statement: SQL): Promise<T> {
  const runtime = await openRuntime(cliEnv.parse({ ...env, LOG_LEVEL: 'silent' }), silentLogger, 'test');
  try {
    return (await runtime.database.query<T>(statement))[0] as T;
  } finally {
    await runtime.close();
  }
}

/**
 * `dossier import` killed with SIGKILL right after its first batch committed, then run again and
 * once more: every row is in exactly once, none twice, the rerun counts the rows the killed run
 * stored as unchanged, and the third run finds everything unchanged.
 */
describe(`dossier import killed with SIGKILL (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('people: loses nothing and doubles nothing when run again', async () => {
    const ROWS = 8_000;
    const csv = join(dir, 'people.csv');
    const lines = ['First Name,Last Name,Email,Job Title'];
    for (let i = 0; i < ROWS; i++) {
      // A name no other row has, and an address of their own: one person a row.
      const first = word(i % 400, 2);
      const last = word(Math.floor(i / 400), 3);
      lines.push(
        `${first},${last},${`${first}.${last}`.toLowerCase()}@kill${i % 97}.example,Account Executive`,
      );
    }
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const env = await target('people');
    const args = ['import', csv, '--source', 'kill-test', '--kind', 'people'];

    await killThenRerunTwice('people', args, env, ROWS);

    expect(
      await query(
        env,
        sql`select (select count(*)::int from source_records r join sources s on s.id = r.source_id
                     where s.name = 'kill-test') as records,
                   (select count(distinct hash)::int from source_records) as hashes,
                   (select count(*)::int from people) as people,
                   (select count(*)::int from person_emails) as emails,
                   (select count(distinct email)::int from person_emails) as distinct_emails`,
      ),
    ).toEqual({ records: ROWS, hashes: ROWS, people: ROWS, emails: ROWS, distinct_emails: ROWS });
  }, 900_000);

  it('signals (bulk, batches of 20,000 merged into the weekly sums later): the same', async () => {
    const ROWS = 60_000;
    const env = await target('signals');
    const companies = join(dir, 'companies.csv');
    writeFileSync(
      companies,
      `domain,name\n${Array.from({ length: 40 }, (_, i) => `kill${i}.example,${word(i, 2)} Kill ${word(i, 3)}`).join('\n')}\n`,
    );
    expect(
      await importAll(['import', companies, '--source', 'kill-co', '--kind', 'companies'], env),
    ).toMatchObject({
      loaded: 40,
    });
    const csv = join(dir, 'signals.csv');
    const lines = ['id,domain,topic,time,weight'];
    for (let i = 0; i < ROWS; i++) {
      const day = String(1 + (i % 25)).padStart(2, '0');
      lines.push(`s${i},kill${i % 40}.example,topic ${i % 7},2026-11-${day}T10:00:00Z,${1 + (i % 3)}`);
    }
    writeFileSync(csv, `${lines.join('\n')}\n`);
    const args = ['import', csv, '--source', 'kill-feed', '--kind', 'signals'];

    await killThenRerunTwice('signals', args, env, ROWS);

    // Each weight is 1, 2 or 3 in turn: 60,000 rows weigh 120,000.
    expect(
      await query(
        env,
        sql`select (select count(*)::int from signals) as signals,
                   (select sum(weight)::int from signals) as weight,
                   (select sum(events)::int from intent_signal_weeks) as events,
                   (select sum(volume)::int from intent_signal_weeks) as volume`,
      ),
    ).toEqual({ signals: ROWS, weight: 2 * ROWS, events: ROWS, volume: 2 * ROWS });
  }, 900_000);
});
