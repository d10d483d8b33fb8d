// Resolver benchmark: end to end (read CSV, normalize, block, score, cluster, write CSV) on synthetic
// people at 50k..500k records, each size in a fresh process for a clean peak RSS; then the dev set.
// Each size also runs `dossier resolve` on the same file as its own process, the way a user does (the
// production build when apps/cli/dist exists, else the CLI's TypeScript through tsx): wall time from
// spawn to exit, and its CPU time from /proc (Linux).
// Run: pnpm exec tsx tooling/bench/src/resolve/resolve-bench.ts [--sizes 50000,100000] [--dev DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsvRows } from '../../../../packages/core/src/resolve/csv.js';
import { createResolver } from '../../../../packages/core/src/resolve/index.js';
import {
  blockingRecall,
  evaluate,
  generatePeople,
  loadLabelledSet,
  peopleFromCsv,
} from '../../../../packages/core/testing/resolver-lab/index.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const csvField = (v: string | null | undefined): string => {
  const s = v ?? '';
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const COLUMNS = [
  'record_id',
  'source',
  'first_name',
  'last_name',
  'email',
  'phone',
  'linkedin_url',
  'company_name',
  'company_domain',
  'title',
  'city',
  'country',
] as const;

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** CPU seconds of this process's finished children (utime + stime of /proc/self/stat), or null off Linux. */
const childrenCpuSeconds = (): number | null => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of stat (cutime, cstime), counted from after the command name.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
};

/** `dossier resolve` on `input` as its own process: wall and CPU seconds, and its P/R/F1. */
const runCli = (input: string, output: string, truth: Map<string, string>) => {
  const built = join(root, 'apps/cli/dist/bin/dossier.js');
  const args = existsSync(built)
    ? ['--max-semi-space-size=64', built]
    : ['--max-semi-space-size=64', '--import', 'tsx', join(root, 'apps/cli/src/main.ts')];
  const cpu0 = childrenCpuSeconds();
  const t0 = performance.now();
  const res = spawnSync(
    process.execPath,
    [...args, 'resolve', '--input', input, '--output', output, '--json'],
    {
      encoding: 'utf8',
      cwd: root,
      maxBuffer: 1 << 24,
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = childrenCpuSeconds();
  if (res.status !== 0) return { failed: res.status, stderr: res.stderr.slice(-300) };
  const assignments = parseCsvRows(readFileSync(output, 'utf8'))
    .slice(1)
    .filter((r) => r.length === 2)
    .map(([recordId, entityId]) => ({ recordId: recordId as string, entityId: entityId as string }));
  const q = evaluate(assignments, truth);
  return {
    command: existsSync(built)
      ? 'node apps/cli/dist/bin/dossier.js resolve'
      : 'tsx apps/cli/src/main.ts resolve',
    seconds: +seconds.toFixed(2),
    recordsPerSecond: Math.round(assignments.length / seconds),
    cpuSeconds: cpu0 === null || cpu1 === null ? null : +(cpu1 - cpu0).toFixed(2),
    f1: +q.f1.toFixed(4),
  };
};

/** One size, in this process: prints one JSON line. */
const runOne = (size: number) => {
  const dir = mkdtempSync(join(tmpdir(), 'resolve-bench-'));
  try {
    const input = join(dir, 'records.csv');
    // Generate in a scope of its own so only the truth stays alive while timing.
    const truth = (() => {
      const generated = generatePeople({ records: size, seed: 11 });
      const lines = [COLUMNS.join(',')];
      for (const r of generated.records) {
        const fields = [r.recordId, r.source, r.firstName, r.lastName, r.email, r.phone, r.linkedinUrl];
        fields.push(r.companyName, r.companyDomain, r.title, r.city, r.country);
        lines.push(fields.map(csvField).join(','));
      }
      writeFileSync(input, `${lines.join('\n')}\n`);
      return generated.truth;
    })();
    const cli = runCli(input, join(dir, 'cli-clusters.csv'), truth);
    const rssBefore = Math.round(process.memoryUsage().rss / 2 ** 20);

    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let rows: ReturnType<typeof peopleFromCsv> | null = peopleFromCsv(readFileSync(input, 'utf8'));
    const resolver = createResolver();
    const assignments = resolver.addBatch(rows);
    rows = null;
    const out = ['record_id,entity_id'];
    for (const a of assignments) out.push(`${csvField(a.recordId)},${csvField(a.entityId)}`);
    writeFileSync(join(dir, 'clusters.csv'), `${out.join('\n')}\n`);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    // Incremental: fresh records resolved one at a time against the full in-memory index.
    const probes = generatePeople({ records: 1000, seed: 23 }).records.map((r) => ({
      ...r,
      recordId: `q${r.recordId}`,
    }));
    const latencies = probes.map((r) => {
      const t = performance.now();
      resolver.resolveOne(r);
      return performance.now() - t;
    });
    latencies.sort((x, y) => x - y);
    const q = evaluate(assignments, truth);
    const stats = resolver.stats();
    console.log(
      JSON.stringify({
        size,
        seconds: +seconds.toFixed(2),
        recordsPerSecond: Math.round(size / seconds),
        cpuSeconds: +cpuSeconds.toFixed(2),
        recordsPerCpuSecond: Math.round(size / cpuSeconds),
        comparisonsPerRecord: +stats.comparisonsPerRecord.toFixed(2),
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
        rssAfterGenerateMiB: rssBefore,
        resolveOneMedianMs: +(latencies[500] ?? 0).toFixed(3),
        resolveOneP99Ms: +(latencies[990] ?? 0).toFixed(3),
        precision: +q.precision.toFixed(4),
        recall: +q.recall.toFixed(4),
        f1: +q.f1.toFixed(4),
        cli,
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const runDev = (dir: string) => {
  const { records, truth } = loadLabelledSet(dir);
  const t0 = performance.now();
  const resolver = createResolver({ keepCandidates: true });
  const assignments = resolver.addBatch(records);
  const ms = performance.now() - t0;
  const q = evaluate(assignments, truth);
  const stats = resolver.stats();
  console.log(`dev set ${dir}: ${records.length} records in ${ms.toFixed(0)} ms`);
  console.log(
    `  pairwise precision ${q.precision.toFixed(4)}  recall ${q.recall.toFixed(4)}  F1 ${q.f1.toFixed(4)}` +
      `  (${q.predictedEntities} entities predicted, ${q.trueEntities} true)`,
  );
  console.log(
    `  blocking recall ${blockingRecall(resolver.candidatePairs(), truth).toFixed(4)}` +
      `  comparisons/record ${stats.comparisonsPerRecord.toFixed(2)}  merges rejected: conflict ${stats.rejectedByConflict},` +
      ` soft evidence ${stats.rejectedBySoftEvidence}, linkage ${stats.rejectedByLinkage}`,
  );
};

const child = arg('one');
if (child) {
  runOne(Number(child));
} else {
  const sizes = (arg('sizes') ?? '50000,100000,250000,500000').split(',').map(Number);
  console.log(`resolver benchmark, node ${process.version}; wall and CPU time include CSV read and write`);
  for (const size of sizes) {
    const res = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--one', String(size)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    );
    const line = res.stdout.trim().split('\n').pop() ?? '';
    if (res.status !== 0 || !line.startsWith('{')) {
      console.log(`size ${size}: failed (${res.status}) ${res.stderr.slice(-500)}`);
      continue;
    }
    const r = JSON.parse(line);
    console.log(
      `${String(size).padStart(7)} records: ${r.seconds}s wall, ${r.recordsPerSecond} rec/s wall, ` +
        `${r.recordsPerCpuSecond} rec/CPU-s, ${r.comparisonsPerRecord} comparisons/record, peak RSS ${r.peakRssMiB} MiB, ` +
        `synthetic P ${r.precision} R ${r.recall} F1 ${r.f1}; resolveOne median ${r.resolveOneMedianMs} ms, ` +
        `p99 ${r.resolveOneP99Ms} ms (RSS before the run ${r.rssAfterGenerateMiB} MiB)`,
    );
    const c = r.cli;
    console.log(
      c.failed === undefined
        ? `         ${c.command}: ${c.seconds}s wall, ${c.recordsPerSecond} rec/s wall, CPU ${c.cpuSeconds}s, F1 ${c.f1}`
        : `         dossier resolve failed (${c.failed}): ${c.stderr}`,
    );
  }
  const dev = arg('dev') ?? fileURLToPath(new URL('../../../../testdata/resolution-dev', import.meta.url));
  if (existsSync(join(dev, 'records.csv'))) runDev(dev);
}
