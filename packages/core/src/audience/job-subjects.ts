import type { AudienceNetwork } from './networks.js';
import { networkRules } from './rules/index.js';

/** Per network, the identifier keys that carry an email or a phone (`em` and `ph` for Meta). */
const personKeys = new Map<string, Set<string>>(
  Object.values(networkRules).map((rules) => [
    rules.network,
    new Set(rules.fields.filter((f) => f.field === 'email' || f.field === 'phone').map((f) => f.key)),
  ]),
);

type Hashed = { identifiers?: Record<string, string | string[]>; person_id?: string };

/**
 * What names a person in an audience item's input or result, for privacy indexing
 * (privacy/job-kinds.ts): the person ids and the email and phone identifiers (erasure looks for these,
 * hashed as networks hash them: privacy/job-scrub.ts `jobNeedles`). Names, cities or birth dates hashed
 * alone find no one, so they are not indexed; erasure still drops them with the contact they belong to.
 * Undefined when the job's network is unknown: the item is then indexed by every token.
 */
export function audienceItemSubjects(value: unknown, jobInput: unknown): unknown[] | undefined {
  const network = (jobInput as { network?: AudienceNetwork } | null)?.network;
  const keys = network ? personKeys.get(network) : undefined;
  if (!keys) return undefined;
  if (!value || typeof value !== 'object') return [];
  const item = value as { hashed?: Hashed[]; results?: Hashed[]; person_ids?: string[] };
  const out: unknown[] = [];
  if (item.person_ids) out.push(item.person_ids);
  for (const result of item.hashed ?? item.results ?? []) {
    if (result.person_id) out.push(result.person_id);
    for (const key of keys) {
      const identifier = result.identifiers?.[key];
      if (identifier !== undefined) out.push(identifier);
    }
  }
  return out;
}
