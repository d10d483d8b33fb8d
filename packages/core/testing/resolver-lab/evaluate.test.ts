import { describe, expect, it } from 'vitest';
import { blockingRecall, evaluate } from './evaluate.js';

const labels = (pairs: [string, string][]) => new Map(pairs);

describe('evaluate', () => {
  const truth = labels([
    ['a', 'X'],
    ['b', 'X'],
    ['c', 'X'],
    ['d', 'Y'],
    ['e', 'Y'],
    ['f', 'Z'],
  ]);

  it('is perfect for the true clustering', () => {
    const q = evaluate(truth, truth);
    expect(q).toMatchObject({ precision: 1, recall: 1, f1: 1, truePairs: 4, predictedPairs: 4 });
  });

  it('counts pairs from cluster intersections', () => {
    // {a,b} {c,d,e} {f}: predicted pairs ab, cd, ce, de = 4; true among them ab, de = 2; true pairs 4.
    const predicted = labels([
      ['a', '1'],
      ['b', '1'],
      ['c', '2'],
      ['d', '2'],
      ['e', '2'],
      ['f', '3'],
    ]);
    const q = evaluate(predicted, truth);
    expect(q.truePositivePairs).toBe(2);
    expect(q.precision).toBe(0.5);
    expect(q.recall).toBe(0.5);
    expect(q.f1).toBe(0.5);
    expect(q.predictedEntities).toBe(3);
  });

  it('accepts assignment lists and ignores records missing from the truth', () => {
    const q = evaluate(
      [
        { recordId: 'a', entityId: '1' },
        { recordId: 'b', entityId: '1' },
        { recordId: 'zz', entityId: '1' },
      ],
      truth,
    );
    expect(q.records).toBe(2);
    expect(q.precision).toBe(1);
    expect(q.recall).toBe(1);
  });

  it('measures blocking recall over true pairs', () => {
    expect(
      blockingRecall(
        [
          ['a', 'b'],
          ['b', 'a'],
          ['d', 'e'],
          ['a', 'f'],
        ],
        truth,
      ),
    ).toBe(0.5);
  });
});
