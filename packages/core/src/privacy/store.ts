import {
  auditLog,
  type Db,
  emailVerifications,
  entityRedirects,
  people,
  personEmails,
  personPhones,
  personProfiles,
  privacyErasures,
  privacySettings,
  privacySuppressions,
  sourceRecords,
} from '@dossier/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { preparedData } from '../shared/prepared.js';
import { jsonOf, textArray } from '../shared/sql-rows.js';

export const insertAuditEntry = async (db: Db, values: typeof auditLog.$inferInsert): Promise<void> => {
  await db.insert(auditLog).values(values);
};

/** Which of `ids` are stored people (not merged away or erased). */
export const livePeople = async (db: Db, ids: string[]): Promise<string[]> =>
  ids.length
    ? (await db.select({ id: people.id }).from(people).where(inArray(people.id, ids))).map((r) => r.id)
    : [];

/** Ids of the people holding any of these emails, phones (E.164) or LinkedIn handles; may repeat. */
export const holdersOf = async (
  db: Db,
  values: { emails: string[]; phones: string[]; profiles: string[] },
): Promise<string[]> => {
  const ids: string[] = [];
  if (values.emails.length)
    for (const r of await db
      .select({ id: personEmails.personId })
      .from(personEmails)
      .where(inArray(personEmails.email, values.emails)))
      ids.push(r.id);
  if (values.phones.length)
    for (const r of await db
      .select({ id: personPhones.personId })
      .from(personPhones)
      .where(inArray(personPhones.e164, values.phones)))
      ids.push(r.id);
  if (values.profiles.length)
    for (const r of await db
      .select({ id: personProfiles.personId })
      .from(personProfiles)
      .where(and(eq(personProfiles.network, 'linkedin'), inArray(personProfiles.handle, values.profiles))))
      ids.push(r.id);
  return ids;
};

/** Ids that were merged straight into one of `ids` (one hop of `entity_redirects`). */
export const redirectedTo = async (db: Db, ids: string[]): Promise<string[]> =>
  (
    await db
      .select({ fromId: entityRedirects.fromId })
      .from(entityRedirects)
      .where(inArray(entityRedirects.toId, ids))
  ).map((r) => r.fromId);

export const erasureRow = async (db: Db, personId: string) => {
  const [row] = await db
    .select()
    .from(privacyErasures)
    .where(eq(privacyErasures.personId, personId))
    .limit(1);
  return row;
};

/** These people's stored emails, phones and LinkedIn handles, and the payloads of their source records. */
export const contactValuesOf = async (db: Db, ids: string[]) => {
  const [emails, phones, profiles, records] = await Promise.all([
    db.select({ v: personEmails.email }).from(personEmails).where(inArray(personEmails.personId, ids)),
    db.select({ v: personPhones.e164 }).from(personPhones).where(inArray(personPhones.personId, ids)),
    db
      .select({ v: personProfiles.handle })
      .from(personProfiles)
      .where(and(inArray(personProfiles.personId, ids), eq(personProfiles.network, 'linkedin'))),
    db
      .select({ payload: sourceRecords.payload })
      .from(sourceRecords)
      .where(inArray(sourceRecords.entityId, ids)),
  ]);
  return { emails, phones, profiles, records };
};

/** Deletes every stored copy of these emails; returns how many there were. */
export const deleteEmails = async (db: Db, emails: string[]): Promise<number> =>
  (
    await db
      .delete(personEmails)
      .where(inArray(personEmails.email, emails))
      .returning({ id: personEmails.id })
  ).length;

export const deletePhones = async (db: Db, phones: string[]): Promise<number> =>
  (await db.delete(personPhones).where(inArray(personPhones.e164, phones)).returning({ id: personPhones.id }))
    .length;

export const deleteLinkedinProfiles = async (db: Db, handles: string[]): Promise<number> =>
  (
    await db
      .delete(personProfiles)
      .where(and(eq(personProfiles.network, 'linkedin'), inArray(personProfiles.handle, handles)))
      .returning({ id: personProfiles.id })
  ).length;

/** Deletes cached verifications of these emails; returns how many there were. */
export const deleteVerifications = async (db: Db, emails: string[]): Promise<number> =>
  (
    await db
      .delete(emailVerifications)
      .where(inArray(emailVerifications.email, emails))
      .returning({ email: emailVerifications.email })
  ).length;

/** Deletes which sources gave `values` to `holders`, and the resolver's blocking keys built from them. */
export const deleteValueSources = async (db: Db, holders: string[], values: string[]): Promise<void> => {
  await db.execute(
    sql`delete from person_value_sources where person_id = any(${textArray(holders)}::text[]) and value = any(${textArray(values)}::text[])`,
  );
  await db.execute(
    sql`delete from person_keys where person_id = any(${textArray(holders)}::text[]) and exists (select 1 from unnest(${textArray(values)}::text[]) v where strpos(key, v) > 0)`,
  );
};

/** True when the suppression list holds anything. */
export const anySuppression = async (db: Db): Promise<boolean> => {
  const [any] = await db.select({ one: sql`1` }).from(privacySuppressions).limit(1);
  return any !== undefined;
};

/**
 * Which of these identifier hashes are on the suppression list: one prepared statement, since imports
 * check every batch and enrich every person request, and building the query each time cost more Node
 * time than the indexed lookup itself.
 */
export const suppressedHashes = async (db: Db, hashes: string[]): Promise<string[]> => {
  const [row] = await preparedData(
    db,
    'privacy_suppressed_hashes',
    () => sql`select coalesce(json_agg(s.hash), '[]') as data from privacy_suppressions s
      where s.hash = any(${sql.placeholder('hashes')}::text[])`,
  ).execute({ hashes: textArray(hashes) });
  const data = row?.data ?? [];
  return jsonOf<string[]>(data);
};

/** Adds to the suppression list (a hash already there is skipped); returns how many were new. */
export const insertSuppressions = async (
  db: Db,
  rows: (typeof privacySuppressions.$inferInsert)[],
): Promise<number> =>
  (
    await db
      .insert(privacySuppressions)
      .values(rows)
      .onConflictDoNothing()
      .returning({ hash: privacySuppressions.hash })
  ).length;

/** Deletes the source records these people were built from; returns how many there were. */
export const deleteSourceRecordsOf = async (db: Db, ids: string[]): Promise<number> =>
  (
    await db
      .delete(sourceRecords)
      .where(inArray(sourceRecords.entityId, ids))
      .returning({ id: sourceRecords.id })
  ).length;

/** Deletes the people, the merge redirects to and from them, and records their erasure under `requestRef`. */
export const deletePeople = async (db: Db, ids: string[], requestRef: string): Promise<void> => {
  await db
    .delete(entityRedirects)
    .where(or(inArray(entityRedirects.toId, ids), inArray(entityRedirects.fromId, ids)));
  await db.delete(people).where(inArray(people.id, ids));
  await db
    .insert(privacyErasures)
    .values(ids.map((personId) => ({ personId, requestRef })))
    .onConflictDoNothing();
};

const INSTANCE = 'instance';

export const retentionRow = async (db: Db) => {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.id, INSTANCE));
  return row;
};

/** Writes the instance's privacy settings (the one row is made when missing). */
export const saveRetention = async (
  db: Db,
  set: Partial<typeof privacySettings.$inferInsert>,
): Promise<void> => {
  await db
    .insert(privacySettings)
    .values({ id: INSTANCE, ...set })
    .onConflictDoUpdate({ target: privacySettings.id, set });
};
