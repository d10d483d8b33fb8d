import {
  companies,
  companyDomains,
  type Db,
  employment,
  entityRedirects,
  jobChanges,
  newId,
  people,
  type personEmails,
  type personPhones,
  type personProfiles,
} from '@dossier/db';
import { eq, sql } from 'drizzle-orm';
import { isFreeMailDomain } from '../../normalize/free-mail.js';
import { parseLinkedInUrl } from '../../normalize/linkedin.js';
import { bulkInsert } from '../../shared/bulk-insert.js';
import { rowsOf, textArrayParam } from '../../shared/sql-rows.js';
import { refreshContactCards } from './contact-cards.js';
import { goldenRecord, isPromotion } from './golden.js';
import { insertKeys, insertValueSources } from './insert-rows.js';
import { type Entity, type EntityRecord, personKeysOf } from './link.js';
import { writePersonAttributes } from './person-attributes.js';
import type { PersonValue } from './person-value.js';
import {
  contactFlags,
  deferPeopleSearch,
  insertPeopleWithFacets,
  refreshPeopleSearch,
} from './search-facets.js';

/** What a newly found email's status is until a verification says otherwise. */
const NEW_EMAIL_STATUS = 'unknown';
const today = () => new Date().toISOString().slice(0, 10);
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Company ids for domains: known ones, and a minimal company for a domain seen the first time. */
async function companiesFor(db: Db, records: EntityRecord[]) {
  const names = new Map<string, string>();
  for (const r of records)
    if (r.value.companyDomain) names.set(r.value.companyDomain, r.value.companyName ?? r.value.companyDomain);
  const ids = new Map<string, string>();
  if (names.size === 0) return ids;
  // One array parameter rather than a list of binds: building a 1,000-bind statement costs more than running it.
  const lookup = async (domains: string[]) => {
    for (const d of await db
      .select({ domain: companyDomains.domain, companyId: companyDomains.companyId })
      .from(companyDomains)
      .where(sql`${companyDomains.domain} = any(${textArrayParam(domains)})`))
      ids.set(d.domain, d.companyId);
  };
  await lookup([...names.keys()]);
  const missing = [...names].filter(([d]) => !ids.has(d));
  if (missing.length) {
    await bulkInsert(
      db,
      companies,
      missing.map(([domain, name]) => ({ id: newId('cmp'), domain, name })),
    );
    const made = await db
      .select({ id: companies.id, domain: companies.domain })
      .from(companies)
      .where(sql`${companies.domain} = any(${textArrayParam(missing.map(([d]) => d))})`);
    await bulkInsert(
      db,
      companyDomains,
      made.map((c) => ({ domain: c.domain, companyId: c.id, isPrimary: true })),
    );
    await lookup(missing.map(([d]) => d));
  }
  return ids;
}

/** Moves everything of `from` onto `to`, then leaves a redirect so the old id keeps resolving. */
async function mergeInto(db: Db, from: string, to: string) {
  for (const [table, value] of [
    ['person_emails', 'email'],
    ['person_phones', 'e164'],
  ] as const) {
    await db.execute(sql`
      insert into ${sql.identifier(table)} (person_id, ${sql.identifier(value)}, type, status, first_seen, last_seen, num_sources)
      select ${to}, ${sql.identifier(value)}, type, status, first_seen, last_seen, num_sources from ${sql.identifier(table)} where person_id = ${from}
      on conflict (person_id, ${sql.identifier(value)}) do update set
        first_seen = least(${sql.identifier(table)}.first_seen, excluded.first_seen),
        last_seen = greatest(${sql.identifier(table)}.last_seen, excluded.last_seen)`);
  }
  await db.execute(sql`
    insert into person_profiles (person_id, network, handle, url, first_seen, last_seen, num_sources)
    select ${to}, network, handle, url, first_seen, last_seen, num_sources from person_profiles where person_id = ${from}
    on conflict (person_id, network, handle) do update set
      first_seen = least(person_profiles.first_seen, excluded.first_seen),
      last_seen = greatest(person_profiles.last_seen, excluded.last_seen)`);
  await db.execute(sql`
    insert into person_value_sources (person_id, field, value, source_id, created_at)
    select ${to}, field, value, source_id, created_at from person_value_sources where person_id = ${from} on conflict do nothing`);
  await db.execute(
    sql`insert into person_keys (key, person_id) select key, ${to} from person_keys where person_id = ${from} on conflict do nothing`,
  );
  await db.update(employment).set({ personId: to, isCurrent: false }).where(eq(employment.personId, from));
  await db.update(jobChanges).set({ personId: to }).where(eq(jobChanges.personId, from));
  await db.execute(sql`update source_records set entity_id = ${to} where entity_id = ${from}`);
  await db.update(entityRedirects).set({ toId: to }).where(eq(entityRedirects.toId, from));
  await db
    .insert(entityRedirects)
    .values({ fromId: from, toId: to })
    .onConflictDoUpdate({ target: entityRedirects.fromId, set: { toId: to } });
  await db.delete(people).where(eq(people.id, from));
}

const columnsOf = (g: PersonValue, companyId: string | undefined) => ({
  fullName: g.fullName || 'Unknown',
  firstName: g.firstName ?? null,
  lastName: g.lastName ?? null,
  title: g.title ?? null,
  seniority: g.seniority ?? null,
  department: g.department ?? null,
  companyId: companyId ?? null,
  city: g.city ?? null,
  region: g.region ?? null,
  country: g.country ?? null,
});

/** The employment row a value belongs to: its company, else the company name as written. */
const jobKey = (v: PersonValue, companyIds: Map<string, string>) =>
  (v.companyDomain ? companyIds.get(v.companyDomain) : undefined) ?? v.companyName ?? null;

/**
 * Writes a linked batch: merges first, then the golden record of every touched person, its values
 * with provenance (each value knows its sources; num_sources counts them), blocking keys, employment
 * history, and a job change when a person's current employer changes.
 */
export async function writeBatch(
  db: Db,
  context: { sourceId: string },
  touched: Entity[],
  merges: { from: string; to: string }[],
  persisted: Set<string>,
) {
  await deferPeopleSearch(db);
  for (const m of merges) if (persisted.has(m.from)) await mergeInto(db, m.from, m.to);
  const fresh = touched.flatMap((e) =>
    e.records.filter((r) => r.fresh).map((r) => ({ entity: e, record: r })),
  );
  const companyIds = await companiesFor(
    db,
    touched.flatMap((e) => e.records),
  );
  const goldens = new Map(touched.map((e) => [e.id, goldenRecord(e.records)]));
  const companyOf = (g: PersonValue) => (g.companyDomain ? companyIds.get(g.companyDomain) : undefined);

  // Values with provenance: upsert each once per batch, then record which source delivered it.
  const emails = new Map<string, typeof personEmails.$inferInsert>();
  const phones = new Map<string, typeof personPhones.$inferInsert>();
  const profiles = new Map<string, typeof personProfiles.$inferInsert>();
  const valueSources = new Map<string, { personId: string; field: string; value: string }>();
  const source = (personId: string, field: string, value: string) =>
    valueSources.set(`${personId}|${field}|${value}`, { personId, field, value });
  // Keys the person's stored records already wrote need no new row: most of a merged record's keys.
  const keys = new Map<string, Set<string>>();
  for (const e of touched) {
    const known = new Set<string>();
    if (persisted.has(e.id))
      for (const r of e.records) if (!r.fresh) for (const k of personKeysOf(r.prepared)) known.add(k);
    const add = keys.get(e.id) ?? new Set<string>();
    for (const r of e.records)
      if (r.fresh) for (const k of personKeysOf(r.prepared)) if (!known.has(k)) add.add(k);
    if (add.size) keys.set(e.id, add);
  }
  for (const { entity, record } of fresh) {
    const v = record.value;
    const personId = entity.id;
    if (v.email) {
      emails.set(`${personId}|${v.email}`, {
        personId,
        email: v.email,
        type: v.emailType ?? 'work',
        status: NEW_EMAIL_STATUS,
      });
      source(personId, 'email', v.email);
    }
    // More addresses and numbers of the same record (Secondary Email, Mobile Phone columns).
    for (const email of v.otherEmails ?? []) {
      emails.set(`${personId}|${email}`, {
        personId,
        email,
        type: isFreeMailDomain(email.slice(email.lastIndexOf('@') + 1)) ? 'personal' : 'work',
        status: NEW_EMAIL_STATUS,
      });
      source(personId, 'email', email);
    }
    for (const phone of v.phone ? [v.phone, ...(v.otherPhones ?? [])] : []) {
      phones.set(`${personId}|${phone}`, { personId, e164: phone, type: 'direct' });
      source(personId, 'phone', phone);
    }
    const profile = parseLinkedInUrl(v.linkedinUrl);
    if (profile) {
      profiles.set(`${personId}|${profile.slug}`, {
        personId,
        network: 'linkedin',
        handle: profile.slug,
        url: profile.url,
      });
      source(personId, 'profile', profile.slug);
    }
    const job = jobKey(v, companyIds);
    if (job) source(personId, 'employment', job);
  }
  // The people columns of a touched person, from its golden record.
  const personRow = (id: string) => {
    const g = goldens.get(id) as PersonValue;
    const c = columnsOf(g, companyOf(g));
    return {
      id,
      full_name: c.fullName,
      first_name: c.firstName,
      last_name: c.lastName,
      title: c.title,
      seniority: c.seniority,
      department: c.department,
      company_id: c.companyId,
      city: c.city,
      region: c.region,
      country: c.country,
    };
  };
  // New persons: inserted once, with final search facets (their contacts are all in this batch).
  const created = touched.filter((e) => !persisted.has(e.id));
  const flags = contactFlags(emails.values(), phones.values(), NEW_EMAIL_STATUS);
  await insertPeopleWithFacets(
    db,
    created.map((e) => ({
      ...personRow(e.id),
      ...(flags.get(e.id) ?? { statuses: [], verified: false, mobile: false }),
    })),
  );
  // Existing persons: one statement for every golden record of the batch.
  const updates = touched.filter((e) => persisted.has(e.id)).map((e) => personRow(e.id));
  if (updates.length)
    await db.execute(sql`
      update people p set full_name = x.full_name, first_name = x.first_name, last_name = x.last_name, title = x.title,
        seniority = x.seniority, department = x.department, company_id = x.company_id, city = x.city, region = x.region,
        country = x.country, updated_at = now()
      from jsonb_to_recordset(${json(updates)}) as x(id text, full_name text, first_name text, last_name text, title text,
        seniority text, department text, company_id text, city text, region text, country text)
      where p.id = x.id and (p.full_name, p.first_name, p.last_name, p.title, p.seniority, p.department, p.company_id, p.city, p.region, p.country)
        is distinct from (x.full_name, x.first_name, x.last_name, x.title, x.seniority, x.department, x.company_id, x.city, x.region, x.country)`);

  await writePersonAttributes(db, goldens);

  await touchValues(
    db,
    'person_emails',
    ['email', 'type', 'status'],
    ['person_id', 'email'],
    [...emails.values()].map((e) => [e.personId, e.email, e.type, e.status ?? NEW_EMAIL_STATUS]),
  );
  await touchValues(
    db,
    'person_phones',
    ['e164', 'type'],
    ['person_id', 'e164'],
    [...phones.values()].map((p) => [p.personId, p.e164, p.type]),
  );
  await touchValues(
    db,
    'person_profiles',
    ['network', 'handle', 'url'],
    ['person_id', 'network', 'handle'],
    [...profiles.values()].map((p) => [p.personId, p.network, p.handle, p.url]),
  );
  const createdIds = new Set(created.map((e) => e.id));
  await insertValueSources(db, [...valueSources.values()], context.sourceId, createdIds);
  await insertKeys(db, keys, createdIds);

  await writeEmployment(db, touched, persisted, goldens, companyIds);
  await countSources(
    db,
    touched.filter((e) => persisted.has(e.id)).map((e) => e.id),
  );
  // Every touched person's contact card and their companies' contact lists, then (persons that existed
  // before this batch: golden record, contacts or merges may have moved them) the search facets.
  await refreshContactCards(db, [...new Set([...touched.map((e) => e.id), ...merges.map((m) => m.to)])]);
  await refreshPeopleSearch(db, [
    ...new Set([...touched.filter((e) => persisted.has(e.id)).map((e) => e.id), ...merges.map((m) => m.to)]),
  ]);
}

async function writeEmployment(
  db: Db,
  touched: Entity[],
  persisted: Set<string>,
  goldens: Map<string, PersonValue>,
  companyIds: Map<string, string>,
) {
  const existingIds = touched.filter((e) => persisted.has(e.id)).map((e) => e.id);
  const rows = existingIds.length
    ? await db
        .select()
        .from(employment)
        .where(sql`${employment.personId} = any(${textArrayParam(existingIds)})`)
    : [];
  const byPerson = new Map<string, typeof rows>();
  for (const row of rows) byPerson.set(row.personId, [...(byPerson.get(row.personId) ?? []), row]);
  const inserts: (typeof employment.$inferInsert)[] = [];
  const changes: (typeof jobChanges.$inferInsert)[] = [];
  const touches: {
    id: number;
    title: string | null;
    seniority: string | null;
    department: string | null;
    is_current: boolean;
    ended: boolean;
  }[] = [];
  for (const e of touched) {
    const golden = goldens.get(e.id) as PersonValue;
    const current = jobKey(golden, companyIds);
    const existing = byPerson.get(e.id) ?? [];
    const rowKey = (r: (typeof rows)[number]) => r.companyId ?? r.companyName;
    const before = existing.find((r) => r.isCurrent);
    // Latest fresh value per employer, for its title.
    const latest = new Map<string, PersonValue>();
    for (const r of e.records)
      if (r.fresh) {
        const key = jobKey(r.value, companyIds);
        if (key) latest.set(key, r.value);
      }
    const changed = before !== undefined && current !== null && rowKey(before) !== current;
    for (const [key, v] of latest) {
      const row = existing.find((r) => rowKey(r) === key);
      if (row) {
        touches.push({
          id: row.id,
          title: v.title ?? row.title,
          seniority: v.seniority ?? row.seniority,
          department: v.department ?? row.department,
          is_current: key === current,
          ended: key !== current && row.isCurrent,
        });
      } else {
        inserts.push({
          personId: e.id,
          companyId: v.companyDomain ? (companyIds.get(v.companyDomain) ?? null) : null,
          companyName: v.companyName ?? v.companyDomain ?? null,
          title: v.title ?? null,
          seniority: v.seniority ?? null,
          department: v.department ?? null,
          isCurrent: key === current,
          startedAt: changed && key === current ? today() : null,
        });
      }
    }
    if (changed && before) {
      await db
        .update(employment)
        .set({ isCurrent: false, endedAt: today() })
        .where(eq(employment.id, before.id));
      const confidence = Math.max(
        0,
        ...e.records
          .filter((r) => r.fresh && jobKey(r.value, companyIds) === current)
          .map((r) => r.fresh?.probability ?? 0),
      );
      changes.push({
        personId: e.id,
        fromCompanyId: before.companyId,
        toCompanyId: golden.companyDomain ? (companyIds.get(golden.companyDomain) ?? null) : null,
        fromTitle: before.title,
        toTitle: golden.title ?? null,
        isPromotion: isPromotion(before.seniority ?? undefined, golden.seniority),
        confidence,
      });
    }
  }
  if (touches.length)
    await db.execute(sql`
      update employment e set last_seen = now(), title = x.title, seniority = x.seniority, department = x.department,
        is_current = x.is_current, ended_at = case when x.ended then current_date when x.is_current then null else e.ended_at end
      from jsonb_to_recordset(${json(touches)}) as x(id bigint, title text, seniority text, department text, is_current boolean, ended boolean)
      where e.id = x.id`);
  await bulkInsert(db, employment, inserts);
  await bulkInsert(db, jobChanges, changes);
}

/**
 * Inserts values, or marks known ones seen again (`last_seen`), in one statement: the rows travel as
 * one JSON parameter (arrays of text, person id first).
 */
async function touchValues(db: Db, table: string, columns: string[], conflict: string[], rows: string[][]) {
  if (rows.length === 0) return;
  const all = ['person_id', ...columns];
  const names = sql.raw(all.join(', '));
  const picks = sql.raw(all.map((_, i) => `v->>${i}`).join(', '));
  await db.execute(sql`
    insert into ${sql.identifier(table)} (${names})
    select ${picks} from jsonb_array_elements(${json(rows)}) as v
    on conflict (${sql.raw(conflict.join(', '))}) do update set last_seen = now()`);
}

/** num_sources of each touched value = the distinct sources that delivered it. */
async function countSources(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  const counts = (field: string) => sql`
    (select person_id, value, count(*)::int as n from person_value_sources
     where field = ${field} and person_id = any(${textArrayParam(ids)}) group by 1, 2)`;
  await db.execute(
    sql`update person_emails t set num_sources = c.n from ${counts('email')} c where t.person_id = c.person_id and t.email = c.value and t.num_sources <> c.n`,
  );
  await db.execute(
    sql`update person_phones t set num_sources = c.n from ${counts('phone')} c where t.person_id = c.person_id and t.e164 = c.value and t.num_sources <> c.n`,
  );
  await db.execute(
    sql`update person_profiles t set num_sources = c.n from ${counts('profile')} c where t.person_id = c.person_id and t.handle = c.value and t.num_sources <> c.n`,
  );
  await db.execute(
    sql`update employment t set num_sources = c.n from ${counts('employment')} c where t.person_id = c.person_id and coalesce(t.company_id, t.company_name) = c.value and t.num_sources <> c.n`,
  );
}

export { rowsOf };
