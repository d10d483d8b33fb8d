import { describe, expect, it } from 'vitest';
import { DossierError } from '../../errors.js';
import { industryIds } from './industries.js';
import { isoCountryCodes } from './iso-countries.js';
import { fieldIssues, parseSearchRequest } from './issues.js';
import { companySearchFilters, peopleSearchFilters, searchRequest } from './schema.js';

/** The paths of the issues a body produces, or [] when it parses. */
const paths = (body: unknown, entity?: 'companies' | 'people'): string[] => {
  try {
    parseSearchRequest(body, entity);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(DossierError);
    const e = error as DossierError;
    expect(e.code).toBe('invalid_request');
    return (e.issues ?? []).map((i) => i.path);
  }
};

describe('searchRequest', () => {
  it('fills defaults', () => {
    expect(parseSearchRequest({})).toEqual({
      entity: 'companies',
      query: '',
      limit: 10,
      sort: 'relevance',
      filters: {},
    });
    expect(parseSearchRequest({ query: 'x' }, 'people')).toEqual({
      entity: 'people',
      query: 'x',
      limit: 10,
      sort: 'relevance',
      filters: {},
    });
  });

  it('takes the sorts of its entity only', () => {
    expect(parseSearchRequest({ sort: 'employees' }, 'companies')).toMatchObject({ sort: 'employees' });
    expect(parseSearchRequest({ entity: 'people', sort: 'seniority' })).toMatchObject({ sort: 'seniority' });
    expect(paths({ sort: 'seniority' }, 'companies')).toEqual(['sort']);
    expect(paths({ sort: 'seniority' })).toEqual(['sort']);
    expect(paths({ entity: 'people', sort: 'founded' })).toEqual(['sort']);
  });

  it('accepts every company filter', () => {
    const filters = {
      industry: ['fintech', 'software'],
      employees: { min: 50, max: 200 },
      revenue: { min: 1_000_000 },
      founded: { min: 2010, max: 2020 },
      type: ['private'],
      country: ['DE'],
      region: ['Bavaria'],
      city: ['Munich'],
      technologies: { all: ['salesforce'], any: ['stripe', 'adyen'], none: ['hubspot'], categories: ['crm'] },
      tags: ['b2b'],
      keywords: ['payments'],
      has_domain: true,
    };
    expect(parseSearchRequest({ query: 'x', limit: 100, filters, cursor: 'abc' }, 'companies')).toEqual({
      entity: 'companies',
      query: 'x',
      limit: 100,
      cursor: 'abc',
      sort: 'relevance',
      filters,
    });
    expect(paths({ filters: { employee_ranges: ['1-10', '10001+'] } }, 'companies')).toEqual([]);
  });

  it('accepts every people filter, with company filters under company', () => {
    const filters = {
      title: ['cto', 'head of sales'],
      seniority: ['vp', 'cxo'],
      department: ['sales'],
      country: ['GB'],
      region: ['England'],
      city: ['London'],
      has_verified_email: true,
      has_mobile: false,
      email_status: ['verified', 'accept_all'],
      company: { industry: ['fintech'], employees: { min: 50 } },
    };
    expect(parseSearchRequest({ entity: 'people', filters }).filters).toEqual(filters);
    expect(parseSearchRequest({ filters }, 'people').filters).toEqual(filters);
  });

  it('normalizes country codes and technology slugs', () => {
    const req = parseSearchRequest({ filters: { country: ['de'], technologies: { all: ['Salesforce'] } } });
    expect(req.filters).toEqual({ country: ['DE'], technologies: { all: ['salesforce'] } });
  });

  it.each([
    [{ limit: 0 }, undefined, ['limit']],
    [{ limit: 101 }, undefined, ['limit']],
    [{ limit: 2.5 }, 'companies', ['limit']],
    [{ limit: 'ten' }, 'people', ['limit']],
    [{ query: 5 }, undefined, ['query']],
    [{ entity: 'robots' }, undefined, ['entity']],
    [{ entity: 'people' }, 'companies', ['entity']],
    [{ colour: 'red', size: 1 }, undefined, ['colour', 'size']],
    [{ filters: { colour: ['red'], shoe_size: 9 } }, 'companies', ['filters.colour', 'filters.shoe_size']],
    [{ filters: { colour: ['red'] } }, undefined, ['filters.colour']],
    [{ filters: { employees: { min: 500, max: 50 } } }, 'companies', ['filters.employees.max']],
    [{ filters: { employees: { min: -1 } } }, 'companies', ['filters.employees.min']],
    [{ filters: { employees: {} } }, 'companies', ['filters.employees']],
    [{ filters: { employees: { min: 1, maximum: 5 } } }, 'companies', ['filters.employees.maximum']],
    [{ filters: { founded: { min: 1066 } } }, 'companies', ['filters.founded.min']],
    [{ filters: { revenue: { min: 10, max: 1 } } }, 'companies', ['filters.revenue.max']],
    [{ filters: { industry: ['basket weaving'] } }, 'companies', ['filters.industry.0']],
    [{ filters: { industry: [] } }, 'companies', ['filters.industry']],
    [
      { filters: { country: ['Germany', 'XX', 'FR'] } },
      'companies',
      ['filters.country.0', 'filters.country.1'],
    ],
    [{ filters: { type: ['pirate'] } }, 'companies', ['filters.type.0']],
    [{ filters: { employee_ranges: ['1-9'] } }, 'companies', ['filters.employee_ranges.0']],
    [
      { filters: { employees: { min: 1 }, employee_ranges: ['1-10'] } },
      'companies',
      ['filters.employee_ranges'],
    ],
    [
      { filters: { employees: { min: 1 }, employee_ranges: ['1-10'] } },
      undefined,
      ['filters.employee_ranges'],
    ],
    [
      { filters: { technologies: { some: ['x'] } } },
      'companies',
      ['filters.technologies', 'filters.technologies.some'],
    ],
    [{ filters: { technologies: {} } }, 'companies', ['filters.technologies']],
    [{ filters: { technologies: { all: ['not a slug!'] } } }, 'companies', ['filters.technologies.all.0']],
    [{ filters: { has_domain: 'yes' } }, 'companies', ['filters.has_domain']],
    [{ filters: { seniority: ['vp'] } }, 'companies', ['filters.seniority']],
    [{ filters: { seniority: ['vp'] } }, undefined, ['filters.seniority']],
    [{ entity: 'people', filters: { industry: ['fintech'] } }, undefined, ['filters.industry']],
    [{ filters: { industry: ['fintech'] } }, 'people', ['filters.industry']],
    [
      { filters: { seniority: ['boss'], email_status: ['great'] } },
      'people',
      ['filters.seniority.0', 'filters.email_status.0'],
    ],
    [
      { filters: { company: { employees: { min: 9, max: 1 }, colour: 1 } } },
      'people',
      ['filters.company.colour', 'filters.company.employees.max'],
    ],
    [{ filters: { title: [''] } }, 'people', ['filters.title.0']],
    [{ filters: { has_verified_email: 1 } }, 'people', ['filters.has_verified_email']],
  ] as const)('rejects %j (%s) naming %j', (body, entity, expected) => {
    expect(paths(body, entity).sort()).toEqual([...expected].sort());
  });

  it('puts all issues in the error message', () => {
    expect(() => parseSearchRequest({ limit: 0, filters: { colour: 1 } })).toThrow(
      /limit: .*filters\.colour: unknown field/,
    );
  });

  it('splits unknown keys into one issue each', () => {
    const r = companySearchFilters.safeParse({ a: 1, b: 2 });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(fieldIssues(r.error)).toEqual([
        { path: 'a', message: 'unknown field' },
        { path: 'b', message: 'unknown field' },
      ]);
  });

  it('is a zod object for the operation registry', () => {
    expect(searchRequest.shape.limit).toBeDefined();
    expect(peopleSearchFilters.shape.company).toBeDefined();
  });
});

describe('vocabulary lists', () => {
  it('has every ISO 3166-1 alpha-2 code', () => {
    expect(isoCountryCodes.size).toBe(249);
  });

  it('has unique industry ids', () => {
    expect(new Set(industryIds).size).toBe(industryIds.length);
  });
});
