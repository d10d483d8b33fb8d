// The typical queries the search benchmark times: plain-language sentences and structured filters.
export interface BenchQuery {
  entity: 'companies' | 'people';
  label: string;
  body: { query?: string; filters?: Record<string, unknown>; limit?: number };
}

const c = (label: string, body: BenchQuery['body']): BenchQuery => ({ entity: 'companies', label, body });
const p = (label: string, body: BenchQuery['body']): BenchQuery => ({ entity: 'people', label, body });

export const benchQueries: BenchQuery[] = [
  c('sentence: fintech DE 50-200 Salesforce', {
    query: 'fintech companies in Germany with 50 to 200 employees that use Salesforce',
  }),
  c('sentence: SaaS startups in Berlin', { query: 'SaaS startups in Berlin' }),
  c('sentence: mid-size logistics in the Nordics', { query: 'mid-size logistics companies in the Nordics' }),
  c('sentence: companies using HubSpot in London', { query: 'companies in London using HubSpot' }),
  c('sentence: public companies over 1,000 people', { query: 'public companies with over 1,000 people' }),
  c('sentence: founded after 2015 in California', {
    query: 'software companies in California founded after 2015',
  }),
  c('sentence: name lookup (trigram + text)', { query: 'Norwind' }),
  c('sentence: free text in descriptions', { query: 'payments platforms for hospitals' }),
  c('sentence: US consulting not using Salesforce', {
    query: 'consulting firms in the US not using Salesforce',
  }),
  c('filters: country only, 25 rows', { filters: { country: ['US'] }, limit: 25 }),
  c('filters: industry + range buckets', {
    filters: { industry: ['software'], employee_ranges: ['51-200', '201-500'] },
  }),
  c('filters: revenue + founded', {
    filters: { revenue: { min: 10_000_000, max: 100_000_000 }, founded: { min: 2000 } },
  }),
  c('filters: tech all + none', { filters: { technologies: { all: ['aws', 'stripe'], none: ['shopify'] } } }),
  c('filters: tech category + tags', {
    filters: { technologies: { categories: ['crm'] }, tags: ['venture-backed'] },
  }),
  c('filters: keywords + city', { filters: { keywords: ['analytics'], city: ['Paris', 'Amsterdam'] } }),
  c('filters: 100 rows, no filter', { limit: 100 }),
  p('sentence: VPs of sales at fintech in Germany', {
    query: 'VPs of sales at fintech companies in Germany',
  }),
  p('sentence: CTOs at startups in Berlin', { query: 'CTOs at startups in Berlin' }),
  p('sentence: heads of marketing in London with verified email', {
    query: 'heads of marketing in London with a verified email',
  }),
  p('sentence: software engineers at companies using Snowflake', {
    query: 'software engineers at companies using Snowflake',
  }),
  p('sentence: person name', { query: 'Priya Patel' }),
  p('filters: seniority + department + company size', {
    filters: {
      seniority: ['vp', 'director'],
      department: ['sales'],
      company: { employees: { min: 200, max: 2000 } },
    },
  }),
  p('filters: title keywords + country', { filters: { title: ['account executive'], country: ['GB'] } }),
  p('filters: has mobile + company industry', {
    filters: { has_mobile: true, company: { industry: ['healthcare'] } },
  }),
  p('filters: email status + company tech', {
    filters: {
      email_status: ['verified'],
      company: { technologies: { any: ['salesforce'] }, country: ['FR'] },
    },
  }),
  p('filters: 100 rows, no filter', { limit: 100 }),
];
