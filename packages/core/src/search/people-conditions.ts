import { people } from '@dossier/db';
import { type SQL, sql } from 'drizzle-orm';
import { companyFacets, companyRangeConditions, currentCompanyColumns } from './company-conditions.js';
import { FacetConditions, facet } from './facets.js';
import { type PeopleSearchFilters, placeForms } from './query/index.js';
import { phraseQuery } from './sql-helpers.js';

/**
 * SQL conditions on `people` alone for people filters: the person's values, contact flags and
 * current company's values are all facets and columns of the row (kept by triggers), so no join.
 */
export function peopleConditions(f: PeopleSearchFilters): SQL[] {
  const p = people;
  const facets = new FacetConditions();
  const out: SQL[] = [];
  if (f.title) {
    // Title words are weight B of the person's search vector: a name never matches a title filter.
    const query = phraseQuery(f.title, 'B');
    out.push(query ? sql`${p.searchTsv} @@ to_tsquery('english', ${query})` : sql`false`);
  }
  if (f.seniority) facets.some(f.seniority.map((s) => facet('ps', s)));
  if (f.department) facets.some(f.department.map((d) => facet('pe', d)));
  if (f.country) facets.some(f.country.map((c) => facet('pc', c)));
  if (f.region) facets.some(forms('pr', 'region', f.region));
  if (f.city) facets.some(forms('py', 'city', f.city));
  const x = f.exclude;
  if (x?.title) {
    const query = phraseQuery(x.title, 'B');
    if (query) out.push(sql`not (${p.searchTsv} @@ to_tsquery('english', ${query}))`);
  }
  if (x?.seniority) facets.none(x.seniority.map((s) => facet('ps', s)));
  if (x?.department) facets.none(x.department.map((d) => facet('pe', d)));
  if (x?.country) facets.none(x.country.map((c) => facet('pc', c)));
  if (x?.region) facets.none(forms('pr', 'region', x.region));
  if (x?.city) facets.none(forms('py', 'city', x.city));
  if (f.has_verified_email !== undefined) facets.every([facet('pv', f.has_verified_email ? '1' : '0')]);
  if (f.has_mobile !== undefined) facets.every([facet('pm', f.has_mobile ? '1' : '0')]);
  if (f.email_status) facets.some(f.email_status.map((s) => facet('pes', s)));
  if (needsCompany(f) && f.company) {
    // Only people with a current company match company filters (`none` of a technology included).
    out.push(sql`${p.companyId} is not null`);
    companyFacets(f.company, facets);
    out.push(...companyRangeConditions(f.company, currentCompanyColumns));
  }
  return [...facets.on(p.searchFacets), ...out];
}

const forms = (prefix: 'pr' | 'py', kind: 'city' | 'region', values: readonly string[]) => [
  ...new Set(values.flatMap((v) => placeForms(kind, v)).map((v) => facet(prefix, v))),
];

/** Whether the filters touch the company. */
export const needsCompany = (f: PeopleSearchFilters): boolean =>
  f.company !== undefined && Object.keys(f.company).length > 0;
