import { COMPARISON_COUNT, personComparisons } from './compare.js';

/**
 * Fellegi-Sunter parameters: for each comparison, m[level] = P(level | same person) and
 * u[level] = P(level | different people, from random pairs). `matchesPerRecord` is how many other
 * records a record matches on average; with N records the prior that two random records match is
 * matchesPerRecord / (N - 1), so the same model stays calibrated as the graph grows.
 * This is the config object a deployment can write down and load instead of training.
 */
export interface PersonModel {
  matchesPerRecord: number;
  m: number[][];
  u: number[][];
}

/** Sensible starting values; training replaces m, u and lambda from the data itself. */
export const defaultPersonModel = (): PersonModel => ({
  matchesPerRecord: 1,
  m: [
    [0.8, 0.06, 0.06, 0.04, 0.01, 0.03],
    [0.88, 0.07, 0.03, 0.02],
    [0.6, 0.05, 0.05, 0.3],
    [0.7, 0.3],
    [0.95, 0.05],
    [0.55, 0.25, 0.05, 0.15],
    [0.5, 0.25, 0.25],
    [0.82, 0.03, 0.15],
    [0.9, 0.1],
    [0.85, 0.01, 0.05, 0.02, 0.03, 0.04],
    [0.8, 0.08, 0.05, 0.07],
    [0.9, 0.04, 0.06],
    [0.95, 0.05],
    [0.97, 0.03],
    [0.9, 0.05, 0.05],
    [0.85, 0.15],
  ],
  u: [
    [0.005, 0.001, 0.002, 0.01, 0.002, 0.98],
    [0.002, 0.002, 0.01, 0.986],
    [0.0001, 0.0005, 0.002, 0.9974],
    [0.0001, 0.9999],
    [0.00005, 0.99995],
    [0.01, 0.01, 0.01, 0.97],
    [0.05, 0.05, 0.9],
    [0.1, 0.01, 0.89],
    [0.3, 0.7],
    [0.00005, 0.000005, 0.0004, 0.0008, 0.015, 0.98375],
    [0.0001, 0.0002, 0.02, 0.9797],
    [0.002, 0.01, 0.988],
    [0.2, 0.8],
    [0.5, 0.5],
    [0.00001, 0.0001, 0.99989],
    [0.001, 0.999],
  ],
});

/** Checks the shape of a model loaded from configuration. */
export const isValidModel = (model: PersonModel): boolean =>
  model.matchesPerRecord > 0 &&
  model.m.length === COMPARISON_COUNT &&
  model.u.length === COMPARISON_COUNT &&
  personComparisons.every(
    (c, i) =>
      model.m[i]?.length === c.levels.length &&
      model.u[i]?.length === c.levels.length &&
      [...(model.m[i] ?? []), ...(model.u[i] ?? [])].every((p) => p > 0 && p <= 1),
  );

/** Prior log-odds (bits) that two random records match, in an index of n records. */
export const priorBits = (model: PersonModel, n: number): number => {
  const p = Math.min(0.5, model.matchesPerRecord / Math.max(1, n - 1));
  return Math.log2(p / (1 - p));
};

/** Match weights in bits: log2(m / u) per comparison and level. */
export const matchWeights = (model: PersonModel): Float64Array[] =>
  model.m.map((ms, c) => Float64Array.from(ms, (m, l) => Math.log2(m / (model.u[c]?.[l] ?? 1))));

/** The model as a readable table (comparison -> level -> {m, u, weight}), for reports. */
export const describeModel = (model: PersonModel) =>
  Object.fromEntries(
    personComparisons.map((c, i) => [
      c.name,
      Object.fromEntries(
        c.levels.map((level, l) => {
          const m = model.m[i]?.[l] ?? 0;
          const u = model.u[i]?.[l] ?? 1;
          return [level, { m: +m.toFixed(4), u: +u.toPrecision(3), weight: +Math.log2(m / u).toFixed(2) }];
        }),
      ),
    ]),
  );
