import { companies, type Db, type PersonIdentityRow, people } from '@dossier/db';
import { eq, sql } from 'drizzle-orm';
import { anyText } from '../shared/any-text.js';
import { isoFromJson } from '../shared/json-time.js';
import { preparedData } from '../shared/prepared.js';
import { jsonListOf, jsonOf } from '../shared/sql-rows.js';
import type { PersonRecord } from './schema.js';

/** Timestamps inside JSON come as PostgreSQL text (`+00:00`); answer ISO like everywhere else. */
const iso = (value: string | null) => (value ? isoFromJson(value) : null);
const isoOf = isoFromJson;

/** Where a stored value came from: first seen, last seen (PostgreSQL text inside JSON), how many sources. */
type Seen = [firstSeen: string, lastSeen: string, numSources: number];
const provenanceSql = (alias: string) => `${alias}.first_seen, ${alias}.last_seen, ${alias}.num_sources`;
const seen = (row: readonly unknown[], at: number) => ({
  first_seen: isoOf(row[at] as string),
  last_seen: isoOf(row[at + 1] as string),
  num_sources: row[at + 2] as number,
});

/*
 * The contact points and jobs travel as positional JSON arrays (as the contact read model's rows do,
 * packages/db/src/contact-read-model.ts): PostgreSQL writes no keys and the driver parses about a
 * third fewer bytes. The tuple types below are the only readers of the positions.
 */
type EmailRow = [
  email: string,
  type: 'work' | 'personal',
  status: string,
  verifiedAt: string | null,
  ...Seen,
];
type PhoneRow = [number: string, type: 'mobile' | 'direct' | 'office', status: string, ...Seen];
type ProfileRow = [network: string, handle: string, url: string, ...Seen];
type JobRow = [
  companyId: string | null,
  companyName: string | null,
  companyDomain: string | null,
  title: string | null,
  seniority: string | null,
  department: string | null,
  startedAt: string | null,
  endedAt: string | null,
  isCurrent: boolean,
  ...Seen,
];

/**
 * The order contact points are listed in, for rows aliased `a`: best status first
 * (`dossier_contact_rank`, packages/db/sql/contact-read-model.sql, which the contact cards sort by too), then the newest.
 */
const contactOrderSql = (a: string) => `dossier_contact_rank(${a}.status), ${a}.last_seen desc, ${a}.id`;
/*
 * Each list is an ARRAY subquery turned into JSON: the same value as an ordered `json_agg`, without
 * an aggregate node for the executor to set up on every call (the person statement has four).
 */
const emailsSql = `array_to_json(array(select json_build_array(e.email, e.type, e.status, e.verified_at,
  ${provenanceSql('e')}) from person_emails e where e.person_id = people.id order by ${contactOrderSql('e')}))`;
const phonesSql = `array_to_json(array(select json_build_array(f.e164, f.type, f.status, ${provenanceSql('f')})
  from person_phones f where f.person_id = people.id order by ${contactOrderSql('f')}))`;
const profilesSql = `array_to_json(array(select json_build_array(s.network, s.handle, s.url, ${provenanceSql('s')})
  from person_profiles s where s.person_id = people.id order by s.id))`;
/** SQL for the employment history of the person row aliased `p`, as a JSON array (current job first). */
export const jobsJsonSql = (p: string) => `array_to_json(array(select json_build_array(j.company_id,
  coalesce(jc.name, j.company_name), jc.domain, j.title, j.seniority, j.department, j.started_at, j.ended_at,
  j.is_current, ${provenanceSql('j')})
  from employment j left join companies jc on jc.id = j.company_id where j.person_id = ${p}.id
  order by j.is_current desc, j.started_at desc nulls last, j.id))`;
const jobsSql = jobsJsonSql('people');
/*
 * How many sources stated the person: the distinct sources as an ARRAY subquery, counted. The same
 * number as `count(distinct ...)` without an aggregate node to set up on every call.
 */
const sourcesSql =
  'cardinality(array(select distinct r.source_id from source_records r where r.entity_id = people.id))';

/** The employment history from the JSON `jobsJsonSql` builds. */
export const employmentFromJson = (value: unknown): PersonRecord['employment'] =>
  jsonListOf<JobRow>(value).map((j) => ({
    company_id: j[0],
    company_name: j[1],
    company_domain: j[2],
    title: j[3],
    seniority: j[4],
    department: j[5],
    started_at: j[6],
    ended_at: j[7],
    is_current: j[8],
    ...seen(j, 9),
  }));

/**
 * A person record as one positional JSON array (`personRowSql`): the people row's columns, its
 * current company, its contact points, jobs and source count, then its personal attributes when
 * asked for (`person_attributes` as an object, or null).
 */
type PersonRow = [
  ...PersonIdentityRow,
  createdAt: string,
  updatedAt: string,
  companyId: string | null,
  companyDomain: string | null,
  companyName: string | null,
  emails: EmailRow[],
  phones: PhoneRow[],
  profiles: ProfileRow[],
  jobs: JobRow[],
  sources: number | null,
  personal?: Record<string, string | null> | null,
];

/**
 * SQL for the `PersonRow` of the people row `people` joined with its current company `companies`;
 * the search columns (vectors, facets, copied company numbers) stay behind.
 */
const personRowSql = (personal: boolean) =>
  sql.raw(`json_build_array(people.id, people.full_name, people.first_name, people.last_name, people.title,
    people.seniority, people.department, people.city, people.region, people.country, people.created_at,
    people.updated_at, companies.id, companies.domain, companies.name, ${emailsSql},
    ${phonesSql}, ${profilesSql}, ${jobsSql},
    ${sourcesSql}${
      personal ? ', (select row_to_json(a) from person_attributes a where a.person_id = people.id)' : ''
    })`);

const personFromRow = (r: PersonRow): PersonRecord => ({
  id: r[0],
  merged_from: null,
  full_name: r[1],
  first_name: r[2],
  last_name: r[3],
  title: r[4],
  seniority: r[5],
  department: r[6],
  company: r[12] ? { id: r[12], domain: r[13] as string, name: r[14] as string } : null,
  location: { city: r[7], region: r[8], country: r[9] },
  emails: r[15].map((e) => ({
    email: e[0],
    type: e[1],
    status: e[2],
    verified_at: iso(e[3]),
    ...seen(e, 4),
  })),
  phones: r[16].map((p) => ({
    number: p[0],
    type: p[1],
    status: p[2],
    ...seen(p, 3),
  })),
  profiles: r[17].map((p) => ({
    network: p[0],
    handle: p[1],
    url: p[2],
    ...seen(p, 3),
  })),
  employment: employmentFromJson(r[18]),
  provenance: {
    first_seen: isoOf(r[10]),
    last_seen: isoOf(r[11]),
    num_sources: Math.max(1, Number(r[19] ?? 0)),
  },
  masked: false,
});

/**
 * One person by id in one prepared statement, with its personal attributes when `personal` is
 * asked for (the row of `person_attributes`, or null). An id that was merged away answers
 * `{ redirect }` instead, for the caller to follow (`resolveEntityId`); an unknown id, null.
 */
export async function loadPerson(
  db: Db,
  id: string,
  personal: boolean,
): Promise<
  { person: PersonRecord; personal: Record<string, string | null> | null } | { redirect: string } | null
> {
  const [row] = await preparedData(
    db,
    `get_person_${personal ? 'pii' : 'plain'}`,
    () => sql`select case when r.to_id is not null then json_build_object('redirect', r.to_id)
      else (select ${personRowSql(personal)} from people left join companies on companies.id = people.company_id
        where people.id = ${sql.placeholder('id')}) end as data
      from (select (select to_id from entity_redirects where from_id = ${sql.placeholder('id')} limit 1) as to_id) r`,
  ).execute({ id });
  if (row?.data == null) return null;
  const data = jsonOf<PersonRow | { redirect: string }>(row.data);
  if (!Array.isArray(data)) return { redirect: data.redirect };
  return { person: personFromRow(data), personal: data[20] ?? null };
}

/**
 * Full, unmasked records for these ids (missing ids are left out) in one statement: contact
 * points, profiles and jobs come as JSON from indexed subqueries, so a lookup costs one round trip.
 */
export async function loadPeople(db: Db, ids: readonly string[]): Promise<Map<string, PersonRecord>> {
  const out = new Map<string, PersonRecord>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db
    .select({ data: sql<unknown>`${personRowSql(false)}` })
    .from(people)
    .leftJoin(companies, eq(companies.id, people.companyId))
    .where(anyText(people.id, unique));
  for (const { data } of rows) {
    const person = personFromRow(jsonOf<PersonRow>(data));
    out.set(person.id, person);
  }
  return out;
}
