/**
 * Privacy: (1) erasing one person from a graph of BENCH_PEOPLE people (default 1,000,000, over
 * BENCH_COMPANIES companies, and BENCH_JOB_ITEMS verification job items, default one for every tenth
 * person; seeded once, set-based (`seedPrivacyGraph`, `seedVerifyJobs`), into BENCH_DATABASE, default
 * dossier_bench_privacy, kept for reruns), each erased person named in a job and given three more
 * source records first. The seeded job items have no subjects (privacy/job-subjects.ts): erasures run
 * first with them read as text, as before they were indexed, then `indexJobItems` fills them in (its
 * time is reported) and the erasures run again, found by index; (2) what the
 * suppression check costs an import: the same number of new people imported with the check on (a
 * suppression list of BENCH_SUPPRESSED hashes) and with it off, alternating, CPU time and wall time.
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingest, privacy } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { sql } from '../enrich/drizzle.js';
import { seedPrivacyGraph, seedVerifyJobs } from './seed-graph.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_privacy';
const people = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const companies = Number(process.env.BENCH_COMPANIES ?? Math.max(1, Math.round(people / 10)));
const erasures = Number(process.env.BENCH_ERASURES ?? 20);
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const suppressedCount = Number(process.env.BENCH_SUPPRESSED ?? 10_000);
const jobItems = Number(process.env.BENCH_JOB_ITEMS ?? Math.round(people / 10));
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`bad BENCH_DATABASE: ${dbName}`);

const admin = await createDatabase({ url: adminUrl, maxConnections: 1 });
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
if (process.env.BENCH_RESEED === '1')
  await admin.query(sql.raw(`drop database if exists ${dbName} with (force)`));
if ((await admin.query(sql`select 1 from pg_database where datname = ${dbName}`)).length === 0)
  await admin.query(sql.raw(`create database ${dbName}`));
await admin.close();
const database = await createDatabase({ url: url.toString(), maxConnections: 4 });
await database.migrate();
privacy.useInstanceSecret('bench-instance-secret-of-32-characters');
const [count] = await database.query<{ n: number }>(
  sql`select count(*)::int as n from people where id like 'per_b%'`,
);
if ((count?.n ?? 0) === 0) {
  log(`seeding ${companies} companies and ${people} people into ${dbName} ...`);
  const started = Date.now();
  await seedPrivacyGraph(database, companies, people, log);
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
await database.query(
  sql`insert into organizations (id, name, slug) values ('org_bench', 'Bench', 'bench') on conflict do nothing`,
);
const [jobCount] = await database.query<{ n: number }>(
  sql`select count(*)::int as n from job_runs where id like 'job_bench%'`,
);
if ((jobCount?.n ?? 0) === 0 && jobItems > 0) await seedVerifyJobs(database, companies, jobItems, log);
const [total] = await database.query<{ n: number }>(sql`select count(*)::int as n from people`);
const [itemCount] = await database.query<{ n: number }>(sql`select count(*)::int as n from job_items`);
log(`job items: ${itemCount?.n}`);
log(`graph: ${total?.n} people`);
await database.query(
  sql`insert into sources (id, name) values ('src_bench', 'bench') on conflict do nothing`,
);
const actor = { orgId: 'org_bench' };

// (1) Erasure of one person, among `people`.
const offset = Number(process.env.BENCH_ERASE_FROM ?? Date.now() % Math.max(1, people - erasures * 2000));
const q = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0;
const unindexedItems = async () =>
  (
    await database.query<{ n: number }>(sql`select count(*)::int as n from job_items where subjects is null`)
  )[0]?.n ?? 0;
const unindexed = await unindexedItems();
if (unindexed > 0) {
  await eraseSome(0, `${unindexed} job items not indexed, read as text`);
  const started = performance.now();
  const before = process.cpuUsage();
  const indexed = await privacy.indexJobItems(database.db);
  const spent = process.cpuUsage(before);
  await database.query(sql`vacuum analyze job_items`);
  log(
    `indexJobItems: ${indexed} job items in ${((performance.now() - started) / 1000).toFixed(1)} s wall, ` +
      `Node CPU ${((spent.user + spent.system) / 1e6).toFixed(1)} s`,
  );
}
await eraseSome(erasures, `${await unindexedItems()} job items not indexed`);

/** CPU ticks (1/100 s) of this database's client backends, read from /proc (the server runs here). */
async function backendTicks(): Promise<number> {
  const pids = await database.query<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

async function eraseSome(from: number, label: string) {
  const times: number[] = [];
  const cpu: number[] = [];
  const pgCpu: number[] = [];
  for (let k = from; k < from + erasures; k++) {
    // A person named in a verification job when there are jobs (every tenth from the first).
    const g =
      jobItems > 0 ? 10 * (1 + ((offset + k * 997) % jobItems)) - 9 : 1 + ((offset + k * 997) % people);
    const id = `per_b${g}`;
    const gone = await database.query(sql`select 1 from people where id = ${id}`);
    if (gone.length === 0) continue;
    const email = `p${g}@bench-c${1 + (g % companies)}.example`;
    for (let s = 0; s < 3; s++)
      await database.query(sql`insert into source_records (id, source_id, kind, hash, payload, entity_id)
      values (${`rec_b${g}_${s}_${Date.now()}`}, 'src_bench', 'people', ${`h${g}-${s}-${Date.now()}`},
        ${JSON.stringify({ fullName: `Bench ${g}`, email, linkedinUrl: `linkedin.com/in/bench-person-${g}` })}::jsonb, ${id})`);
    const pgBefore = await backendTicks();
    const started = performance.now();
    const before = process.cpuUsage();
    const result = await privacy.erase(database.db, { kind: 'person', id }, actor);
    const spent = process.cpuUsage(before);
    times.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
    pgCpu.push(((await backendTicks()) - pgBefore) * 10);
    if (result.status !== 'erased') throw new Error(`${id} was not erased`);
    if (jobItems > 0 && result.removed.job_items === 0) throw new Error(`${id}'s job item was left`);
  }
  log(
    `erase one person of ${total?.n} (${label}): median ${q(times, 0.5).toFixed(0)} ms, p90 ${q(times, 0.9).toFixed(0)} ms, ` +
      `max ${Math.max(...times).toFixed(0)} ms wall (${times.length} erasures); Node CPU median ${q(cpu, 0.5).toFixed(1)} ms, ` +
      `PostgreSQL CPU median ${q(pgCpu, 0.5).toFixed(0)} ms`,
  );
}

// (2) The suppression check's cost on import throughput (BENCH_IMPORT_ROWS=0 skips it).
if (importRows === 0) {
  await database.close();
  process.exit(0);
}
const [listed] = await database.query<{ n: number }>(
  sql`select count(*)::int as n from privacy_suppressions`,
);
const missing = suppressedCount - (listed?.n ?? 0);
if (missing > 0) {
  const rows = Array.from({ length: missing }, (_, i) => ({
    hash: `'${privacy.identifierHash(`email:suppressed${i}-${Date.now()}@elsewhere.example`)}'`,
  }));
  for (let i = 0; i < rows.length; i += 5_000)
    await database.query(
      sql.raw(
        `insert into privacy_suppressions (hash, kind, request_ref) values ${rows
          .slice(i, i + 5_000)
          .map((r) => `(${r.hash}, 'email', 'prv_bench')`)
          .join(',')} on conflict do nothing`,
      ),
    );
}
const dir = mkdtempSync(join(tmpdir(), 'privacy-bench-'));
const fileOf = (tag: string) => {
  const path = join(dir, `${tag}.csv`);
  const lines = ['First Name,Last Name,Email,Phone,Company,Website,Job Title'];
  for (let i = 0; i < importRows; i++)
    lines.push(
      `Imp${i},Row${tag}${i},imp${i}.${tag}@import-${i % 500}.example,+1 212 555 ${String(i % 10000).padStart(4, '0')},Import ${i % 500},import-${i % 500}.example,Engineer`,
    );
  writeFileSync(path, lines.join('\n'));
  return path;
};
const unchecked = { ...ingest.peopleKind, identifiersOf: undefined };
const rates: Record<'on' | 'off', number[]> = { on: [], off: [] };
const cpuRates: Record<'on' | 'off', number[]> = { on: [], off: [] };
const runTag = Date.now().toString(36);
for (let r = 0; r < rounds; r++) {
  for (const mode of r % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
    const path = fileOf(`${runTag}r${r}${mode}`);
    const started = performance.now();
    const before = process.cpuUsage();
    const summary = await ingest.runImport({
      database,
      path,
      source: `bench-${mode}`,
      kind: mode === 'on' ? ingest.peopleKind : unchecked,
    });
    const spent = process.cpuUsage(before);
    const seconds = (performance.now() - started) / 1000;
    rates[mode].push(summary.rows / seconds);
    cpuRates[mode].push(summary.rows / ((spent.user + spent.system) / 1e6));
  }
}
const med = (list: number[]) => q(list, 0.5);
log(
  `import ${importRows} people, suppression list of ${suppressedCount}: check on ${med(rates.on).toFixed(0)} rows/s, ` +
    `off ${med(rates.off).toFixed(0)} rows/s wall (${((1 - med(rates.on) / med(rates.off)) * 100).toFixed(1)}% cost); ` +
    `Node CPU ${med(cpuRates.on).toFixed(0)} vs ${med(cpuRates.off).toFixed(0)} rows per CPU-second ` +
    `(${((1 - med(cpuRates.on) / med(cpuRates.off)) * 100).toFixed(1)}% cost)`,
);
await database.close();
