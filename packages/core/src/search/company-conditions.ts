import { companies, people } from '@dossier/db';
import { type SQL, sql } from 'drizzle-orm';
import { likeEscape } from '../shared/sql-rows.js';
import { FacetConditions, facet, lowered } from './facets.js';
import { industryKeysOf } from './industry-keys.js';
import { type CompanySearchFilters, placeForms } from './query/index.js';
import { allOf, anyOf } from './sql-helpers.js';

// The employee buckets as count ranges, the same bounds as `employeeRange()` in company/profile.ts
// and `dossier_employee_bucket()` (packages/db/sql/expressions.sql), which stores a company's bucket as a `ce` facet.
const BUCKETS: Record<string, [number, number | null]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10001+': [10001, null],
};

const between = (column: unknown, range: { min?: number; max?: number }): SQL =>
  allOf([
    ...(range.min !== undefined ? [sql`${column} >= ${range.min}`] : []),
    ...(range.max !== undefined ? [sql`${column} <= ${range.max}`] : []),
  ]);

/**
 * Most companies are small: a facet of the small buckets would make the GIN scan walk most of the
 * table's entries, so those stay a range on the count column (checked on the rows found by the
 * other filters).
 */
const COMMON_BUCKETS = new Set(['1-10', '11-50']);
const selective = (buckets: readonly string[]) => !buckets.some((b) => COMMON_BUCKETS.has(b));

/**
 * The size buckets a count range touches, as facets: they narrow the GIN probe, and the range
 * itself stays a condition only for the buckets it cuts (`exact` when it cuts none, as in "over
 * 1,000 people" = 1001+). None when the range could take a count without a bucket (below 1) or
 * touches a common (small) bucket.
 */
export function employeeBuckets(range: { min?: number; max?: number }): {
  buckets: string[];
  exact: boolean;
} {
  if (range.min === undefined || range.min < 1) return { buckets: [], exact: false };
  const { min, max = Number.POSITIVE_INFINITY } = range;
  const touched = Object.entries(BUCKETS).filter(
    ([, [low, high]]) => low <= max && (high ?? Infinity) >= min,
  );
  const buckets = touched.map(([bucket]) => bucket);
  if (!selective(buckets)) return { buckets: [], exact: false };
  const exact = touched.every(([, [low, high]]) => low >= min && (high ?? Infinity) <= max);
  return { buckets, exact };
}

/** Where the company filter values live: on `companies` itself, or copied onto `people`. */
export interface CompanyColumns {
  facets: unknown;
  employeeCount: unknown;
  foundedYear: unknown;
  revenueMin: unknown;
  revenueMax: unknown;
  /** The company's search vector matches a query (a keyword filter). */
  textMatches: (query: SQL) => SQL;
  /** The company is one of these rows. */
  isOneOf: (companies: SQL) => SQL;
}

export const companyColumns: CompanyColumns = {
  facets: companies.searchFacets,
  employeeCount: companies.employeeCount,
  foundedYear: companies.foundedYear,
  revenueMin: companies.revenueMin,
  revenueMax: companies.revenueMax,
  textMatches: (query) => sql`${companies.searchTsv} @@ ${query}`,
  isOneOf: (where) => where,
};

/** The current company's values as copied onto people; only keywords still look at the company row. */
export const currentCompanyColumns: CompanyColumns = {
  facets: people.searchFacets,
  employeeCount: people.companyEmployeeCount,
  foundedYear: people.companyFoundedYear,
  revenueMin: people.companyRevenueMin,
  revenueMax: people.companyRevenueMax,
  textMatches: (query) =>
    sql`exists (select 1 from ${companies} where ${companies.id} = ${people.companyId} and ${companies.searchTsv} @@ ${query})`,
  isOneOf: (where) => sql`${people.companyId} in (select ${companies.id} from ${companies} where ${where})`,
};

/** City and region facets for every spelling of each value ("Bangalore" finds stored "Bengaluru"). */
const placeTokens = (prefix: 'cr' | 'cy', kind: 'city' | 'region', values: readonly string[]): string[] => [
  ...new Set(values.flatMap((v) => placeForms(kind, v)).map((v) => facet(prefix, v))),
];

/** Companies with one of these names (any case) or domains; `_` and `%` are literal. */
export const namedCompaniesSql = (names: readonly string[]): SQL =>
  anyOf(
    names.flatMap((n) => [
      sql`${companies.name} ilike ${likeEscape(n.trim())}`,
      sql`${companies.domain} = ${n.trim().toLowerCase()}`,
    ]),
  );

/** Company filter facets: added to `facets`, to be combined with the person's own. */
export function companyFacets(f: CompanySearchFilters, facets: FacetConditions): FacetConditions {
  if (f.industry) facets.some(industryKeysOf(f.industry).map((k) => facet('ci', k)));
  if (f.type) facets.some(lowered(f.type).map((t) => facet('ck', t)));
  if (f.country) facets.some(f.country.map((c) => facet('cc', c)));
  if (f.region) facets.some(placeTokens('cr', 'region', f.region));
  if (f.city) facets.some(placeTokens('cy', 'city', f.city));
  const tech = f.technologies;
  if (tech?.all) facets.every(tech.all.map((s) => facet('ct', s)));
  if (tech?.any) facets.some(tech.any.map((s) => facet('ct', s)));
  if (tech?.none) facets.none(tech.none.map((s) => facet('ct', s)));
  if (tech?.categories) facets.every(tech.categories.map((s) => facet('cg', s)));
  // Tags as given or in lower case (stored tags keep their case).
  if (f.tags) facets.some(f.tags.flatMap((t) => [facet('ca', t), facet('ca', t.toLowerCase())]));
  if (f.has_domain !== undefined) facets.every([facet('cd', f.has_domain ? '1' : '0')]);
  const x = f.exclude;
  if (x?.industry) facets.none(industryKeysOf(x.industry).map((k) => facet('ci', k)));
  if (x?.type) facets.none(lowered(x.type).map((t) => facet('ck', t)));
  if (x?.country) facets.none(x.country.map((c) => facet('cc', c)));
  if (x?.region) facets.none(placeTokens('cr', 'region', x.region));
  if (x?.city) facets.none(placeTokens('cy', 'city', x.city));
  if (x?.technologies) facets.none(x.technologies.map((s) => facet('ct', s)));
  if (x?.tags) facets.none(x.tags.flatMap((t) => [facet('ca', t), facet('ca', t.toLowerCase())]));
  // Size: the bucket facet is the whole condition for buckets, and a first cut for count ranges.
  if (f.employee_ranges && selective(f.employee_ranges))
    facets.some(f.employee_ranges.map((b) => facet('ce', b)));
  if (f.employees) {
    const { buckets } = employeeBuckets(f.employees);
    if (buckets.length) facets.some(buckets.map((b) => facet('ce', b)));
  }
  return facets;
}

/** Company filter conditions that are no facets: numeric ranges and keywords. */
export function companyRangeConditions(f: CompanySearchFilters, c: CompanyColumns): SQL[] {
  const out: SQL[] = [];
  if (f.employees && !employeeBuckets(f.employees).exact)
    out.push(sql`${c.employeeCount} is not null and ${between(c.employeeCount, f.employees)}`);
  if (f.employee_ranges && !selective(f.employee_ranges)) {
    out.push(
      anyOf(
        f.employee_ranges.map((bucket) => {
          const [min, max] = BUCKETS[bucket] ?? [0, null];
          return between(c.employeeCount, { min, max: max ?? undefined });
        }),
      ),
    );
  }
  if (f.revenue) {
    // Stored revenue is a bucket (`$10M-50M`: from 10M up to, not including, 50M; `$1B+` open; `$5M` one
    // amount). A bucket matches when it shares more than its bound with the range: `$10M-$50M` is not
    // `$50M-100M`, and "under $10M" is not `$10M-50M`.
    const { min, max } = f.revenue;
    const point = sql`${c.revenueMax} = ${c.revenueMin}`;
    out.push(sql`${c.revenueMin} is not null`);
    if (min !== undefined)
      out.push(
        sql`(${c.revenueMax} is null or ${c.revenueMax} > ${min} or (${point} and ${c.revenueMax} >= ${min}))`,
      );
    if (max !== undefined)
      out.push(sql`(${c.revenueMin} < ${max} or (${point} and ${c.revenueMin} <= ${max}))`);
  }
  if (f.founded) out.push(sql`${c.foundedYear} is not null and ${between(c.foundedYear, f.founded)}`);
  for (const keyword of f.keywords ?? [])
    out.push(c.textMatches(sql`plainto_tsquery('english', ${keyword})`));
  if (f.name) out.push(c.isOneOf(namedCompaniesSql(f.name)));
  if (f.exclude?.name) out.push(sql`not (${c.isOneOf(namedCompaniesSql(f.exclude.name))})`);
  return out;
}

/** SQL conditions on `companies` for each company filter; every one is a hard constraint. */
export function companyConditions(f: CompanySearchFilters): SQL[] {
  return [
    ...companyFacets(f, new FacetConditions()).on(companies.searchFacets),
    ...companyRangeConditions(f, companyColumns),
  ];
}
