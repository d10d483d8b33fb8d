/**
 * A timestamptz inside JSON, as PostgreSQL writes it (`2026-11-14T09:30:00.123456+00:00`), in the
 * ISO form every answer uses (`2026-11-14T09:30:00.123Z`). In a UTC session (the common case) the
 * text is rearranged, which costs a tenth of parsing a Date and printing it again (a person record
 * has about twenty timestamps); any other offset, year or value goes through Date as before.
 * Fractions are cut to milliseconds, not rounded, as Date parses them.
 */
export function isoFromJson(value: string): string {
  const n = value.length;
  if (
    n >= 25 &&
    n <= 32 &&
    value.endsWith('+00:00') &&
    value.charCodeAt(4) === 45 && // '-' after a four-digit year
    value.charCodeAt(10) === 84 // 'T'
  ) {
    if (n === 25) return `${value.slice(0, 19)}.000Z`;
    if (value.charCodeAt(19) === 46)
      return `${value.slice(0, 19)}.${value.slice(20, Math.min(23, n - 6)).padEnd(3, '0')}Z`;
  }
  return new Date(value).toISOString();
}

/**
 * A UTC timestamp without its zone, as JSON holds `column at time zone 'UTC'` whatever the session's
 * time zone (`utcSql` in company/company-json.ts), in the same ISO form, without parsing it: turning
 * two timestamps per technology through `Date` was most of the time Node spent shaping a company.
 * Milliseconds are cut, not rounded, as `Date` cuts them; any other form goes through `Date`.
 */
export function isoFromUtc(value: string | null): string | null {
  if (value === null) return null;
  if (value.length === 19) return `${value}.000Z`;
  if (value.length > 20 && value.length <= 26 && value[19] === '.')
    return `${value.slice(0, 20)}${value.slice(20, 23).padEnd(3, '0')}Z`;
  return new Date(`${value}Z`).toISOString();
}
