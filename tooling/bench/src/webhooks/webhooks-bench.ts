/**
 * Webhook delivery: (1) throughput to a loopback receiver that answers each POST after 50 ms, from
 * the outbox to recorded attempts, with the worker's default concurrency; (2) what writing events
 * costs an import: pushed company batches stored with and without their `import.completed` event
 * (a subscription listening), CPU time of the whole process (PGlite runs in it; with
 * BENCH_DATABASE_URL the server's CPU is not counted, so wall time is shown too).
 * BENCH_WEBHOOK_EVENTS (default 3000) and BENCH_WEBHOOK_BATCHES (default 30) size the runs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ingest, webhooks } from '@dossier/core';
import { createDatabase, newId, organizations, projects } from '@dossier/db';

const url = process.env.BENCH_DATABASE_URL;
const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const batches = Number(process.env.BENCH_WEBHOOK_BATCHES ?? 30);
const database = await createDatabase(url ? { url } : {});
await database.migrate();
console.log(
  `database: ${database.driver}${url ? '' : ' (in memory; set BENCH_DATABASE_URL for PostgreSQL)'}`,
);

const owner = async () => {
  const orgId = newId('org');
  const projectId = newId('prj');
  await database.db.insert(organizations).values({ id: orgId, name: orgId, slug: orgId.toLowerCase() });
  await database.db.insert(projects).values({ id: projectId, orgId, name: 'bench' });
  return { orgId, projectId };
};

// (1) Throughput.
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    setTimeout(() => {
      received++;
      res.writeHead(204).end();
    }, 50),
  );
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;
const a = await owner();
await webhooks.createSubscription(database, a, {
  url: `http://127.0.0.1:${port}/hook`,
  eventTypes: ['verify_job.completed'],
});
const data = webhooks.eventExamples['verify_job.completed'];
for (let i = 0; i < events; i += 500) {
  await database.db.transaction(async (tx) => {
    for (let j = i; j < Math.min(events, i + 500); j++)
      await webhooks.emitEvent(tx, {
        orgId: a.orgId,
        type: 'verify_job.completed',
        data: { ...data, job_id: `job_${j}` },
      });
  });
}
const worker = webhooks.createWebhookWorker({ database, allowPrivate: ['127.0.0.1'] });
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await worker.runUntilIdle();
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(
  `delivery: ${events} events in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} events/s ` +
    `(receiver answers in 50 ms; ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU; receiver got ${received})`,
);
receiver.close();

// (2) Import cost: the same batches, once for an organization with a subscriber, once without.
const b = await owner();
await webhooks.createSubscription(database, b, {
  url: 'https://crm.example/hooks',
  eventTypes: ['import.completed'],
});
const rows = (run: string, batch: number) =>
  Array.from({ length: 500 }, (_, i) => ({
    domain: `${run}-${batch}-${i}.bench.example`,
    name: `Bench ${run} ${batch} ${i}`,
    employees: 10 + i,
  }));
const measure = async (run: string, orgId?: string) => {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < batches; i++)
    await ingest.ingestRecords(database, 'companies', `bench-${run}`, rows(run, i), orgId);
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, wall: (performance.now() - w0) / 1000 };
};
// Alternate, twice each, so drift in the machine's load falls on both.
const plain = [await measure('p1')];
const withEvents = [await measure('e1', b.orgId)];
plain.push(await measure('p2'));
withEvents.push(await measure('e2', b.orgId));
const sum = (xs: { cpu: number; wall: number }[], k: 'cpu' | 'wall') => xs.reduce((s, x) => s + x[k], 0);
const extra = (k: 'cpu' | 'wall') => ((sum(withEvents, k) / sum(plain, k) - 1) * 100).toFixed(1);
console.log(
  `import: ${2 * batches} batches of 500 companies; without events ${sum(plain, 'cpu').toFixed(2)} s CPU ` +
    `(${sum(plain, 'wall').toFixed(2)} s wall), with an import.completed event per batch ` +
    `${sum(withEvents, 'cpu').toFixed(2)} s CPU (${sum(withEvents, 'wall').toFixed(2)} s wall): ` +
    `${extra('cpu')} % CPU, ${extra('wall')} % wall`,
);
await database.close();
