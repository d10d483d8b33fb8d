import { companies } from '@dossier/db';
import { type SQL, sql } from 'drizzle-orm';
import { industryKeysOf } from './industry-keys.js';
import type { CompanySearchFilters } from './query/index.js';
import { allOf, anyOf, lowerIn, textArray } from './sql-helpers.js';

// The employee buckets as count ranges, the same bounds as `employeeRange()` in company/profile.ts.
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

/** SQL conditions on `companies` for each company filter; every one is a hard constraint. */
export function companyConditions(f: CompanySearchFilters): SQL[] {
  const c = companies;
  const out: SQL[] = [];
  if (f.industry) out.push(sql`${c.industryKey} = any(${textArray(industryKeysOf(f.industry))})`);
  if (f.employees) out.push(sql`${c.employeeCount} is not null and ${between(c.employeeCount, f.employees)}`);
  if (f.employee_ranges) {
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
    // Stored revenue is a range (`$10M-50M`, upper bound exclusive, `$1B+` open): keep overlapping ones.
    const { min, max } = f.revenue;
    out.push(sql`${c.revenueMin} is not null`);
    if (min !== undefined) out.push(sql`(${c.revenueMax} is null or ${c.revenueMax} > ${min})`);
    if (max !== undefined) out.push(sql`${c.revenueMin} <= ${max}`);
  }
  if (f.founded) out.push(sql`${c.foundedYear} is not null and ${between(c.foundedYear, f.founded)}`);
  if (f.type) out.push(lowerIn(c.type, f.type));
  if (f.country) out.push(sql`${c.country} = any(${textArray(f.country)})`);
  if (f.region) out.push(lowerIn(c.region, f.region));
  if (f.city) out.push(lowerIn(c.city, f.city));
  const tech = f.technologies;
  if (tech?.all) out.push(sql`${c.techSlugs} @> ${textArray(tech.all)}`);
  if (tech?.any) out.push(sql`${c.techSlugs} && ${textArray(tech.any)}`);
  if (tech?.none) out.push(sql`not (${c.techSlugs} && ${textArray(tech.none)})`);
  if (tech?.categories) out.push(sql`${c.techCategories} @> ${textArray(tech.categories)}`);
  if (f.tags) {
    const tags = [...new Set(f.tags.flatMap((t) => [t, t.toLowerCase()]))];
    out.push(sql`${c.tags} && ${textArray(tags)}`);
  }
  for (const keyword of f.keywords ?? [])
    out.push(sql`${c.searchTsv} @@ plainto_tsquery('english', ${keyword})`);
  if (f.has_domain !== undefined) out.push(f.has_domain ? sql`${c.domain} <> ''` : sql`${c.domain} = ''`);
  return out;
}
