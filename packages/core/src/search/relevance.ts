import { type SQL, sql } from 'drizzle-orm';

/** Scores are whole numbers (relevance x 10,000), so a cursor carries them exactly. */
const SCALE = 10_000;

export interface Relevance {
  /** Rows the text matches: all its words in the search vector, or a name like it (trigram). */
  match: SQL;
  /** Whole-number score: text rank plus name similarity, plus one for the exact name. */
  score: SQL;
}

/** Full-text relevance of `text` over a search vector and a name column. */
export function relevance(text: string, vector: unknown, name: unknown): Relevance {
  const query = sql`plainto_tsquery('english', ${text})`;
  return {
    match: sql`(${vector} @@ ${query} or ${name} % ${text})`,
    score: sql`round((ts_rank(${vector}, ${query}) + similarity(${name}, ${text}) + (case when lower(${name}) = lower(${text}) then 1 else 0 end)) * ${SCALE})::int`,
  };
}

export const toScore = (stored: number): number => stored / SCALE;
