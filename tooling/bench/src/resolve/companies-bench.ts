import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolve } from '@dossier/core';
import { blockingRecall, evaluate } from '../../../../packages/core/testing/resolver-lab/index.js';

/**
 * Company resolution on a labelled set laid out as testdata/er-public/<set>: pairwise precision, recall
 * and F1 against truth.csv, blocking recall (true pairs the blocking put in front of the model),
 * comparisons per record and records per second. Usage: tsx companies-bench.ts [set directory ...]
 */
const root = join(import.meta.dirname, '../../../../testdata/er-public');
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : [join(root, 'dedupe-orgs-a')];

/** Median time to resolve one record against the rest, resolved as a batch first (the incremental path). */
const resolveOneMedian = (records: resolve.CompanyRecord[]): number => {
  const cut = Math.floor(records.length * 0.9);
  const resolver = resolve.createCompanyResolver();
  resolver.addBatch(records.slice(0, cut));
  const times = records.slice(cut).map((r) => {
    const t = performance.now();
    resolver.resolveOne(r);
    return performance.now() - t;
  });
  times.sort((a, b) => a - b);
  return Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(3));
};

for (const dir of dirs) {
  const rows = resolve.parseCsv(readFileSync(join(dir, 'records.csv'), 'utf8'));
  const truth = new Map<string, string>();
  for (const row of resolve.parseCsv(readFileSync(join(dir, 'truth.csv'), 'utf8')))
    if (row.record_id && row.entity_id) truth.set(row.record_id, row.entity_id);
  const records = rows.map(resolve.companyFromRow);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const resolver = resolve.createCompanyResolver();
  const out = resolver.addBatch(records);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const q = evaluate(out, truth);
  const stats = resolver.stats();
  const line = {
    set: dir.split('/').pop(),
    records: records.length,
    precision: Number(q.precision.toFixed(4)),
    recall: Number(q.recall.toFixed(4)),
    f1: Number(q.f1.toFixed(4)),
    blocking_recall: Number(blockingRecall(resolver.candidatePairs(), truth).toFixed(4)),
    comparisons_per_record: Number(stats.comparisonsPerRecord.toFixed(1)),
    records_per_second: Math.round(records.length / seconds),
    records_per_cpu_second: Math.round(records.length / cpuSeconds),
    resolve_one_median_ms: resolveOneMedian(records),
    entities: q.predictedEntities,
    true_entities: q.trueEntities,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
