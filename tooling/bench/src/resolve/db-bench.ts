/**
 * Identity resolution on PostgreSQL, two measurements in a database of its own (dropped and created):
 * 1. Import throughput end to end through `runImport` with `peopleKind` (read CSV, check, retrieve
 *    candidates by blocking key, score, link, write values, provenance, keys, employment, source records),
 *    with pairwise quality against the generator's truth.
 * 2. Incremental: one new record resolved against a graph grown by bulk inserts (one synthetic record per
 *    person) to each size in BENCH_RESOLVE_GRAPH; at each size, `ingestRecords` on one record at a time
 *    (transaction + retrieval + linking + writes) and retrieval + linking alone (two queries), median and p95.
 *
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx tooling/bench/src/resolve/db-bench.ts
 * Env: BENCH_RESOLVE_IMPORT=50000 (records; 0 skips), BENCH_RESOLVE_GRAPH=100000,300000,1000000 (cumulative),
 *      BENCH_RESOLVE_PROBES=300, BENCH_RESOLVE_DB (default dossier_bench_resolve),
 *      BENCH_RESOLVE_BATCH (import rows per transaction; default the import's own),
 *      BENCH_RESOLVE_COMPANIES=60 remaps the import's people onto that many employers, as a CRM export
 *      is (crm-shape.ts; default 0: the generator's own, a few dozen people per company).
 *      BENCH_RESOLVE_PER_PERSON=1 keeps at most that many records of each person (a CRM holds a
 *      contact once; default all the generator's 1 to 5).
 * BENCH_CPU_PROF=DIR writes a CPU profile of this process for each tenth of the import there
 *      (tenth-01.cpuprofile ...): compare an early tenth with a late one to see what grows.
 * CRM-shaped import alone: BENCH_RESOLVE_IMPORT=60000 BENCH_RESOLVE_COMPANIES=60 BENCH_RESOLVE_GRAPH=
 *      BENCH_RESOLVE_DB=dossier_bench_crm (an empty BENCH_RESOLVE_GRAPH skips the incremental part).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database, people, personKeys, sourceRecords } from '@dossier/db';
import { ingestRecords } from '../../../../packages/core/src/ingest/ingest-records.js';
import { peopleKind } from '../../../../packages/core/src/ingest/people-kind.js';
import { runImport } from '../../../../packages/core/src/ingest/run-import.js';
import { defaultPersonModel } from '../../../../packages/core/src/resolve/model.js';
import { linkBatch, personKeysOf } from '../../../../packages/core/src/resolve/persist/link.js';
import {
  asPersonRecord,
  checkPerson,
  type PersonValue,
} from '../../../../packages/core/src/resolve/persist/person-value.js';
import { retrieveCandidates } from '../../../../packages/core/src/resolve/persist/retrieve.js';
import { preparePerson } from '../../../../packages/core/src/resolve/prepare.js';
import type { PersonRecord } from '../../../../packages/core/src/resolve/types.js';
import { bulkInsert } from '../../../../packages/core/src/shared/bulk-insert.js';
import { evaluate } from '../../../../packages/core/testing/resolver-lab/evaluate.js';
import { generatePeople } from '../../../../packages/core/testing/resolver-lab/synthetic.js';
import { sql } from '../search/drizzle.js';
import { atMostPerPerson, crmShaped, personFields as fields } from './crm-shape.js';

const base = process.env.BENCH_DATABASE_URL;
if (!base) {
  console.log('BENCH_DATABASE_URL is unset: the resolution database benchmark needs PostgreSQL; skipped.');
  process.exit(0);
}
const importSize = Number(process.env.BENCH_RESOLVE_IMPORT ?? 50_000);
const graphSizes = (process.env.BENCH_RESOLVE_GRAPH ?? '100000,300000,1000000')
  .split(',')
  .map(Number)
  .filter(Boolean);
const probes = Number(process.env.BENCH_RESOLVE_PROBES ?? 300);
const importBatch = process.env.BENCH_RESOLVE_BATCH ? Number(process.env.BENCH_RESOLVE_BATCH) : undefined;
const dbName = process.env.BENCH_RESOLVE_DB ?? 'dossier_bench_resolve';
const employers = Number(process.env.BENCH_RESOLVE_COMPANIES ?? 0);
const perPerson = Number(process.env.BENCH_RESOLVE_PER_PERSON ?? 0);
const profileDir = process.env.BENCH_CPU_PROF;

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const COLUMNS = [
  'record_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'linkedin_url',
  'company_name',
  'company_domain',
  'title',
  'city',
  'country',
];
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};
const ms = (x: number) => Number(x.toFixed(2));
/** Rows a second over each tenth of the rows, from the import's progress reports. */
const byTenth = (progress: { rows: number; ms: number }[], total: number) => {
  const rates: number[] = [];
  let from = { rows: 0, ms: 0 };
  for (let tenth = 1; tenth <= 10; tenth++) {
    const to = progress.find((p) => p.rows >= (total * tenth) / 10);
    if (!to || to.ms <= from.ms) continue;
    rates.push(Math.round(((to.rows - from.rows) * 1000) / (to.ms - from.ms)));
    from = to;
  }
  return rates;
};

const admin = await createDatabase({ url: base, maxConnections: 1 });
await admin.query(sql.raw(`drop database if exists ${dbName} with (force)`));
await admin.query(sql.raw(`create database ${dbName}`));
await admin.close();
const target = new URL(base);
target.pathname = `/${dbName}`;
const database: Database = await createDatabase({ url: target.toString(), maxConnections: 2 });
await database.migrate();
/**
 * CPU time of this database's server processes, read from /proc: only when PostgreSQL runs on this
 * machine (null otherwise). The load on a shared machine inflates wall time; CPU time per record does
 * not move with it.
 */
const backendCpuSeconds = async (): Promise<number | null> => {
  const rows = await database.query<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return ticks / 100;
};
console.log(`# resolution on PostgreSQL, ${new Date().toISOString()}, database ${dbName}`);

// 1. Import throughput.
if (importSize > 0) {
  const dir = mkdtempSync(join(tmpdir(), 'resolve-db-bench-'));
  // Fewer records per person need more generated to fill the file (the generator averages about 3).
  const generated = generatePeople({ records: perPerson > 0 ? importSize * 4 : importSize, seed: 11 });
  const { truth } = generated;
  const kept =
    perPerson > 0 ? atMostPerPerson(generated.records, truth, perPerson, importSize) : generated.records;
  const records = employers > 0 ? crmShaped(kept, employers) : kept;
  const path = join(dir, 'people.csv');
  const lines = [COLUMNS.join(',')];
  for (const r of records) {
    const f = fields(r);
    lines.push([r.recordId, ...COLUMNS.slice(1).map((c) => f[c] ?? '')].map(csvField).join(','));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
  const pgBefore = await backendCpuSeconds();
  const cpu = process.cpuUsage();
  const progress: { rows: number; ms: number }[] = [];
  // CPU time at each tenth of the file: on a shared machine the wall rate moves with the load, CPU per
  // record shows whether the work per record grows through the file.
  const cpuAt: { rows: number; node: number; postgres: Promise<number | null> }[] = [];
  const nodeCpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  // One profile per tenth: the profiler restarts at each tenth's end (the progress callback cannot wait).
  const profiler = profileDir ? new Session() : null;
  let profiling: Promise<unknown> = Promise.resolve();
  if (profiler) {
    mkdirSync(profileDir as string, { recursive: true });
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const saveProfile = (tenth: number, restart: boolean) => {
    if (!profiler) return;
    profiling = profiling.then(async () => {
      const { profile } = await profiler.post('Profiler.stop');
      if (restart) await profiler.post('Profiler.start');
      const name = `tenth-${String(tenth).padStart(2, '0')}.cpuprofile`;
      writeFileSync(join(profileDir as string, name), JSON.stringify(profile));
    });
  };
  const summary = await runImport({
    database,
    path,
    source: 'bench-import',
    kind: peopleKind,
    batchSize: importBatch,
    onProgress: (p) => {
      progress.push({ rows: p.rows, ms: p.elapsedMs });
      if (p.rows >= ((cpuAt.length + 1) * importSize) / 10) {
        cpuAt.push({ rows: p.rows, node: nodeCpu(), postgres: backendCpuSeconds() });
        saveProfile(cpuAt.length, cpuAt.length < 10);
      }
    },
  });
  await profiling;
  profiler?.disconnect();
  const used = process.cpuUsage(cpu);
  const tenths = [{ rows: 0, node: (cpu.user + cpu.system) / 1e6, postgres: pgBefore }];
  for (const at of cpuAt) tenths.push({ rows: at.rows, node: at.node, postgres: await at.postgres });
  const perRecord = (pick: (t: (typeof tenths)[number]) => number | null) =>
    tenths.slice(1).map((t, i) => {
      const from = tenths[i] as (typeof tenths)[number];
      const a = pick(from);
      const b = pick(t);
      return a === null || b === null ? null : Math.round(((b - a) * 1e6) / (t.rows - from.rows));
    });
  const cpuS = (used.user + used.system) / 1e6;
  const pgAfter = await backendCpuSeconds();
  const pgS = pgBefore !== null && pgAfter !== null ? pgAfter - pgBefore : null;
  const rows = await database.query<{ row_number: number; entity_id: string }>(
    sql`select row_number, coalesce(r.to_id, s.entity_id) as entity_id from source_records s left join entity_redirects r on r.from_id = s.entity_id where s.kind = 'people'`,
  );
  // People whose stored search facets differ from what the triggers compute (as sets): must be 0.
  const [{ stale } = { stale: -1 }] = await database.query<{ stale: number }>(sql`
    select count(*)::int as stale from people p left join companies c on c.id = p.company_id
    where array(select unnest(p.search_facets) order by 1) is distinct from
      array(select unnest(dossier_current_person_facets(p.id, p.seniority, p.department, p.country, p.region, p.city,
        p.company_id)) order by 1)
      or p.company_employee_count is distinct from c.employee_count`);
  const quality = evaluate(
    rows.map((r) => ({
      recordId: (records[r.row_number - 1] as PersonRecord).recordId,
      entityId: r.entity_id,
    })),
    truth,
  );
  console.log(
    JSON.stringify({
      bench: 'import',
      records: summary.rows,
      employers: employers || 'generator',
      perPerson: perPerson || 'generator',
      seconds: summary.elapsedMs / 1000,
      recordsPerSecond: Math.round(summary.rows / (summary.elapsedMs / 1000)),
      nodeCpuSeconds: Number(cpuS.toFixed(1)),
      nodeCpuUsPerRecord: Math.round((cpuS * 1e6) / summary.rows),
      postgresCpuSeconds: pgS === null ? null : Number(pgS.toFixed(1)),
      postgresCpuUsPerRecord: pgS === null ? null : Math.round((pgS * 1e6) / summary.rows),
      loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
      // Rows a second in each tenth of the file: a rate that falls through the file shows here.
      recordsPerSecondByTenth: byTenth(progress, summary.rows),
      nodeCpuUsPerRecordByTenth: perRecord((t) => t.node),
      postgresCpuUsPerRecordByTenth: perRecord((t) => t.postgres),
      loaded: summary.loaded,
      merged: summary.merged,
      rejected: summary.rejected,
      facetsStale: stale,
      precision: Number(quality.precision.toFixed(4)),
      recall: Number(quality.recall.toFixed(4)),
      f1: Number(quality.f1.toFixed(4)),
    }),
  );
  // Candidate retrieval for the file's last batch against the graph it built: what a batch pays there.
  const last = records.slice(-1000).flatMap((r) => {
    const check = checkPerson(fields(r));
    return check.ok ? [check.value] : [];
  });
  const lastKeys = [
    ...new Set(last.flatMap((v) => personKeysOf(preparePerson(asPersonRecord('probe', v), 0)))),
  ];
  const r0 = performance.now();
  const { entities, keyIndex } = await retrieveCandidates(database.db, lastKeys);
  const retrieveMs = performance.now() - r0;
  const l0 = performance.now();
  linkBatch(
    last.map((value) => ({ value, trust: 0.5, seenAt: new Date() })),
    entities,
    keyIndex,
    { model: defaultPersonModel(), priorRecords: 1000, newEntityId: () => `per_probe${randomUUID()}` },
  );
  console.log(
    JSON.stringify({
      bench: 'last-batch-retrieval',
      keys: lastKeys.length,
      candidates: entities.size,
      candidateRecords: [...entities.values()].reduce((n, e) => n + e.records.length, 0),
      retrieveMs: Math.round(retrieveMs),
      linkMs: Math.round(performance.now() - l0),
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}

// 2. Incremental resolution against a growing graph.
const maxGraph = Math.max(0, ...graphSizes);
if (maxGraph > 0) {
  const [src] = await database.query<{ id: string }>(
    sql`insert into sources (id, name) values ('src_bench_graph', 'bench-graph') on conflict (name) do update set name = excluded.name returning id`,
  );
  const sourceId = src?.id as string;
  const generated = generatePeople({ records: maxGraph + probes, seed: 23 });
  const graph = generated.records.slice(0, maxGraph);
  const held = generated.records.slice(maxGraph);
  let loaded = 0;
  const CHUNK = 5000;
  const grow = async (to: number) => {
    const started = performance.now();
    while (loaded < to) {
      const chunk = graph.slice(loaded, Math.min(to, loaded + CHUNK));
      const persons: (typeof people.$inferInsert)[] = [];
      const recs: (typeof sourceRecords.$inferInsert)[] = [];
      const keys: (typeof personKeys.$inferInsert)[] = [];
      chunk.forEach((r, k) => {
        const check = checkPerson(fields(r));
        if (!check.ok) return;
        const v: PersonValue = check.value;
        const id = `per_bench${loaded + k}`;
        persons.push({
          id,
          fullName: v.fullName || 'Unknown',
          firstName: v.firstName,
          lastName: v.lastName,
          title: v.title,
          seniority: v.seniority,
          department: v.department,
          city: v.city,
          country: v.country,
        });
        recs.push({
          id: `rec_bench${loaded + k}`,
          sourceId,
          kind: 'people',
          hash: randomUUID(),
          payload: v as unknown as Record<string, unknown>,
          entityId: id,
        });
        for (const key of personKeysOf(preparePerson(asPersonRecord(id, v), 0)))
          keys.push({ key, personId: id });
      });
      await bulkInsert(database.db, people, persons);
      await bulkInsert(database.db, sourceRecords, recs);
      await bulkInsert(database.db, personKeys, keys);
      loaded += chunk.length;
    }
    await database.query(sql`analyze person_keys`);
    await database.query(sql`analyze source_records`);
    await database.query(sql`analyze people`);
    return (performance.now() - started) / 1000;
  };
  for (const size of graphSizes) {
    const buildSeconds = await grow(size);
    // Probes: held-out records of the same people (variants, job changers) plus some of new people.
    const full: number[] = [];
    const resolveOnly: number[] = [];
    let merged = 0;
    for (let i = 0; i < probes; i++) {
      const r = held[i] as PersonRecord;
      const check = checkPerson(fields(r));
      if (!check.ok) continue;
      const t0 = performance.now();
      {
        const db = database.db;
        const keys = personKeysOf(preparePerson(asPersonRecord('probe', check.value), 0));
        const { keyIndex, entities } = await retrieveCandidates(db, keys);
        linkBatch([{ value: check.value, trust: 0.5, seenAt: new Date() }], entities, keyIndex, {
          model: defaultPersonModel(),
          priorRecords: 1000,
          graphPersons: loaded,
          newEntityId: () => 'per_probe',
        });
      }
      resolveOnly.push(performance.now() - t0);
      const t1 = performance.now();
      const [outcome] = await ingestRecords(database, 'people', `bench-probe-${size}`, [fields(r)]);
      full.push(performance.now() - t1);
      if (outcome?.outcome === 'merged') merged++;
    }
    const [{ n: keyRows } = { n: 0 }] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from person_keys`,
    );
    console.log(
      JSON.stringify({
        bench: 'incremental',
        graphPeople: size,
        keyRows,
        buildSeconds: Number(buildSeconds.toFixed(1)),
        probes: full.length,
        merged,
        resolveMedianMs: ms(quantile(resolveOnly, 0.5)),
        resolveP95Ms: ms(quantile(resolveOnly, 0.95)),
        ingestMedianMs: ms(quantile(full, 0.5)),
        ingestP95Ms: ms(quantile(full, 0.95)),
      }),
    );
  }
}
await database.close();
