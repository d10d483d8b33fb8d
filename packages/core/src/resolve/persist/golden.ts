import { foldForCompare } from '../../normalize/text.js';
import type { EntityRecord } from './link.js';
import { employerKey, isDamaged, type PersonValue } from './person-value.js';

type Field = keyof PersonValue;

/** Fields that travel together: a name, a job or a place comes whole from one record, never mixed. */
const groups: Field[][] = [
  ['fullName', 'firstName', 'lastName', 'middleName'],
  ['companyName', 'companyDomain', 'title', 'seniority', 'department'],
  ['city', 'region', 'country'],
  // Street and postcode apart: a source giving only a postcode must not blank a known street.
  ['address'],
  ['postcode'],
  ['nativeName'],
  ['dob'],
  ['gender'],
  ['ssn'],
  ['passport'],
  ['driversLicense'],
  ['nationalId'],
];

const signature = (v: PersonValue, fields: Field[]) => JSON.stringify(fields.map((f) => v[f] ?? null));

/** A group a record can give: a job needs an employer (a title alone says nothing of where). */
const gives = (v: PersonValue, group: number): boolean => {
  if (group === 0) return !!(v.firstName || v.lastName);
  if (group === 1) return !!(v.companyName || v.companyDomain);
  return !!(v.city || v.region || v.country);
};

/** How much of a group a record holds: a job with a domain and a title says more than a bare name. */
const completeness = (v: PersonValue, group: number): number => {
  if (group === 0) return (v.firstName ? 1 : 0) + (v.lastName ? 1 : 0);
  if (group === 1) return (v.companyDomain ? 2 : 0) + (v.companyName ? 1 : 0) + (v.title ? 1 : 0);
  return (v.country ? 1 : 0) + (v.region ? 1 : 0) + (v.city ? 1 : 0);
};

const fold = (text: string | undefined) => (text ? foldForCompare(text).replace(/[^a-z0-9]/g, '') : '');

/**
 * Two spellings of one fact ("Fabrikam" and "Fabrikam Inc" at fabrikam.example; "Bob" and "Robert"
 * Miller; Milan and Milano in IT) rather than two facts (another employer, a new surname, a move).
 * Recency may decide between facts (a job change), never between spellings: that would make the
 * result depend on the order files were imported in.
 */
const sameFact = (a: PersonValue, b: PersonValue, group: number): boolean => {
  if (group === 0) return fold(a.lastName) === fold(b.lastName);
  if (group === 1) return employerKey(a) === employerKey(b);
  // Cities are told apart by country only: "Milan" and "Milano" are one city, and two cities of one
  // country at equal evidence are no proof of a move.
  return a.country === b.country;
};

/**
 * Groups of a value holding damaged text (see isDamaged), as a bit per group, once per value object:
 * golden records are rebuilt for every touched person of every batch, over all their records.
 */
const damagedGroups = new WeakMap<PersonValue, number>();
const damaged = (v: PersonValue, group: number): boolean => {
  let bits = damagedGroups.get(v);
  if (bits === undefined) {
    bits = 0;
    groups.forEach((fields, g) => {
      for (const f of fields) {
        const x = v[f];
        if (typeof x === 'string' && isDamaged(x)) bits = (bits as number) | (1 << g);
      }
    });
    damagedGroups.set(v, bits);
  }
  return (bits & (1 << group)) !== 0;
};

/**
 * Of each source, only its newest records that give the group: a source that now says "SVP Sales" has
 * changed its mind about its own "VP Sales", which no longer counts as a confirmation. Records of one
 * batch share their time and all stay; records without a known source stand for themselves.
 */
const latestPerSource = (records: EntityRecord[], group: number): EntityRecord[] => {
  const newest = new Map<string, number>();
  for (const r of records)
    if (r.sourceId && gives(r.value, group))
      newest.set(r.sourceId, Math.max(newest.get(r.sourceId) ?? 0, r.seenAt.getTime()));
  return records.filter((r) => !r.sourceId || r.seenAt.getTime() === newest.get(r.sourceId));
};

/**
 * The golden record: each group of fields (a name, a job, a place) comes whole from one record, the
 * best by these rules, in order (only each source's newest records count): the more trusted source; the more complete value (a job with its
 * company's domain over a company name alone); the value more records confirm; between different
 * facts (another employer, a move), the more recent record; and last the value itself, so that equal
 * evidence picks the same value whatever the order files were imported in. A record that does not give a group (a job without an employer) never takes it from one
 * that does, and damaged text is never chosen. The other values stay in the history tables.
 */
export const goldenRecord = (all: EntityRecord[]): PersonValue => {
  const golden: Partial<PersonValue> = {};
  groups.forEach((fields, group) => {
    const records = latestPerSource(all, group);
    const usable: { record: EntityRecord; signature: string; complete: number }[] = [];
    const counts = new Map<string, number>();
    for (const r of records)
      if (gives(r.value, group) && !damaged(r.value, group)) {
        const sig = signature(r.value, fields);
        usable.push({ record: r, signature: sig, complete: completeness(r.value, group) });
        counts.set(sig, (counts.get(sig) ?? 0) + 1);
      }
    let best: (typeof usable)[number] | undefined;
    for (const u of usable) {
      if (!best) {
        best = u;
        continue;
      }
      const a = u.record;
      const b = best.record;
      const order =
        a.trust - b.trust ||
        u.complete - best.complete ||
        (counts.get(u.signature) ?? 0) - (counts.get(best.signature) ?? 0) ||
        (sameFact(a.value, b.value, group) ? 0 : a.seenAt.getTime() - b.seenAt.getTime()) ||
        (u.signature < best.signature ? 1 : u.signature > best.signature ? -1 : 0);
      if (order > 0) best = u;
    }
    if (best)
      for (const f of fields)
        if (best.record.value[f] !== undefined) (golden as Record<string, unknown>)[f] = best.record.value[f];
  });
  golden.fullName ??= all.find((r) => r.value.fullName && !isDamaged(r.value.fullName))?.value.fullName ?? '';
  return golden as PersonValue;
};

const RANK: Record<string, number> = {
  entry: 1,
  senior: 2,
  manager: 3,
  director: 4,
  vp: 5,
  partner: 6,
  cxo: 6,
  owner: 6,
};

/** Higher seniority at the new job than at the old one. */
export const isPromotion = (from: string | undefined, to: string | undefined) =>
  (RANK[to ?? ''] ?? 0) > (RANK[from ?? ''] ?? 0) && from !== undefined;

export const currentEmployer = (golden: PersonValue) => employerKey(golden);
