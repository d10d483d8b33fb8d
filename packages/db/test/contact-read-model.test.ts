import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CardEmail,
  type CardPhone,
  type CardProfile,
  createDatabase,
  type Database,
  type ListedContactRow,
  parseCardEmails,
  parseCardPhones,
  parseCardProfiles,
  parseListedContact,
} from '../src/index.js';

// The read model's triggers build the rows in SQL; the parsers in contact-read-model.ts must read
// every position back as the value that was written.
describe('the contact read model: rows built in SQL, parsed by contact-read-model.ts', () => {
  let database: Database;
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

  beforeAll(async () => {
    database = await createDatabase();
    await database.migrate();
    await database.query(
      sql`insert into companies (id, domain, name) values ('co_1', 'acme.example', 'Acme')`,
    );
    await database.query(sql`insert into people (id, full_name, first_name, last_name, title, seniority,
      department, city, region, country, company_id)
      values ('pe_1', 'Ada Lovelace', 'Ada', 'Lovelace', 'VP Engineering', 'vp', 'engineering',
        'London', 'England', 'GB', 'co_1')`);
    await database.query(sql`insert into person_emails (person_id, email, type, status)
      values ('pe_1', 'ada@acme.example', 'work', 'verified'), ('pe_1', 'ada@mail.example', 'personal', 'invalid')`);
    await database.query(sql`insert into person_phones (person_id, e164, type, status)
      values ('pe_1', '+442071234567', 'mobile', 'valid')`);
    await database.query(sql`insert into person_profiles (person_id, network, handle, url)
      values ('pe_1', 'linkedin', 'ada', 'https://www.linkedin.com/in/ada')`);
  }, 240_000);
  afterAll(() => database?.close());

  const expectedCard = {
    emails: [
      { email: 'ada@acme.example', type: 'work', status: 'verified' },
      { email: 'ada@mail.example', type: 'personal', status: 'invalid' },
    ],
    phones: [{ number: '+442071234567', type: 'mobile', status: 'valid' }],
    profiles: [{ network: 'linkedin', url: 'https://www.linkedin.com/in/ada' }],
  };

  it('a contact card: emails, phones and profiles, best first', async () => {
    const [card] = await database.query<{ emails: unknown; phones: unknown; profiles: unknown }>(
      sql`select emails, phones, profiles from person_contact_cards where person_id = 'pe_1'`,
    );
    expect(parseCardEmails(json<CardEmail[]>(card?.emails))).toEqual(expectedCard.emails);
    expect(parseCardPhones(json<CardPhone[]>(card?.phones))).toEqual(expectedCard.phones);
    expect(parseCardProfiles(json<CardProfile[]>(card?.profiles))).toEqual(expectedCard.profiles);
  });

  it("a company's contact list: every position of a listed person", async () => {
    const [list] = await database.query<{ contacts: unknown }>(
      sql`select contacts from company_contact_lists where company_id = 'co_1'`,
    );
    const contacts = json<ListedContactRow[]>(list?.contacts);
    expect(contacts).toHaveLength(1);
    expect(parseListedContact(contacts[0] as ListedContactRow)).toEqual({
      id: 'pe_1',
      full_name: 'Ada Lovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'VP Engineering',
      seniority: 'vp',
      department: 'engineering',
      location: { city: 'London', region: 'England', country: 'GB' },
      ...expectedCard,
    });
  });
});
