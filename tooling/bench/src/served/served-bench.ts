/**
 * The served path, measured the way a user runs Dossier: `pnpm dossier serve` as its own process
 * (as README.md starts it: DATABASE_URL, DOSSIER_SECRET, the default log level, stdout to a file)
 * on the machine's PostgreSQL, with the demo data scaled up (BENCH_COPIES copies of `dossier demo
 * load`: 200 give 100,000 companies and about 1,020,000 people), BENCH_ORGS (30) Enterprise
 * organisations' keys used in turn so no plan limit is hit, and autocannon at BENCH_CONNECTIONS (50)
 * from a second process. Beside it, in the same run, the anchor (`anchor.ts`): a bare Hono +
 * postgres.js endpoint returning one stored JSON document (an enrich answer) by primary key.
 * Every scenario runs BENCH_SECONDS (5) per round, BENCH_ROUNDS (3) rounds taking turns, after a
 * short warm-up; the table gives the median req/s, its ratio to the anchor's median, the worst
 * round's p99, and CPU time per request of the server's processes and of the PostgreSQL backends
 * serving the database (from /proc). On a shared machine the CPU figures move far less than req/s.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ONLY=served pnpm bench
 *
 * BENCH_SERVER_ROOT=DIR serves from another checkout (its dependencies installed), for a before
 * and after in the same hour on the same data and anchor.
 * BENCH_BEFORE_ROOT=DIR serves another checkout beside this one on the same data: each scenario runs
 * on it (`... (before)`) right before this tree's, in every round.
 * BENCH_CPU_PROF=DIR writes the server's CPU profile (node --cpu-prof) there when it stops;
 * BENCH_SCENARIOS=company,email runs only the scenarios whose names contain one of the words.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKeyStore, provisionKey } from '@dossier/access';
import { createDatabase } from '@dossier/db';
import { sql } from '../enrich/drizzle.js';
import type { LoadResult, Target } from './load.js';
import { runLoad } from './run-load.js';
import { scaleDemo } from './scale-demo.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.BENCH_DATABASE ?? 'dossier_bench_served';
const copies = Number(process.env.BENCH_COPIES ?? 200);
const orgs = Number(process.env.BENCH_ORGS ?? 30);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const secret = process.env.BENCH_SECRET ?? 'dossier-bench-served-secret-not-for-production-use';
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
// Another checkout's server (with its node_modules installed) against the same data and anchor:
// a before-and-after comparison in one hour.
const serverRoot = process.env.BENCH_SERVER_ROOT ?? repoRoot;
const log = (line: string) => process.stdout.write(`${line}\n`);
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`bad BENCH_DATABASE: ${dbName}`);

// The database: created once, migrated and loaded with the CLI as a user would, then scaled.
const admin = await createDatabase({ url: adminUrl, maxConnections: 1 });
const exists = await admin.query(sql`select 1 from pg_database where datname = ${dbName}`);
if (exists.length === 0) await admin.query(sql.raw(`create database ${dbName}`));
await admin.close();
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const serverEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url.toString(), DOSSIER_SECRET: secret };
// The default log level, whatever the caller's shell says.
delete serverEnv.LOG_LEVEL;
delete serverEnv.NODE_OPTIONS;
const cli = (...args: string[]) => {
  const result = spawnSync('pnpm', ['--silent', 'dossier', ...args], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`pnpm dossier ${args.join(' ')} exited ${result.status}`);
};
cli('migrate');
const database = await createDatabase({ url: url.toString(), maxConnections: 4 });
const countRows = async () =>
  (
    await database.query<{ companies: number; people: number }>(
      sql`select (select count(*)::int from companies) as companies, (select count(*)::int from people) as people`,
    )
  )[0] ?? { companies: 0, people: 0 };
if ((await countRows()).companies === 0) cli('demo', 'load');
await scaleDemo(database, copies, log);
const size = await countRows();

// Keys: one new primary key for each of the Enterprise organisations, made as `dossier keys create` makes them.
const keyStore = createKeyStore(database.db, { hashSecret: secret });
const keys: string[] = [];
for (let i = 1; i <= orgs; i++)
  keys.push(
    (await provisionKey(database.db, keyStore, { org: `bench-served-${i}`, plan: 'enterprise' })).key,
  );

// The targets: 2,000 of each kind, spread over the whole data set.
const column = async (query: ReturnType<typeof sql>) =>
  (await database.query<{ v: string }>(query)).map((r) => r.v);
const domains = await column(sql`select domain as v from companies order by md5(id) limit 2000`);
const emails = await column(
  sql`select email as v from person_emails where type = 'work' order by md5(email) limit 2000`,
);
const linkedins = await column(
  sql`select url as v from person_profiles where network = 'linkedin' order by md5(url) limit 2000`,
);
const personIds = await column(sql`select id as v from people order by md5(id) limit 2000`);

// Processes: the server exactly as `pnpm start` runs it, and the anchor, each printing its port.
// Named by the database: two runs at once on one machine (on their own databases) must not read
// each other's ports from a shared log.
const serverLog = join(tmpdir(), `${dbName}-served.log`);
const profileDir = process.env.BENCH_CPU_PROF;
const startProcess = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cwd = repoRoot,
) =>
  spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
  });
const portIn = async (file: string, pattern: RegExp, child: ChildProcess) => {
  for (let i = 0; i < 600; i++) {
    const match = existsSync(file) ? readFileSync(file, 'utf8').match(pattern) : null;
    if (match) return Number(match[1]);
    if (child.exitCode !== null) throw new Error(`${file}: exited ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file}: no port after 60 s`);
};
// Profiling runs the command `pnpm dossier` runs (package.json) with --cpu-prof, which NODE_OPTIONS refuses.
const server = profileDir
  ? startProcess(
      process.execPath,
      [
        '--cpu-prof',
        `--cpu-prof-dir=${profileDir}`,
        '--max-semi-space-size=64',
        '--import',
        'tsx',
        'apps/cli/src/main.ts',
        'serve',
      ],
      { ...serverEnv, PORT: '0' },
      serverLog,
      serverRoot,
    )
  : startProcess(
      'pnpm',
      ['--silent', 'dossier', 'serve'],
      { ...serverEnv, PORT: '0' },
      serverLog,
      serverRoot,
    );
// Another checkout served beside this one (BENCH_BEFORE_ROOT): each scenario runs on it right before
// this tree's, in every round, so a machine whose load swings between minutes weighs on both alike.
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
const beforeLog = join(tmpdir(), `${dbName}-served-before.log`);
const before = beforeRoot
  ? startProcess('pnpm', ['--silent', 'dossier', 'serve'], { ...serverEnv, PORT: '0' }, beforeLog, beforeRoot)
  : null;
const anchorLog = join(tmpdir(), `${dbName}-anchor.log`);
const anchor = startProcess(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./anchor.ts', import.meta.url))],
  { ...serverEnv, PORT: '0' },
  anchorLog,
);
const stopped = new Set<ChildProcess>();
const stop = () => {
  for (const child of [server, anchor, ...(before ? [before] : [])])
    if (child.pid && child.exitCode === null && !stopped.has(child)) {
      stopped.add(child);
      process.kill(-child.pid, 'SIGTERM');
    }
};
process.on('exit', stop);
const serverPort = await portIn(serverLog, /"url":"http:\/\/127\.0\.0\.1:(\d+)"/, server);
const anchorPort = await portIn(anchorLog, /anchor listening on (\d+)/, anchor);
const base = `http://127.0.0.1:${serverPort}`;
const beforeBase = before
  ? `http://127.0.0.1:${await portIn(beforeLog, /"url":"http:\/\/127\.0\.0\.1:(\d+)"/, before)}`
  : null;

// The anchor's document: a stored enrich answer by domain, the one nearest BENCH_ANCHOR_BYTES
// (4,700: the answer size the served path was first measured with) among the first 50 targets.
const enrichForm = (domain: string) =>
  new URLSearchParams({ domain, fields: 'email,mobile,headcount' }).toString();
const anchorBytes = Number(process.env.BENCH_ANCHOR_BYTES ?? 4700);
const answers: string[] = [];
for (const domain of domains.slice(0, 50)) {
  const answer = await fetch(`${base}/v1/enrich`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: enrichForm(domain),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`enrich answered ${answer.status}: ${text}`);
  answers.push(text);
}
const sizes = answers.map((a) => Buffer.byteLength(a)).sort((a, b) => a - b);
const document = answers.reduce((best, a) =>
  Math.abs(Buffer.byteLength(a) - anchorBytes) < Math.abs(Buffer.byteLength(best) - anchorBytes) ? a : best,
);
await database.query(sql.raw('drop table if exists bench_anchor_documents'));
await database.query(
  sql.raw('create table bench_anchor_documents (id text primary key, doc jsonb not null)'),
);
await database.query(
  sql`insert into bench_anchor_documents select 'doc-' || g, ${document}::jsonb from generate_series(1, 2000) g`,
);
await database.query(sql.raw('vacuum analyze bench_anchor_documents'));

const form = 'application/x-www-form-urlencoded';
interface Scenario {
  name: string;
  url: string;
  keys: string[];
  targets: Target[];
  /** The process tree whose CPU time is counted: the server (or the anchor) that answers. */
  process?: ChildProcess;
}
const ours: Scenario[] = [
  {
    name: 'anchor: stored document by key',
    url: `http://127.0.0.1:${anchorPort}`,
    keys: [],
    targets: Array.from({ length: 2000 }, (_, i) => ({ path: `/documents/doc-${i + 1}` })),
  },
  {
    name: 'enrich by domain',
    url: base,
    keys,
    targets: domains.map((d) => ({ path: '/v1/enrich', body: enrichForm(d), contentType: form })),
  },
  {
    name: 'company by domain',
    url: base,
    keys,
    targets: domains.map((d) => ({ path: `/v1/company/${d}` })),
  },
  {
    name: 'enrich by email',
    url: base,
    keys,
    targets: emails.map((email) => ({ path: '/v1/enrich', body: JSON.stringify({ email }) })),
  },
  {
    name: 'enrich by LinkedIn URL',
    url: base,
    keys,
    targets: linkedins.map((linkedin_url) => ({
      path: '/v1/enrich',
      body: JSON.stringify({ linkedin_url }),
    })),
  },
  {
    name: 'person by id',
    url: base,
    keys,
    targets: personIds.map((id) => ({ path: `/v1/person/${id}` })),
  },
];
const scenarios: Scenario[] = ours.flatMap((s, i) =>
  i > 0 && before && beforeBase
    ? [{ ...s, name: `${s.name} (before)`, url: beforeBase, process: before }, s]
    : [s],
);
const only = process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim().toLowerCase());
const chosen = scenarios.filter(
  (s, i) => i === 0 || !only || only.some((word) => s.name.toLowerCase().includes(word)),
);

// CPU time from /proc: the server's whole process tree (pnpm, tsx, node) and the backends of the
// bench database other than this script's own connection.
const tickMs = 10; // USER_HZ is 100 on Linux
const statOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * tickMs };
  } catch {
    return null;
  }
};
const treeCpuMs = (root: number) => {
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const name of readdirSync('/proc'))
    if (/^\d+$/.test(name)) {
      const stat = statOf(Number(name));
      if (stat) stats.set(Number(name), stat);
    }
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats)
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  return [...inTree].reduce((sum, pid) => sum + (stats.get(pid)?.ms ?? 0), 0);
};
const backendsMs = async () => {
  const rows = await database.query<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map(({ pid }) => [pid, statOf(pid)?.ms ?? 0]));
};

interface Round extends LoadResult {
  serverMs: number;
  postgresMs: number;
}
const measure = async (s: Scenario, duration: number): Promise<Round> => {
  const root = (s.process ?? (s.keys.length ? server : anchor)).pid as number;
  const pgBefore = await backendsMs();
  const cpuBefore = treeCpuMs(root);
  const result = await runLoad({
    url: s.url,
    targets: s.targets,
    keys: s.keys,
    seconds: duration,
    connections,
  });
  const serverMs = treeCpuMs(root) - cpuBefore;
  const pgAfter = await backendsMs();
  const postgresMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
  return { ...result, serverMs, postgresMs };
};

log(
  `\nserved path, ${new Date().toISOString()}, node ${process.version}, PostgreSQL ${dbName}: ` +
    `${size.companies} companies, ${size.people} people; ${orgs} Enterprise keys in turn; ` +
    `autocannon in a second process, ${connections} connections, ${rounds} rounds of ${seconds} s; ` +
    `anchor document ${(Buffer.byteLength(document) / 1024).toFixed(1)} KB (enrich answers by domain: median ` +
    `${((sizes[sizes.length >> 1] ?? 0) / 1024).toFixed(1)} KB, largest ${((sizes.at(-1) ?? 0) / 1024).toFixed(1)} KB); ` +
    `server from ${serverRoot}${beforeRoot ? `, before from ${beforeRoot}` : ''}; ` +
    `server log ${serverLog}; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
for (const s of chosen) await measure(s, 2); // warm-up: JIT, caches, connection pools
const results = new Map(chosen.map((s) => [s.name, [] as Round[]]));
for (let round = 0; round < rounds; round++)
  for (const s of chosen) {
    const r = await measure(s, seconds);
    results.get(s.name)?.push(r);
    const bad = Object.entries(r.statuses).filter(([status]) => !status.startsWith('2'));
    log(
      `  round ${round + 1} ${s.name.padEnd(31)} ${Math.round(r.rps).toString().padStart(6)} req/s  p99 ${r.p99} ms` +
        (bad.length || r.errors
          ? `  non-2xx ${JSON.stringify(Object.fromEntries(bad))} errors ${r.errors}`
          : ''),
    );
  }
stop();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const anchorRps = median((results.get(scenarios[0]?.name as string) ?? []).map((r) => r.rps));
const targets: Record<string, { ratio: number; p99?: number }> = {
  'enrich by domain': { ratio: 0.5, p99: 50 },
  'company by domain': { ratio: 0.5, p99: 50 },
  'enrich by email': { ratio: 0.6 },
  'enrich by LinkedIn URL': { ratio: 0.6 },
  'person by id': { ratio: 0.6 },
};
log(
  '\n| scenario | req/s (median) | ratio to anchor | p99 (rounds) | CPU per request: server, PostgreSQL | target |',
);
log('|---|--:|--:|--:|--:|---|');
for (const s of chosen) {
  const runs = results.get(s.name) ?? [];
  const rps = median(runs.map((r) => r.rps));
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const per = (ms: number) => (ms / Math.max(1, requests)).toFixed(3);
  const serverMs = runs.reduce((sum, r) => sum + r.serverMs, 0);
  const postgresMs = runs.reduce((sum, r) => sum + r.postgresMs, 0);
  const ratio = rps / anchorRps;
  const p99s = runs.map((r) => r.p99);
  const target = targets[s.name];
  const verdict = target
    ? `≥${target.ratio}${target.p99 ? `, p99 < ${target.p99} ms` : ''}: ${
        ratio >= target.ratio && (!target.p99 || median(p99s) < target.p99) ? 'met' : 'not met'
      }`
    : '';
  log(
    `| ${s.name} | ${Math.round(rps).toLocaleString('en')} | ${ratio.toFixed(2)} | ${p99s.join(', ')} ms | ` +
      `${per(serverMs)} ms, ${per(postgresMs)} ms | ${verdict} |`,
  );
}
log(
  `\nload average after the run: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
await database.close();
// Let the server flush and write its profile before this process (and its exit hook) goes.
await new Promise((r) => setTimeout(r, profileDir ? 5000 : 500));
