import { HASH_START, hashAdd, hashAddCode, hashEnd } from './hash.js';
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
  /**
   * Optional: appends `hashKey` of each of `keys(p)` to `out`, in the same order, without building
   * the key strings (the resolver's hot loop). Must agree with `keys` exactly: blocking-hash.test.ts.
   */
  hashes?(p: PreparedPerson, out: number[]): void;
}

const PIPE = 124; // '|'

/** `hashAdd` of `initial(name)`: the first code unit, and its low surrogate when it opens a pair. */
const hashInitial = (h: number, name: string): number => {
  const c = name.charCodeAt(0);
  h = hashAddCode(h, c);
  if (c >= 0xd800 && c <= 0xdbff && name.length > 1) {
    const d = name.charCodeAt(1);
    if (d >= 0xdc00 && d <= 0xdfff) h = hashAddCode(h, d);
  }
  return h;
};

/**
 * Appends hashEnd(h + "|" + id) for each of `companyIds(p)` in its order (domain labels, then the
 * company key, each once) without building the set.
 */
const pushCompanyHashes = (h: number, p: PreparedPerson, out: number[]): void => {
  const labels = p.domainLabels;
  for (let k = 0; k < labels.length; k++) {
    const l = labels[k] as string;
    if (labels.indexOf(l) !== k) continue;
    out.push(hashEnd(hashAdd(hashAddCode(h, PIPE), l)));
  }
  if (p.companyKey && !labels.includes(p.companyKey))
    out.push(hashEnd(hashAdd(hashAddCode(h, PIPE), p.companyKey)));
};

const hasCompanyIds = (p: PreparedPerson): boolean => p.domainLabels.length > 0 || p.companyKey !== '';

/** Appends the hash of `prefix + value` when `value` is set. */
const pushOne = (out: number[], prefix: number, value: string | null): void => {
  if (value) out.push(hashEnd(hashAdd(hashAddCode(HASH_START, prefix), value)));
};

const hashInitials = (p: PreparedPerson, h: number, out: number[]): void => {
  let any = false;
  const tokens = p.nameTokens;
  for (let k = 0; k < tokens.length; k++) {
    const c = (tokens[k] as string).charCodeAt(0);
    let dup = false;
    for (let j = 0; j < k; j++) if ((tokens[j] as string).charCodeAt(0) === c) dup = true;
    if (dup) continue;
    any = true;
    out.push(hashEnd(hashAddCode(hashAddCode(h, PIPE), c)));
  }
  if (!any) out.push(hashEnd(hashAddCode(hashAddCode(h, PIPE), 95))); // '_'
};

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
    hashes: (p, out) => {
      pushOne(out, 101, p.emailKey);
      for (const k of p.otherEmailKeys) out.push(hashEnd(hashAdd(hashAddCode(HASH_START, 101), k)));
    },
  },
  {
    name: 'linkedin',
    cap: 200,
    keys: (p) => (p.linkedinSlug ? [`l${p.linkedinSlug}`] : []),
    hashes: (p, out) => pushOne(out, 108, p.linkedinSlug),
  },
  {
    name: 'phone',
    cap: 200,
    keys: (p) => (p.phoneKey ? [`p${p.phoneKey}`] : []),
    hashes: (p, out) => pushOne(out, 112, p.phoneKey),
  },
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
    hashes: (p, out) => {
      if (!p.last || !hasCompanyIds(p)) return;
      for (const f of p.formal) {
        const h = hashAdd(hashAddCode(hashAdd(hashAddCode(HASH_START, 110), f), PIPE), p.last);
        pushCompanyHashes(h, p, out);
      }
    },
  },
  {
    name: 'first+company',
    cap: 20,
    keys: (p) => (p.first ? cross('f', [p.first], companyIds(p)) : []),
    hashes: (p, out) => {
      if (p.first) pushCompanyHashes(hashAdd(hashAddCode(HASH_START, 102), p.first), p, out);
    },
  },
  {
    name: 'last+company',
    cap: 20,
    keys: (p) => (p.last ? cross('k', [p.last], companyIds(p)) : []),
    hashes: (p, out) => {
      if (p.last) pushCompanyHashes(hashAdd(hashAddCode(HASH_START, 107), p.last), p, out);
    },
  },
  {
    // Typos in both names: initials and employer.
    name: 'initials+company',
    cap: 10,
    keys: (p) =>
      p.first && p.last ? cross('i', [`${initial(p.first)}${initial(p.last)}`], companyIds(p)) : [],
    hashes: (p, out) => {
      if (p.first && p.last)
        pushCompanyHashes(hashInitial(hashInitial(hashAddCode(HASH_START, 105), p.first), p.last), p, out);
    },
  },
  {
    name: 'last+city',
    cap: 8,
    keys: (p) => (p.last && p.city && p.first ? [`c${p.last}|${p.city}|${initial(p.first)}`] : []),
    hashes: (p, out) => {
      if (!p.last || !p.city || !p.first) return;
      const h = hashAddCode(
        hashAdd(hashAddCode(hashAdd(hashAddCode(HASH_START, 99), p.last), PIPE), p.city),
        PIPE,
      );
      out.push(hashEnd(hashInitial(h, p.first)));
    },
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
    hashes: (p, out) => {
      if (!p.first || !p.last) return;
      const x = soundex(p.first);
      const y = soundex(p.last);
      const h = hashAddCode(HASH_START, 115);
      out.push(hashEnd(x < y ? hashAdd(hashAdd(h, x), y) : hashAdd(hashAdd(h, y), x)));
    },
  },
  {
    name: 'name',
    cap: 8,
    keys: (p) => (p.last ? p.formal.map((f) => `m${f}|${p.last}`) : []),
    hashes: (p, out) => {
      if (!p.last) return;
      for (const f of p.formal)
        out.push(hashEnd(hashAdd(hashAddCode(hashAdd(hashAddCode(HASH_START, 109), f), PIPE), p.last)));
    },
  },
  // The passes below find people by what identity data carries: numbers, dates of birth, addresses.
  // Each yields no key when its fields are absent, so B2B lists pay nothing for them.
  {
    name: 'identity_number',
    cap: 50,
    keys: identityKeys,
    hashes: (p, out) => {
      const h = hashAddCode(HASH_START, 73); // 'I'
      if (p.ssn) out.push(hashEnd(hashAdd(hashAddCode(h, 115), p.ssn)));
      if (p.passport) out.push(hashEnd(hashAdd(hashAddCode(h, 112), p.passport)));
      if (p.driversLicense) out.push(hashEnd(hashAdd(hashAddCode(h, 100), p.driversLicense)));
      if (p.nationalId) out.push(hashEnd(hashAdd(hashAddCode(h, 110), p.nationalId)));
    },
  },
  {
    // The same mailbox name at another domain, or the domain mistyped; like the name-and-place
    // pass, only for records that name no employer (B2B lists: john.smith at every company).
    name: 'email_local',
    cap: 10,
    keys: (p) => (p.emailLocal.length >= 4 && noEmployer(p) ? [`x${p.emailLocal}`] : []),
    hashes: (p, out) => {
      if (p.emailLocal.length >= 4 && noEmployer(p)) pushOne(out, 120, p.emailLocal);
    },
  },
  {
    // A name initial (any name token: names get swapped and dropped) and the full date of birth.
    name: 'dob+initial',
    cap: 20,
    keys: (p) => (p.dobKey ? initials(p).map((c) => `d${p.dobKey}|${c}`) : []),
    hashes: (p, out) => {
      if (p.dobKey) hashInitials(p, hashAdd(hashAddCode(HASH_START, 100), p.dobKey), out);
    },
  },
  {
    name: 'dob',
    cap: 6,
    keys: (p) => (p.dobKey ? [`b${p.dobKey}`] : []),
    hashes: (p, out) => pushOne(out, 98, p.dobKey),
  },
  {
    name: 'postcode+initial',
    cap: 20,
    keys: (p) => (p.postcode ? initials(p).map((c) => `z${p.postcode}|${c}`) : []),
    hashes: (p, out) => {
      if (p.postcode) hashInitials(p, hashAdd(hashAddCode(HASH_START, 122), p.postcode), out);
    },
  },
  {
    name: 'street+postcode',
    cap: 10,
    keys: (p) => (p.postcode && p.addressNumber ? [`a${p.addressNumber}|${p.postcode}`] : []),
    hashes: (p, out) => {
      if (!p.postcode || !p.addressNumber) return;
      const h = hashAddCode(hashAdd(hashAddCode(HASH_START, 97), p.addressNumber), PIPE);
      out.push(hashEnd(hashAdd(h, p.postcode)));
    },
  },
  {
    // Any name token's sound with the birth year: typos in the name and the date's day or month.
    name: 'name_sound+birth_year',
    cap: 10,
    keys: (p) => (p.dobY ? p.nameTokens.map((t) => `y${soundex(t)}|${p.dobY}`) : []),
    hashes: (p, out) => {
      if (!p.dobY) return;
      const year = String(p.dobY);
      for (const t of p.nameTokens)
        out.push(
          hashEnd(hashAdd(hashAddCode(hashAdd(hashAddCode(HASH_START, 121), soundex(t)), PIPE), year)),
        );
    },
  },
  {
    name: 'name_sound+place',
    cap: 10,
    keys: (p) => {
      // A fallback for records that name no employer: with one, the name+company passes cover it.
      const place = p.postcode || p.city;
      return place && noEmployer(p) ? p.nameTokens.map((t) => `q${soundex(t)}|${place}`) : [];
    },
    hashes: (p, out) => {
      const place = p.postcode || p.city;
      if (!place || !noEmployer(p)) return;
      for (const t of p.nameTokens)
        out.push(
          hashEnd(hashAdd(hashAddCode(hashAdd(hashAddCode(HASH_START, 113), soundex(t)), PIPE), place)),
        );
    },
  },
];
