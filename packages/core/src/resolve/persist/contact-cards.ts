import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { idArray } from './retrieve.js';

/**
 * Rebuilds the contact cards (migration 0011: emails, phones and profiles as enrich lists them) of
 * the people a batch touched. The card triggers stand aside while the batch defers the people search
 * triggers, so a new person's card is written once, not once per email, phone and profile statement.
 */
export async function refreshContactCards(db: Db, ids: string[]) {
  if (ids.length) await db.execute(sql`select dossier_refresh_contact_cards(${idArray(ids)})`);
}
