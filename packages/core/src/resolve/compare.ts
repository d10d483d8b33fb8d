import { isKnownGivenName, isNicknameOf } from '../normalize/nicknames.js';
import { ceilingOf, jaroWinkler, jaroWinklerMasked } from './jaro-winkler.js';

// Local aliases: hot paths avoid cross-module accessors.
const jw = jaroWinkler;
const jwMasked = jaroWinklerMasked;
const nickname = isNicknameOf;
const knownName = isKnownGivenName;

import { withinOneEdit } from './person-fields.js';
import type { PreparedPerson } from './types.js';

/** The comparisons and their levels, best first. A level of -1 means "no evidence" (a value missing). */
export const personComparisons = [
  { name: 'first_name', levels: ['exact', 'nickname', 'jw_high', 'jw_mid', 'initial', 'else'] },
  { name: 'last_name', levels: ['exact', 'jw_high', 'jw_mid', 'else'] },
  { name: 'email', levels: ['exact', 'same_local_part', 'similar_local_part', 'else'] },
  { name: 'phone', levels: ['exact', 'else'] },
  { name: 'linkedin', levels: ['exact', 'else'] },
  { name: 'company', levels: ['domain', 'name', 'fuzzy', 'else'] },
  { name: 'title', levels: ['exact', 'similar', 'else'] },
  { name: 'city', levels: ['exact', 'similar', 'else'] },
  { name: 'country', levels: ['exact', 'else'] },
  { name: 'dob', levels: ['exact', 'day_month_swapped', 'one_off', 'same_year_month', 'same_year', 'else'] },
  { name: 'address', levels: ['exact', 'number_and_street', 'similar', 'else'] },
  { name: 'postcode', levels: ['exact', 'one_edit', 'else'] },
  { name: 'state', levels: ['exact', 'else'] },
  { name: 'gender', levels: ['exact', 'else'] },
  { name: 'identity_number', levels: ['exact', 'one_edit', 'else'] },
  { name: 'native_name', levels: ['exact', 'else'] },
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
export const C_DOB = 9;
export const C_ADDRESS = 10;
export const C_POSTCODE = 11;
export const C_STATE = 12;
export const C_GENDER = 13;
export const C_ID = 14;
export const C_NATIVE = 15;
export const COMPARISON_COUNT = personComparisons.length;

/** Level indexes the clustering reads. */
export const DOB_ELSE = 5;
export const ID_ELSE = 2;

/** Similarity cut-offs of the graded levels; a settings file may override any of them. */
export interface CompareThresholds {
  /** Jaro-Winkler for a name's `jw_high` level (a typo). */
  nameHigh: number;
  /** Jaro-Winkler for a name's `jw_mid` level. */
  nameMid: number;
  /** Jaro-Winkler for the city's `similar` level. */
  city: number;
  /** Jaro-Winkler of the email local parts for `similar_local_part`. */
  emailLocal: number;
  /** Share of street words in common for the address `similar` levels. */
  addressOverlap: number;
  /** Jaro-Winkler of the street run together, for the address `similar` levels. */
  addressJw: number;
}

export const defaultThresholds: CompareThresholds = {
  nameHigh: 0.92,
  nameMid: 0.8,
  city: 0.9,
  emailLocal: 0.88,
  addressOverlap: 0.5,
  addressJw: 0.9,
};

/** Keys that many distinct people share (switchboards, team mailboxes) carry no identity evidence. */
export interface SharedKeys {
  email(key: string): boolean;
  phone(key: string): boolean;
  linkedin(slug: string): boolean;
  /**
   * True when a (non-consumer) email domain is a workplace: one mailbox a person. A family's or a
   * person's own domain is not, and two addresses there are no conflict. Absent: every domain is.
   */
  workDomain?(domain: string): boolean;
}

export const noSharedKeys: SharedKeys = { email: () => false, phone: () => false, linkedin: () => false };

const firstLevel = (x: string, y: string, t: CompareThresholds, mx: number, my: number): number => {
  if (!x || !y) return -1;
  if (x === y) return 0;
  if (nickname(x, y)) return 1;
  if (x.length === 1 || y.length === 1) return x[0] === y[0] ? 4 : 5;
  if (ceilingOf(x.length, mx, y.length, my) < t.nameMid) {
    // Too unlike for jw_mid by their characters alone: only a one-edit typo is left to find.
    const typo = x.length >= 4 && withinOneEdit(x, y);
    return typo && !(knownName(x) && knownName(y)) ? 2 : 5;
  }
  // The bound already passed: no floor, so it is not computed again from the strings.
  const sim = jw(x, y);
  // Two different real names (Michael, Michelle) are not a typo of each other: at most weak evidence.
  const typo = sim >= t.nameHigh || (x.length >= 4 && withinOneEdit(x, y));
  if (typo && !(knownName(x) && knownName(y))) return 2;
  if (sim >= t.nameMid) return 3;
  return 5;
};

const lastLevel = (x: string, y: string, t: CompareThresholds, mx: number, my: number): number => {
  if (!x || !y) return -1;
  if (x === y) return 0;
  // Double-barrelled or married names: one contained in the other.
  if (x.length >= 4 && y.length >= 4 && (x.includes(y) || y.includes(x))) return 1;
  if (ceilingOf(x.length, mx, y.length, my) < t.nameMid) return x.length >= 4 && withinOneEdit(x, y) ? 1 : 3;
  const sim = jw(x, y);
  if (sim >= t.nameHigh || (x.length >= 4 && withinOneEdit(x, y))) return 1;
  if (sim >= t.nameMid) return 2;
  return 3;
};

/**
 * First and last name levels into out[C_FIRST], out[C_LAST]. Names swapped between the fields
 * count as a typo of each (not as a disagreement), and a lone name matched against the other
 * field of a record that has both is moved there (a surname typed into the first-name column).
 */
const compareNames = (a: PreparedPerson, b: PreparedPerson, t: CompareThresholds, out: Int8Array) => {
  let first = firstLevel(a.first, b.first, t, a.firstMask, b.firstMask);
  let last = lastLevel(a.last, b.last, t, a.lastMask, b.lastMask);
  if (a.first && a.last && b.first && b.last) {
    if ((first >= 3 || last >= 2) && a.first !== a.last) {
      const x = lastLevel(a.first, b.last, t, a.firstMask, b.lastMask);
      const y = lastLevel(a.last, b.first, t, a.lastMask, b.firstMask);
      if (x >= 0 && x <= 1 && y >= 0 && y <= 1) {
        first = 2;
        last = 1;
      }
    }
  } else {
    // One side has a single name: it may sit in the other field.
    const aOne = (a.first ? 1 : 0) + (a.last ? 1 : 0) === 1;
    const bOne = (b.first ? 1 : 0) + (b.last ? 1 : 0) === 1;
    if (aOne || bOne) {
      const lone = aOne ? a.first || a.last : b.first || b.last;
      const loneMask = aOne ? (a.first ? a.firstMask : a.lastMask) : b.first ? b.firstMask : b.lastMask;
      const other = aOne ? b : a;
      const loneIsFirst = aOne ? !!a.first : !!b.first;
      const current = loneIsFirst ? first : last;
      if (current !== 0 && current !== 1) {
        if (loneIsFirst && other.last) {
          const x = lastLevel(lone, other.last, t, loneMask, other.lastMask);
          if (x === 0 || x === 1) {
            first = -1;
            last = x;
          }
        } else if (!loneIsFirst && other.first) {
          const x = firstLevel(other.first, lone, t, other.firstMask, loneMask);
          if (x >= 0 && x <= 2) {
            last = -1;
            first = x;
          }
        }
      }
    }
  }
  out[C_FIRST] = first;
  out[C_LAST] = last;
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
  if (ak && bk && jwMasked(ak, bk, 0.9, a.companyMask, b.companyMask) >= 0.9) return 2;
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

const compareCity = (x: string, y: string, t: CompareThresholds, mx: number, my: number): number => {
  if (!x || !y) return -1;
  if (x === y) return 0;
  return jwMasked(x, y, t.city, mx, my) >= t.city || (x.length >= 4 && withinOneEdit(x, y)) ? 1 : 2;
};

/** `x` is `y` followed by one or more digits (x.replace(/\d+$/, '') === y for x !== y). */
const digitsAfter = (x: string, y: string): boolean => {
  let end = x.length;
  while (end > 0) {
    const c = x.charCodeAt(end - 1);
    if (c < 48 || c > 57) break;
    end--;
  }
  return end === y.length && end < x.length && x.startsWith(y);
};

/** `x` and `y` are equal without their dots, underscores and hyphens (/[._-]/g removed from both). */
const sameBarePunctuation = (x: string, y: string): boolean => {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < x.length && isPunctuation(x.charCodeAt(i))) i++;
    while (j < y.length && isPunctuation(y.charCodeAt(j))) j++;
    if (i === x.length || j === y.length) return i === x.length && j === y.length;
    if (x.charCodeAt(i) !== y.charCodeAt(j)) return false;
    i++;
    j++;
  }
};

const isPunctuation = (c: number): boolean => c === 46 || c === 95 || c === 45;

/**
 * Two email addresses one typo apart: one edit in the whole address, or both the local part and
 * the domain alike. A local part that only gains digits (jsmith, jsmith2) or punctuation (jdoe,
 * j.doe) is another mailbox a company handed out, not a typo.
 */
export const emailTypo = (x: string, y: string, threshold = defaultThresholds.emailLocal): boolean => {
  const ax = x.indexOf('@');
  const ay = y.indexOf('@');
  const lx = x.slice(0, ax);
  const ly = y.slice(0, ay);
  // Without regular expressions: this runs for colleagues' addresses in every shared block.
  if (lx !== ly && (digitsAfter(lx, ly) || digitsAfter(ly, lx))) return false;
  if (lx !== ly && sameBarePunctuation(lx, ly)) return false;
  if (withinOneEdit(x, y)) return true;
  const dx = x.slice(ax + 1);
  const dy = y.slice(ay + 1);
  return (
    dx !== dy && lx.length >= 4 && jw(lx, ly, threshold) >= threshold && jw(dx, dy, threshold) >= threshold
  );
};

/**
 * An address both records hold where at least one holds it among its other addresses (the records'
 * own emails are compared by compareEmail). Null when none, and for the common record with none.
 */
export const otherAddressShared = (a: PreparedPerson, b: PreparedPerson): string | null => {
  if (a.otherEmailKeys.length === 0 && b.otherEmailKeys.length === 0) return null;
  for (const k of b.otherEmailKeys) if (k === a.emailKey || a.otherEmailKeys.includes(k)) return k;
  for (const k of a.otherEmailKeys) if (k === b.emailKey) return k;
  return null;
};

const compareEmail = (
  a: PreparedPerson,
  b: PreparedPerson,
  shared: SharedKeys,
  t: CompareThresholds,
): number => {
  // An address one record holds among its others (Secondary Email, E-mail 2) is the same mailbox.
  const other = otherAddressShared(a, b);
  if (other) return shared.email(other) ? -1 : 0;
  if (!a.emailKey || !b.emailKey) return -1;
  if (a.emailKey === b.emailKey) return a.emailRole || shared.email(a.emailKey) ? -1 : 0;
  if (!a.emailLocal || !b.emailLocal) return 3;
  if (a.emailLocal === b.emailLocal) {
    // john.smith at two domains repeats the names (already compared); a handle with digits or a
    // local part standing in for a missing name is evidence of its own.
    if (a.last && b.last && !/\d/.test(a.emailLocal)) return -1;
    return 1;
  }
  // Same domain, lengths two or more apart: not one typo (the common case among colleagues).
  if (a.emailDomain === b.emailDomain && Math.abs(a.emailKey.length - b.emailKey.length) > 1) return 3;
  return emailTypo(a.emailKey, b.emailKey, t.emailLocal) ? 2 : 3;
};

const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;

/** One digit of yyyymmdd off: compares the parts without building strings. */
const digitsOff = (a: number, b: number, width: number): number => {
  let n = 0;
  for (let i = 0; i < width; i++) {
    if (a % 10 !== b % 10) n++;
    a = Math.floor(a / 10);
    b = Math.floor(b / 10);
  }
  return n;
};

export const compareDob = (a: PreparedPerson, b: PreparedPerson): number => {
  if (!a.dobY || !b.dobY) return -1;
  const sameY = a.dobY === b.dobY;
  if (a.dobD && b.dobD) {
    if (sameY && a.dobM === b.dobM && a.dobD === b.dobD) return 0;
    if (sameY && a.dobM === b.dobD && a.dobD === b.dobM) return 1;
    const off = digitsOff(a.dobY, b.dobY, 4) + digitsOff(a.dobM, b.dobM, 2) + digitsOff(a.dobD, b.dobD, 2);
    if (off <= 1 || Math.abs(dayNumber(a.dobY, a.dobM, a.dobD) - dayNumber(b.dobY, b.dobM, b.dobD)) <= 1)
      return 2;
    // Two digits of the year swapped (1971, 1917) with the same day and month.
    if (a.dobM === b.dobM && a.dobD === b.dobD && withinOneEdit(String(a.dobY), String(b.dobY))) return 2;
  }
  if (sameY && a.dobM && a.dobM === b.dobM) return 3;
  if (sameY) return 4;
  return 5;
};

const overlap = (xs: string[], ys: string[]): number => {
  if (xs.length === 0 || ys.length === 0) return 0;
  let common = 0;
  for (const t of xs) if (ys.includes(t)) common++;
  return common / Math.min(xs.length, ys.length);
};

const compareAddress = (a: PreparedPerson, b: PreparedPerson, t: CompareThresholds): number => {
  const aHas = a.addressFlat !== '' || a.addressNumber !== '';
  const bHas = b.addressFlat !== '' || b.addressNumber !== '';
  if (!aHas || !bHas) return -1;
  const sameNumber = a.addressNumber !== '' && a.addressNumber === b.addressNumber;
  const sameStreet = a.addressFlat === b.addressFlat;
  if (sameNumber && sameStreet) return 0;
  const similar =
    sameStreet ||
    overlap(a.addressTokens, b.addressTokens) >= t.addressOverlap ||
    (a.addressFlat.length >= 4 &&
      b.addressFlat.length >= 4 &&
      jw(a.addressFlat, b.addressFlat, t.addressJw) >= t.addressJw);
  if (similar && sameNumber) return 1;
  if (similar && (a.addressNumber === '' || b.addressNumber === '')) return 1;
  if (similar || sameNumber) return 2;
  return 3;
};

const compareEdit = (x: string, y: string): number => {
  if (!x || !y) return -1;
  if (x === y) return 0;
  return x.length >= 3 && withinOneEdit(x, y) ? 1 : 2;
};

/** The best level over the identity numbers both records carry (each against its own kind). */
export const compareIds = (a: PreparedPerson, b: PreparedPerson): number => {
  // Inline, no closure: this runs for every candidate pair.
  let best = -1;
  let l = compareEdit(a.ssn, b.ssn);
  if (l >= 0 && (best < 0 || l < best)) best = l;
  l = compareEdit(a.passport, b.passport);
  if (l >= 0 && (best < 0 || l < best)) best = l;
  l = compareEdit(a.driversLicense, b.driversLicense);
  if (l >= 0 && (best < 0 || l < best)) best = l;
  l = compareEdit(a.nationalId, b.nationalId);
  if (l >= 0 && (best < 0 || l < best)) best = l;
  return best;
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
  t: CompareThresholds = defaultThresholds,
): boolean => {
  compareNames(a, b, t, out);
  let conflict = false;
  let email = compareEmail(a, b, shared, t);
  // One mailbox, two clearly different given names: a household's or a team's address, which says
  // nothing about which of them a record is.
  if (email === 0 && out[C_FIRST] === 5) email = -1;
  // Two personal work addresses at one domain are two people, unless one is a typo of the other.
  if (email === 3 && isWorkConflict(a, b) && isWorkplace(a, b, shared)) conflict = true;
  out[C_EMAIL] = email;
  let phone = compareSimple(a.phoneKey, b.phoneKey);
  if (phone === 0 && shared.phone(a.phoneKey as string)) phone = -1;
  out[C_PHONE] = phone;
  let linkedin = compareSimple(a.linkedinSlug, b.linkedinSlug);
  if (linkedin === 0 && shared.linkedin(a.linkedinSlug as string)) linkedin = -1;
  if (linkedin === 1) conflict = true;
  out[C_LINKEDIN] = linkedin;
  let company = compareCompany(a, b);
  // An employer known only from the email's domain repeats the email comparison when the addresses
  // are equal, or differ in their domain: only "same domain, another address" adds to it.
  if (a.employerFromEmail && b.employerFromEmail && (email === 0 || company === 3)) company = -1;
  else if ((a.employerFromEmail || b.employerFromEmail) && email === 0) company = -1;
  out[C_COMPANY] = company;
  out[C_TITLE] = compareTitle(a, b);
  out[C_CITY] = compareCity(a.city, b.city, t, a.cityMask, b.cityMask);
  out[C_COUNTRY] = compareSimple(a.country, b.country);
  out[C_DOB] = compareDob(a, b);
  out[C_ADDRESS] = compareAddress(a, b, t);
  out[C_POSTCODE] = compareEdit(a.postcode, b.postcode);
  out[C_STATE] = compareSimple(a.state, b.state);
  out[C_GENDER] = compareSimple(a.gender, b.gender);
  out[C_ID] = compareIds(a, b);
  out[C_NATIVE] = compareSimple(a.nativeName, b.nativeName);
  return conflict;
};

/** The shared email domain is an employer's: a company is named, or many people write from it. */
const isWorkplace = (a: PreparedPerson, b: PreparedPerson, shared: SharedKeys): boolean =>
  !a.employerFromEmail ||
  !b.employerFromEmail ||
  !shared.workDomain ||
  shared.workDomain(a.emailDomain as string);

/**
 * Two work addresses at one domain: two colleagues, unless the records share a phone or a LinkedIn
 * profile, or one lists the other's address among its own (one person with two addresses, as CRMs
 * and vendors often hold): then the differing addresses are evidence to weigh, not a veto.
 */
const isWorkConflict = (a: PreparedPerson, b: PreparedPerson): boolean =>
  a.emailDomain !== null &&
  a.emailDomain === b.emailDomain &&
  !a.emailFree &&
  !a.emailRole &&
  !b.emailRole &&
  a.emailKey !== b.emailKey &&
  !(a.phoneKey !== null && a.phoneKey === b.phoneKey) &&
  !(a.linkedinSlug !== null && a.linkedinSlug === b.linkedinSlug) &&
  otherAddressShared(a, b) === null;

/** Hard conflict only, without the full comparison (used when checking whole clusters). */
export const peopleConflict = (a: PreparedPerson, b: PreparedPerson): boolean =>
  (a.linkedinSlug !== null && b.linkedinSlug !== null && a.linkedinSlug !== b.linkedinSlug) ||
  (a.emailKey !== null && b.emailKey !== null && isWorkConflict(a, b) && !emailTypo(a.emailKey, b.emailKey));
