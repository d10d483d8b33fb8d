/**
 * The verify job path end to end: 10,000 addresses over 200 local domains (every SMTP reply after
 * 50 ms, as in verify-bench.ts) submitted as one job, worked by the job runner with the database
 * cache, every result persisted. Shows what durability costs next to the engine alone.
 * Embedded database by default; BENCH_DATABASE_URL for PostgreSQL.
 * Run: pnpm exec tsx tooling/bench/src/verify/verify-job-bench.ts
 */
import { createDatabase } from '@dossier/db';
import {
  createDatabaseCache,
  createJobRunner,
  createVerifier,
  VERIFY_JOB_KIND,
  verifyJobKind,
} from '../../../../packages/core/src/index.js';
import { startLocalDns, type ZoneEntry } from '../../../../packages/core/testing/verify/dns-server.js';
import { defaultReply, startScriptedSmtp } from '../../../../packages/core/testing/verify/scripted-smtp.js';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 200);
const PER_DOMAIN = Number(process.env.BENCH_PER_DOMAIN ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 2_000);

// Fresh names per run, so a reused PostgreSQL database cannot answer from the last run's cache.
const run = `r${Date.now().toString(36)}.bench.test`;
// Every domain's mail server is a machine of its own (its own loopback address): the verifier caps
// connections per IP address, as real servers count them.
const ipOf = (d: number) => `127.1.${Math.floor(d / 250)}.${(d % 250) + 1}`;
const zone: Record<string, ZoneEntry> = { 'bench.verifier.test': { a: ['127.0.0.1'] } };
for (let d = 0; d < DOMAINS; d++) {
  zone[`d${d}.${run}`] = { mx: [[10, `mx.d${d}.${run}`]] };
  zone[`mx.d${d}.${run}`] = { a: [ipOf(d)] };
}
const dns = await startLocalDns(zone);
const smtp = await startScriptedSmtp({
  addresses: Array.from({ length: DOMAINS }, (_, d) => ipOf(d)),
  delayMs: 50,
  handle: (command) =>
    command.startsWith('RCPT') && !command.includes('<user')
      ? '550 5.1.1 User unknown\r\n'
      : defaultReply(command),
});
const emails: string[] = [];
for (let d = 0; d < DOMAINS; d++)
  for (let i = 0; i < PER_DOMAIN; i++) emails.push(`${i % 10 === 9 ? 'ghost' : 'user'}${i}@d${d}.${run}`);

const url = process.env.BENCH_DATABASE_URL;
const database = await createDatabase(url ? { url } : {});
await database.migrate();
const verifier = createVerifier({
  heloName: 'bench.verifier.test',
  mailFrom: 'probe@bench.verifier.test',
  dnsServers: dns.servers,
  smtpPort: smtp.port,
  allowPrivate: ['127.0.0.0/8'],
  timeouts: { dnsMs: 2_000, connectMs: 5_000, commandMs: 10_000 },
  domainConcurrency: CONCURRENCY,
  perHostConnections: 2,
  // BENCH_CACHE=memory shows what the database cache costs.
  cache: process.env.BENCH_CACHE === 'memory' ? undefined : createDatabaseCache(database),
});
const runner = createJobRunner({ database });
runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize: CHUNK }));

const submitStart = performance.now();
const { job } = await runner.jobs.submit({ orgId: 'org_bench', kind: VERIFY_JOB_KIND, items: emails });
const submitMs = performance.now() - submitStart;
const runStart = performance.now();
await runner.runUntilIdle();
const runMs = performance.now() - runStart;
const finished = await runner.jobs.get('org_bench', job.id);
const csvStart = performance.now();
let rows = 0;
let after: number | undefined;
for (;;) {
  const page = await runner.jobs.results(job.id, { after, limit: 5_000 });
  rows += page.items.length;
  if (page.next === null) break;
  after = page.next;
}
const readMs = performance.now() - csvStart;

const fmt = (n: number) => n.toFixed(1);
console.log(
  `verify job bench (${database.driver}): ${emails.length} addresses over ${DOMAINS} domains, replies after 50 ms, chunks of ${CHUNK}`,
);
console.log(`submit (store ${emails.length} items): ${fmt(submitMs)} ms`);
console.log(
  `run to completion: ${fmt(runMs / 1000)} s, ${fmt(emails.length / (runMs / 1000))} addresses/s; status ${finished?.status}, ` +
    `done ${finished?.done}/${finished?.total}, counts ${JSON.stringify(finished?.result?.counts)}`,
);
console.log(`read every result back in pages of 5,000: ${fmt(readMs)} ms for ${rows} rows`);
console.log(
  `sessions ${verifier.stats().sessions}, peak sessions in flight ${verifier.stats().peakSessions}`,
);
await Promise.all([dns.close(), smtp.close()]);
await database.close();
