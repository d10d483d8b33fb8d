import { z } from 'zod';
import { employeeRanges } from '../company/profile.js';
import { creditsUsed } from '../shared/schema.js';
import { industryIds, searchInterpretation } from './query/index.js';

const location = z
  .object({
    city: z.string().nullable().describe('City name.'),
    region: z.string().nullable().describe('Region or state.'),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2 code.'),
  })
  .describe('Where it is (headquarters for a company).');

const score = z
  .number()
  .optional()
  .describe(
    'Relevance to the words no filter used (`interpreted.unused_words`): full-text rank plus name ' +
      'similarity, plus 1 for the exact name; higher is more relevant. Present only when results are ' +
      'ordered by it (sort `relevance` with such words).',
  );

export const companyResult = z
  .object({
    id: z.string().describe('Opaque company id, `cmp_...`.'),
    domain: z.string().describe('Primary website domain.'),
    name: z.string().describe('Company name.'),
    industry: z.string().nullable().describe('Industry as stored, free text.'),
    industry_id: z
      .enum(industryIds)
      .nullable()
      .describe('The industry filter id the stored industry matches, if any.'),
    employee_count: z.number().int().nullable().describe('Number of employees.'),
    employee_range: z.enum(employeeRanges).nullable().describe('Employee range bucket.'),
    revenue_range: z.string().nullable().describe('Yearly revenue range in US dollars, e.g. `$10M-50M`.'),
    founded_year: z.number().int().nullable().describe('Year founded.'),
    type: z.string().nullable().describe('Company type, e.g. `private` or `public`.'),
    location,
    technologies: z.array(z.string()).describe('Technology slugs the company uses, e.g. `salesforce`.'),
    tags: z.array(z.string()).describe('Descriptive tags.'),
    score,
  })
  .meta({ id: 'CompanySearchResult' });

export const personResult = z
  .object({
    id: z.string().describe('Opaque person id, `per_...`.'),
    name: z.string().describe('Full name.'),
    title: z.string().nullable().describe('Current job title.'),
    seniority: z.string().nullable().describe('Seniority level, e.g. `vp`.'),
    department: z.string().nullable().describe('Department, e.g. `sales`.'),
    location,
    company: z
      .object({
        id: z.string().describe('Company id.'),
        domain: z.string().describe('Company domain.'),
        name: z.string().describe('Company name.'),
      })
      .nullable()
      .describe('Current company.'),
    email: z
      .string()
      .nullable()
      .describe(
        'Best email (verified work first); masked like `j***@northwind.example` without the `pii` scope.',
      ),
    phone: z
      .string()
      .nullable()
      .describe('Best phone (mobile first), E.164; masked like `+1 415 ***-**12` without the `pii` scope.'),
    contact_masked: z.boolean().describe('True when email and phone are masked because the key lacks `pii`.'),
    has_verified_email: z.boolean().describe('Has an email that passed verification.'),
    has_mobile: z.boolean().describe('Has a mobile number.'),
    score,
  })
  .meta({ id: 'PersonSearchResult' });

const page = {
  total: z.number().int().describe('Matches in all: exact up to 10,000, then an estimate.'),
  total_is_estimate: z.boolean().describe('True when `total` is a planner estimate (over 10,000 matches).'),
  cursor: z
    .string()
    .nullable()
    .describe('Pass it back, with the same query and filters, for the next page; null on the last page.'),
  interpreted: searchInterpretation,
  credits_used: creditsUsed,
};

export const companySearchResponse = z
  .object({
    entity: z.literal('companies').describe('What was searched.'),
    data: z.array(companyResult),
    ...page,
  })
  .meta({ id: 'CompanySearchResponse' });
export const peopleSearchResponse = z
  .object({
    entity: z.literal('people').describe('What was searched.'),
    data: z.array(personResult),
    ...page,
  })
  .meta({ id: 'PeopleSearchResponse' });
export const searchResponse = z
  .discriminatedUnion('entity', [companySearchResponse, peopleSearchResponse])
  .meta({ id: 'SearchResponse' });

export type CompanyResult = z.input<typeof companyResult>;
export type PersonResult = z.input<typeof personResult>;
