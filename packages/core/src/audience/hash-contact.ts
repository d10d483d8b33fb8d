import { invalid } from '../errors.js';
import { encodeValue } from './hash.js';
import { countryCode } from './location.js';
import { type AudienceField, type AudienceNetwork, audienceFields, audienceNetworks } from './networks.js';
import { isInvalid } from './result.js';
import { type FieldRule, type NetworkRules, networkRules, type RuleContext } from './rules/index.js';
import type { AudienceContact, AudienceRejection, AudienceResult, AudienceSummary } from './schema.js';

interface CompiledRules {
  rules: NetworkRules;
  byField: Map<AudienceField, FieldRule[]>;
}

const knownFields: ReadonlySet<string> = new Set(audienceFields);
const compiled = new Map<AudienceNetwork, CompiledRules>();

const compile = (network: AudienceNetwork): CompiledRules => {
  let entry = compiled.get(network);
  if (!entry) {
    const rules = networkRules[network];
    const byField = new Map<AudienceField, FieldRule[]>();
    for (const rule of rules.fields) byField.set(rule.field, [...(byField.get(rule.field) ?? []), rule]);
    entry = { rules, byField };
    compiled.set(network, entry);
  }
  return entry;
};

const rulesFor = (network: string): CompiledRules => {
  if (!(audienceNetworks as readonly string[]).includes(network)) {
    throw invalid([
      { path: 'network', message: `unknown network; use one of ${audienceNetworks.join(', ')}` },
    ]);
  }
  return compile(network as AudienceNetwork);
};

/** The non-empty values of a field: absent, empty and blank values are simply not there. */
const valuesOf = (value: string | string[] | undefined): string[] => {
  if (value === undefined) return [];
  if (typeof value === 'string') return value.trim() ? [value] : [];
  return value.filter((item) => item.trim() !== '');
};

const hashWith = (
  network: AudienceNetwork,
  { rules, byField }: CompiledRules,
  contact: AudienceContact,
): AudienceResult => {
  const found = new Map<string, string[]>();
  const rejected: AudienceRejection[] = [];
  const context: RuleContext = {};
  const country = contact.country?.trim() ? countryCode(contact.country) : undefined;
  if (country !== undefined && !isInvalid(country)) context.country = country;

  // The contact's own keys, not every known field: most contacts carry one or two.
  for (const name in contact) {
    if (!knownFields.has(name)) continue;
    const field = name as AudienceField;
    const values = valuesOf(contact[field]);
    if (values.length === 0) continue;
    const fieldRules = byField.get(field);
    if (!fieldRules) {
      // The country still serves as the default region of national phone numbers.
      const usedForPhone = field === 'country' && byField.has('phone') && valuesOf(contact.phone).length > 0;
      if (!usedForPhone) rejected.push({ field, reason: `${network} does not take ${field}` });
      continue;
    }
    for (const rule of fieldRules) {
      for (const value of values) {
        const normalized = rule.normalize(value, context);
        if (isInvalid(normalized)) {
          rejected.push({ field, reason: normalized.invalid });
          continue;
        }
        const encoded = encodeValue(normalized, rule.encoding);
        const list = found.get(rule.key);
        if (!list) found.set(rule.key, [encoded]);
        else if (!list.includes(encoded)) list.push(encoded);
      }
    }
  }
  rules.finalize?.(found, rejected);

  const identifiers: Record<string, string | string[]> = {};
  for (const [key, list] of found) identifiers[key] = list.length === 1 ? (list[0] as string) : list;
  return { identifiers, rejected };
};

/**
 * Normalizes and encodes one contact for a network: each usable field under the network's key,
 * hashed as the network requires (or plain where it wants plain text), and each field that could
 * not be used with the reason. Invalid values are reported, never hashed.
 */
export const hashContact = (network: AudienceNetwork, contact: AudienceContact): AudienceResult =>
  hashWith(network, rulesFor(network), contact);

export type NormalizedIdentifier = { key: string; normalized: string; value: string } | { reason: string };

/**
 * One field's value through one network's rule: the key, the normalized text and the encoded value,
 * or why it cannot be used. Shows exactly what is hashed (for tests and for explaining a match rate).
 */
export const normalizeIdentifier = (
  network: AudienceNetwork,
  field: AudienceField,
  raw: string,
  country?: string,
): NormalizedIdentifier => {
  const rule = rulesFor(network).byField.get(field)?.[0];
  if (!rule) return { reason: `${network} does not take ${field}` };
  const context: RuleContext = {};
  const code = country?.trim() ? countryCode(country) : undefined;
  if (code !== undefined && !isInvalid(code)) context.country = code;
  const normalized = rule.normalize(raw, context);
  if (isInvalid(normalized)) return { reason: normalized.invalid };
  return { key: rule.key, normalized, value: encodeValue(normalized, rule.encoding) };
};

export interface HashedAudience {
  results: AudienceResult[];
  summary: AudienceSummary;
}

/** Adds one result to running counts: contacts per identifier key and per rejected field. */
export const countResult = (summary: AudienceSummary, result: AudienceResult): void => {
  summary.contacts += 1;
  let usable = false;
  for (const key in result.identifiers) {
    usable = true;
    summary.identifiers[key] = (summary.identifiers[key] ?? 0) + 1;
  }
  if (usable) summary.usable += 1;
  if (result.rejected.length === 0) return;
  const seen = new Set<string>();
  for (const { field } of result.rejected) {
    if (seen.has(field)) continue;
    seen.add(field);
    summary.rejected[field] = (summary.rejected[field] ?? 0) + 1;
  }
};

export const emptySummary = (): AudienceSummary => ({
  contacts: 0,
  usable: 0,
  identifiers: {},
  rejected: {},
});

/** Hashes a list in order and counts how many contacts have each identifier. */
export const hashAudience = (
  network: AudienceNetwork,
  contacts: Iterable<AudienceContact>,
): HashedAudience => {
  const rules = rulesFor(network);
  const results: AudienceResult[] = [];
  const summary = emptySummary();
  for (const contact of contacts) {
    const result = hashWith(network, rules, contact);
    results.push(result);
    countResult(summary, result);
  }
  return { results, summary };
};
