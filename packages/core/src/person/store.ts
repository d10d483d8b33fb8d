import { companies, type Db, people } from '@dossier/db';
import { eq, sql } from 'drizzle-orm';
import { anyText } from '../shared/any-text.js';
import { preparedData } from '../shared/prepared.js';
import { jsonListOf, jsonOf } from '../shared/sql-rows.js';
import type { PersonRecord } from './schema.js';

/** Timestamps inside JSON come as PostgreSQL text (`+00:00`); answer ISO like everywhere else. */
const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
const isoOf = (value: string) => new Date(value).toISOString();

interface Seen {
  first_seen: string;
  last_seen: string;
  num_sources: number;
}
const seen = (row: Seen) => ({
  first_seen: isoOf(row.first_seen),
  last_seen: isoOf(row.last_seen),
  num_sources: row.num_sources,
});
const provenanceSql = (alias: string) =>
  `'first_seen', ${alias}.first_seen, 'last_seen', ${alias}.last_seen, 'num_sources', ${alias}.num_sources`;

/**
 * The order contact points are listed in, for rows aliased `a`: best status first
 * (`dossier_contact_rank`, packages/db/sql/contact-read-model.sql, which the contact cards sort by too), then the newest.
 */
const contactOrderSql = (a: string) => `dossier_contact_rank(${a}.status), ${a}.last_seen desc, ${a}.id`;
const emailsSql = sql.raw(`coalesce((select json_agg(json_build_object('email', e.email, 'type', e.type,
  'status', e.status, 'verified_at', e.verified_at, ${provenanceSql('e')})
  order by ${contactOrderSql('e')})
  from person_emails e where e.person_id = people.id), '[]')`);
const phonesSql = sql.raw(`coalesce((select json_agg(json_build_object('number', f.e164, 'type', f.type,
  'status', f.status, ${provenanceSql('f')})
  order by ${contactOrderSql('f')})
  from person_phones f where f.person_id = people.id), '[]')`);
const profilesSql =
  sql.raw(`coalesce((select json_agg(json_build_object('network', s.network, 'handle', s.handle,
  'url', s.url, ${provenanceSql('s')}) order by s.id)
  from person_profiles s where s.person_id = people.id), '[]')`);
/** SQL for the employment history of the person row aliased `p`, as a JSON array (current job first). */
export const jobsJsonSql = (
  p: string,
) => `coalesce((select json_agg(json_build_object('company_id', j.company_id,
  'company_name', coalesce(jc.name, j.company_name), 'company_domain', jc.domain, 'title', j.title,
  'seniority', j.seniority, 'department', j.department, 'started_at', j.started_at, 'ended_at', j.ended_at,
  'is_current', j.is_current, ${provenanceSql('j')})
  order by j.is_current desc, j.started_at desc nulls last, j.id)
  from employment j left join companies jc on jc.id = j.company_id where j.person_id = ${p}.id), '[]')`;
const jobsSql = sql.raw(jobsJsonSql('people'));
const sourcesSql = sql.raw(
  '(select count(distinct r.source_id)::int from source_records r where r.entity_id = people.id)',
);

// The columns a record shows: search columns (vectors, facets, copied company numbers) stay behind.
const personColumns = {
  id: people.id,
  fullName: people.fullName,
  firstName: people.firstName,
  lastName: people.lastName,
  title: people.title,
  seniority: people.seniority,
  department: people.department,
  city: people.city,
  region: people.region,
  country: people.country,
  createdAt: people.createdAt,
  updatedAt: people.updatedAt,
};

type Email = Seen & { email: string; type: 'work' | 'personal'; status: string; verified_at: string | null };
type Phone = Seen & { number: string; type: 'mobile' | 'direct' | 'office'; status: string };
type Profile = Seen & { network: string; handle: string; url: string };
type Job = Seen & {
  company_id: string | null;
  company_name: string | null;
  company_domain: string | null;
  title: string | null;
  seniority: string | null;
  department: string | null;
  started_at: string | null;
  ended_at: string | null;
  is_current: boolean;
};

/** The employment history from the JSON `jobsJsonSql` builds. */
export const employmentFromJson = (value: unknown): PersonRecord['employment'] =>
  jsonListOf<Job>(value).map((j) => ({
    company_id: j.company_id,
    company_name: j.company_name,
    company_domain: j.company_domain,
    title: j.title,
    seniority: j.seniority,
    department: j.department,
    started_at: j.started_at,
    ended_at: j.ended_at,
    is_current: j.is_current,
    ...seen(j),
  }));

/** What a person record is built from: its row, its current company and its JSON parts. */
interface PersonParts {
  person: {
    id: string;
    fullName: string;
    firstName: string | null;
    lastName: string | null;
    title: string | null;
    seniority: string | null;
    department: string | null;
    city: string | null;
    region: string | null;
    country: string | null;
    createdAt: string;
    updatedAt: string;
  };
  company: { id: string | null; domain: string | null; name: string | null } | null;
  emails: unknown;
  phones: unknown;
  profiles: unknown;
  jobs: unknown;
  sources: number | null;
}

const personFromParts = ({ person, company, ...row }: PersonParts): PersonRecord => ({
  id: person.id,
  merged_from: null,
  full_name: person.fullName,
  first_name: person.firstName,
  last_name: person.lastName,
  title: person.title,
  seniority: person.seniority,
  department: person.department,
  company: company?.id
    ? { id: company.id, domain: company.domain as string, name: company.name as string }
    : null,
  location: { city: person.city, region: person.region, country: person.country },
  emails: jsonListOf<Email>(row.emails).map((e) => ({
    email: e.email,
    type: e.type,
    status: e.status,
    verified_at: iso(e.verified_at),
    ...seen(e),
  })),
  phones: jsonListOf<Phone>(row.phones).map((p) => ({
    number: p.number,
    type: p.type,
    status: p.status,
    ...seen(p),
  })),
  profiles: jsonListOf<Profile>(row.profiles).map((p) => ({
    network: p.network,
    handle: p.handle,
    url: p.url,
    ...seen(p),
  })),
  employment: employmentFromJson(row.jobs),
  provenance: {
    first_seen: isoOf(person.createdAt),
    last_seen: isoOf(person.updatedAt),
    num_sources: Math.max(1, Number(row.sources ?? 0)),
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
  const [row] = await preparedData(db, `get_person_${personal ? 'pii' : 'plain'}`, () => {
    const personalSql = personal
      ? sql`, 'personal', (select row_to_json(a) from person_attributes a where a.person_id = people.id)`
      : sql``;
    return sql`select case when r.to_id is not null then json_build_object('redirect', r.to_id)
      else (select json_build_object(
        'person', json_build_object('id', people.id, 'fullName', people.full_name, 'firstName', people.first_name,
          'lastName', people.last_name, 'title', people.title, 'seniority', people.seniority,
          'department', people.department, 'city', people.city, 'region', people.region,
          'country', people.country, 'createdAt', people.created_at, 'updatedAt', people.updated_at),
        'company', json_build_object('id', companies.id, 'domain', companies.domain, 'name', companies.name),
        'emails', ${emailsSql}, 'phones', ${phonesSql}, 'profiles', ${profilesSql}, 'jobs', ${jobsSql},
        'sources', ${sourcesSql}${personalSql})
        from people left join companies on companies.id = people.company_id
        where people.id = ${sql.placeholder('id')}) end as data
      from (select (select to_id from entity_redirects where from_id = ${sql.placeholder('id')} limit 1) as to_id) r`;
  }).execute({ id });
  const data =
    row?.data == null
      ? null
      : jsonOf<PersonParts & { redirect?: unknown; personal?: Record<string, string | null> | null }>(
          row.data,
        );
  if (!data) return null;
  if (typeof data.redirect === 'string') return { redirect: data.redirect };
  return { person: personFromParts(data as PersonParts), personal: data.personal ?? null };
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
    .select({
      person: personColumns,
      company: { id: companies.id, domain: companies.domain, name: companies.name },
      emails: sql<unknown>`${emailsSql}`,
      phones: sql<unknown>`${phonesSql}`,
      profiles: sql<unknown>`${profilesSql}`,
      jobs: sql<unknown>`${jobsSql}`,
      sources: sql<number | null>`${sourcesSql}`,
    })
    .from(people)
    .leftJoin(companies, eq(companies.id, people.companyId))
    .where(anyText(people.id, unique));
  for (const row of rows)
    out.set(
      row.person.id,
      personFromParts({
        ...row,
        person: {
          ...row.person,
          createdAt: row.person.createdAt.toISOString(),
          updatedAt: row.person.updatedAt.toISOString(),
        },
      }),
    );
  return out;
}
