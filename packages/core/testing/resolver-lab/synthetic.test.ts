import { describe, expect, it } from 'vitest';
import { createResolver } from '../../src/resolve/resolver.js';
import { evaluate } from './evaluate.js';
import { generatePeople } from './synthetic.js';

describe('generatePeople', () => {
  it('is deterministic for a seed and labels every record', () => {
    const a = generatePeople({ records: 500, seed: 3 });
    const b = generatePeople({ records: 500, seed: 3 });
    expect(a.records).toEqual(b.records);
    expect(a.records).toHaveLength(500);
    expect(a.truth.size).toBe(500);
    expect(generatePeople({ records: 500, seed: 4 }).records).not.toEqual(a.records);
  });

  it('is resolved with high precision and recall', () => {
    const { records, truth } = generatePeople({ records: 4000, seed: 9 });
    const r = createResolver();
    const q = evaluate(r.addBatch(records), truth);
    expect(q.precision).toBeGreaterThan(0.97);
    expect(q.recall).toBeGreaterThan(0.95);
  });
});
