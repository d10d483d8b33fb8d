import {
  type Database,
  type Db,
  entityRedirects,
  people,
  personEmails,
  personPhones,
  personProfiles,
} from '@dossier/db';
import { and, inArray, sql } from 'drizzle-orm';
import { anyText } from '../shared/any-text.js';

/** These people's rows, and their emails (with status), phones and, when asked, X handles. */
export const peopleWithContacts = async (db: Db, ids: string[], options: { handles?: boolean }) => {
  const rows = await db.select().from(people).where(anyText(people.id, ids));
  const [emails, phones, profiles] = await Promise.all([
    db
      .select({ personId: personEmails.personId, email: personEmails.email, status: personEmails.status })
      .from(personEmails)
      .where(anyText(personEmails.personId, ids)),
    db
      .select({ personId: personPhones.personId, e164: personPhones.e164 })
      .from(personPhones)
      .where(anyText(personPhones.personId, ids)),
    options.handles
      ? db
          .select({ personId: personProfiles.personId, handle: personProfiles.handle })
          .from(personProfiles)
          .where(
            and(anyText(personProfiles.personId, ids), inArray(personProfiles.network, ['twitter', 'x'])),
          )
      : [],
  ]);
  return { rows, emails, phones, profiles };
};

/** The merge redirects from any of `ids`. */
export const redirectsFrom = (db: Db, ids: string[]) =>
  db.select().from(entityRedirects).where(anyText(entityRedirects.fromId, ids));

/** Which stored person holds each of these emails. */
export const emailOwners = (db: Db, emails: string[]) =>
  db
    .select({ email: personEmails.email, personId: personEmails.personId })
    .from(personEmails)
    .where(anyText(personEmails.email, emails));

/** Each item's summary and not-found ids of an audience job, in item order (JSON text or parsed, by driver). */
export const audienceJobParts = (database: Database, jobId: string) =>
  database.query<{ summary: unknown; not_found: unknown }>(sql`
      select result->'summary' as summary, result->'not_found' as not_found from job_items
      where job_id = ${jobId} order by seq`);
