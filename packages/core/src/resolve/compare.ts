import { isKnownGivenName, isNicknameOf } from '../normalize/nicknames.js';
import { jaroWinkler } from './jaro-winkler.js';

// Local aliases: hot paths avoid cross-module accessors.
const jw = jaroWinkler;
const nickname = isNicknameOf;
const knownName = isKnownGivenName;

import type { PreparedPerson } from './types.js';

/** The comparisons and their levels, best first. A level of -1 means "no evidence" (a value missing). */
export const personComparisons = [
  { name: 'first_name', levels: ['exact', 'nickname', 'jw_high', 'jw_mid', 'initial', 'else'] },
  { name: 'last_name', levels: ['exact', 'jw_high', 'jw_mid', 'else'] },
  { name: 'email', levels: ['exact', 'else'] },
  { name: 'phone', levels: ['exact', 'else'] },
  { name: 'linkedin', levels: ['exact', 'else'] },
  { name: 'company', levels: ['domain', 'name', 'fuzzy', 'else'] },
  { name: 'title', levels: ['exact', 'similar', 'else'] },
  { name: 'city', levels: ['exact', 'else'] },
  { name: 'country', levels: ['exact', 'else'] },
] as const;

export const C_FIRST = 0;
export const C_LAST = 1;
export const C_EMAIL = 2;
export const C_PHONE = 3;
export const C_LINKEDIN = 4;
export const C_COMPANY = 5;
export const C_TITLE = 6;
export const C_CITY = 7;
export const C_COUNTRY = 8;
export const COMPARISON_COUNT = personComparisons.length;

/** Keys that many distinct people share (switchboards, team mailboxes) carry no identity evidence. */
export interface SharedKeys {
  email(key: string): boolean;
  phone(key: string): boolean;
  linkedin(slug: string): boolean;
}

export const noSharedKeys: SharedKeys = { email: () => false, phone: () => false, linkedin: () => false };

const compareFirst = (a: PreparedPerson, b: PreparedPerson): number => {
  const x = a.first;
  const y = b.first;
  if (!x || !y) return -1;
  if (x === y) return 0;
  if (nickname(x, y)) return 1;
  if (x.length === 1 || y.length === 1) return x[0] === y[0] ? 4 : 5;
  const sim = jw(x, y, 0.8);
  // Two different real names (Michael, Michelle) are not a typo of each other: at most weak evidence.
  if (sim >= 0.92 && !(knownName(x) && knownName(y))) return 2;
  if (sim >= 0.8) return 3;
  return 5;
};

const compareLast = (a: PreparedPerson, b: PreparedPerson): number => {
  const x = a.last;
  const y = b.last;
  if (!x || !y) return -1;
  if (x === y) return 0;
  // Double-barrelled or married names: one contained in the other.
  if (x.length >= 4 && y.length >= 4 && (x.includes(y) || y.includes(x))) return 1;
  const sim = jw(x, y, 0.8);
  if (sim >= 0.92) return 1;
  if (sim >= 0.8) return 2;
  return 3;
};

const shareAny = (xs: string[], ys: string[]): boolean => {
  for (const x of xs) if (ys.includes(x)) return true;
  return false;
};

const headMatches = (head: string, labels: string[]): boolean => {
  if (head.length < 4) return false;
  for (const l of labels) if (l.startsWith(head)) return true;
  return false;
};

const compareCompany = (a: PreparedPerson, b: PreparedPerson): number => {
  const aHas = a.domains.length > 0 || a.companyKey !== '';
  const bHas = b.domains.length > 0 || b.companyKey !== '';
  if (!aHas || !bHas) return -1;
  if (shareAny(a.domains, b.domains)) return 0;
  const ak = a.companyKey;
  const bk = b.companyKey;
  if (ak && ak === bk) return 1;
  if ((ak && b.domainLabels.includes(ak)) || (bk && a.domainLabels.includes(bk))) return 1;
  if (ak && bk && jw(ak, bk, 0.9) >= 0.9) return 2;
  if (headMatches(a.companyHead, b.domainLabels) || headMatches(b.companyHead, a.domainLabels)) return 2;
  for (const la of a.domainLabels) for (const lb of b.domainLabels) if (jw(la, lb, 0.92) >= 0.92) return 2;
  return 3;
};

const tokenOverlap = (xs: string[], ys: string[]): number => {
  if (xs.length === 0 || ys.length === 0) return 0;
  let common = 0;
  for (const t of xs) if (ys.includes(t)) common++;
  return common / Math.max(xs.length, ys.length);
};

const compareTitle = (a: PreparedPerson, b: PreparedPerson): number => {
  if (!a.titleKey || !b.titleKey) return -1;
  if (a.titleKey === b.titleKey) return 0;
  if (a.seniority === b.seniority && a.department === b.department && a.department) return 1;
  if (tokenOverlap(a.titleTokens, b.titleTokens) >= 0.5) return 1;
  return 2;
};

const compareSimple = (x: string | null, y: string | null): number => {
  if (!x || !y) return -1;
  return x === y ? 0 : 1;
};

/**
 * Fills `out` with the comparison level of each comparison for a pair. Returns true when the pair is
 * in hard conflict: two different LinkedIn profiles, or two different personal work addresses at one
 * email domain. Those never merge.
 */
export const comparePeople = (
  a: PreparedPerson,
  b: PreparedPerson,
  shared: SharedKeys,
  out: Int8Array,
): boolean => {
  out[C_FIRST] = compareFirst(a, b);
  out[C_LAST] = compareLast(a, b);
  let conflict = false;
  let email = compareSimple(a.emailKey, b.emailKey);
  if (email === 0 && (a.emailRole || shared.email(a.emailKey as string))) email = -1;
  if (email === 1 && isWorkConflict(a, b)) conflict = true;
  out[C_EMAIL] = email;
  let phone = compareSimple(a.phoneKey, b.phoneKey);
  if (phone === 0 && shared.phone(a.phoneKey as string)) phone = -1;
  out[C_PHONE] = phone;
  let linkedin = compareSimple(a.linkedinSlug, b.linkedinSlug);
  if (linkedin === 0 && shared.linkedin(a.linkedinSlug as string)) linkedin = -1;
  if (linkedin === 1) conflict = true;
  out[C_LINKEDIN] = linkedin;
  out[C_COMPANY] = compareCompany(a, b);
  out[C_TITLE] = compareTitle(a, b);
  out[C_CITY] = compareSimple(a.city, b.city);
  out[C_COUNTRY] = compareSimple(a.country, b.country);
  return conflict;
};

/**
 * Two work addresses at one domain: two colleagues, unless the records share a phone or a LinkedIn
 * profile (one person with two addresses, as CRMs and vendors often hold): then the differing
 * addresses are evidence to weigh in the score, not a veto.
 */
const isWorkConflict = (a: PreparedPerson, b: PreparedPerson): boolean =>
  a.emailDomain !== null &&
  a.emailDomain === b.emailDomain &&
  !a.emailFree &&
  !a.emailRole &&
  !b.emailRole &&
  a.emailKey !== b.emailKey &&
  !(a.phoneKey !== null && a.phoneKey === b.phoneKey) &&
  !(a.linkedinSlug !== null && a.linkedinSlug === b.linkedinSlug);

/** Hard conflict only, without the full comparison (used when checking whole clusters). */
export const peopleConflict = (a: PreparedPerson, b: PreparedPerson): boolean =>
  (a.linkedinSlug !== null && b.linkedinSlug !== null && a.linkedinSlug !== b.linkedinSlug) ||
  (a.emailKey !== null && b.emailKey !== null && isWorkConflict(a, b));
