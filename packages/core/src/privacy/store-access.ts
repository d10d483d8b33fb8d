import {
  type Db,
  emailVerifications,
  employment,
  jobChanges,
  people,
  personAttributes,
  personEmails,
  personPhones,
  personProfiles,
  personValueSources,
  sourceRecords,
  sources,
} from '@dossier/db';
import { eq, inArray } from 'drizzle-orm';

/**
 * Everything stored about person `id` for an access request: the person row and its attributes,
 * contacts, employment and job changes, which sources gave each value, and the source records of
 * `id` and of the ids merged into it (`all`).
 */
export const personHoldings = async (db: Db, id: string, all: string[]) => {
  const [[person], attributes, emails, phones, profiles, jobs, changes, valueSources, records] =
    await Promise.all([
      db.select().from(people).where(eq(people.id, id)),
      db.select().from(personAttributes).where(eq(personAttributes.personId, id)),
      db.select().from(personEmails).where(eq(personEmails.personId, id)),
      db.select().from(personPhones).where(eq(personPhones.personId, id)),
      db.select().from(personProfiles).where(eq(personProfiles.personId, id)),
      db.select().from(employment).where(eq(employment.personId, id)),
      db.select().from(jobChanges).where(eq(jobChanges.personId, id)),
      db
        .select({ field: personValueSources.field, value: personValueSources.value, source: sources.name })
        .from(personValueSources)
        .innerJoin(sources, eq(sources.id, personValueSources.sourceId))
        .where(eq(personValueSources.personId, id)),
      db
        .select({
          id: sourceRecords.id,
          source: sources.name,
          kind: sourceRecords.kind,
          payload: sourceRecords.payload,
          importId: sourceRecords.importId,
          rowNumber: sourceRecords.rowNumber,
          createdAt: sourceRecords.createdAt,
        })
        .from(sourceRecords)
        .innerJoin(sources, eq(sources.id, sourceRecords.sourceId))
        .where(inArray(sourceRecords.entityId, all)),
    ]);
  return { person, attributes, emails, phones, profiles, jobs, changes, valueSources, records };
};

/** Cached verifications of these addresses. */
export const verificationsOf = async (db: Db, addresses: string[]) =>
  addresses.length
    ? await db.select().from(emailVerifications).where(inArray(emailVerifications.email, addresses))
    : [];
