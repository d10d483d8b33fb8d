// Contact cards (packages/db/sql/contact-read-model.sql) are a copy of each person's emails, phones and profiles that enrich
// reads instead of the three tables. The copy must always equal what the tables hold: after imports
// (which defer the card triggers and refresh the people they touched), merges, and plain writes
// outside an import (the statement triggers).
import { type Database, people, personEmails, personPhones, personProfiles } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRolledBack } from '../../testing/enrich-fixtures.js';
import { peopleCsvWriter } from '../../testing/ingest-fixtures.js';
import { peopleKind } from '../ingest/people-kind.js';
import { runImport } from '../ingest/run-import.js';
import { rowsOf } from '../shared/sql-rows.js';

const csv = peopleCsvWriter('dossier-contact-cards-');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Card = { person_id: string; emails: unknown; phones: unknown; profiles: unknown };
const cardsSql = sql`select person_id, emails::text as emails, phones::text as phones, profiles::text as profiles
  from person_contact_cards order by person_id`;
const cards = async () => rowsOf<Card>(await database.db.execute(cardsSql));
/** The cards as a rebuild from the tables gives them (rolled back): what the kept copy must equal. */
const rebuilt = () =>
  inRolledBack(database, async (tx) => {
    await tx.execute(sql`delete from person_contact_cards`);
    await tx.execute(sql`select dossier_refresh_contact_cards(array(select id from people))`);
    return rowsOf<Card>(await tx.execute(cardsSql));
  });
const cardOf = async (personId: string) => {
  const [row] = rowsOf<{ emails: string; phones: string; profiles: string }>(
    await database.db.execute(
      sql`select emails::text as emails, phones::text as phones, profiles::text as profiles
        from person_contact_cards where person_id = ${personId}`,
    ),
  );
  return row
    ? { emails: JSON.parse(row.emails), phones: JSON.parse(row.phones), profiles: JSON.parse(row.profiles) }
    : null;
};
const personOf = async (email: string) => {
  const [row] = await database.db
    .select({ personId: personEmails.personId })
    .from(personEmails)
    .where(eq(personEmails.email, email));
  return row?.personId as string;
};

describe('contact cards', () => {
  it('match the tables after imports, merges and plain writes', async () => {
    const first = csv('first.csv', [
      'Greta,Holm,greta.holm@cardco.example,+49 30 1234567,,CardCo,cardco.example,VP Finance,Berlin,DE',
      'Greta,Holm,GRETA.HOLM@cardco.example,,https://linkedin.com/in/gretaholm,CardCo,cardco.example,VP Finance,Berlin,DE',
      'Lena,Berg,lena.berg@gmail.com,,,,,,Oslo,NO',
    ]);
    await runImport({ database, path: first, source: 'crm', kind: peopleKind });
    expect(await cards()).toEqual(await rebuilt());
    const greta = await personOf('greta.holm@cardco.example');
    // Each contact point an array (packages/db/sql/contact-read-model.sql): [email, type, status], [number, type, status], [network, url].
    expect(await cardOf(greta)).toEqual({
      emails: [['greta.holm@cardco.example', 'work', 'unknown']],
      phones: [['+49301234567', 'direct', 'unknown']],
      profiles: [['linkedin', 'linkedin.com/in/gretaholm']],
    });

    // A second record of Lena, with a LinkedIn profile and a work address: merged into her.
    const second = csv('second.csv', [
      'Lena,Berg,lena.berg@gmail.com,,https://linkedin.com/in/lenaberg,CardCo,cardco.example,Sales Manager,Berlin,DE',
      'Lena,Berg,lena@cardco.example,,https://linkedin.com/in/lenaberg,CardCo,cardco.example,Sales Manager,Berlin,DE',
    ]);
    await runImport({ database, path: second, source: 'vendor', kind: peopleKind });
    expect(await cards()).toEqual(await rebuilt());
    const lena = await personOf('lena.berg@gmail.com');
    expect((await cardOf(lena))?.emails.map((e: string[]) => e[0]).sort()).toEqual([
      'lena.berg@gmail.com',
      'lena@cardco.example',
    ]);

    // Outside an import, the triggers: a verified address moves to the front, a deleted phone goes.
    await database.db
      .update(personEmails)
      .set({ status: 'verified' })
      .where(eq(personEmails.email, 'lena@cardco.example'));
    expect((await cardOf(lena))?.emails[0]).toEqual(['lena@cardco.example', 'work', 'verified']);
    await database.db.delete(personPhones).where(eq(personPhones.personId, greta));
    expect((await cardOf(greta))?.phones).toEqual([]);
    await database.db
      .insert(personPhones)
      .values({ personId: lena, e164: '+4790000000', type: 'mobile', status: 'valid' });
    expect((await cardOf(lena))?.phones).toEqual([['+4790000000', 'mobile', 'valid']]);
    expect(await cards()).toEqual(await rebuilt());

    // No contact points left: no card. A deleted person: no card.
    await database.db.delete(personEmails).where(eq(personEmails.personId, greta));
    await database.db.delete(personProfiles).where(eq(personProfiles.personId, greta));
    expect(await cardOf(greta)).toBeNull();
    await database.db.delete(people).where(eq(people.id, lena));
    expect(await cardOf(lena)).toBeNull();
    expect(await cards()).toEqual(await rebuilt());
  });
});
