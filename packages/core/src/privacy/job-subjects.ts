import { namedIn } from './job-kinds.js';
import { hasInstanceSecret, identifierHash } from './secret.js';

// The forms `jobNeedles` (job-scrub.ts) looks for, as whole tokens inside any string of an item.
const PERSON_ID = /per_[A-Za-z0-9]+/g;
const EMAIL = /[^\s@"'<>(),;:[\]\\]+@[^\s@"'<>(),;:[\]\\]+/g;
const DIGITS = /\+?\d{6,}/g;
const LINKEDIN = /linkedin\.com\/in\/([^/?#\s"']+)/gi;
const HEX_HASH = /\b(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{40})\b/g;
const BASE64_HASH = /[A-Za-z0-9+/]{43}=/g;
const WHOLE_HASH = /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/;

const addMatches = (text: string, pattern: RegExp, out: Set<string>) => {
  for (const m of text.matchAll(pattern)) out.add(m[0]);
};

/** The tokens of one string that may name a person, in every form erasure compares. */
function addTokens(text: string, out: Set<string>) {
  if (text.length < 6) return;
  if (text.length >= 40 && WHOLE_HASH.test(text)) {
    out.add(text);
    out.add(text.toLowerCase());
    return;
  }
  if (text.includes('per_')) addMatches(text, PERSON_ID, out);
  if (text.includes('@')) {
    for (const m of text.matchAll(EMAIL)) {
      out.add(m[0]);
      out.add(m[0].toLowerCase());
    }
  } else if (/\d{6}/.test(text)) {
    // Phones stand alone; digits inside an address are part of it, not a phone.
    for (const m of text.matchAll(DIGITS)) {
      const digits = m[0].replace(/^\+/, '');
      out.add(digits);
      out.add(`+${digits}`);
    }
  }
  if (/linkedin\./i.test(text))
    for (const m of text.matchAll(LINKEDIN)) {
      const slug = m[1] as string;
      out.add(slug);
      out.add(slug.toLowerCase());
    }
  if (text.length >= 40) {
    for (const m of text.matchAll(HEX_HASH)) {
      out.add(m[0]);
      out.add(m[0].toLowerCase());
    }
    addMatches(text, BASE64_HASH, out);
  }
}

function walk(value: unknown, out: Set<string>) {
  if (typeof value === 'string') addTokens(value, out);
  else if (Array.isArray(value)) for (const v of value) walk(v, out);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      addTokens(key, out);
      walk(child, out);
    }
}

/**
 * Everything in these values that may name a person: person ids, email addresses (as written and in
 * lower case), digit runs of phones (with and without the plus), LinkedIn profile slugs and SHA-1 /
 * SHA-256 hashes in hex or base64 (how audience networks carry identifiers). A superset of what
 * erasure searches for, as whole tokens, so that a needle equal to a token finds the item.
 */
export function subjectTokens(...values: unknown[]): Set<string> {
  const out = new Set<string>();
  for (const value of values) walk(value, out);
  return out;
}

/** Keyed hashes of tokens, as the suppression list keys identifiers (`identifierHash`, secret.ts). */
export const subjectHashes = (tokens: Iterable<string>): string[] => {
  const out = new Set<string>();
  for (const token of tokens) out.add(identifierHash(token));
  return [...out];
};

/** Where a job item comes from: its job's kind and input decide what in it names a person (job-kinds.ts). */
export interface JobOf {
  kind: string;
  input: unknown;
}

/** The tokens of an item's input or result that may name a person, as its job kind declares them. */
const tokensIn = (job: JobOf, value: unknown): Set<string> =>
  value == null ? new Set() : subjectTokens(...namedIn(job.kind, job.input, value));

/**
 * The `job_items.subjects` of an item: the keyed hashes of its tokens, or null without the instance
 * secret (the item then counts as not indexed, and erasure reads it as text until `indexJobItems`).
 */
export const jobItemSubjects = (job: JobOf, input: unknown, result: unknown): string[] | null => {
  if (!hasInstanceSecret()) return null;
  const tokens = tokensIn(job, input);
  for (const token of tokensIn(job, result)) tokens.add(token);
  return subjectHashes(tokens);
};

/**
 * What a saved result adds to its item's subjects: null when it names nothing the input does not
 * (a verification result repeats its address), else the keyed hashes of the new tokens; 'unindexed'
 * when there are new tokens but no instance secret (the item must then be read as text again).
 */
export function subjectsAdded(job: JobOf, input: unknown, result: unknown): string[] | null | 'unindexed' {
  const tokens = tokensIn(job, result);
  if (tokens.size === 0) return null;
  for (const token of tokensIn(job, input)) tokens.delete(token);
  if (tokens.size === 0) return null;
  return hasInstanceSecret() ? subjectHashes(tokens) : 'unindexed';
}
