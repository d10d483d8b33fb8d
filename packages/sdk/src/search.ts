import type { Dossier } from './client.js';
import type {
  SearchCompaniesInput,
  SearchCompaniesOutput,
  SearchInput,
  SearchOutput,
  SearchPeopleInput,
  SearchPeopleOutput,
} from './generated/operations.js';
import type { CallOptions } from './request.js';

type Page = { data: unknown[]; cursor: string | null };
type Item<P extends Page> = P['data'][number];

export interface PageOptions extends CallOptions {
  /** Stop after this many pages. */
  maxPages?: number;
}

/** A search method that also iterates every result across pages. */
export interface Paged<I extends { cursor?: string | undefined }, O extends Page> {
  (input: I, options?: CallOptions): Promise<O>;
  /** Each page in turn, following `cursor` until it is null. */
  pages(input: I, options?: PageOptions): AsyncGenerator<O, void, undefined>;
  /** Each result across pages: `for await (const company of dossier.search.companies.iterate(q))`. */
  iterate(input: I, options?: PageOptions): AsyncGenerator<Item<O>, void, undefined>;
}

export interface Search extends Paged<SearchInput, SearchOutput> {
  /** Companies by plain-language `query` and structured `filters`. */
  companies: Paged<SearchCompaniesInput, SearchCompaniesOutput>;
  /** People by role, seniority, place and their company. */
  people: Paged<SearchPeopleInput, SearchPeopleOutput>;
}

export function paged<I extends { cursor?: string | undefined }, O extends Page>(
  fetchPage: (input: I, options?: CallOptions) => Promise<O>,
): Paged<I, O> {
  async function* pages(input: I, options: PageOptions = {}): AsyncGenerator<O, void, undefined> {
    const { maxPages = Number.POSITIVE_INFINITY, ...call } = options;
    let cursor = input.cursor;
    for (let n = 0; n < maxPages; n++) {
      const page = await fetchPage({ ...input, cursor }, call);
      yield page;
      if (!page.cursor || page.data.length === 0) return;
      cursor = page.cursor;
    }
  }
  async function* iterate(input: I, options?: PageOptions): AsyncGenerator<Item<O>, void, undefined> {
    for await (const page of pages(input, options)) yield* page.data as Item<O>[];
  }
  return Object.assign((input: I, options?: CallOptions) => fetchPage(input, options), { pages, iterate });
}

export function createSearch(client: Dossier): Search {
  return Object.assign(
    paged<SearchInput, SearchOutput>((input, options) => client.call('search', input, options)),
    {
      companies: paged<SearchCompaniesInput, SearchCompaniesOutput>((input, options) =>
        client.call('search_companies', input, options),
      ),
      people: paged<SearchPeopleInput, SearchPeopleOutput>((input, options) =>
        client.call('search_people', input, options),
      ),
    },
  );
}
