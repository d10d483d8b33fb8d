import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { textArrayParam } from '../../shared/sql-rows.js';

/**
 * Rebuilds the contact cards (packages/db/sql/contact-read-model.sql: emails, phones and profiles as enrich lists them) of
 * the people a batch touched, then the contact lists (packages/db/sql/contact-read-model.sql: each company's first contacts)
 * of the companies they work at. The card and list triggers stand aside while the batch defers the
 * people search triggers, so a new person's card is written once, not once per email, phone and
 * profile statement, and a company's list once per batch. (People who left a company, or were
 * merged away, had their old company's list refreshed by the triggers as they went.)
 */
export async function refreshContactCards(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`select dossier_refresh_contact_cards(${textArrayParam(ids)})`);
  await db.execute(sql`select dossier_touch_contact_lists(${textArrayParam(ids)})`);
}
