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
  'The `query` sentence is read without a model: countries, regions and cities, industries and synonyms ' +
  '("SaaS", "payments"), headcounts ("50-200 employees", "startups"), revenue ("over $10M"), founded years, ' +
  'company types and technologies after a using-word ("using Salesforce", "not on HubSpot"); negations ' +
  '("not in the US", "excluding manufacturing", "but not Intercom") become `exclude` filters. Words no filter ' +
  'took (`interpreted.unused_words`) rank the results by full-text relevance and never drop a row; a sentence ' +
  'with no filter at all is a text search (names, descriptions, tags, or close to a name). ' +
  '`interpreted` shows the reading; send explicit `filters` to correct it: they win over the sentence. ' +
  'Page with `cursor` (same query and filters). `total` is exact up to 10,000, then an estimate.';

const pageSummary = (what: string) => (out: { data: unknown[]; total: number; total_is_estimate: boolean }) =>
  `${out.data.length} ${what} on this page of ${out.total_is_estimate ? 'about ' : ''}${out.total} matches.`;

export const searchCompaniesOperation = defineOperation({
  ...common,
  name: 'search_companies',
  title: 'Search companies',
  path: '/v1/search/companies',
  summary: 'Find companies by plain-language query and structured filters',
  description:
    'Finds companies to build a target list, e.g. "fintech companies in Germany with 50 to 200 employees ' +
    `that use Salesforce". ${HOW} Example: \`{"query": "SaaS startups in Berlin using HubSpot", "limit": 20}\`.`,
  input: companySearchRequest,
  output: companySearchResponse,
  example: {
    input: {
      query: 'fintech companies in Germany with 50 to 200 employees that use Salesforce',
      limit: 10,
      filters: { founded: { min: 2010 } },
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
    'Finds people, e.g. "VPs of sales at fintech companies in Germany with a verified email". Reads titles and ' +
    'seniorities ("CTOs", "heads of marketing"), contact needs ("verified email", "mobile"), and every company ' +
    `filter for the person's current company (under \`filters.company\`). ${HOW} Emails and phones are masked ` +
    'unless the key has the `pii` scope. Example: `{"query": "CTOs at startups in Berlin", "limit": 10}`.',
  input: peopleSearchRequest,
  output: peopleSearchResponse,
  example: {
    input: {
      query: 'VPs of sales at SaaS companies in Germany',
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
  description:
    'The same as search_companies, or search_people with `entity: "people"`: one tool for both. ' +
    `${HOW} Example: \`{"entity": "people", "query": "heads of marketing in London"}\`.`,
  input: searchRequest,
  output: searchResponse,
  example: {
    input: { entity: 'companies', query: 'mid-size logistics companies in the Nordics', limit: 10 },
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
