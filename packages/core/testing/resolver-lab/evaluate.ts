export interface PairwiseQuality {
  precision: number;
  recall: number;
  f1: number;
  /** Pairs placed together that truly belong together. */
  truePositivePairs: number;
  predictedPairs: number;
  truePairs: number;
  /** Records present in both inputs (others are ignored). */
  records: number;
  predictedEntities: number;
  trueEntities: number;
}

type Labels = Map<string, string> | Iterable<{ recordId: string; entityId: string }>;

const toMap = (labels: Labels): Map<string, string> => {
  if (labels instanceof Map) return labels;
  const map = new Map<string, string>();
  for (const { recordId, entityId } of labels) map.set(recordId, entityId);
  return map;
};

const pairs = (n: number) => (n * (n - 1)) / 2;

/**
 * Pairwise precision, recall and F1 of a clustering against the truth (record -> entity), counted
 * from cluster intersections, so it is linear in the number of records.
 */
export const evaluate = (clusters: Labels, truth: Labels): PairwiseQuality => {
  const predicted = toMap(clusters);
  const actual = toMap(truth);
  const predSize = new Map<string, number>();
  const trueSize = new Map<string, number>();
  const both = new Map<string, number>();
  let records = 0;
  for (const [recordId, entity] of predicted) {
    const t = actual.get(recordId);
    if (t === undefined) continue;
    records++;
    predSize.set(entity, (predSize.get(entity) ?? 0) + 1);
    trueSize.set(t, (trueSize.get(t) ?? 0) + 1);
    const key = `${entity}\u0000${t}`;
    both.set(key, (both.get(key) ?? 0) + 1);
  }
  let tp = 0;
  let predictedPairs = 0;
  let truePairs = 0;
  for (const n of both.values()) tp += pairs(n);
  for (const n of predSize.values()) predictedPairs += pairs(n);
  for (const n of trueSize.values()) truePairs += pairs(n);
  const precision = predictedPairs === 0 ? 1 : tp / predictedPairs;
  const recall = truePairs === 0 ? 1 : tp / truePairs;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    precision,
    recall,
    f1,
    truePositivePairs: tp,
    predictedPairs,
    truePairs,
    records,
    predictedEntities: predSize.size,
    trueEntities: trueSize.size,
  };
};

/** Share of true matching pairs that blocking put in front of the comparator. */
export const blockingRecall = (candidates: Iterable<[string, string]>, truth: Labels): number => {
  const actual = toMap(truth);
  const trueSize = new Map<string, number>();
  for (const entity of actual.values()) trueSize.set(entity, (trueSize.get(entity) ?? 0) + 1);
  let truePairs = 0;
  for (const n of trueSize.values()) truePairs += pairs(n);
  const found = new Set<string>();
  for (const [a, b] of candidates) {
    const ea = actual.get(a);
    if (ea === undefined || ea !== actual.get(b)) continue;
    found.add(a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  }
  return truePairs === 0 ? 1 : found.size / truePairs;
};
