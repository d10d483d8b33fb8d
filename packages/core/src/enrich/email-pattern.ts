import { foldForCompare } from '../normalize/text.js';

/** Local-part shapes companies use, most common first (ties go to the earlier one). */
export const emailPatterns = [
  'first.last',
  'flast',
  'first',
  'firstlast',
  'first_last',
  'f.last',
  'firstl',
  'last',
  'first-last',
  'last.first',
  'lastf',
  'fl',
] as const;
export type EmailPattern = (typeof emailPatterns)[number];

const part = (name: string | null | undefined) => foldForCompare(name ?? '').replace(/[^a-z0-9]/g, '');

/** The local part a pattern gives for a first and last name already reduced by `part` (`l` may be empty). */
function localPart(pattern: EmailPattern, f: string, l: string): string {
  switch (pattern) {
    case 'first.last':
      return `${f}.${l}`;
    case 'flast':
      return `${f[0]}${l}`;
    case 'first':
      return f;
    case 'firstlast':
      return `${f}${l}`;
    case 'first_last':
      return `${f}_${l}`;
    case 'f.last':
      return `${f[0]}.${l}`;
    case 'firstl':
      return `${f}${l[0] ?? ''}`;
    case 'last':
      return l;
    case 'first-last':
      return `${f}-${l}`;
    case 'last.first':
      return `${l}.${f}`;
    case 'lastf':
      return `${l}${f[0]}`;
    case 'fl':
      return `${f[0]}${l[0] ?? ''}`;
  }
}

/** The local part a pattern gives for a name, or null when the name lacks a needed part. */
export function applyPattern(
  pattern: EmailPattern,
  first: string | null,
  last: string | null,
): string | null {
  const f = part(first);
  const l = part(last);
  if (!f || (!l && pattern !== 'first')) return null;
  return localPart(pattern, f, l);
}

export interface LearnedPattern {
  pattern: EmailPattern;
  /** Addresses at the domain this pattern explains. */
  matches: number;
  /** Addresses looked at (those with a known first and last name). */
  sample: number;
}

/**
 * The patterns behind known addresses at one domain, best first. An address may fit several
 * patterns (`al@` for Al Lee is both `first` and `fl`); each fit counts for its pattern.
 */
export function learnPatterns(
  known: Array<{ email: string; first: string | null; last: string | null }>,
): LearnedPattern[] {
  const counts = new Map<EmailPattern, number>();
  let sample = 0;
  for (const { email, first, last } of known) {
    // Each name folded once per address, not once per pattern tried: a domain holds up to 1,000.
    const f = part(first);
    const l = part(last);
    if (!f || !l) continue;
    const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
    sample++;
    for (const pattern of emailPatterns) {
      if (localPart(pattern, f, l) === local) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .map(([pattern, matches]) => ({ pattern, matches, sample }))
    .sort(
      (a, b) => b.matches - a.matches || emailPatterns.indexOf(a.pattern) - emailPatterns.indexOf(b.pattern),
    );
}

/**
 * How likely an inferred address is right before any check: the share of known addresses the
 * pattern explains, damped when few addresses were seen (one fit out of one proves little).
 */
export function patternConfidence(learned: LearnedPattern): number {
  const share = learned.matches / Math.max(1, learned.sample);
  const support = learned.sample / (learned.sample + 3);
  return Math.round(Math.min(0.8, 0.2 + 0.6 * share * support) * 100) / 100;
}
