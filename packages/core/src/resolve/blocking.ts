import { soundex } from './phonetic.js';
import type { PreparedPerson } from './types.js';

/**
 * The first character, whole: `name[0]` is half of a character beyond U+FFFF (a lone surrogate),
 * which PostgreSQL's jsonb refuses when the keys are looked up.
 */
const initial = (name: string): string => String.fromCodePoint(name.codePointAt(0) ?? 0x3f);

/** A blocking pass: records sharing a key are compared; `cap` bounds the members compared per key. */
export interface BlockingPass {
  name: string;
  cap: number;
  keys(p: PreparedPerson): string[];
}

const companyIds = (p: PreparedPerson): string[] => {
  const ids = new Set<string>(p.domainLabels);
  if (p.companyKey) ids.add(p.companyKey);
  return [...ids];
};

const identityKeys = (p: PreparedPerson): string[] => {
  const out: string[] = [];
  if (p.ssn) out.push(`Is${p.ssn}`);
  if (p.passport) out.push(`Ip${p.passport}`);
  if (p.driversLicense) out.push(`Id${p.driversLicense}`);
  if (p.nationalId) out.push(`In${p.nationalId}`);
  return out;
};

/** Distinct first letters of the record's name tokens. */
const initials = (p: PreparedPerson): string[] => {
  const out: string[] = [];
  for (const t of p.nameTokens) {
    const c = t[0] as string;
    if (!out.includes(c)) out.push(c);
  }
  if (out.length === 0) out.push('_');
  return out;
};

/** The record names no employer (a company name or domain beyond its own email's). */
const noEmployer = (p: PreparedPerson): boolean =>
  !p.companyKey && (p.domains.length === 0 || p.employerFromEmail);

const cross = (prefix: string, left: string[], right: string[]): string[] => {
  const out: string[] = [];
  for (const l of left) for (const r of right) out.push(`${prefix}${l}|${r}`);
  return out;
};

/**
 * The default passes: exact strong keys first, then name + company, partial name + company (typos
 * and nicknames outside the table), surname + city + initial, a phonetic name key, and the bare name.
 * Caps keep common-name blocks from exploding: only the most recent members of a big block are compared.
 */
export const defaultBlockingPasses: BlockingPass[] = [
  {
    name: 'email',
    cap: 200,
    // Every address of the record: a person found by a secondary address is the same person.
    keys: (p) => {
      const keys = p.emailKey ? [`e${p.emailKey}`] : [];
      for (const k of p.otherEmailKeys) keys.push(`e${k}`);
      return keys;
    },
  },
  { name: 'linkedin', cap: 200, keys: (p) => (p.linkedinSlug ? [`l${p.linkedinSlug}`] : []) },
  { name: 'phone', cap: 200, keys: (p) => (p.phoneKey ? [`p${p.phoneKey}`] : []) },
  {
    name: 'name+company',
    cap: 30,
    keys: (p) =>
      p.last
        ? cross(
            'n',
            p.formal.map((f) => `${f}|${p.last}`),
            companyIds(p),
          )
        : [],
  },
  { name: 'first+company', cap: 20, keys: (p) => (p.first ? cross('f', [p.first], companyIds(p)) : []) },
  { name: 'last+company', cap: 20, keys: (p) => (p.last ? cross('k', [p.last], companyIds(p)) : []) },
  {
    // Typos in both names: initials and employer.
    name: 'initials+company',
    cap: 10,
    keys: (p) =>
      p.first && p.last ? cross('i', [`${initial(p.first)}${initial(p.last)}`], companyIds(p)) : [],
  },
  {
    name: 'last+city',
    cap: 8,
    keys: (p) => (p.last && p.city && p.first ? [`c${p.last}|${p.city}|${initial(p.first)}`] : []),
  },
  {
    name: 'phonetic',
    cap: 5,
    // Order-free, so names swapped between the fields still meet.
    keys: (p) => {
      if (!p.first || !p.last) return [];
      const x = soundex(p.first);
      const y = soundex(p.last);
      return [x < y ? `s${x}${y}` : `s${y}${x}`];
    },
  },
  { name: 'name', cap: 8, keys: (p) => (p.last ? p.formal.map((f) => `m${f}|${p.last}`) : []) },
  // The passes below find people by what identity data carries: numbers, dates of birth, addresses.
  // Each yields no key when its fields are absent, so B2B lists pay nothing for them.
  { name: 'identity_number', cap: 50, keys: identityKeys },
  {
    // The same mailbox name at another domain, or the domain mistyped; like the name-and-place
    // pass, only for records that name no employer (B2B lists: john.smith at every company).
    name: 'email_local',
    cap: 10,
    keys: (p) => (p.emailLocal.length >= 4 && noEmployer(p) ? [`x${p.emailLocal}`] : []),
  },
  {
    // A name initial (any name token: names get swapped and dropped) and the full date of birth.
    name: 'dob+initial',
    cap: 20,
    keys: (p) => (p.dobKey ? initials(p).map((c) => `d${p.dobKey}|${c}`) : []),
  },
  { name: 'dob', cap: 6, keys: (p) => (p.dobKey ? [`b${p.dobKey}`] : []) },
  {
    name: 'postcode+initial',
    cap: 20,
    keys: (p) => (p.postcode ? initials(p).map((c) => `z${p.postcode}|${c}`) : []),
  },
  {
    name: 'street+postcode',
    cap: 10,
    keys: (p) => (p.postcode && p.addressNumber ? [`a${p.addressNumber}|${p.postcode}`] : []),
  },
  {
    // Any name token's sound with the birth year: typos in the name and the date's day or month.
    name: 'name_sound+birth_year',
    cap: 10,
    keys: (p) => (p.dobY ? p.nameTokens.map((t) => `y${soundex(t)}|${p.dobY}`) : []),
  },
  {
    name: 'name_sound+place',
    cap: 10,
    keys: (p) => {
      // A fallback for records that name no employer: with one, the name+company passes cover it.
      const place = p.postcode || p.city;
      return place && noEmployer(p) ? p.nameTokens.map((t) => `q${soundex(t)}|${place}`) : [];
    },
  },
];
