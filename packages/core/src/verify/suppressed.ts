import type { Db } from '@dossier/db';
import { normalizeEmail } from '../normalize/email.js';
import type { Identifier } from '../privacy/identifiers.js';
import { suppressedAmong } from '../privacy/suppression.js';
import type { VerifyResult } from './types.js';

/** What a job stores instead of a suppressed address: it names no one. */
export const SUPPRESSED_ITEM = 'suppressed:';

/** The answer for an address on the suppression list: never checked, never cached. */
export const suppressedResult = (input: string): VerifyResult => ({
  input,
  email: null,
  status: 'unknown',
  reason: 'suppressed',
  score: 0,
  flags: { role: null, free: null, disposable: null, accept_all: null },
  suggestion: null,
  domain: null,
  smtp: null,
  retry_after_s: null,
  checked_at: new Date().toISOString(),
  duration_ms: 0,
  cached: false,
});

/** Positions of the addresses that are on the suppression list (or stand for one). */
export async function suppressedPositions(db: Db, emails: string[]): Promise<Set<number>> {
  const keys = emails.map((e) => {
    const normal = normalizeEmail(e);
    return normal ? (`email:${normal}` as Identifier) : null;
  });
  const suppressed = await suppressedAmong(
    db,
    keys.filter((k): k is Identifier => k !== null),
  );
  const out = new Set<number>();
  emails.forEach((e, i) => {
    const key = keys[i];
    if (e === SUPPRESSED_ITEM || (key && suppressed.has(key))) out.add(i);
  });
  return out;
}

/** Verifies the addresses not suppressed; suppressed ones get `suppressedResult` in their place. */
export async function verifyUnsuppressed<R extends VerifyResult | undefined>(
  db: Db,
  emails: string[],
  verify: (emails: string[]) => Promise<R[]>,
): Promise<(R | VerifyResult)[]> {
  const skip = await suppressedPositions(db, emails);
  if (skip.size === 0) return verify(emails);
  const checked = await verify(emails.filter((_, i) => !skip.has(i)));
  let k = 0;
  return emails.map((e, i) =>
    skip.has(i) ? suppressedResult(e === SUPPRESSED_ITEM ? '' : e) : (checked[k++] as R),
  );
}
