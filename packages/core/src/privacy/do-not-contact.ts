import { type Db, emailVerifications, people, personEmails, personPhones, personProfiles } from '@dossier/db';
import { and, eq, inArray } from 'drizzle-orm';
import { auditPrivacy, type PrivacyActor } from './audit.js';
import { identifiersOf } from './erase.js';
import { peopleFor } from './find-people.js';
import { throwIfErased } from './gone.js';
import { identifierValue, type RequestTarget } from './identifiers.js';
import { requestRef } from './reference.js';
import { forgetValues, suppress } from './suppression.js';

export interface SuppressResult {
  request_ref: string;
  people: number;
  suppressed_identifiers: number;
  removed_contacts: number;
}

/**
 * A request to stop being contacted: the person stays in the graph without any way to reach them.
 * Their identifiers go on the suppression list (so no import, push or enrichment brings them back)
 * and their emails, phones and profiles are removed, so search, enrich and audiences have nothing to
 * return or hash. One transaction; a rerun adds nothing and answers the same reference.
 */
export async function suppressPerson(
  db: Db,
  target: RequestTarget,
  actor: PrivacyActor,
): Promise<SuppressResult> {
  if (target.kind === 'person') await throwIfErased(db, target.id);
  const ref = requestRef(target);
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const found = await peopleFor(tx, target);
    const ids = found.length
      ? (await tx.select({ id: people.id }).from(people).where(inArray(people.id, found))).map((r) => r.id)
      : [];
    const list = [
      ...new Set([
        ...(await identifiersOf(tx, ids)),
        ...(target.kind === 'person' ? [] : [target.identifier]),
      ]),
    ];
    const emails = list.filter((i) => i.startsWith('email:')).map(identifierValue);
    const phones = list.filter((i) => i.startsWith('phone:')).map(identifierValue);
    const slugs = list.filter((i) => i.startsWith('linkedin:')).map(identifierValue);
    let removed = 0;
    if (emails.length) {
      removed += (
        await tx
          .delete(personEmails)
          .where(inArray(personEmails.email, emails))
          .returning({ id: personEmails.id })
      ).length;
      await tx.delete(emailVerifications).where(inArray(emailVerifications.email, emails));
    }
    if (phones.length)
      removed += (
        await tx
          .delete(personPhones)
          .where(inArray(personPhones.e164, phones))
          .returning({ id: personPhones.id })
      ).length;
    if (slugs.length)
      removed += (
        await tx
          .delete(personProfiles)
          .where(and(eq(personProfiles.network, 'linkedin'), inArray(personProfiles.handle, slugs)))
          .returning({ id: personProfiles.id })
      ).length;
    await forgetValues(tx, ids, [...list.map(identifierValue), ...slugs.map((s) => `linkedin.com/in/${s}`)]);
    const suppressed = await suppress(tx, list, ref);
    const result = {
      request_ref: ref,
      people: ids.length,
      suppressed_identifiers: suppressed,
      removed_contacts: removed,
    };
    await auditPrivacy(tx, actor, 'privacy.suppress', ref, { people: ids.length, suppressed });
    return result;
  });
}
