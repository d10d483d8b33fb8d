import type { Db } from '@dossier/db';
import { emailIdentifier, type Identifier, phoneIdentifier } from '../privacy/identifiers.js';
import { suppressedAmong } from '../privacy/suppression.js';
import type { AudienceContact } from './schema.js';

const list = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/**
 * The contacts without their suppressed emails and phones (one lookup for the whole list): an
 * audience never hashes an identifier on the privacy suppression list. A contact left with nothing
 * usable is reported like any contact without identifiers.
 */
export async function withoutSuppressed(db: Db, contacts: AudienceContact[]): Promise<AudienceContact[]> {
  const keyOf = new Map<string, Identifier>();
  for (const c of contacts) {
    for (const e of list(c.email)) {
      const key = emailIdentifier(e);
      if (key) keyOf.set(`e${e}`, key);
    }
    for (const p of list(c.phone)) {
      const key = phoneIdentifier(p, c.country);
      if (key) keyOf.set(`p${c.country ?? ''}|${p}`, key);
    }
  }
  const suppressed = await suppressedAmong(db, keyOf.values());
  if (suppressed.size === 0) return contacts;
  const keep = (k: string) => {
    const key = keyOf.get(k);
    return !key || !suppressed.has(key);
  };
  return contacts.map((c) => ({
    ...c,
    ...(c.email !== undefined ? { email: list(c.email).filter((e) => keep(`e${e}`)) } : {}),
    ...(c.phone !== undefined
      ? { phone: list(c.phone).filter((p) => keep(`p${c.country ?? ''}|${p}`)) }
      : {}),
  }));
}
