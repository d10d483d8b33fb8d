import { defineOperation } from '../operation.js';
import { companySearchRequest, peopleSearchRequest, searchRequest } from './query/index.js';
import { companySearchResponse, peopleSearchResponse, searchResponse } from './results.js';
import { searchCompanies, searchPeople } from './run-search.js';

const common = {
  method: 'POST',
  scope: 'search',
  readOnly: true,
  replicaReads: true,
  idempotent: true,
  openWorld: false,
} as const;

const HOW =
  'The `query` reads places, industries ("SaaS"), headcounts ("50-200 employees"), revenue ("over $10M"), ' +
  'founded years, company types and technologies ("using Salesforce"); negations ("not in the US") become ' +
  '`exclude` filters. `interpreted` shows the reading; `filters` win over it. Page with `cursor`.';

/** The rest of the search story, for the REST reference. */
const HOW_MORE =
  'The query is read without a model, synonyms and misspellings included ("startups", "but not Intercom"). ' +
  'Words no filter took (`interpreted.unused_words`) rank by full-text relevance and never drop a row. ' +
  '`total` is exact up to 10,000, then an estimate.';

const pageSummary = (what: string) => (out: { data: unknown[]; total: number; total_is_estimate: boolean }) =>
  `${out.data.length} ${what} on this page of ${out.total_is_estimate ? 'about ' : ''}${out.total} matches.`;

export const searchCompaniesOperation = defineOperation({
  ...common,
  name: 'search_companies',
  title: 'Search companies',
  path: '/v1/search/companies',
  summary: 'Find companies by plain-language query and structured filters',
  description: `Finds companies from a plain-language \`query\`, explicit \`filters\`, or both. ${HOW}`,
  details: HOW_MORE,
  input: companySearchRequest,
  output: companySearchResponse,
  example: {
    input: {
      query: 'software companies in the US using Salesforce',
      limit: 10,
    },
  },
  summarize: pageSummary('companies'),
  async handler(ctx, input) {
    return { entity: 'companies' as const, ...(await searchCompanies(ctx, input)) };
  },
});

export const searchPeopleOperation = defineOperation({
  ...common,
  name: 'search_people',
  title: 'Search people',
  path: '/v1/search/people',
  summary: 'Find people by role, seniority, place and their company',
  description:
    'Finds people by title, seniority, place, contact data ("verified email") and company (`filters.company` takes ' +
    'the company filters); otherwise as search_companies. Contacts masked without the `pii` scope.',
  details: `${HOW} ${HOW_MORE}`,
  input: peopleSearchRequest,
  output: peopleSearchResponse,
  example: {
    input: {
      query: 'heads of marketing in the US',
      limit: 10,
      filters: { has_verified_email: true },
    },
  },
  summarize: pageSummary('people'),
  async handler(ctx, input) {
    return { entity: 'people' as const, ...(await searchPeople(ctx, input)) };
  },
});

export const searchOperation = defineOperation({
  ...common,
  name: 'search',
  title: 'Search companies or people',
  path: '/v1/search',
  summary: 'Search companies (default) or people with one endpoint',
  description: 'search_companies, or search_people with `entity: "people"`, in one tool.',
  details: `${HOW} ${HOW_MORE}`,
  input: searchRequest,
  output: searchResponse,
  example: {
    input: { entity: 'people', query: 'heads of marketing in London', limit: 10 },
  },
  summarize: (out) => pageSummary(out.entity)(out),
  async handler(ctx, input) {
    if (input.entity === 'people') {
      const filters = input.filters as Parameters<typeof searchPeople>[1]['filters'];
      return { entity: 'people' as const, ...(await searchPeople(ctx, { ...input, filters })) };
    }
    const filters = input.filters as Parameters<typeof searchCompanies>[1]['filters'];
    return { entity: 'companies' as const, ...(await searchCompanies(ctx, { ...input, filters })) };
  },
});
