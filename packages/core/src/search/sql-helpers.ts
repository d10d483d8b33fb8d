import { type SQL, sql } from 'drizzle-orm';

/** All of the conditions; `true` when there are none. */
export const allOf = (conditions: readonly SQL[]): SQL =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` and `,
      );

/** Any of the conditions; `false` when there are none. */
export const anyOf = (conditions: readonly SQL[]): SQL =>
  conditions.length === 0
    ? sql`false`
    : sql`(${sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` or `,
      )})`;

/**
 * A tsquery OR of phrases, each word limited to the given weight (`cto:B`), built from letters and
 * digits only so nothing a caller writes can reach the tsquery syntax.
 */
export const phraseQuery = (phrases: readonly string[], weight?: 'A' | 'B' | 'C'): string | null => {
  const parts = phrases
    .map((phrase) =>
      (phrase.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => (weight ? `${w}:${weight}` : w)),
    )
    .filter((words) => words.length > 0)
    .map((words) => (words.length === 1 ? words[0] : `(${words.join(' <-> ')})`));
  return parts.length ? parts.join(' | ') : null;
};
