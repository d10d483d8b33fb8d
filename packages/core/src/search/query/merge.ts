import type { CompanySearchFilters, PeopleSearchFilters } from './schema.js';

type Filters = Record<string, unknown>;

// Keys that describe one thing: an explicit value for any of them replaces what was read for all.
const GROUPS: readonly (readonly string[])[] = [
  ['employees', 'employee_ranges'],
  ['country', 'region', 'city'],
];

const isObject = (value: unknown): value is Filters =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Filters read from the sentence, overridden by the caller's explicit filters: an explicit key
 * replaces the read one whole (`technologies` included), except `company` and `exclude`, merged key by key.
 * Location keys and headcount keys each go as a group: explicit `country` drops a read `city`.
 */
export function mergeFilters(
  interpreted: PeopleSearchFilters,
  explicit?: PeopleSearchFilters,
): PeopleSearchFilters;
export function mergeFilters(
  interpreted: CompanySearchFilters,
  explicit?: CompanySearchFilters,
): CompanySearchFilters;
export function mergeFilters(interpreted: Filters, explicit: Filters = {}): Filters {
  const out: Filters = { ...interpreted };
  for (const group of GROUPS) {
    if (group.some((key) => explicit[key] !== undefined)) for (const key of group) delete out[key];
  }
  for (const [key, value] of Object.entries(explicit)) {
    if (value === undefined) continue;
    const read = out[key];
    const byKey = (key === 'company' || key === 'exclude') && isObject(read) && isObject(value);
    out[key] = byKey ? mergeFilters(read, value) : value;
  }
  return out;
}
