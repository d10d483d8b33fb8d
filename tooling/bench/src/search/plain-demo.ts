// Plain-language search latency on the demo data (embedded PGlite): p50/p95 per entity over a fixed
// mix of prospecting sentences, each run `--runs` times after one warm-up pass.
// Usage: pnpm exec tsx tooling/bench/src/search/plain-demo.ts [--runs 5]
import { searchCompanies, searchPeople, silentLogger } from '@dossier/core';
import { loadDemoData } from '@dossier/core/demo';
import { createDatabase } from '@dossier/db';
import { sql } from './drizzle.js';

const companyQueries = [
  'fintech companies in Germany with 50 to 200 employees',
  'software companies in the US',
  'companies not in the US',
  'logistics companies outside the US',
  'companies excluding manufacturing',
  'companies using Salesforce but not Intercom',
  'startups in Berlin',
  'small SaaS companies in Germany',
  'companies using Databricks',
  'companies in Bengaluru',
  'human resources companies',
  'companies using salesfroce',
  'finacial services companies in Isreal',
  'companies with revenue $10M-$50M',
  'companies under $10M revenue',
  'companies in CA',
  "I'm looking for top healthcare companies with offices in London",
  'companies founded after 2015 using HubSpot',
  'public companies with over 1,000 employees',
  'e-commerce companies using Shopify',
];
const peopleQueries = [
  'CTOs at startups in Berlin',
  'VPs of sales at fintech companies',
  'sales reps in the US',
  'SDRs at software companies',
  'account execs in London',
  'PMs at SaaS companies',
  'CSMs in New York',
  'VP Eng at companies using AWS',
  'people at Northwind Traders',
  'heads of marketing not in the US',
  'engineers at companies using React',
  'CFOs at companies with over 500 employees',
  'recruiters with a verified email',
  'marketing managers at e-commerce companies',
  'CROs at SaaS companies in the US',
];

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5);
const database = await createDatabase({});
await database.migrate();
await loadDemoData(database, { asOf: new Date('2026-11-22T00:00:00Z') });
await database.query(sql`analyze`);
const ctx = {
  db: database,
  caller: { orgId: 'org_bench', projectId: 'prj_bench', keyId: 'key_bench', scopes: new Set(['search']) },
  requestId: 'req_bench',
  log: silentLogger,
  now: () => new Date(),
} as unknown as Parameters<typeof searchCompanies>[0];

// CPU time of this process (PGlite runs in it): steadier than wall time on a shared machine.
const time = async (fn: () => Promise<unknown>): Promise<[number, number]> => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await fn();
  const c = process.cpuUsage(c0);
  return [performance.now() - t0, (c.user + c.system) / 1000];
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
for (const [what, queries, run] of [
  ['companies', companyQueries, (q: string) => searchCompanies(ctx, { query: q, limit: 10 })],
  ['people', peopleQueries, (q: string) => searchPeople(ctx, { query: q, limit: 10 })],
] as const) {
  for (const q of queries) await run(q);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++)
    for (const q of queries) {
      const [w, c] = await time(() => run(q));
      wall.push(w);
      cpu.push(c);
    }
  const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms`;
  console.log(`${what}: ${queries.length} queries x ${runs}: wall ${f(wall)}; cpu ${f(cpu)}`);
}
await database.close();
