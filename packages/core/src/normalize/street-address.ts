import { foldForCompare } from './text.js';

/** A street address reduced to what comparison needs: the house number and the street's name. */
export interface StreetAddress {
  /** House number without letters or ranges ("12-14b" -> "12"); null when the line has none. */
  number: string | null;
  /** Street name tokens, direction and street type removed, ordinals as digits ("W. 19th St." -> ["19"]). */
  street: string[];
  /** The street name tokens joined without spaces ("van buren" and "vanburen" compare equal). */
  streetKey: string;
  /** Direction (n, s, e, w, ne, ...) when given; a different direction is a different street. */
  direction: string | null;
  /** Unit, suite or floor text after the street, folded; null when absent. */
  unit: string | null;
}

// USPS Publication 28 suffixes and their common spellings, plus the usual words in other English-speaking countries.
const STREET_TYPES: Record<string, string> = {
  street: 'st',
  st: 'st',
  str: 'st',
  strt: 'st',
  avenue: 'ave',
  ave: 'ave',
  av: 'ave',
  aven: 'ave',
  avn: 'ave',
  avenu: 'ave',
  boulevard: 'blvd',
  blvd: 'blvd',
  boul: 'blvd',
  blv: 'blvd',
  road: 'rd',
  rd: 'rd',
  drive: 'dr',
  dr: 'dr',
  drv: 'dr',
  lane: 'ln',
  ln: 'ln',
  court: 'ct',
  ct: 'ct',
  crt: 'ct',
  place: 'pl',
  pl: 'pl',
  parkway: 'pkwy',
  pkwy: 'pkwy',
  pky: 'pkwy',
  highway: 'hwy',
  hwy: 'hwy',
  terrace: 'ter',
  ter: 'ter',
  terr: 'ter',
  square: 'sq',
  sq: 'sq',
  circle: 'cir',
  cir: 'cir',
  way: 'way',
  wy: 'way',
  expressway: 'expy',
  expy: 'expy',
  plaza: 'plz',
  plz: 'plz',
  trail: 'trl',
  trl: 'trl',
  crescent: 'cres',
  cres: 'cres',
  close: 'cl',
  row: 'row',
  alley: 'aly',
  aly: 'aly',
};

const DIRECTIONS: Record<string, string> = {
  n: 'n',
  north: 'n',
  s: 's',
  south: 's',
  e: 'e',
  east: 'e',
  w: 'w',
  west: 'w',
  ne: 'ne',
  northeast: 'ne',
  nw: 'nw',
  northwest: 'nw',
  se: 'se',
  southeast: 'se',
  sw: 'sw',
  southwest: 'sw',
};

const UNIT_WORDS = new Set([
  'suite',
  'ste',
  'unit',
  'apt',
  'apartment',
  'floor',
  'fl',
  'flr',
  'room',
  'rm',
  'bldg',
  'building',
  'dept',
  'po',
]);

const ORDINAL_WORDS: Record<string, string> = {
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  sixth: '6',
  seventh: '7',
  eighth: '8',
  ninth: '9',
  tenth: '10',
  eleventh: '11',
  twelfth: '12',
};

const ordinal = (token: string): string => {
  const m = /^(\d+)(st|nd|rd|th)$/.exec(token);
  if (m) return m[1] as string;
  return ORDINAL_WORDS[token] ?? token;
};

/**
 * Parses one address line ("1312 S. Racine Ave., Suite 2") into its number, direction, street name and
 * unit, with USPS-style abbreviations, spelled directions and ordinals folded, so that spellings of one
 * place compare equal. Only the first street of the line is read; what follows the street type is the unit.
 */
export const parseStreetAddress = (raw: string | null | undefined): StreetAddress | null => {
  if (!raw) return null;
  const tokens = foldForCompare(raw.replace(/#/g, ' unit ')).split(' ').filter(Boolean);
  if (tokens.length === 0) return null;
  let i = 0;
  let number: string | null = null;
  const first = tokens[0] as string;
  const lead = /^(\d+)[a-z]?$/.exec(first);
  if (lead) {
    number = lead[1] as string;
    i = 1;
    // "12 14 Main St" from "12-14 Main St": a range keeps its first number.
    if (/^\d+$/.test(tokens[1] ?? '') && tokens.length > 2 && !/^\d+(st|nd|rd|th)$/.test(tokens[2] ?? ''))
      i = 2;
  }
  let direction: string | null = null;
  const street: string[] = [];
  let unit: string[] | null = null;
  for (; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (unit) {
      unit.push(t);
      continue;
    }
    if (street.length === 0 && direction === null && DIRECTIONS[t] && i + 1 < tokens.length) {
      direction = DIRECTIONS[t] as string;
      continue;
    }
    if (UNIT_WORDS.has(t) && street.length > 0) {
      unit = [t];
      continue;
    }
    const type = STREET_TYPES[t];
    // A street type ends the name, unless it is the whole name so far ("Court St", "Park Ave").
    if (type && street.length > 0) {
      unit = [];
      continue;
    }
    if (street.length > 0 && DIRECTIONS[t] && i === tokens.length - 1) continue; // "Main St NW" without a type
    street.push(ordinal(t));
  }
  if (number === null && street.length === 0) return null;
  return {
    number,
    street,
    streetKey: street.join(''),
    direction,
    unit: unit && unit.length > 0 ? unit.join(' ') : null,
  };
};
