// Resolution quality on every labelled set in testdata/: pairwise precision, recall and F1 against
// truth.csv, blocking recall (share of true pairs the blocking passes put in front of the comparator),
// comparisons per record and records per second. People sets only (kind file says `people`); the
// development set (testdata/resolution-dev) is B2B people.
// Run: pnpm exec tsx tooling/bench/src/resolve/quality-bench.ts [--json]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createResolver } from '../../../../packages/core/src/resolve/index.js';
import {
  blockingRecall,
  evaluate,
  loadLabelledSet,
} from '../../../../packages/core/testing/resolver-lab/index.js';

const TESTDATA = fileURLToPath(new URL('../../../../testdata/', import.meta.url));

const sets: [string, string][] = [];
const publicDir = join(TESTDATA, 'er-public');
if (existsSync(publicDir))
  for (const name of readdirSync(publicDir).sort()) {
    const dir = join(publicDir, name);
    const kindFile = join(dir, 'kind');
    if (!existsSync(kindFile) || readFileSync(kindFile, 'utf8').trim() !== 'people') continue;
    sets.push([name, dir]);
  }
sets.push(['resolution-dev', join(TESTDATA, 'resolution-dev')]);

const json = process.argv.includes('--json');
const fmt = (x: number) => x.toFixed(3);
if (!json)
  console.log('set               records  precision  recall  F1     blocking-recall  cmp/record  rec/s');
for (const [name, dir] of sets) {
  const { records, truth } = loadLabelledSet(dir);
  const t0 = performance.now();
  const resolver = createResolver({ keepCandidates: true });
  const assignments = resolver.addBatch(records);
  const seconds = (performance.now() - t0) / 1000;
  const q = evaluate(assignments, truth);
  const recall = blockingRecall(resolver.candidatePairs(), truth);
  const stats = resolver.stats();
  const row = {
    set: name,
    records: records.length,
    precision: q.precision,
    recall: q.recall,
    f1: q.f1,
    blockingRecall: recall,
    comparisonsPerRecord: stats.comparisonsPerRecord,
    recordsPerSecond: Math.round(records.length / seconds),
    pairsByPass: stats.pairsByPass,
  };
  if (json) console.log(JSON.stringify(row));
  else
    console.log(
      `${name.padEnd(17)} ${String(records.length).padStart(7)}  ${fmt(q.precision)}      ${fmt(q.recall)}   ${fmt(q.f1)}  ${fmt(recall)}            ${stats.comparisonsPerRecord.toFixed(1).padStart(6)}  ${row.recordsPerSecond}`,
    );
}
