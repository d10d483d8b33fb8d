import type { PairExplanation } from './resolver.js';

const bits = (x: number) => (x === Number.NEGATIVE_INFINITY ? '-inf' : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`);

/**
 * A pair's match weights as a text waterfall: the prior, each comparison's level and weight with the
 * running total, then the posterior probability and the outcome.
 */
export const formatWaterfall = (e: PairExplanation): string => {
  const lines = [`${e.recordIdA} ~ ${e.recordIdB}`];
  let total = e.prior;
  lines.push(
    `  ${'prior'.padEnd(18)} ${''.padEnd(20)} ${bits(e.prior).padStart(8)}  ${bits(total).padStart(8)}`,
  );
  if (e.conflict) lines.push('  hard conflict (two LinkedIn profiles or two work mailboxes at one domain)');
  else
    for (const c of e.comparisons) {
      if (c.level === 'missing') continue;
      total += c.weight;
      lines.push(
        `  ${c.comparison.padEnd(18)} ${c.level.padEnd(20)} ${bits(c.weight).padStart(8)}  ${bits(total).padStart(8)}`,
      );
    }
  lines.push(
    `  = ${bits(e.prior + e.score)} bits, probability ${e.probability.toFixed(4)}; ` +
      `${e.linked ? 'linked' : 'not linked'}, ${e.sameEntity ? 'same entity' : 'different entities'}`,
  );
  return lines.join('\n');
};

const cell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** Header of the review file: one borderline pair a row, the levels that decided it. */
export const reviewCsvHeader = (e: PairExplanation | undefined): string =>
  [
    'record_id_a',
    'record_id_b',
    'probability',
    'match_weight',
    'linked',
    'same_entity',
    ...(e?.comparisons.map((c) => c.comparison) ?? []),
  ].join(',');

export const reviewCsvRow = (e: PairExplanation): string =>
  [
    cell(e.recordIdA),
    cell(e.recordIdB),
    e.probability.toFixed(4),
    (e.prior + e.score).toFixed(2),
    String(e.linked),
    String(e.sameEntity),
    ...e.comparisons.map((c) => (c.level === 'missing' ? '' : `${c.level} ${bits(c.weight)}`)),
  ].join(',');
