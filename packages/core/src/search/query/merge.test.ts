import { describe, expect, it } from 'vitest';
import { interpretQuery } from './interpret.js';
import { mergeFilters } from './merge.js';

describe('mergeFilters', () => {
  it('keeps what was read when nothing is explicit', () => {
    const read = interpretQuery('fintech companies in Germany').filters;
    expect(mergeFilters(read)).toEqual({ industry: ['fintech'], country: ['DE'] });
    expect(mergeFilters(read, {})).toEqual(read);
  });

  it('lets explicit keys win', () => {
    const read = interpretQuery('fintech companies using Salesforce with 50-200 employees').filters;
    expect(mergeFilters(read, { industry: ['banking'], technologies: { none: ['hubspot'] } })).toEqual({
      industry: ['banking'],
      technologies: { none: ['hubspot'] },
      employees: { min: 50, max: 200 },
    });
  });

  it('replaces the location and headcount groups as a whole', () => {
    const read = interpretQuery('startups in Berlin').filters;
    expect(read).toEqual({ employees: { min: 1, max: 50 }, city: ['Berlin'] });
    expect(mergeFilters(read, { country: ['FR'], employee_ranges: ['11-50'] })).toEqual({
      country: ['FR'],
      employee_ranges: ['11-50'],
    });
  });

  it('merges company filters of a people search key by key', () => {
    const read = interpretQuery('VPs of sales at fintech startups in Germany', 'people').filters;
    expect(read).toEqual({
      seniority: ['vp'],
      department: ['sales'],
      company: { industry: ['fintech'], employees: { min: 1, max: 50 }, country: ['DE'] },
    });
    expect(mergeFilters(read, { seniority: ['director'], company: { industry: ['insurance'] } })).toEqual({
      seniority: ['director'],
      department: ['sales'],
      company: { industry: ['insurance'], employees: { min: 1, max: 50 }, country: ['DE'] },
    });
  });

  it('ignores undefined explicit values and does not change its inputs', () => {
    const read = { industry: ['fintech' as const] };
    const explicit = { industry: undefined, has_domain: true };
    expect(mergeFilters(read, explicit)).toEqual({ industry: ['fintech'], has_domain: true });
    expect(read).toEqual({ industry: ['fintech'] });
  });
});
