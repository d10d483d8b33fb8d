import type { Db } from '@dossier/db';
import type { Identifier } from '../privacy/identifiers.js';
import { hasInstanceSecret } from '../privacy/secret.js';
import { suppressedAmong, suppressionKeys } from '../privacy/suppression.js';
import { toEmailStatus } from '../verify/score.js';
import { cachedAddressesFromJson } from '../verify/store-cache.js';
import type { VerifyResult } from '../verify/types.js';
import type { Verifier } from '../verify/verifier.js';
import { applyPattern, type LearnedPattern, learnPatterns, patternConfidence } from './email-pattern.js';
import { type KnownAddress, knownAddresses, suppressedAndCached } from './store.js';

export interface FinderTarget {
  personId: string;
  first: string | null;
  last: string | null;
}

export interface FoundEmail {
  email: string;
  status: 'verified' | 'valid' | 'accept_all' | 'guessed';
  confidence: number;
  pattern: string;
}

/** Candidate patterns tried per person: a few, so one SMTP session checks them all. */
const tries = 3;

/**
 * Infers work addresses for people with none: the domain's address patterns are learned from the
 * addresses stored there (`given`, or read here), each person gets a few candidates (an address
 * someone else already holds is skipped: namesakes), and when a verifier is at hand one batch
 * checks them all.
 * Without a verifier the best candidate comes back as `guessed`. A person with a candidate on the
 * suppression list gets no address at all, and none of their candidates is probed: the suppressed
 * address may well be theirs, and a probe is already contact with their mail server.
 */
export async function findEmails(
  db: Db,
  verifier: Verifier | undefined,
  company: { id: string; domain: string },
  targets: FinderTarget[],
  /** The company's known addresses when the caller read them already (`companyWithContacts`). */
  given?: KnownAddress[],
): Promise<Map<string, FoundEmail>> {
  const found = new Map<string, FoundEmail>();
  if (targets.length === 0) return found;
  const known = given ?? (await knownAddresses(db, company.id, company.domain));
  const patterns = learnPatterns(known).slice(0, tries);
  if (patterns.length === 0) return found;
  const taken = new Set(known.map((k) => k.email.toLowerCase()));
  const candidates = new Map<string, Array<{ email: string; learned: LearnedPattern }>>();
  for (const target of targets) {
    const list: Array<{ email: string; learned: LearnedPattern }> = [];
    for (const learned of patterns) {
      const local = applyPattern(learned.pattern, target.first, target.last);
      const email = local ? `${local}@${company.domain}` : null;
      if (email && !taken.has(email) && !list.some((c) => c.email === email)) list.push({ email, learned });
    }
    if (list.length) candidates.set(target.personId, list);
  }
  // With a verifier, one statement screens the candidates and reads their cached verdicts.
  const cached = verifier ? await screenCandidates(db, candidates) : await dropSuppressed(db, candidates);
  if (!verifier) {
    for (const [personId, [best]] of candidates) {
      if (best)
        found.set(personId, {
          email: best.email,
          status: 'guessed',
          confidence: patternConfidence(best.learned),
          pattern: best.learned.pattern,
        });
    }
    return found;
  }
  const emails = [...new Set([...candidates.values()].flat().map((c) => c.email))];
  const results = await verifier.verify(emails, cached ? { cached } : {});
  const statusOf = new Map(
    emails.map((email, i) => [email, results[i] ? toEmailStatus(results[i]) : 'unknown']),
  );
  for (const [personId, list] of candidates) {
    const pick = (status: string) => list.find((c) => statusOf.get(c.email) === status);
    const verified = pick('verified') ?? pick('valid');
    if (verified) {
      const status = statusOf.get(verified.email) === 'verified' ? 'verified' : 'valid';
      found.set(personId, {
        email: verified.email,
        status,
        confidence: status === 'verified' ? 0.95 : 0.85,
        pattern: verified.learned.pattern,
      });
      continue;
    }
    // A catch-all domain accepts anything: the pattern is all we have, say so.
    const open = pick('accept_all') ?? pick('unknown');
    if (open)
      found.set(personId, {
        email: open.email,
        status: statusOf.get(open.email) === 'accept_all' ? 'accept_all' : 'guessed',
        confidence: patternConfidence(open.learned),
        pattern: open.learned.pattern,
      });
    // Every candidate refused: no address is better than a bouncing one.
  }
  return found;
}

type Candidates = Map<string, Array<{ email: string }>>;

/** Drops the people with a suppressed candidate (see findEmails). */
function dropPeople(candidates: Candidates, suppressed: (email: string) => boolean): void {
  for (const [personId, list] of candidates)
    if (list.some((c) => suppressed(c.email))) candidates.delete(personId);
}

async function dropSuppressed(db: Db, candidates: Candidates): Promise<undefined> {
  const all = [...candidates.values()].flat().map((c) => `email:${c.email}` as Identifier);
  const suppressed = await suppressedAmong(db, all);
  if (suppressed.size) dropPeople(candidates, (email) => suppressed.has(`email:${email}`));
  return undefined;
}

/**
 * The suppression check and the verifier's cached verdicts for all candidates in one prepared
 * statement (a cache read is no contact with anyone's mail server): drops the people with a
 * suppressed candidate, returns the verdicts for `verify`'s `cached`. Without the instance secret
 * the list is checked as `suppressedAmong` does, and the verifier reads its own cache.
 */
async function screenCandidates(
  db: Db,
  candidates: Candidates,
): Promise<Map<string, VerifyResult> | undefined> {
  const emails = [...new Set([...candidates.values()].flat().map((c) => c.email))];
  if (emails.length === 0 || !hasInstanceSecret()) return dropSuppressed(db, candidates);
  const byHash = suppressionKeys(emails.map((email): Identifier => `email:${email}`));
  const data = await suppressedAndCached(db, [...byHash.keys()], emails);
  if (data.suppressed.length) {
    const suppressed = new Set(data.suppressed.map((hash) => byHash.get(hash)));
    dropPeople(candidates, (email) => suppressed.has(`email:${email}`));
  }
  return cachedAddressesFromJson(data.cached);
}
