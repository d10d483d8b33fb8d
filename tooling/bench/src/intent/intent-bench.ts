/**
 * Intent at scale on PostgreSQL: the bulk import rate (`dossier import --kind signals`: a CSV file through
 * `runImport`, 20,000-row transactions two at a time; an import at least as large as what is stored
 * rebuilds the aggregates once at its end, a smaller one merges them every 250,000 rows on another
 * connection and once more at the end; all of it timed) and p50/p95 of typical intent
 * queries, at growing sizes up to 10,000,000 signals over 100,000 companies and 500 topics (16 weeks,
 * oldest first, shuffled within each week unless BENCH_INTENT_ORDER=time; 0.5% of companies surging in
 * the last week). The
 * push path (`ingestSignals`, scored in every statement, as `POST /v1/signals`) is timed on the first
 * BENCH_INTENT_PUSH rows for comparison.
 *
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ONLY=intent pnpm bench, or by hand
 * with the young generation `pnpm bench` and `pnpm dossier` give Node (without it Node spends about 3 us more a
 * signal collecting garbage): node --max-semi-space-size=64 --import tsx tooling/bench/src/intent/intent-bench.ts
 * Env: BENCH_INTENT_SIZES=100000,1000000,10000000 (cumulative steps; default 100000,1000000; BENCH_INTENT_FULL=1
 *      is the full run, 100000,1000000,10000000: the 9,000,000-row step's CSV file takes ~520 MB),
 *      BENCH_INTENT_DB (default dossier_bench_intent, dropped and created), BENCH_INTENT_RUNS (default 40),
 *      BENCH_INTENT_PUSH (rows pushed through ingestSignals before the imports; default 50000, 0 = none),
 *      BENCH_INTENT_DIR (where the CSV files go; default the OS temp folder; each is deleted after its step),
 *      BENCH_INTENT_ORDER (week, the default: each 7-day span's signals in random order; time: sorted by time).
 */
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingest, intent } from '@dossier/core';
import { createDatabase, type Database } from '@dossier/db';
// drizzle-orm is no dependency of the bench package: the very copy @dossier/db uses (see search/drizzle.ts).
import { sql } from '../search/drizzle.js';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log('BENCH_DATABASE_URL is unset: the intent benchmark needs PostgreSQL; skipped.');
  process.exit(0);
}
const sizes = (
  process.env.BENCH_INTENT_SIZES ??
  (process.env.BENCH_INTENT_FULL === '1' ? '100000,1000000,10000000' : '100000,1000000')
)
  .split(',')
  .map(Number);
const dbName = process.env.BENCH_INTENT_DB ?? 'dossier_bench_intent';
const runs = Number(process.env.BENCH_INTENT_RUNS ?? 40);
const pushRows = Number(process.env.BENCH_INTENT_PUSH ?? 50_000);
const fileDir = process.env.BENCH_INTENT_DIR ?? tmpdir();
const timeOrder = process.env.BENCH_INTENT_ORDER === 'time';
const COMPANIES = 100_000;
const TOPICS = 500;
const WEEKS = 16;
const BATCH = 10_000;
const now = new Date();

// A fixed-seed generator: the same sizes give the same data.
let seed = 42;
const random = () => {
  // mulberry32: 32-bit integer arithmetic (a plain LCG in doubles loses its low bits).
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const topicName = (t: number) => `topic ${String(t).padStart(3, '0')}`;
/** Activity is skewed: low ids are busy companies. Each company researches 8 topics of its own. */
const pickCompany = () => Math.floor(COMPANIES * random() ** 2);
const pickTopic = (company: number) =>
  ((company * 7919 + Math.floor(random() * 8) * 104_729) % TOPICS) as number;

const admin = await createDatabase({ url: base, maxConnections: 1 });
await admin.query(sql.raw(`drop database if exists ${dbName} with (force)`));
await admin.query(sql.raw(`create database ${dbName}`));
await admin.close();
const target = new URL(base);
target.pathname = `/${dbName}`;
const database: Database = await createDatabase({ url: target.toString(), maxConnections: 4 });
await database.migrate();
await database.query(
  sql`insert into companies (id, domain, name)
      select 'cmp_bench' || i, 'c' || i || '-bench.example', 'Bench ' || i from generate_series(0, ${COMPANIES - 1}) i`,
);
await database.query(
  sql`insert into company_domains (domain, company_id, is_primary)
      select 'c' || i || '-bench.example', 'cmp_bench' || i, true from generate_series(0, ${COMPANIES - 1}) i`,
);

/**
 * `count` signals spread over the 16 weeks, oldest week first (as a feed delivers them), plus surges in the
 * last week. The weeks are the 7-day spans before now, so each straddles two calendar weeks; within one the
 * signals come in random order (the default, `BENCH_INTENT_ORDER=week`) or sorted by time
 * (`BENCH_INTENT_ORDER=time`: the same signals, as a feed in time order delivers them).
 */
function* generate(count: number): Generator<intent.SignalRow[]> {
  const perWeek = Math.floor(count / WEEKS);
  let batch: intent.SignalRow[] = [];
  for (let w = WEEKS - 1; w >= 0; w--) {
    const weekStart = now.getTime() - (w + 1) * 7 * 86_400_000;
    const week: intent.SignalRow[] = [];
    for (let i = 0; i < perWeek; i++) {
      let company = pickCompany();
      let topic = pickTopic(company);
      // In the last week, one signal in 20 goes to a surging company's first topic.
      if (w === 0 && i % 20 === 0) {
        company = Math.floor(random() * (COMPANIES / 200)) * 200 + 7;
        topic = (company * 7919) % TOPICS;
      }
      week.push({
        company: `cmp_bench${company}`,
        topic: topicName(topic),
        time: new Date(weekStart + random() * 7 * 86_400_000 - 60_000).toISOString(),
        weight: random() < 0.7 ? 1 : random() < 0.5 ? 0.5 : 2,
        source: `feed${Math.floor(random() * 3)}`,
      });
    }
    if (timeOrder) week.sort((a, b) => (a.time === b.time ? 0 : String(a.time) < String(b.time) ? -1 : 1));
    for (const row of week) {
      batch.push(row);
      if (batch.length === BATCH) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function timeQuery(name: string, make: () => intent.IntentQuery | 'topics') {
  for (let i = 0; i < 3; i++) await runOne(make());
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const query = make();
    const start = performance.now();
    items += await runOne(query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), items: items / runs };
}

async function runOne(query: intent.IntentQuery | 'topics'): Promise<number> {
  if (query === 'topics')
    return (await intent.listIntentTopics(database.db, new Date(), { limit: 100 })).length;
  return (await intent.queryIntent(database.db, query, new Date())).data.length;
}

const randomTopic = () => topicName(pickTopic(pickCompany()));
const randomDomains = (n: number) => Array.from({ length: n }, () => `c${pickCompany()}-bench.example`);

/** Writes `rows` as the CSV a feed would deliver (header: company,topic,time,weight,source). */
async function writeCsv(path: string, rows: Generator<intent.SignalRow[]>) {
  const out = createWriteStream(path);
  out.write('company,topic,time,weight,source\n');
  for (const batch of rows) {
    const text = batch.map((r) => `${r.company},${r.topic},${r.time},${r.weight},${r.source}\n`).join('');
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/**
 * CPU milliseconds used so far by this database's server processes (PostgreSQL on this machine, /proc
 * readable), or null: under a shared machine's load, CPU per signal says more than wall time.
 */
async function serverCpuMs(): Promise<number | null> {
  const rows = await database.query<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
const perRow = (ms: number | null, rows: number) =>
  ms === null ? 'n/a' : `${((ms * 1000) / rows).toFixed(1)} µs`;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `intent benchmark: ${cpus().length} cores, ${new Date().toISOString()}, database ${dbName}, order ${timeOrder ? 'time' : 'week'}, load ${load()}`,
);
let loaded = 0;
if (pushRows > 0) {
  let ms = 0;
  const cpu = process.cpuUsage();
  const server = await serverCpuMs();
  for (const rows of generate(pushRows)) {
    const start = performance.now();
    const outcomes = await intent.ingestSignals(database.db, rows, {
      now: new Date(now.getTime() + 86_400_000),
    });
    ms += performance.now() - start;
    loaded += outcomes.filter((o) => o.status === 'inserted').length;
  }
  const used = process.cpuUsage(cpu);
  const serverMs = server === null ? null : ((await serverCpuMs()) ?? server) - server;
  console.log(
    `push path (ingestSignals, 10,000-row statements scored as they go): ${Math.round(loaded / (ms / 1000)).toLocaleString()} signals/s ` +
      `(${(ms / 1000).toFixed(1)} s for ${loaded.toLocaleString()}; node CPU ${((used.user + used.system) / loaded).toFixed(1)} µs/signal, PostgreSQL CPU ${perRow(serverMs, loaded)}/signal; load ${load()})`,
  );
}
for (const size of sizes) {
  const add = size - loaded;
  if (add <= 0) continue;
  const path = join(fileDir, `dossier-intent-bench-${process.pid}-${size}.csv`);
  await writeCsv(path, generate(add));
  const cpu = process.cpuUsage();
  const server = await serverCpuMs();
  const summary = await ingest.runImport({
    database,
    path,
    source: 'bench-feed',
    kind: ingest.importKinds.signals as ingest.ImportKind<unknown>,
  });
  const used = process.cpuUsage(cpu);
  const serverMs = server === null ? null : ((await serverCpuMs()) ?? server) - server;
  rmSync(path, { force: true });
  if (summary.rejectsPath) rmSync(summary.rejectsPath, { force: true });
  const inserted = summary.loaded;
  loaded += inserted;
  await database.query(sql`analyze`);
  const [agg] = await database.query<{ weeks: number; surging: number }>(
    sql`select (select count(*) from intent_signal_weeks)::int as weeks,
          (select count(*) from intent_signal_weeks where week >= current_date - 14 and score >= 60)::int as surging`,
  );
  console.log(
    `\n${loaded.toLocaleString()} signals (${agg?.weeks.toLocaleString()} company-topic-week rows, ${agg?.surging} surging): ` +
      `import ${Math.round(inserted / (summary.elapsedMs / 1000)).toLocaleString()} signals/s (${(summary.elapsedMs / 1000).toFixed(1)} s for ${inserted.toLocaleString()}, ` +
      `${summary.unchanged} unchanged, ${summary.rejected} rejected; node CPU ${((used.user + used.system) / summary.rows).toFixed(1)} µs/row, PostgreSQL CPU ${perRow(serverMs, summary.rows)}/row; load ${load()})`,
  );
  const results = [
    await timeQuery('surge, all topics, top 25', () => ({ types: ['surge'] })),
    await timeQuery('surge, one topic, top 25', () => ({ types: ['surge'], topics: [randomTopic()] })),
    await timeQuery('surge, 3 topics, min_score 70', () => ({
      types: ['surge'],
      topics: [randomTopic(), randomTopic(), randomTopic()],
      min_score: 70,
    })),
    await timeQuery('all kinds, 10 companies, min_score 0', () => ({
      companies: randomDomains(10),
      min_score: 0,
    })),
    await timeQuery('all kinds, default', () => ({})),
    await timeQuery('surge, last 90 days, top 25', () => ({
      types: ['surge'],
      since: new Date(Date.now() - 90 * 86_400_000).toISOString(),
    })),
    await timeQuery('list topics', () => 'topics'),
  ];
  console.log(`  queries (load ${load()}):`);
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  (${r.items.toFixed(0)} items)`,
    );
}
await database.close();
