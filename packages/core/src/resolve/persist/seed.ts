import { type Db, newId, sourceRecords, sources } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { hashOf } from '../../ingest/store-checked.js';
import { bulkInsert } from '../../shared/bulk-insert.js';
import { rowsOf } from '../../shared/sql-rows.js';
import { preparePerson } from '../prepare.js';
import { insertKeys } from './insert-rows.js';
import { personKeysOf } from './link.js';
import { asPersonRecord, checkPerson } from './person-value.js';
import { lockPeopleResolution } from './store-people.js';

/** What is known of a person stored without going through an import (demo data, older loads). */
export interface KnownPerson {
  personId: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  title?: string | null;
  city?: string | null;
  region?: string | null;
  country?: string | null;
  companyName?: string | null;
  companyDomain?: string | null;
  /** Work emails first: the first one travels with the employer, the others alone. */
  emails?: string[];
  phones?: string[];
  linkedinUrl?: string | null;
}

/**
 * The rows an import would have sent for a person: one with the name, job, place, first email,
 * phone and LinkedIn URL, then one per further email or phone (a name and that identifier).
 */
const fieldRows = (p: KnownPerson): Record<string, string>[] => {
  const name = {
    first_name: p.firstName ?? '',
    last_name: p.lastName ?? '',
    full_name: p.firstName || p.lastName ? '' : (p.fullName ?? ''),
  };
  const emails = p.emails ?? [];
  const phones = p.phones ?? [];
  const rows: Record<string, string>[] = [
    {
      ...name,
      email: emails[0] ?? '',
      phone: phones[0] ?? '',
      linkedin_url: p.linkedinUrl ?? '',
      company_name: p.companyName ?? '',
      company_domain: p.companyDomain ?? '',
      title: p.title ?? '',
      city: p.city ?? '',
      region: p.region ?? '',
      country: p.country ?? '',
    },
  ];
  for (let i = 1; i < Math.max(emails.length, phones.length); i++)
    rows.push({ ...name, email: emails[i] ?? '', phone: phones[i] ?? '', country: p.country ?? '' });
  return rows;
};

/**
 * Makes persons stored outside an import resolvable: their values go through the importer's checks
 * (`checkPerson`) into `source_records` of `sourceId`, and their blocking keys into `person_keys`, as
 * an import writes them. A value that fails the checks is left out. Idempotent (same hash, same key).
 * Returns the number of key rows written.
 */
export async function seedPersonKeys(db: Db, sourceId: string, persons: KnownPerson[]): Promise<number> {
  // Under the resolution lock: an import running meanwhile sees these persons whole or not at all.
  await lockPeopleResolution(db);
  const records: (typeof sourceRecords.$inferInsert)[] = [];
  const keys = new Map<string, Set<string>>();
  for (const p of persons) {
    const set = keys.get(p.personId) ?? new Set<string>();
    for (const fields of fieldRows(p)) {
      const check = checkPerson(fields);
      if (!check.ok) continue;
      // The hash names the person too: two demo people may share a generic value such as info@.
      records.push({
        id: newId('rec'),
        sourceId,
        kind: 'people',
        hash: hashOf('people', { person: p.personId, ...check.value }),
        payload: check.value as unknown as Record<string, unknown>,
        entityId: p.personId,
      });
      for (const k of personKeysOf(preparePerson(asPersonRecord(p.personId, check.value), 0))) set.add(k);
    }
    if (set.size) keys.set(p.personId, set);
  }
  await bulkInsert(db, sourceRecords, records);
  await insertKeys(db, keys);
  let n = 0;
  for (const set of keys.values()) n += set.size;
  return n;
}

/**
 * Backfill: every person without a `person_keys` row (loaded before persons had keys, or by a
 * loader that did not write them) is read back with its emails, phones, LinkedIn profile and
 * employer and seeded under the source `backfill`. Pages by id, `batch` persons per transaction.
 */
export async function backfillPersonKeys(
  db: Db,
  options: { batch?: number } = {},
): Promise<{ persons: number; keys: number }> {
  const batch = options.batch ?? 1000;
  await db
    .insert(sources)
    .values({ id: newId('src'), name: 'backfill' })
    .onConflictDoNothing();
  const [source] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from sources where name = 'backfill'`),
  );
  if (!source) throw new Error('source backfill could not be created');
  let after = '';
  let persons = 0;
  let keys = 0;
  for (;;) {
    const rows = rowsOf<{
      id: string;
      first_name: string | null;
      last_name: string | null;
      full_name: string;
      title: string | null;
      city: string | null;
      region: string | null;
      country: string | null;
      company_name: string | null;
      company_domain: string | null;
      emails: string[] | null;
      phones: string[] | null;
      linkedin: string | null;
    }>(
      await db.execute(sql`
        select p.id, p.first_name, p.last_name, p.full_name, p.title, p.city, p.region, p.country,
          c.name as company_name, c.domain as company_domain,
          (select array_agg(e.email order by e.type = 'work' desc, e.last_seen desc) from person_emails e where e.person_id = p.id) as emails,
          (select array_agg(f.e164 order by f.last_seen desc) from person_phones f where f.person_id = p.id) as phones,
          (select f.url from person_profiles f where f.person_id = p.id and f.network = 'linkedin' order by f.last_seen desc limit 1) as linkedin
        from people p left join companies c on c.id = p.company_id
        where p.id > ${after} and not exists (select 1 from person_keys k where k.person_id = p.id)
        order by p.id limit ${batch}`),
    );
    if (rows.length === 0) break;
    after = (rows[rows.length - 1] as { id: string }).id;
    keys += await db.transaction((tx) =>
      seedPersonKeys(
        tx as unknown as Db,
        source.id,
        rows.map((r) => ({
          personId: r.id,
          firstName: r.first_name,
          lastName: r.last_name,
          fullName: r.full_name,
          title: r.title,
          city: r.city,
          region: r.region,
          country: r.country,
          companyName: r.company_name,
          companyDomain: r.company_domain,
          emails: r.emails ?? [],
          phones: r.phones ?? [],
          linkedinUrl: r.linkedin,
        })),
      ),
    );
    persons += rows.length;
  }
  return { persons, keys };
}
