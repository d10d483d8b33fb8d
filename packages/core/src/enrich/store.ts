import {
  type CardEmail,
  type CardPhone,
  type CardProfile,
  type ContactCard,
  contactListSize,
  type Db,
  type ListedContactRow,
  type PersonRoleColumns,
  parseCardEmails,
  parseCardPhones,
  parseCardProfiles,
  parseListedContact,
} from '@dossier/db';
import { type SQL, sql } from 'drizzle-orm';
import { companyJsonSql, type StoredCompany, storedCompanyFromJson } from '../company/company-json.js';
import type { PersonRecord } from '../person/schema.js';
import { employmentFromJson, jobsJsonSql } from '../person/store.js';
import { preparedData as prepared } from '../shared/prepared.js';
import { jsonOf, likeEscape, textArray } from '../shared/sql-rows.js';
import { cachedAddressesSql } from '../verify/store-cache.js';

/**
 * The reads behind enrich, each one statement that answers a whole request: a company with its
 * contacts, or the people behind a set of identifiers with their companies. PostgreSQL builds the
 * answer as one JSON value from indexed subqueries (no N+1, one round trip, one value to parse),
 * and each statement is prepared once per database and connection, so it is neither rebuilt by
 * the query builder nor planned again on every call.
 */

/** What a contact is built from: the parts of a person record enrich shows. */
export type ContactPerson = Pick<
  PersonRecord,
  | 'id'
  | 'full_name'
  | 'first_name'
  | 'last_name'
  | 'title'
  | 'seniority'
  | 'department'
  | 'company'
  | 'location'
> &
  ContactCard & {
    /** Only when `history` was asked for; empty otherwise. */
    employment: PersonRecord['employment'];
  };

export interface LookupOptions {
  /** Employment history (the `history` field). */
  history: boolean;
  /** The company's technologies (the `technologies` field). */
  technologies: boolean;
  /**
   * A company's contacts: when one shown lacks an address, the addresses the email finder learns
   * from come along (`known`; the `email` field). Read from the kept list only.
   */
  addresses?: boolean;
}

const param = (name: string) => sql.placeholder(name);

/**
 * The person row aliased `p` as JSON, its emails, phones and profiles from its contact card aliased
 * `k` (`person_contact_cards`, joined by the caller; no card: none); `company` is the SQL of its
 * current company `{id, domain, name}`.
 */
const personJsonSql = (p: string, k: string, company: string, history: boolean) =>
  `json_build_object('id', ${p}.id, 'full_name', ${p}.full_name, 'first_name', ${p}.first_name,
    'last_name', ${p}.last_name, 'title', ${p}.title, 'seniority', ${p}.seniority, 'department', ${p}.department,
    'company', ${company}, 'city', ${p}.city, 'region', ${p}.region, 'country', ${p}.country,
    'emails', coalesce(${k}.emails, '[]'), 'phones', coalesce(${k}.phones, '[]'), 'profiles', coalesce(${k}.profiles, '[]')
    ${history ? `, 'employment', ${jobsJsonSql(p)}` : ''})`;

interface PersonJson extends PersonRoleColumns {
  /** Absent from a company's contacts (the caller knows where they work). */
  company?: { id: string; domain: string; name: string } | null;
  city: string | null;
  region: string | null;
  country: string | null;
  emails: CardEmail[];
  phones: CardPhone[];
  profiles: CardProfile[];
  employment?: unknown;
}

/** `company` given: the person's company as the caller knows it (a company's contacts all work there). */
const contactPerson = (p: PersonJson, company = p.company ?? null): ContactPerson => ({
  id: p.id,
  full_name: p.full_name,
  first_name: p.first_name,
  last_name: p.last_name,
  title: p.title,
  seniority: p.seniority,
  department: p.department,
  company,
  location: { city: p.city, region: p.region, country: p.country },
  emails: parseCardEmails(p.emails),
  phones: parseCardPhones(p.phones),
  profiles: parseCardProfiles(p.profiles),
  employment: p.employment === undefined ? [] : employmentFromJson(p.employment),
});

/**
 * A kept contact or a candidate (`ListedContactRow`) as a contact person at `company`. Written out
 * rather than a spread of the parsed row plus two keys: the spread cost enrich by email 6-14 µs a call.
 */
const listedPerson = (
  row: ListedContactRow,
  company: ContactPerson['company'],
  employment: ContactPerson['employment'] = [],
): ContactPerson => {
  const listed = parseListedContact(row);
  return {
    id: listed.id,
    full_name: listed.full_name,
    first_name: listed.first_name,
    last_name: listed.last_name,
    title: listed.title,
    seniority: listed.seniority,
    department: listed.department,
    company,
    location: listed.location,
    emails: listed.emails,
    phones: listed.phones,
    profiles: listed.profiles,
    employment,
  };
};

const flags = (o: LookupOptions) => `${o.history ? 'h' : ''}${o.technologies ? 't' : ''}`;

/** Most senior first (`dossier_seniority_rank`: the order of `seniorities`), unknown last. */
const rankSql = (p: string) => `dossier_seniority_rank(${p}.seniority)`;

export { contactListSize };

const personColumns = (p: string) =>
  [
    'id',
    'full_name',
    'first_name',
    'last_name',
    'title',
    'seniority',
    'department',
    'city',
    'region',
    'country',
  ]
    .map((c) => `${p}.${c}`)
    .join(', ');

export interface ContactFilters {
  titles?: string[];
  seniority?: string[];
  department?: string[];
  limit: number;
}

/** Lists travel as one JSON text parameter: the same statement serves any number of values. */
const listParam = (list: string[] | undefined) => (list?.length ? JSON.stringify(list) : null);

/** The company row `c` by a domain or alias, or by id. (Module-level: a closure per call cost a named function each time under tsx.) */
const companySource = (byDomain: boolean) =>
  byDomain
    ? sql`company_domains d join companies c on c.id = d.company_id where d.domain = ${param('key')}::text`
    : sql`companies c where c.id = ${param('key')}::text`;

/**
 * A company (by a domain or alias, or by id) with its contacts, most senior first, filtered by
 * title, seniority and department: one statement. Without filters, for at most `contactListSize`
 * contacts and no history, the company's kept list (`company_contact_lists`) answers: one row read
 * by primary key instead of ranking its people and reading their cards.
 */
export async function companyWithContacts(
  db: Db,
  by: { domain: string } | { id: string },
  filters: ContactFilters,
  options: LookupOptions,
): Promise<{ company: StoredCompany; people: ContactPerson[]; known?: KnownAddress[] } | null> {
  const byDomain = 'domain' in by;
  const listed =
    !options.history &&
    filters.limit <= contactListSize &&
    !filters.titles?.length &&
    !filters.seniority?.length &&
    !filters.department?.length;
  if (listed) {
    // The list says where its first contact without an address is (`first_without_email`): the
    // finder's addresses are read only when that contact is among the `shown` ones, so the other
    // requests pay nothing for them and these save the finder's first statement.
    const statement = prepared(db, `enrich_list_${byDomain ? 'domain' : 'id'}_${flags(options)}`, () => {
      return sql`select json_build_object('company', ${sql.raw(companyJsonSql('c', options))},
          'people', coalesce(l.contacts, '[]'),
          'known', case when l.first_without_email < ${param('shown')}::int
            then ${knownAddressesSql(sql`c.id`, sql`c.domain`)} end) as data
        from ${byDomain ? sql`company_domains d join companies c on c.id = d.company_id` : sql`companies c`}
          left join company_contact_lists l on l.company_id = c.id
        where ${byDomain ? sql`d.domain` : sql`c.id`} = ${param('key')}::text limit 1`;
    });
    const [row] = await statement.execute({
      key: byDomain ? by.domain : by.id,
      shown: options.addresses ? filters.limit : 0,
    });
    if (!row) return null;
    const data = jsonOf<{ company: unknown; people: ListedContactRow[]; known: KnownAddress[] | null }>(
      row.data,
    );
    const company = storedCompanyFromJson(data.company);
    const worksAt = { id: company.id, domain: company.domain, name: company.name };
    const people: ContactPerson[] = [];
    for (let i = 0; i < data.people.length && i < filters.limit; i++)
      people.push(listedPerson(data.people[i] as ListedContactRow, worksAt));
    return data.known ? { company, people, known: data.known } : { company, people };
  }
  const statement = prepared(db, `enrich_company_${byDomain ? 'domain' : 'id'}_${flags(options)}`, () => {
    return sql`select json_build_object(
      'company', ${sql.raw(companyJsonSql('c', options))},
      'people', coalesce((select json_agg(${sql.raw(personJsonSql('p', 'k', 'null', options.history))} order by p.rank, p.id)
        from (select ${sql.raw(personColumns('x'))}, ${sql.raw(rankSql('x'))} as rank from people x
          where x.company_id = c.id
            and (${param('seniority')}::text is null
              or x.seniority in (select json_array_elements_text(${param('seniority')}::json)))
            and (${param('department')}::text is null
              or x.department in (select json_array_elements_text(${param('department')}::json)))
            and (${param('titles')}::text is null
              or x.title ilike any (array(select json_array_elements_text(${param('titles')}::json))))
          order by rank, x.id limit ${param('limit')}::int) p
        left join person_contact_cards k on k.person_id = p.id), '[]')) as data
      from ${companySource(byDomain)} limit 1`;
  });
  const [row] = await statement.execute({
    key: byDomain ? by.domain : by.id,
    seniority: listParam(filters.seniority),
    department: listParam(filters.department),
    titles: listParam(filters.titles?.map((t) => `%${likeEscape(t)}%`)),
    limit: filters.limit,
  });
  if (!row) return null;
  const data = jsonOf<{ company: unknown; people: PersonJson[] }>(row.data);
  const company = storedCompanyFromJson(data.company);
  // Every contact works here: the statement leaves `company` null rather than build it ten times.
  const worksAt = { id: company.id, domain: company.domain, name: company.name };
  return { company, people: data.people.map((p) => contactPerson(p, worksAt)) };
}

/** Identifiers already normalized; `nameIds` are the people a name found at the given company. */
export interface PersonKeys {
  personId?: string;
  email?: string;
  linkedin?: string;
  phone?: string;
  nameIds?: string[];
  /**
   * The suppression-list hashes of the identifiers asked for (`suppressionHashes`, privacy/suppression.ts): when
   * one of them is listed the statement finds no one, so the check costs no statement of its own.
   */
  suppressed?: string;
}

export interface Candidate {
  person: ContactPerson;
  /** The identifiers that found this person: person_id, email, linkedin_url, phone, name. */
  keys: string[];
  /** The person's current company, in full. */
  company: StoredCompany | null;
}

/**
 * The person row aliased `p` with its contact card aliased `k` (no card: none) as one positional
 * array: the shape of a company's kept list (`ListedContactRow`), parsed by the same function.
 */
const listedRowSql = (p: string, k: string) =>
  `json_build_array(${personColumns(p)}, coalesce(${k}.emails, '[]'), coalesce(${k}.phones, '[]'),
    coalesce(${k}.profiles, '[]'))`;

/** A candidate as `findCandidates` selects it: the keys that found it, its row, its company, its jobs. */
type CandidateRow = [keys: string[], person: ListedContactRow, company: unknown, jobs?: unknown];

/** Each identifier finds at most this many people. */
const cap = 10;

/**
 * The people behind the identifiers (a merged `person_id` followed to its survivor), each with the
 * identifiers that found it and its current company: one statement, whose list is an ARRAY subquery
 * turned into JSON (no aggregate node to set up per call, as the person record's lists).
 */
export async function findCandidates(db: Db, keys: PersonKeys, options: LookupOptions): Promise<Candidate[]> {
  // One statement per set of identifiers given (an email alone is the common one): each carries
  // only the lookups it needs, so PostgreSQL sets up no plan nodes that would find nothing.
  const given = {
    personId: keys.personId !== undefined,
    email: keys.email !== undefined,
    linkedin: keys.linkedin !== undefined,
    phone: keys.phone !== undefined,
    names: !!keys.nameIds?.length,
  };
  const checked = keys.suppressed !== undefined;
  const shape = Object.entries(given)
    .filter(([, on]) => on)
    .map(([k]) => k)
    .join('_');
  if (!shape) return [];
  const statement = prepared(db, `enrich_people_${shape}_${flags(options)}${checked ? '_s' : ''}`, () => {
    const limit = sql.raw(String(cap));
    const branches: SQL[] = [];
    if (given.personId)
      branches.push(sql`(select 'person_id' as key, id as person_id from chain order by hop desc limit 1)`);
    if (given.email)
      branches.push(
        sql`(select 'email' as key, person_id from person_emails where email = ${param('email')}::text limit ${limit})`,
      );
    if (given.linkedin)
      branches.push(sql`(select 'linkedin_url' as key, person_id from person_profiles
        where network = 'linkedin' and handle = ${param('linkedin')}::text limit ${limit})`);
    if (given.phone)
      branches.push(
        sql`(select 'phone' as key, person_id from person_phones where e164 = ${param('phone')}::text limit ${limit})`,
      );
    if (given.names)
      branches.push(
        sql`(select 'name' as key, value as person_id from json_array_elements_text(${param('names')}::json))`,
      );
    // A merged id is followed to its survivor, a few hops at most.
    const chain = given.personId
      ? sql`recursive chain(id, hop) as (
          select ${param('personId')}::text, 0
          union all
          select r.to_id, chain.hop + 1 from entity_redirects r join chain on r.from_id = chain.id
          where chain.hop < 8 and r.to_id <> chain.id
        ), `
      : sql``;
    // A listed identifier finds no one: enrichment never brings a suppressed person back.
    const suppressedSql = checked
      ? sql` where not exists (select 1 from privacy_suppressions s where s.hash = any(${param('suppressed')}::text[]))`
      : sql``;
    // One identifier finds each person at most once (its lookup's unique key per person): no
    // aggregate to set up, which cost PostgreSQL more than the lookup itself. Several are grouped.
    const foundSql =
      branches.length === 1
        ? sql`select person_id, array[key] as keys from hits${suppressedSql}`
        : sql`select person_id, array_agg(distinct key) as keys from hits${suppressedSql} group by person_id`;
    return sql`with ${chain}hits as (${sql.join(branches, sql` union all `)}),
      found as (${foundSql})
      select array_to_json(array(select json_build_array(found.keys, ${sql.raw(listedRowSql('p', 'k'))},
        case when pc.id is null then null else ${sql.raw(companyJsonSql('pc', options))} end
        ${sql.raw(options.history ? `, ${jobsJsonSql('p')}` : '')})
      from found join people p on p.id = found.person_id left join companies pc on pc.id = p.company_id
        left join person_contact_cards k on k.person_id = p.id)) as data`;
  });
  const [row] = await statement.execute({
    ...(given.personId ? { personId: keys.personId } : {}),
    ...(given.email ? { email: keys.email } : {}),
    ...(given.linkedin ? { linkedin: keys.linkedin } : {}),
    ...(given.phone ? { phone: keys.phone } : {}),
    ...(given.names ? { names: JSON.stringify(keys.nameIds) } : {}),
    ...(checked ? { suppressed: keys.suppressed } : {}),
  });
  const list = jsonOf<CandidateRow[]>(row?.data ?? []);
  return list.map(([found, row, json, jobs]) => {
    const company = json ? storedCompanyFromJson(json) : null;
    const person = listedPerson(
      row,
      // The current company's identity, from the profile the statement built anyway.
      company ? { id: company.id, domain: company.domain, name: company.name } : null,
      jobs === undefined ? [] : employmentFromJson(jobs),
    );
    return { keys: found, person, company };
  });
}

/** A work address stored at a company's domain, with its owner's name: what the email finder learns from. */
export interface KnownAddress {
  email: string;
  first: string | null;
  last: string | null;
}

/**
 * The company's work addresses at `domain` (the SQL of its id and domain), up to 1,000, as a JSON
 * array of `KnownAddress`: a scalar subquery, read on its own (`knownAddresses`) or beside the
 * company's kept list (`companyWithContacts`).
 */
const knownAddressesSql = (companyId: SQL, domain: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('email', k.email, 'first', k.first_name,
      'last', k.last_name)), '[]')
    from (select e.email, p.first_name, p.last_name from people p
      join person_emails e on e.person_id = p.id
      where p.company_id = ${companyId} and e.type = 'work' and e.status <> 'invalid'
        and right(e.email, length(${domain}) + 1) = '@' || ${domain} limit 1000) k)`;

/**
 * Work addresses stored at the company's domain, with the names of their owners: one prepared
 * statement (enrich by domain runs it when a contact lacks an address and the company's statement
 * did not bring them).
 */
export async function knownAddresses(db: Db, companyId: string, domain: string): Promise<KnownAddress[]> {
  const [row] = await prepared(
    db,
    'enrich_known_addresses',
    () =>
      sql`select ${knownAddressesSql(sql`${sql.placeholder('companyId')}::text`, sql`${sql.placeholder('domain')}::text`)} as data`,
  ).execute({ companyId, domain });
  return jsonOf<KnownAddress[]>(row?.data ?? []);
}

/**
 * The hashes among `hashes` on the suppression list and the verifier's cached verdicts for `emails`
 * (`cachedAddressesSql`), in one prepared statement: the email finder's screen of its candidates.
 */
export async function suppressedAndCached(db: Db, hashes: string[], emails: string[]) {
  const [row] = await prepared(
    db,
    'enrich_screen_candidates',
    () => sql`select json_build_object(
        'suppressed', (select coalesce(json_agg(s.hash), '[]') from privacy_suppressions s
          where s.hash = any(${sql.placeholder('hashes')}::text[])),
        'cached', ${cachedAddressesSql(sql.placeholder('emails'), sql.placeholder('now'))}) as data`,
  ).execute({
    hashes: textArray(hashes),
    emails: textArray(emails),
    now: new Date().toISOString(),
  });
  const raw = row?.data ?? {};
  return jsonOf<{ suppressed: string[]; cached: unknown }>(raw);
}
