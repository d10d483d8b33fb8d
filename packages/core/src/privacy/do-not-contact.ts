import type { Db } from '@dossier/db';
import { auditPrivacy, type PrivacyActor } from './audit.js';
import { identifiersOf } from './erase.js';
import { peopleFor } from './find-people.js';
import { throwIfErased } from './gone.js';
import { identifierValue, type RequestTarget } from './identifiers.js';
import { requestRef } from './reference.js';
import {
  deleteEmails,
  deleteLinkedinProfiles,
  deletePhones,
  deleteVerifications,
  livePeople,
} from './store.js';
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
    const ids = await livePeople(tx, found);
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
      removed += await deleteEmails(tx, emails);
      await deleteVerifications(tx, emails);
    }
    if (phones.length) removed += await deletePhones(tx, phones);
    if (slugs.length) removed += await deleteLinkedinProfiles(tx, slugs);
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
