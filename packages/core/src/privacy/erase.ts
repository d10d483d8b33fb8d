import type { Db } from '@dossier/db';
import type { PersonValue } from '../resolve/persist/person-value.js';
import { auditPrivacy, type PrivacyActor } from './audit.js';
import { erasureOf, mergedInto, peopleFor, peopleHolding } from './find-people.js';
import { type Identifier, identifierValue, type RequestTarget, recordIdentifiers } from './identifiers.js';
import { jobNeedles, scrubJobs } from './job-scrub.js';
import { requestRef } from './reference.js';
import {
  contactValuesOf,
  deleteEmails,
  deleteLinkedinProfiles,
  deletePeople,
  deletePhones,
  deleteSourceRecordsOf,
  deleteVerifications,
  livePeople,
} from './store.js';
import { forgetValues, suppress } from './suppression.js';

export interface EraseResult {
  request_ref: string;
  /** `erased`: people were removed now; `nothing_held`: no one holds it (erased before, or never known). */
  status: 'erased' | 'nothing_held';
  people: number;
  removed: { source_records: number; verifications: number; job_items: number; jobs: number };
  suppressed_identifiers: number;
}

/** Everything that identifies these people: their stored contacts and what their source records said. */
export async function identifiersOf(db: Db, ids: string[]): Promise<Identifier[]> {
  if (ids.length === 0) return [];
  const out = new Set<Identifier>();
  const { emails, phones, profiles, records } = await contactValuesOf(db, ids);
  for (const r of emails) out.add(`email:${r.v}`);
  for (const r of phones) out.add(`phone:${r.v}`);
  for (const r of profiles) out.add(`linkedin:${r.v}`);
  for (const r of records)
    for (const id of recordIdentifiers(r.payload as unknown as PersonValue)) out.add(id);
  return [...out].sort();
}

/**
 * Erases the people a request names and every copy of them, in one transaction (a crash leaves all or
 * nothing; a rerun finds nothing left and answers the same reference): the person rows (their emails,
 * phones, profiles, attributes, employment and job changes go by cascade; keys, value sources, contact
 * cards, contact lists and search facets by the triggers that keep them), the source records they were
 * built from, cached verifications of their addresses, their entries in jobs (audience items and CSVs,
 * verification results), merge redirects to them, and the same identifiers held by anyone else. Their
 * identifiers go on the suppression list, and every id answers "gone" from then on.
 */
export async function erase(db: Db, target: RequestTarget, actor: PrivacyActor): Promise<EraseResult> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = target.kind === 'person' ? await erasureOf(tx, target.id) : null;
    const ref = before?.ref ?? requestRef(target);
    const found = before ? [] : await peopleFor(tx, target);
    const live = await livePeople(tx, found);
    const ids = [...live, ...(await mergedInto(tx, live))];
    const identifiers = new Set(await identifiersOf(tx, ids));
    if (target.kind !== 'person') identifiers.add(target.identifier);
    // Anyone else holding these identifiers loses them too (their own record stays).
    const list = [...identifiers];
    const values = list.map(identifierValue);
    const emails = list.filter((i) => i.startsWith('email:')).map(identifierValue);
    const phones = list.filter((i) => i.startsWith('phone:')).map(identifierValue);
    const slugs = list.filter((i) => i.startsWith('linkedin:')).map(identifierValue);
    const holders = (await peopleHolding(tx, list)).filter((id) => !ids.includes(id));
    if (emails.length) await deleteEmails(tx, emails);
    if (phones.length) await deletePhones(tx, phones);
    if (slugs.length) await deleteLinkedinProfiles(tx, slugs);
    await forgetValues(tx, holders, [...values, ...slugs.map((s) => `linkedin.com/in/${s}`)]);

    const suppressed = await suppress(tx, list, ref);
    const records = ids.length ? await deleteSourceRecordsOf(tx, ids) : 0;
    const verifications = emails.length ? await deleteVerifications(tx, emails) : 0;
    const jobs = await scrubJobs(tx, jobNeedles(ids, list));
    if (ids.length) await deletePeople(tx, ids, ref);
    const result: EraseResult = {
      request_ref: ref,
      status: live.length ? 'erased' : 'nothing_held',
      people: live.length,
      removed: {
        source_records: records,
        verifications,
        job_items: jobs.items,
        jobs: jobs.jobs,
      },
      suppressed_identifiers: suppressed,
    };
    await auditPrivacy(tx, actor, 'privacy.erase', ref, { status: result.status, people: result.people });
    return result;
  });
}
