import type { EntityRecord } from './link.js';
import { employerKey, type PersonValue } from './person-value.js';

type Field = keyof PersonValue;

/** Fields that travel together: a name, a job or a place comes whole from one record, never mixed. */
const groups: Field[][] = [
  ['fullName', 'firstName', 'lastName'],
  ['companyName', 'companyDomain', 'title', 'seniority', 'department'],
  ['city', 'region', 'country'],
];

const signature = (v: PersonValue, fields: Field[]) => JSON.stringify(fields.map((f) => v[f] ?? null));

/**
 * The golden record: each group of fields from its most trusted source, then the most recent, then
 * the most confirmed value (how many records carry it). The other values stay in the history tables.
 */
export const goldenRecord = (records: EntityRecord[]): PersonValue => {
  const golden: Partial<PersonValue> = {};
  for (const fields of groups) {
    // Each usable record's signature once: golden records are rebuilt for every touched person of a batch.
    const usable: { record: EntityRecord; signature: string }[] = [];
    const counts = new Map<string, number>();
    for (const r of records)
      if (
        fields.some(
          (f) => r.value[f] !== undefined && (f !== 'fullName' || r.value.firstName || r.value.lastName),
        )
      ) {
        const sig = signature(r.value, fields);
        usable.push({ record: r, signature: sig });
        counts.set(sig, (counts.get(sig) ?? 0) + 1);
      }
    let best: EntityRecord | undefined;
    let bestCount = 0;
    for (const { record: r, signature: sig } of usable) {
      const n = counts.get(sig) ?? 0;
      if (
        !best ||
        r.trust > best.trust ||
        (r.trust === best.trust &&
          (r.seenAt > best.seenAt || (r.seenAt.getTime() === best.seenAt.getTime() && n > bestCount)))
      ) {
        best = r;
        bestCount = n;
      }
    }
    if (best)
      for (const f of fields)
        if (best.value[f] !== undefined) (golden as Record<string, unknown>)[f] = best.value[f];
  }
  golden.fullName ??= records.find((r) => r.value.fullName)?.value.fullName ?? '';
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
