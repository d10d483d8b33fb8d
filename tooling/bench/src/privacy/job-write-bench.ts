/**
 * What indexing job items for privacy requests (`job_items.subjects` and `job_item_subjects`,
 * privacy/job-subjects.ts, what each kind declares in privacy/job-kinds.ts) adds to
 * writing a job: a verification job of BENCH_ITEMS addresses (default 100,000) and a Meta audience
 * job of as many contacts (email, phone and names, in items of 1,000), each submitted and every
 * item's result saved in batches of 2,000 as the runner does. CPU of this process and of its
 * PostgreSQL backend (read from /proc, so the server must run on this machine), per job.
 * One process measures one mode: BENCH_SUBJECTS=0 leaves the instance secret unset, so items are
 * written without subjects, as before; alternate the two modes and compare.
 * Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/dbname pnpm exec tsx tooling/bench/src/privacy/job-write-bench.ts
 */
import { readFileSync } from 'node:fs';
import { audience, privacy } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { claimJob, readyItems, saveOutcomes, submitJob } from '../../../../packages/core/src/jobs/store.js';
import { sql } from '../enrich/drizzle.js';

const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const withSubjects = process.env.BENCH_SUBJECTS !== '0';
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (the backend CPU is read from /proc)');
const database = await createDatabase({ url, maxConnections: 1 });
await database.migrate();
if (withSubjects) privacy.useInstanceSecret('bench-instance-secret-of-32-characters');
await database.query(sql`delete from job_runs where input->>'bench' = 'job-write'`);
await database.query(sql`vacuum analyze job_items`);
const [backend] = await database.query<{ pid: number }>(sql`select pg_backend_pid() as pid`);
const ticks = () => {
  const fields = readFileSync(`/proc/${backend?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
};
const tag = Date.now().toString(36);

// The real kinds, as their items declare what names a person (privacy/job-kinds.ts); the jobs' input marks them.
async function measure(
  kind: string,
  input: Record<string, unknown>,
  list: unknown[],
  resultOf: (input: unknown) => unknown,
) {
  const node = process.cpuUsage();
  const pg = ticks();
  const { job } = await submitJob(database, {
    orgId: null as never,
    kind,
    input: { ...input, bench: 'job-write' },
    items: list,
  });
  const submitted = { node: process.cpuUsage(node), pg: ticks() - pg };
  const now = new Date();
  const lease = { workerId: 'bench', leaseMs: 600_000, now };
  if ((await claimJob(database, { kinds: [kind], ...lease }))?.id !== job.id) throw new Error('not claimed');
  for (;;) {
    const ready = await readyItems(database, job.id, 2_000, now);
    if (!ready.length) break;
    await saveOutcomes(database, {
      jobId: job.id,
      workerId: 'bench',
      items: ready,
      outcomes: ready.map((item) => ({ result: resultOf(item.input) })),
      leaseUntil: new Date(now.getTime() + 600_000),
    });
  }
  const spent = process.cpuUsage(node);
  process.stdout.write(
    `${kind} ${list.length} items, subjects ${withSubjects ? 'on' : 'off'}: Node CPU ${((spent.user + spent.system) / 1e6).toFixed(2)} s, ` +
      `PostgreSQL backend CPU ${((ticks() - pg) / 100).toFixed(2)} s (submit: Node ${((submitted.node.user + submitted.node.system) / 1e6).toFixed(2)} s, ` +
      `PostgreSQL ${(submitted.pg / 100).toFixed(2)} s)\n`,
  );
}

const emails = Array.from({ length: items }, (_, i) => `person${i}.${tag}@company${i % 5_000}.example`);
await measure('verify', {}, emails, (email) => ({
  email,
  status: 'valid',
  reason: 'accepted',
  mx: `mx.${String(email).split('@')[1]}`,
}));

const contacts = Array.from({ length: items }, (_, i) => ({
  email: `person${i}.${tag}@company${i % 5_000}.example`,
  phone: `+1212555${String(i % 10_000).padStart(4, '0')}`,
  first_name: `First${i}`,
  last_name: `Last${i}`,
  country: 'US',
}));
const chunks: unknown[] = [];
for (let start = 0; start < items; start += audience.JOB_CHUNK) {
  const { results } = audience.hashAudience('meta', contacts.slice(start, start + audience.JOB_CHUNK));
  chunks.push({ hashed: results.map((result, i) => ({ index: start + i, ...result })) });
}
await measure('audience', { network: 'meta' }, chunks, (input) => {
  const summary = audience.emptySummary();
  for (const r of (input as { hashed: audience.IndexedResult[] }).hashed) audience.countResult(summary, r);
  return { summary };
});
await database.query(sql`delete from job_runs where input->>'bench' = 'job-write'`);
await database.close();
