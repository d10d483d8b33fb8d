import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../../testing/resolver-lab/dev-set.js';
import { blockingRecall, evaluate } from '../../testing/resolver-lab/evaluate.js';
import { createResolver } from './resolver.js';

// Public record-linkage sets kept in the repository (testdata/er-public/README.md says where they
// came from). Default settings, no labels: the model learns m, u and the prior from each file.
const dir = (name: string) =>
  fileURLToPath(new URL(`../../../../testdata/er-public/${name}`, import.meta.url));

const run = (name: string) => {
  const { records, truth } = loadLabelledSet(dir(name));
  const resolver = createResolver({ keepCandidates: true });
  const quality = evaluate(resolver.addBatch(records), truth);
  return { quality, recall: blockingRecall(resolver.candidatePairs(), truth), stats: resolver.stats() };
};

describe('resolver on public people sets', () => {
  it('fake-1000 (typos, missing and swapped names, noisy dates): F1 >= 0.93, precision >= 0.95', () => {
    const { quality, recall, stats } = run('fake-1000');
    expect(quality.records).toBe(1000);
    expect(quality.precision).toBeGreaterThanOrEqual(0.95);
    expect(quality.f1).toBeGreaterThanOrEqual(0.93);
    expect(recall).toBeGreaterThanOrEqual(0.86);
    expect(stats.comparisonsPerRecord).toBeLessThan(5);
    expect(stats.trained).toBe(true);
  });

  it('febrl3 (dob, address, postcode and an id, each with errors): F1 >= 0.99, precision >= 0.99', () => {
    const { quality, recall, stats } = run('febrl3');
    expect(quality.records).toBe(5000);
    expect(quality.precision).toBeGreaterThanOrEqual(0.99);
    expect(quality.f1).toBeGreaterThanOrEqual(0.99);
    expect(recall).toBeGreaterThanOrEqual(0.99);
    expect(stats.comparisonsPerRecord).toBeLessThan(5);
  });
});
