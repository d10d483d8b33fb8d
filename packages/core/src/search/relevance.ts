import { type SQL, sql } from 'drizzle-orm';
import { phraseQuery } from './sql-helpers.js';

/** Scores are whole numbers (relevance x 10,000), so a cursor carries them exactly. */
const SCALE = 10_000;

export interface Relevance {
  /** Rows the text matches: all its words in the search vector, or a name containing something like it. */
  match: SQL;
  /** Whole-number score: text rank plus name similarity (for names like the text), plus one for the exact name. */
  score: SQL;
  /**
   * The same matches as two disjoint parts, each with the score it gives (equal to `score` on its
   * rows): those the search vector matches, and those only the name's trigrams match. Apart, the
   * first is an exact index condition (no row rechecked against the whole match) and scores
   * without asking which part a row came from.
   */
  parts: readonly [MatchPart, MatchPart];
}

export interface MatchPart {
  match: SQL;
  score: SQL;
}

/**
 * Full-text relevance of `text` over a search vector and a name column.
 *
 * Names match by trigram word similarity (`text <% name`: some stretch of the name is at least
 * `pg_trgm.word_similarity_threshold`, 0.6 by default, like the text), not plain similarity at 0.3:
 * `Norwind` still finds `Norwind Partners` and `Norwnd`, but no longer every name sharing three
 * letters with it; on 1M companies that is 1,000 index candidates instead of 46,000.
 */
/** Fewer letters than this never match names by trigrams: "ca" looks like half the names there are. */
export const MIN_FUZZY_LETTERS = 4;

export function relevanceSql(text: string, vector: unknown, name: unknown): Relevance {
  const query = sql`plainto_tsquery('english', ${text})`;
  const fuzzy = (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= MIN_FUZZY_LETTERS;
  const like = fuzzy ? sql`${text} <% ${name}` : sql`false`;
  // A word of the text in the name (weight A): only then, or for rows that came in by trigrams
  // alone, is the name compared. Trigram similarity is the dearest part of a score, and a text
  // found in descriptions would otherwise compare thousands of unrelated names.
  const words = phraseQuery(text.split(/\s+/), 'A');
  const inName = words ? sql`${vector} @@ to_tsquery('english', ${words})` : sql`false`;
  const nameScore = sql`(similarity(${name}, ${text}) + word_similarity(${text}, ${name})) / 2`;
  const exact = sql`(case when lower(${name}) = lower(${text}) then 1 else 0 end)`;
  const rank = sql`ts_rank(${vector}, ${query})`;
  const byVector = sql`${vector} @@ ${query}`;
  const whole = (nameShare: SQL) => sql`round((${rank} + ${nameShare} + ${exact}) * ${SCALE})::int`;
  return {
    match: sql`(${byVector} or ${like})`,
    score: whole(sql`(case when ${inName} or not (${byVector}) then ${nameScore} else 0 end)`),
    parts: [
      { match: byVector, score: whole(sql`(case when ${inName} then ${nameScore} else 0 end)`) },
      { match: sql`${like} and (${byVector}) is not true`, score: whole(nameScore) },
    ],
  };
}

export const toScore = (stored: number): number => stored / SCALE;

/**
 * Relevance of `text` as a ranking only (the filters chose the rows): rows holding any of its
 * words rank first, more and rarer-placed words (name, tags) higher, plus name similarity when a
 * word is in the name and one for the exact name. No row is dropped for lacking a word.
 */
export function rankingSql(text: string, vector: unknown, name: unknown): SQL {
  const words = text.split(/\s+/);
  const any = phraseQuery(words);
  const inName = phraseQuery(words, 'A');
  if (!any || !inName) return sql`0`;
  const rank = sql`ts_rank(${vector}, to_tsquery('english', ${any}))`;
  const nameScore = sql`(similarity(${name}, ${text}) + word_similarity(${text}, ${name})) / 2`;
  const named = sql`(case when ${vector} @@ to_tsquery('english', ${inName}) then ${nameScore} else 0 end)`;
  const exact = sql`(case when lower(${name}) = lower(${text}) then 1 else 0 end)`;
  return sql`round((${rank} + ${named} + ${exact}) * ${SCALE})::int`;
}
