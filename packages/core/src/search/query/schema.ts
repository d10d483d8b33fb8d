import { z } from 'zod';
import { employeeRanges } from '../../company/profile.js';
import { departments, seniorities } from '../../normalize/title.js';
import { industryIds } from './industries.js';
import { isoCountryCodes } from './iso-countries.js';

export const companyTypes = [
  'private',
  'public',
  'nonprofit',
  'government',
  'education',
  'partnership',
  'self_employed',
  'cooperative',
] as const;
export type CompanyType = (typeof companyTypes)[number];
/** The contact `email_status` values stored on people's emails (the same set verification maps to). */
export { emailStatuses } from '../../verify/score.js';

import { lenientList, lenientNumber } from '../../shared/lenient.js';
import { emailStatuses } from '../../verify/score.js';
export const searchEntities = ['companies', 'people'] as const;
export type SearchEntity = (typeof searchEntities)[number];

const MAX_ITEMS = 100;
const BOTH_EMPLOYEES = 'use employees or employee_ranges, not both';
const list = <T extends z.ZodType>(item: T, what: string) =>
  lenientList(
    z
      .array(item)
      .min(1, { error: `give at least one ${what}` })
      .max(MAX_ITEMS, { error: `at most ${MAX_ITEMS}` }),
  );

const text = z.string().trim().min(1, { error: 'must not be empty' }).max(200);
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9.+_-]*$/, { error: 'must be a slug like "salesforce" or "google-analytics"' })
  .max(100);
const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => isoCountryCodes.has(code), { error: 'must be an ISO 3166-1 alpha-2 code, e.g. "DE"' });

/** `{ min, max }`, either optional, min <= max; `integer` for counts and years. */
const range = (lowest: number, highest: number, integer: boolean) => {
  const bound = (integer ? z.number().int({ error: 'must be an integer' }) : z.number())
    .min(lowest, { error: `must be at least ${lowest}` })
    .max(highest, { error: `must be at most ${highest}` });
  return z
    .strictObject({ min: bound.optional(), max: bound.optional() })
    .refine((r) => r.min !== undefined || r.max !== undefined, { error: 'give min, max or both' })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, {
      error: 'max must not be less than min',
      path: ['max'],
    });
};

const location = {
  country: list(country, 'country').describe('ISO 3166-1 alpha-2 codes.'),
  region: list(text, 'region').describe('Regions or states, e.g. "California".'),
  city: list(text, 'city'),
};

export const technologyFilter = z
  .strictObject({
    all: list(slug, 'technology').describe('Uses every one of these technology slugs.'),
    any: list(slug, 'technology'),
    none: list(slug, 'technology'),
    categories: list(slug, 'category').describe('Uses something in each of these categories, e.g. "crm".'),
  })
  .partial()
  .refine((t) => Object.values(t).some((v) => v !== undefined), {
    error: 'give all, any, none or categories',
  });

const nonEmpty = (o: object) => Object.values(o).some((v) => v !== undefined);
const GIVE_ONE = 'give at least one list to exclude';

/**
 * Exclusions ("not in the US", "excluding manufacturing"): a company matching any value of any list
 * is left out. Unknown values (a null country) are kept: they are not known to be excluded.
 */
const companyExcludeShape = {
  industry: list(z.enum(industryIds), 'industry').describe('Leave out these industry ids.'),
  type: list(z.enum(companyTypes), 'company type').describe('Leave out these company types.'),
  country: list(country, 'country').describe('Leave out companies in these countries (ISO codes).'),
  region: list(text, 'region').describe('Leave out these regions or states.'),
  city: list(text, 'city').describe('Leave out these cities.'),
  technologies: list(slug, 'technology').describe(
    'Leave out users of these. The same as `technologies.none`.',
  ),
  tags: list(text, 'tag').describe('Leave out companies with any of these tags.'),
  name: list(text, 'company name').describe('Leave out these companies, by name or domain.'),
};
export const companyExclude = z
  .strictObject(companyExcludeShape)
  .partial()
  .refine(nonEmpty, { error: GIVE_ONE })
  .describe('Companies matching any of these are left out.');

const peopleExcludeShape = {
  title: list(text, 'title keyword').describe('Leave out people whose title has any of these.'),
  seniority: list(z.enum(seniorities), 'seniority').describe('Leave out these seniorities.'),
  department: list(z.enum(departments), 'department').describe('Leave out these departments.'),
  country: list(country, 'country').describe('Leave out people in these countries (ISO codes).'),
  region: list(text, 'region').describe('Leave out these regions or states.'),
  city: list(text, 'city').describe('Leave out these cities.'),
};
export const peopleExclude = z
  .strictObject(peopleExcludeShape)
  .partial()
  .refine(nonEmpty, { error: GIVE_ONE })
  .describe('People matching any of these are left out; company exclusions go under `company.exclude`.');

export const companySearchFilters = z
  .strictObject({
    industry: list(z.enum(industryIds), 'industry'),
    employees: range(0, 10_000_000, true).describe('Employee count range, inclusive.'),
    employee_ranges: list(z.enum(employeeRanges), 'employee range').describe(
      'Employee range buckets. Use this or `employees`.',
    ),
    revenue: range(0, 1e13, false).describe('Yearly revenue in US dollars, inclusive.'),
    founded: range(1600, 2100, true).describe('Founded year range, inclusive.'),
    type: list(z.enum(companyTypes), 'company type'),
    ...location,
    technologies: technologyFilter,
    tags: list(text, 'tag'),
    keywords: list(text, 'keyword').describe('Words that must all appear in the name, description or tags.'),
    has_domain: z.boolean().describe('With (true) or without (false) a website domain.'),
    name: list(text, 'company name').describe('Company names or domains, in any case.'),
    exclude: companyExclude,
  })
  .partial()
  .superRefine((f, ctx) => {
    if (f.employees && f.employee_ranges)
      ctx.addIssue({ code: 'custom', path: ['employee_ranges'], message: BOTH_EMPLOYEES });
  })
  .describe('A list matches any of its values; every filter given must match.')
  .meta({ id: 'CompanySearchFilters' });
export type CompanySearchFilters = z.output<typeof companySearchFilters>;

export const peopleSearchFilters = z
  .strictObject({
    title: list(text, 'title keyword').describe('Title keywords, e.g. ["cto", "head of sales"].'),
    seniority: list(z.enum(seniorities), 'seniority'),
    department: list(z.enum(departments), 'department'),
    ...location,
    has_verified_email: z.boolean().describe('With (true) or without (false) a verified email.'),
    has_mobile: z.boolean().describe('With (true) or without (false) a mobile number.'),
    email_status: list(z.enum(emailStatuses), 'email status'),
    company: companySearchFilters.describe('Filters on the person’s current company.'),
    exclude: peopleExclude,
  })
  .partial()
  .describe('A list matches any of its values; every filter given must match.')
  .meta({ id: 'PeopleSearchFilters' });
export type PeopleSearchFilters = z.output<typeof peopleSearchFilters>;

const common = {
  query: z
    .string()
    .max(1000, { error: 'at most 1000 characters' })
    .default('')
    .describe('A plain-language sentence.'),
  limit: lenientNumber(
    z
      .number({ error: 'must be an integer from 1 to 100' })
      .int({ error: 'must be an integer from 1 to 100' })
      .min(1, { error: 'must be an integer from 1 to 100' })
      .max(100, { error: 'must be an integer from 1 to 100' }),
  ).default(10),
  cursor: z.string().min(1).max(2000).optional().describe('The `cursor` of the previous page.'),
};

/** Orders: `relevance` ranks by the words no filter used, and without such words falls back to the default. */
export const companySorts = ['relevance', 'employees', 'founded'] as const;
export const peopleSorts = ['relevance', 'seniority', 'company_employees'] as const;
export type CompanySort = (typeof companySorts)[number];
export type PeopleSort = (typeof peopleSorts)[number];
const companySort = z
  .enum(companySorts)
  .default('relevance')
  .describe(
    '`employees`: largest first; `founded`: newest first. Relevance ranks by the words no filter used; ' +
      'without such words, largest headcount first. Ties in id order.',
  );
const peopleSort = z
  .enum(peopleSorts)
  .default('relevance')
  .describe(
    '`seniority`: most senior first; `company_employees`: largest company first. Relevance ranks by the words no filter used; without such words, most senior first (cxo, owner, ' +
      'partner, vp, director, manager, senior, entry). Ties in id order.',
  );

export const companySearchRequest = z.strictObject({
  ...common,
  sort: companySort,
  filters: companySearchFilters.optional(),
});
export const peopleSearchRequest = z.strictObject({
  ...common,
  sort: peopleSort,
  filters: peopleSearchFilters.optional(),
});

const shared = (k: string) => k in location || k === 'exclude';
const companyOnly = Object.keys(companySearchFilters.shape).filter((k) => !shared(k));
const peopleOnly = Object.keys(peopleSearchFilters.shape).filter((k) => !shared(k));
const excludeCompanyOnly = Object.keys(companyExcludeShape).filter((k) => !(k in peopleExcludeShape));
const excludePeopleOnly = Object.keys(peopleExcludeShape).filter((k) => !(k in companyExcludeShape));

/** Both kinds of filter in one object; `searchRequest` checks that they fit `entity`. */
const anySearchFilters = z
  .strictObject({
    ...companySearchFilters.shape,
    ...peopleSearchFilters.shape,
    exclude: z
      .strictObject({ ...companyExcludeShape, ...peopleExcludeShape })
      .partial()
      .refine(nonEmpty, { error: GIVE_ONE }),
  })
  .partial()
  .describe('Company filters for entity "companies", people filters for entity "people".');

export const searchRequest = z
  .strictObject({
    entity: z.enum(searchEntities).default('companies').describe('What to search.'),
    ...common,
    sort: z
      .enum([...new Set([...companySorts, ...peopleSorts])] as [string, ...string[]])
      .default('relevance')
      .describe(`Companies: ${companySorts.join(', ')}; people: ${peopleSorts.join(', ')}.`),
    filters: anySearchFilters.optional(),
  })
  .superRefine((req, ctx) => {
    const sorts: readonly string[] = req.entity === 'people' ? peopleSorts : companySorts;
    if (!sorts.includes(req.sort))
      ctx.addIssue({
        code: 'custom',
        path: ['sort'],
        message: `for ${req.entity}: one of ${sorts.join(', ')}`,
      });
    if (!req.filters) return;
    const wrong = req.entity === 'people' ? companyOnly : peopleOnly;
    const message =
      req.entity === 'people'
        ? 'a company filter: put it under filters.company for people'
        : 'a people filter: send entity "people"';
    for (const key of wrong) {
      if (key in req.filters) ctx.addIssue({ code: 'custom', path: ['filters', key], message });
    }
    const excluded = req.filters.exclude ?? {};
    for (const key of req.entity === 'people' ? excludeCompanyOnly : excludePeopleOnly) {
      if (key in excluded) ctx.addIssue({ code: 'custom', path: ['filters', 'exclude', key], message });
    }
    if (req.filters.employees && req.filters.employee_ranges)
      ctx.addIssue({ code: 'custom', path: ['filters', 'employee_ranges'], message: BOTH_EMPLOYEES });
  });

export type SearchRequest =
  | {
      entity: 'companies';
      query: string;
      limit: number;
      cursor?: string;
      sort: CompanySort;
      filters: CompanySearchFilters;
    }
  | {
      entity: 'people';
      query: string;
      limit: number;
      cursor?: string;
      sort: PeopleSort;
      filters: PeopleSearchFilters;
    };

/** The `interpreted` part of a search response: what the sentence was read as. */
export const searchInterpretation = z
  .object({
    filters: z
      .record(z.string(), z.unknown())
      .describe('Filters read from `query`, before explicit `filters` were applied over them.'),
    leftover: z
      .string()
      .describe(
        'Words no filter took: they rank the results (full text), they never drop a row that the filters keep.',
      ),
    unused_words: z
      .array(z.string())
      .describe('The words of the sentence no filter used (grammar left out), e.g. ["top", "innovative"].'),
    corrections: z
      .array(z.object({ from: z.string(), to: z.string() }))
      .describe(
        'Misspelled words read as the nearest known value, e.g. {"from": "salesfroce", "to": "salesforce"}.',
      ),
    matched: z
      .array(
        z.object({
          text: z.string().describe('The words as written.'),
          filter: z.string().describe('Filter path, e.g. `country` or `company.industry`.'),
          value: z.unknown(),
        }),
      )
      .describe('Each piece of the sentence and the filter it became.'),
  })
  .meta({ id: 'SearchInterpretation' });
