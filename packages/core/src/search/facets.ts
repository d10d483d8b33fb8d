import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../shared/sql-rows.js';

/**
 * Filter values as facets: `search_facets` on companies and people (packages/db/sql/search-facets.sql) holds tokens
 * like `cc:DE`, `ct:salesforce`, `ps:vp`, one GIN index answering every equality filter at once.
 * Prefixes: company `ci` industry key, `cc` country, `cr` region, `cy` city, `ck` type (lower case),
 * `cd` has domain (1/0), `ct` technology slug, `cg` technology category, `ca` tag (as stored), `ce`
 * employee-size bucket (`51-200`);
 * person `ps` seniority, `pe` department, `pc` country, `pr` region, `py` city (lower case),
 * `pv` verified email (1/0), `pm` mobile (1/0), `pes` an email status.
 */
export type FacetPrefix =
  | 'ci'
  | 'cc'
  | 'cr'
  | 'cy'
  | 'ck'
  | 'cd'
  | 'ct'
  | 'cg'
  | 'ca'
  | 'ce'
  | 'ps'
  | 'pe'
  | 'pc'
  | 'pr'
  | 'py'
  | 'pv'
  | 'pm'
  | 'pes';

export const facet = (prefix: FacetPrefix, value: string): string => `${prefix}:${value}`;

/** Lower case, trimmed and deduplicated, as the facets store regions, cities and types. */
export const lowered = (items: readonly string[]): string[] => [
  ...new Set(items.map((s) => s.trim().toLowerCase())),
];

/**
 * Collects facet conditions: tokens every row must have go into one `@>` (one GIN probe
 * intersecting them all), each any-of list with more than one token into its own `&&`.
 */
export class FacetConditions {
  private readonly all: string[] = [];
  private readonly anyOf: string[][] = [];
  private readonly noneOf: string[][] = [];

  /** Every one of these tokens. */
  every(tokens: readonly string[]): this {
    this.all.push(...tokens);
    return this;
  }

  /** At least one of these tokens. */
  some(tokens: readonly string[]): this {
    const unique = [...new Set(tokens)];
    if (unique.length === 1) this.all.push(unique[0] as string);
    else this.anyOf.push(unique);
    return this;
  }

  /** None of these tokens. */
  none(tokens: readonly string[]): this {
    this.noneOf.push([...new Set(tokens)]);
    return this;
  }

  /** The SQL conditions on a `text[]` facets column. */
  on(column: unknown): SQL[] {
    const out: SQL[] = [];
    if (this.all.length) out.push(sql`${column} @> ${textArray([...new Set(this.all)])}::text[]`);
    for (const tokens of this.anyOf) out.push(sql`${column} && ${textArray(tokens)}::text[]`);
    for (const tokens of this.noneOf) out.push(sql`not (${column} && ${textArray(tokens)}::text[])`);
    return out;
  }
}
