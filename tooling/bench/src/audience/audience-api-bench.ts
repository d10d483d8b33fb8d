/**
 * A 100,000-contact list end to end through the API (issue 9 target): POST /v1/audience over real
 * HTTP (the server in this process on a loopback port), follow the job it answers with (202) to
 * completion by polling GET /v1/audience/{id}, then download the upload file. The job runner works
 * in the same process, as in `dossier serve`.
 * Embedded database by default; BENCH_DATABASE_URL for PostgreSQL. BENCH_CONTACTS sets the size.
 * Run: pnpm exec tsx tooling/bench/src/audience/audience-api-bench.ts
 */
import { loadavg } from 'node:os';
import { createAccess, provisionKey } from '@dossier/access';
import { createApiApp, createLogger } from '@dossier/api';
import { audience, createJobRunner, silentLogger } from '@dossier/core';
import { createDatabase } from '@dossier/db';
import { serve } from '@hono/node-server';

const COUNT = Number(process.env.BENCH_CONTACTS ?? 100_000);
const NETWORK = (process.env.BENCH_NETWORK ?? 'meta') as 'meta';
const url = process.env.BENCH_DATABASE_URL;

const database = await createDatabase(url ? { url } : {});
await database.migrate();
const unlimited = { free: 1e9, starter: 1e9, agency: 1e9, enterprise: 1e9 };
const access = createAccess({
  database,
  hashSecret: 'bench',
  log: silentLogger,
  singleProcess: true,
  planLimits: unlimited,
});
const { key } = await provisionKey(database.db, access.keys, {
  org: `bench-${Date.now()}`,
  plan: 'enterprise',
});
const runner = createJobRunner({ database, pollMs: 50 });
runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
runner.start();
const app = createApiApp({ database, access, log: createLogger('silent'), jobs: runner.jobs });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

// Email, phone, names and place on every contact: each is normalized and hashed.
const contacts = Array.from({ length: COUNT }, (_, i) => ({
  email: ` Contact.${i}+promo@Example${i % 50}.com `,
  phone: `+1 (415) 555-${String(i % 10_000).padStart(4, '0')}`,
  first_name: i % 3 ? 'Jane' : 'Zoë',
  last_name: 'Doe',
  city: 'San Francisco',
  state: 'CA',
  zip: '94107',
  country: 'US',
}));
const body = JSON.stringify({ network: NETWORK, contacts });

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `${COUNT.toLocaleString('en-US')} contacts (${(body.length / 1e6).toFixed(1)} MB JSON), network ${NETWORK}, ${url ? 'PostgreSQL' : 'PGlite'}, node ${process.version}, load average ${load()}`,
);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const posted = await fetch(`${base}/v1/audience`, {
  method: 'POST',
  headers: { ...headers, 'idempotency-key': `bench-${Date.now()}` },
  body,
});
const queued = (await posted.json()) as { job: { id: string; total: number }; poll: { url: string } };
const t1 = performance.now();
if (posted.status !== 202) throw new Error(`expected 202, got ${posted.status}: ${JSON.stringify(queued)}`);

let status: { job: { status: string; done: number; total: number; summary: unknown } };
for (;;) {
  const res = await fetch(`${base}${queued.poll.url}?limit=1`, { headers });
  status = (await res.json()) as typeof status;
  if (status.job.status === 'succeeded' || status.job.status === 'failed') break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const t2 = performance.now();
const csv = await fetch(`${base}/v1/audience/${queued.job.id}/upload.csv`, { headers });
// Read as a stream: a million-contact file is larger than one string can be.
let csvBytes = 0;
let csvLines = 0;
for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) {
  csvBytes += chunk.byteLength;
  for (const byte of chunk) if (byte === 10) csvLines++;
}
if (!csv.ok) throw new Error(`upload.csv answered ${csv.status}`);
const t3 = performance.now();
const cpu = process.cpuUsage(cpu0);
if (status.job.status !== 'succeeded') throw new Error(`job ${status.job.status}`);

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (ms: number) => `${Math.round(COUNT / (ms / 1000)).toLocaleString('en-US')} contacts/s`;
console.log(`POST answered 202 (hashed, job stored) ${s(t1 - t0)}  ${rate(t1 - t0)}`);
console.log(`job done (polled)                    ${s(t2 - t1)}`);
console.log(`submit to finished job               ${s(t2 - t0)}  ${rate(t2 - t0)}`);
console.log(`upload.csv (${(csvBytes / 1e6).toFixed(1)} MB, ${csvLines - 1} rows)   ${s(t3 - t2)}`);
console.log(`end to end with the download         ${s(t3 - t0)}  ${rate(t3 - t0)}`);
console.log(
  `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s in this process (server, runner, client): ${Math.round(COUNT / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')} contacts per CPU-second; load average after ${load()}`,
);
console.log('summary', JSON.stringify(status.job.summary));

await runner.stop();
server.close();
await access.close();
await database.close();
