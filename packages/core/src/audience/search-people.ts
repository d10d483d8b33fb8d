import type { z } from 'zod';
import type { Context } from '../context.js';
import { peopleSearchRequest } from '../search/query/index.js';
import { searchPeople } from '../search/run-search.js';

/** The people search request without its paging fields: the same query sentence and filters. */
export const audienceSearchSchema = peopleSearchRequest
  .omit({ limit: true, cursor: true })
  .describe(
    'Hash the people a people search finds (the search_people `query` and `filters`), with their stored ' +
      'emails and phones.',
  );
export type AudienceSearch = z.output<typeof audienceSearchSchema>;

/** People per search page: the search engine pages by keyset, so each page costs about the same. */
const PAGE = 5_000;

/**
 * The ids of the people a search matches, in the search's own order, through the search module
 * (its filters, sentence reader and keyset paging; nothing is re-implemented here). Stops once
 * `most + 1` are found so the caller can tell "more than `most`" apart.
 */
export async function searchPersonIds(
  ctx: Context,
  search: AudienceSearch,
  most: number,
): Promise<{ ids: string[]; more: boolean }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const limit = Math.min(PAGE, most + 1 - ids.length);
    const page = await searchPeople(ctx, { query: search.query, filters: search.filters, limit, cursor });
    for (const person of page.data) ids.push(person.id);
    if (ids.length > most) return { ids: ids.slice(0, most), more: true };
    if (!page.cursor) return { ids, more: false };
    cursor = page.cursor;
  }
}
