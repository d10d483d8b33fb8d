import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createResolver } from '../../src/resolve/resolver.js';
import { loadLabelledSet } from './dev-set.js';
import { blockingRecall, evaluate } from './evaluate.js';

// The development set is kept in the repository (testdata/README.md says where it came from).
const DEV_DIR = fileURLToPath(new URL('../../../../testdata/resolution-dev', import.meta.url));

describe('resolver on the development set', () => {
  it('reaches pairwise F1 >= 0.97 with precision >= 0.99', () => {
    const { records, truth } = loadLabelledSet(DEV_DIR);
    expect(records.length).toBeGreaterThan(5000);
    const r = createResolver({ keepCandidates: true });
    const q = evaluate(r.addBatch(records), truth);
    expect(q.precision).toBeGreaterThanOrEqual(0.99);
    expect(q.f1).toBeGreaterThanOrEqual(0.97);
    expect(blockingRecall(r.candidatePairs(), truth)).toBeGreaterThanOrEqual(0.98);
    expect(r.stats().comparisonsPerRecord).toBeLessThan(10);
  });
});
