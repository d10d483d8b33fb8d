import type { PreparedCompany } from './company-prepare.js';
import { jaroWinkler } from './jaro-winkler.js';

/** How rare each name token is: inverse document frequency over the records being resolved. */
export type TokenWeight = (token: string) => number;

export interface CompanyComparison {
  name: string;
  /** Level labels, most similar first; the last is "disagree". */
  levels: readonly string[];
  /** Default m per level (share of true matches at that level) before the data teaches better. */
  m: readonly number[];
  /** Default u per level (share of random pairs at that level). */
  u: readonly number[];
  /** Levels that forbid a match outright whatever else agrees (two sites, two registered entities). */
  conflict?: readonly number[];
  /**
   * An identifier or place (website, phone, postcode, country) rather than a name: its strong
   * disagreement on any pair across two clusters keeps them apart (names vary too much for that).
   */
  identifies?: boolean;
  /** The level that decides a match on its own (the same registry id). */
  decisive?: number;
  /** Level index, or -1 when either side lacks the field (no evidence). */
  compare(a: PreparedCompany, b: PreparedCompany, weight: TokenWeight): number;
}

const tokenMatches = (t: string, others: readonly string[]): boolean => {
  if (others.includes(t)) return true;
  if (t.length < 5) return false;
  // A typo keeps the first letter and about the length; checking that first spares most Jaro-Winkler calls.
  for (const o of others)
    if (o.length >= 5 && o[0] === t[0] && Math.abs(o.length - t.length) <= 2 && jaroWinkler(t, o) >= 0.92)
      return true;
  return false;
};

/**
 * Token-set similarity of two names weighted by rarity (a soft TF-IDF Jaccard): shared rare words count,
 * shared common words ("center", "association", a parent's name on every site) count little. Returns
 * [jaccard, overlap of the smaller name].
 */
export const nameOverlap = (
  a: readonly string[],
  b: readonly string[],
  weight: TokenWeight,
): [number, number] => {
  let shared = 0;
  let wa = 0;
  let wb = 0;
  for (const t of a) {
    const w = weight(t);
    wa += w;
    if (tokenMatches(t, b)) shared += w;
  }
  for (const t of b) wb += weight(t);
  // Shared weight is measured from a's side; a fuzzy pair counts once on each side.
  const union = wa + wb - shared;
  return [union > 0 ? shared / union : 0, Math.min(1, shared / Math.max(1e-9, Math.min(wa, wb)))];
};

/** Jaro-Winkler of 0.95 needs lengths within about a tenth of each other. */
const closeLength = (a: string, b: string) =>
  Math.abs(a.length - b.length) <= Math.max(2, 0.15 * Math.max(a.length, b.length));

const siteTokens = (p: PreparedCompany) => p.siteName.split(' ').filter(Boolean);

const compareName = (a: PreparedCompany, b: PreparedCompany, weight: TokenWeight): number => {
  if (!a.nameKey || !b.nameKey) return -1;
  if (a.nameKey === b.nameKey) return 0;
  const full = compareFullNames(a, b, weight);
  // "Parent - Site" against a source that names the site alone: the site part is the name to compare.
  if (full <= 3 || a.siteName === b.siteName) return full;
  const siteA = a.siteName && !b.siteName ? siteTokens(a) : null;
  const siteB = b.siteName && !a.siteName ? siteTokens(b) : null;
  const site = siteA ?? siteB;
  if (!site) return full;
  const [jaccard] = nameOverlap(site, siteA ? b.tokens : a.tokens, weight);
  return jaccard >= 0.5 ? 2 : jaccard >= 0.25 ? Math.min(full, 4) : full;
};

const compareFullNames = (a: PreparedCompany, b: PreparedCompany, weight: TokenWeight): number => {
  const [jaccard, overlap] = nameOverlap(a.tokens, b.tokens, weight);
  // "Parent - Site A" against "Parent - Site B": the same organisation, a different place.
  if (a.siteName && b.siteName && a.siteName !== b.siteName) {
    const [siteJaccard, siteOverlap] = nameOverlap(siteTokens(a), siteTokens(b), weight);
    if (siteJaccard < 0.3 && siteOverlap < 0.5) return 5;
  }
  // Names that share no word (not even a misspelt one) are not one name misspelt: skip Jaro-Winkler.
  const close = jaccard > 0 && closeLength(a.nameKey, b.nameKey) && jaroWinkler(a.nameKey, b.nameKey) >= 0.95;
  if (jaccard >= 0.8 || close) return 1;
  if (jaccard >= 0.5) return 2;
  if (overlap >= 0.9) return 3;
  if (jaccard >= 0.25) return 4;
  return 6;
};

const sameStreet = (a: PreparedCompany, b: PreparedCompany): 'same' | 'close' | 'different' => {
  const x = a.address;
  const y = b.address;
  if (!x || !y) return 'different';
  if (x.direction && y.direction && x.direction !== y.direction) return 'different';
  if (x.streetKey === y.streetKey) return 'same';
  if (!x.streetKey || !y.streetKey) return 'close';
  // "Racine" and "Racine Avenue 2nd Floor" (a type the parser did not know), "VanBuren" and "Van Buren".
  const [short, long] = x.streetKey.length <= y.streetKey.length ? [x, y] : [y, x];
  if (short.streetKey.length >= 4 && long.streetKey.startsWith(short.streetKey)) return 'same';
  if (x.street[0] === y.street[0] && (x.street[0]?.length ?? 0) >= 4) return 'same';
  if (x.streetKey[0] === y.streetKey[0] && jaroWinkler(x.streetKey, y.streetKey) >= 0.88) return 'close';
  return 'different';
};

const compareAddress = (a: PreparedCompany, b: PreparedCompany): number => {
  const x = a.address;
  const y = b.address;
  if (!x || !y) return -1;
  const street = sameStreet(a, b);
  if (!x.number || !y.number) return street === 'same' ? 3 : -1;
  if (x.number === y.number) {
    if (street === 'same') return x.unit && y.unit && x.unit !== y.unit ? 1 : 0;
    if (street === 'close') return 1;
    return 2;
  }
  return street === 'different' ? 5 : 4;
};

const exactLevel = (x: string | null, y: string | null) => (!x || !y ? -1 : x === y ? 0 : 1);

export const companyComparisons: readonly CompanyComparison[] = [
  {
    name: 'name',
    levels: ['exact', 'close', 'similar', 'contained', 'some words', 'same parent, other site', 'different'],
    // Scraped and registry names of one organisation differ a lot (brand, parent, abbreviations).
    m: [0.35, 0.22, 0.13, 0.1, 0.07, 0.03, 0.1],
    u: [0.001, 0.002, 0.005, 0.01, 0.03, 0.02, 0.932],
    compare: compareName,
  },
  {
    name: 'address',
    levels: [
      'same number and street',
      'same number, street close or other unit',
      'same number, other street',
      'same street, a number missing',
      'same street, other number',
      'different',
    ],
    m: [0.8, 0.1, 0.03, 0.04, 0.02, 0.01],
    u: [0.001, 0.0005, 0.002, 0.005, 0.02, 0.9715],
    conflict: [4, 5],
    compare: compareAddress,
  },
  {
    name: 'phone',
    identifies: true,
    levels: ['same number', 'same last 7 digits', 'different'],
    // Organisations have several lines (switchboard, site, fax): a different number is weak evidence.
    m: [0.45, 0.25, 0.3],
    u: [0.0005, 0.001, 0.9985],
    compare: (a, b) => {
      if (!a.phone7 || !b.phone7) return -1;
      if (a.phoneFull && b.phoneFull) return a.phoneFull === b.phoneFull ? 0 : a.phone7 === b.phone7 ? 1 : 2;
      return a.phone7 === b.phone7 ? 1 : 2;
    },
  },
  {
    name: 'domain',
    identifies: true,
    levels: ['same', 'different'],
    // One organisation usually keeps one website: two registrable domains are evidence of two entities.
    m: [0.9, 0.1],
    u: [0.002, 0.998],
    compare: (a, b) => exactLevel(a.domain, b.domain),
  },
  {
    name: 'linkedin',
    identifies: true,
    levels: ['same', 'different'],
    m: [0.9, 0.1],
    u: [0.001, 0.999],
    compare: (a, b) => exactLevel(a.slug, b.slug),
  },
  {
    name: 'postcode',
    identifies: true,
    levels: ['same', 'different'],
    m: [0.9, 0.1],
    u: [0.05, 0.95],
    compare: (a, b) => exactLevel(a.postcode || null, b.postcode || null),
  },
  {
    name: 'city',
    levels: ['same', 'different'],
    m: [0.9, 0.1],
    u: [0.2, 0.8],
    compare: (a, b) => exactLevel(a.city || null, b.city || null),
  },
  {
    name: 'country',
    identifies: true,
    levels: ['same', 'different'],
    m: [0.97, 0.03],
    u: [0.5, 0.5],
    compare: (a, b) => exactLevel(a.country || null, b.country || null),
  },
  {
    name: 'registry id',
    levels: ['same', 'different'],
    m: [0.95, 0.05],
    u: [0.0001, 0.9999],
    conflict: [1],
    decisive: 0,
    compare: (a, b) => {
      let level = -1;
      for (const kind in a.ids) {
        const y = b.ids[kind];
        if (!y) continue;
        if (y === a.ids[kind]) return 0;
        level = 1;
      }
      return level;
    },
  },
];

export const NAME = 0;
export const ADDRESS = 1;
export const PHONE = 2;
export const DOMAIN = 3;
