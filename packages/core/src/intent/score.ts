/**
 * The surge and hiring score, mirrored by the SQL functions `intent_expected` and `intent_score`
 * (packages/db/sql/intent.sql): the database keeps stored scores current, this copy explains and tests them.
 */
export interface ScoreInput {
  /** Volume of the period being scored (weighted signals, or new postings). */
  value: number;
  /** Sum and sum of squares of the `periods` baseline periods before (empty periods count as 0). */
  sum: number;
  sumSquares: number;
  periods: number;
  /** Typical volume of a comparable company (the topic's, or all hiring companies'); null: unknown. */
  prior: number | null;
  /** Pseudo-periods of the prior: how strongly a thin baseline is pulled toward it. */
  priorWeight: number;
  /** Pseudo-variance: keeps a handful of events from looking like a surge. */
  stabilizer: number;
}

/** Surge: 12 weekly periods, 2 pseudo-weeks toward the topic, pseudo-variance 8. */
export const SURGE = { periods: 12, priorWeight: 2, stabilizer: 8 } as const;
/** Hiring: 6 thirty-day periods, 1 pseudo-month toward the typical hiring company, pseudo-variance 4. */
export const HIRING = { periods: 6, priorWeight: 1, stabilizer: 4 } as const;

/** At or above this, a score means surging (or a hiring spike). */
export const SURGING = 60;

/** The volume the score expects: the baseline mean shrunk toward the prior. */
export const expectedVolume = (i: Pick<ScoreInput, 'sum' | 'periods' | 'prior' | 'priorWeight'>): number =>
  (i.sum + i.priorWeight * (i.prior ?? i.sum / i.periods)) / (i.periods + i.priorWeight);

/**
 * 0..100, 50 = as expected, 60+ = surging (z above 1.6): a logistic of the z-score of `value` against the expected
 * volume, over Poisson noise plus the baseline's own (shrunk) variance plus the stabilizer.
 */
export const surgeScore = (i: ScoreInput): number => {
  const expected = expectedVolume(i);
  const mean = i.sum / i.periods;
  const variance = Math.max(i.sumSquares / i.periods - mean * mean, 0);
  const spread = expected + (variance * i.periods) / (i.periods + i.priorWeight) + i.stabilizer;
  const z = Math.min(Math.max((i.value - expected) / Math.sqrt(spread), -40), 40);
  return 100 / (1 + Math.exp(-0.25 * z));
};

/** Baseline sums of a list of period volumes. */
export const baselineOf = (volumes: number[]): { sum: number; sumSquares: number } => ({
  sum: volumes.reduce((a, v) => a + v, 0),
  sumSquares: volumes.reduce((a, v) => a + v * v, 0),
});

/**
 * One account score across topics, as a noisy-OR of each surging topic's strength above 50:
 * one topic at 70 gives 70, two at 70 give 82. Without a surging topic, the best topic's score.
 */
export const accountScore = (scores: number[]): number => {
  const above = scores.filter((s) => s > 50);
  if (above.length === 0) return scores.length ? Math.max(...scores) : 50;
  const none = above.reduce((p, s) => p * (1 - (s - 50) / 50), 1);
  return 50 + 50 * (1 - none);
};

export const round1 = (n: number): number => Math.round(n * 10) / 10;
