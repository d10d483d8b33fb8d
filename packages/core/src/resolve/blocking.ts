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
  { name: 'email', cap: 200, keys: (p) => (p.emailKey ? [`e${p.emailKey}`] : []) },
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
    keys: (p) => (p.first && p.last ? [`s${soundex(p.first)}${soundex(p.last)}`] : []),
  },
  { name: 'name', cap: 8, keys: (p) => (p.last ? p.formal.map((f) => `m${f}|${p.last}`) : []) },
];
