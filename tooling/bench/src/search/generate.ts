// Generates the search benchmark data into its own PostgreSQL database (default dossier_bench).
// Run: pnpm exec tsx tooling/bench/src/search/generate.ts [--companies 1000000] [--people 5000000]
//        [--url postgres://postgres@127.0.0.1:5432] [--db dossier_bench]
// Rows travel as one jsonb document per batch (jsonb_to_recordset), secondary indexes are dropped
// for the load and rebuilt after, foreign-key triggers are off during the load (replication role).
import { createDatabase } from '@dossier/db';
import {
  firstNames,
  industries,
  lastNames,
  places,
  type Rng,
  rng,
  suffixes,
  syllables,
  technologies,
  titles,
} from './data.js';
import { sql } from './drizzle.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const COMPANIES = Number(arg('companies', '1000000'));
const PEOPLE = Number(arg('people', String(COMPANIES * 5)));
const SERVER = arg('url', 'postgres://postgres@127.0.0.1:5432');
const NAME = arg('db', 'dossier_bench');
const BATCH = 5000;
const TABLES = ['companies', 'people', 'person_emails', 'person_phones'];

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const idOf = (r: Rng, prefix: string) => {
  let s = `${prefix}_`;
  for (let i = 0; i < 20; i++) s += BASE62[Math.floor(r.next() * 62)];
  return s;
};

const surname = (r: Rng) => {
  const stem = Array.from({ length: r.int(2, 3) }, () => r.pick(syllables)).join('');
  return `${stem[0]?.toUpperCase()}${stem.slice(1)}`;
};

const employeesOf = (r: Rng) => Math.max(1, Math.round(Math.exp(r.next() * r.next() * 11.5)));
const revenueOf = (employees: number, r: Rng) => {
  const revenue = employees * (60_000 + r.next() * 340_000);
  const bands: [number, string][] = [
    [1e6, '$0-1M'],
    [1e7, '$1M-10M'],
    [5e7, '$10M-50M'],
    [1e8, '$50M-100M'],
    [5e8, '$100M-500M'],
    [1e9, '$500M-1B'],
  ];
  return bands.find(([max]) => revenue < max)?.[1] ?? '$1B+';
};
const typeOf = (industry: string, employees: number, r: Rng) =>
  industry === 'nonprofit'
    ? 'nonprofit'
    : employees > 2000 && r.chance(0.5)
      ? 'public'
      : r.chance(0.03)
        ? 'partnership'
        : 'private';

interface CompanyRow {
  id: string;
  domain: string;
  name: string;
  description: string;
  industry: string;
  employee_count: number;
  revenue_range: string;
  founded_year: number;
  type: string;
  country: string;
  region: string;
  city: string;
  tags: string[];
  tech_slugs: string[];
  tech_categories: string[];
}

const companyRow = (r: Rng, i: number): CompanyRow => {
  const stem = Array.from({ length: r.int(2, 3) }, () => r.pick(syllables)).join('');
  const name = `${stem[0]?.toUpperCase()}${stem.slice(1)}${r.pick(suffixes)}`;
  const [industry, tags] = industries(r);
  const employees = employeesOf(r);
  const where = places(r);
  const techs = new Map<string, string>();
  for (let k = r.int(2, 10); k > 0; k--) {
    const [slug, category] = technologies(r);
    techs.set(slug, category);
  }
  const founded = r.int(1950, 2024);
  return {
    id: idOf(r, 'cmp'),
    domain: `${stem}${i}.example`,
    name,
    description: `${name} is a ${industry} company from ${where.city} founded in ${founded}, serving ${r.pick(['small businesses', 'enterprises', 'consumers', 'governments', 'retailers', 'hospitals'])} with ${r.pick(['analytics', 'payments', 'logistics', 'software', 'consulting', 'hardware', 'marketing', 'security'])} ${r.pick(['platforms', 'services', 'tools', 'products'])}.`,
    industry,
    employee_count: employees,
    revenue_range: revenueOf(employees, r),
    founded_year: founded,
    type: typeOf(industry, employees, r),
    ...where,
    tags: r.chance(0.2) ? [...tags, 'venture-backed'] : [...tags],
    tech_slugs: [...techs.keys()],
    tech_categories: [...new Set(techs.values())].sort(),
  };
};

async function main() {
  const admin = await createDatabase({ url: `${SERVER}/postgres`, maxConnections: 1 });
  // A fresh database each time: the migration's indexes are the ones dropped and rebuilt.
  await admin.query(sql.raw(`drop database if exists ${NAME} with (force)`));
  await admin.query(sql.raw(`create database ${NAME}`));
  await admin.close();
  const database = await createDatabase({ url: `${SERVER}/${NAME}`, maxConnections: 1 });
  await database.migrate();
  const started = Date.now();
  const log = (msg: string) =>
    console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)}s ${msg}`);

  const indexes = await database.query<{ indexname: string; indexdef: string }>(
    sql`select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in (${sql.join(
      TABLES.map((t) => sql`${t}`),
      sql`, `,
    )}) and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await database.query(sql.raw(`drop index "${indexname}"`));
  log(`dropped ${indexes.length} secondary indexes; loading ${COMPANIES} companies, ${PEOPLE} people`);

  // Row types for jsonb_populate_recordset: only the columns we write (generated ones excluded).
  await database.query(
    sql.raw(`drop type if exists companies_load, people_load, person_emails_load, person_phones_load`),
  );
  await database.query(
    sql.raw(`create type companies_load as (id text, domain text, name text, description text, industry text,
      employee_count integer, revenue_range text, founded_year integer, type text, country text, region text,
      city text, tags text[], tech_slugs text[], tech_categories text[])`),
  );
  await database.query(
    sql.raw(`create type people_load as (id text, full_name text, first_name text, last_name text, title text,
      seniority text, department text, company_id text, city text, region text, country text)`),
  );
  await database.query(
    sql.raw(`create type person_emails_load as (person_id text, email text, type text, status text)`),
  );
  await database.query(sql.raw(`create type person_phones_load as (person_id text, e164 text, type text)`));

  // One connection: the replication role (no foreign-key triggers) holds for the whole load.
  await database.query(sql.raw(`set session_replication_role = replica`));
  const insertInto = (table: string, columns: string, rows: object[]) =>
    database.query(
      sql`insert into ${sql.identifier(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from jsonb_populate_recordset(null::${sql.raw(`${table}_load`)}, ${JSON.stringify(rows)}::jsonb)`,
    );

  // The load runs without triggers: each batch of people gets its search facets (own values,
  // contact flags, company facets and numbers) as it is inserted, the way the row trigger would.
  const peopleCols =
    'id, full_name, first_name, last_name, title, seniority, department, company_id, city, region, country';
  const insertPeople = (people: object[], emails: object[], phones: object[]) =>
    database.query(
      sql`insert into people (${sql.raw(peopleCols)}, search_facets, company_employee_count, company_founded_year, company_revenue_min, company_revenue_max)
        select ${sql.raw(peopleCols.replace(/(\w+)/g, 'p.$1'))},
          dossier_person_facets(p.seniority, p.department, p.country, p.region, p.city, coalesce(e.verified, false),
            coalesce(ph.mobile, false), coalesce(e.statuses, '{}'::text[]), c.search_facets),
          c.employee_count, c.founded_year, c.revenue_min, c.revenue_max
        from jsonb_populate_recordset(null::people_load, ${JSON.stringify(people)}::jsonb) p
        left join companies c on c.id = p.company_id
        left join (select person_id, bool_or(status = 'verified') as verified, array_agg(distinct status) as statuses
          from jsonb_populate_recordset(null::person_emails_load, ${JSON.stringify(emails)}::jsonb) group by person_id) e on e.person_id = p.id
        left join (select person_id, bool_or(type = 'mobile') as mobile
          from jsonb_populate_recordset(null::person_phones_load, ${JSON.stringify(phones)}::jsonb) group by person_id) ph on ph.person_id = p.id`,
    );

  const r = rng(42);
  const companyCols =
    'id, domain, name, description, industry, employee_count, revenue_range, founded_year, type, country, region, city, tags, tech_slugs, tech_categories';
  const companyIds: string[] = [];
  const companyPlaces: { country: string; region: string; city: string; domain: string }[] = [];
  let pending: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < COMPANIES; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, COMPANIES - i) }, (_, k) => companyRow(r, i + k));
    for (const row of rows) {
      companyIds.push(row.id);
      companyPlaces.push({ country: row.country, region: row.region, city: row.city, domain: row.domain });
    }
    await pending;
    pending = insertInto('companies', companyCols, rows);
    if ((i / BATCH) % 40 === 0) log(`companies ${i}`);
  }
  await pending;
  log('companies loaded');

  const statuses = ['verified', 'verified', 'verified', 'risky', 'catch_all', 'invalid', 'unknown'];
  for (let i = 0; i < PEOPLE; i += BATCH) {
    const people: object[] = [];
    const emails: object[] = [];
    const phones: object[] = [];
    for (let k = 0; k < Math.min(BATCH, PEOPLE - i); k++) {
      const c = r.int(0, companyIds.length - 1);
      const first = r.pick(firstNames);
      // Half the surnames are made up, so full names are about as varied as in real data.
      const last = r.chance(0.5) ? r.pick(lastNames) : surname(r);
      const [title, seniority, department] = titles(r);
      const home = r.chance(0.85)
        ? (companyPlaces[c] as (typeof companyPlaces)[0])
        : { ...places(r), domain: '' };
      const id = idOf(r, 'per');
      people.push({
        id,
        full_name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        title,
        seniority,
        department,
        company_id: companyIds[c],
        city: home.city,
        region: home.region,
        country: home.country,
      });
      if (r.chance(0.7)) {
        const domain = (companyPlaces[c] as (typeof companyPlaces)[0]).domain;
        emails.push({
          person_id: id,
          email: `${first}.${last}${i + k}@${domain}`.toLowerCase(),
          type: 'work',
          status: r.pick(statuses),
        });
      }
      if (r.chance(0.3))
        phones.push({ person_id: id, e164: `+1415${String(1000000 + ((i + k) % 9000000))}`, type: 'mobile' });
      else if (r.chance(0.1))
        phones.push({ person_id: id, e164: `+1212${String(1000000 + ((i + k) % 9000000))}`, type: 'office' });
    }
    await pending;
    pending = insertPeople(people, emails, phones).then(() =>
      Promise.all([
        emails.length ? insertInto('person_emails', 'person_id, email, type, status', emails) : null,
        phones.length ? insertInto('person_phones', 'person_id, e164, type', phones) : null,
      ]),
    );
    if ((i / BATCH) % 100 === 0) log(`people ${i}`);
  }
  await pending;
  log('people loaded; building indexes');

  await database.query(sql.raw(`set session_replication_role = origin`));
  await database.query(sql.raw(`set maintenance_work_mem = '1GB'`));
  for (const { indexname, indexdef } of indexes) {
    await database.query(sql.raw(indexdef));
    log(`index ${indexname}`);
  }
  // The contact cards (packages/db/sql/contact-read-model.sql) that the card triggers would have written during the load,
  // 50,000 people at a time in id order: one call over all 5,000,000 ran for over 20 minutes, a
  // call over 50,000 ordered ids takes about a second (500,000 people: 12 s). The contact lists
  // (packages/db/sql/contact-read-model.sql) follow per company, once each: the card triggers stand aside meanwhile (the
  // setting an import's batch uses, here for the whole session).
  /** Calls the refresh function `fn` (of text[]) on every id of `table`, 50,000 at a time in id order. */
  const refreshAll = async (table: 'people' | 'companies', fn: string) => {
    for (let after = ''; ; ) {
      const [chunk] = await database.query<{ last: string | null }>(
        sql`with ids as (select id from ${sql.identifier(table)} where id > ${after} order by id limit 50000),
          refreshed as (select ${sql.identifier(fn)}(array(select id from ids)))
          select (select max(id) from ids) as last from refreshed`,
      );
      if (!chunk?.last) return;
      after = chunk.last;
    }
  };
  await database.query(sql.raw(`select set_config('dossier.people_search', 'deferred', false)`));
  await refreshAll('people', 'dossier_refresh_contact_cards');
  await database.query(sql.raw(`select set_config('dossier.people_search', '', false)`));
  log('contact cards');
  await refreshAll('companies', 'dossier_refresh_contact_lists');
  log('contact lists');
  for (const table of TABLES) await database.query(sql.raw(`vacuum analyze ${table}`));
  await database.query(sql.raw(`vacuum analyze person_contact_cards`));
  await database.query(sql.raw(`vacuum analyze company_contact_lists`));
  // Server tuning a search deployment wants (defaults are for tiny machines): bitmaps that stay
  // exact instead of lossy, and SSD page costs. Per database, so nothing else changes.
  await database.query(sql.raw(`alter database ${NAME} set work_mem = '32MB'`));
  await database.query(sql.raw(`alter database ${NAME} set random_page_cost = 1.1`));
  await database.query(
    sql.raw(`drop type companies_load, people_load, person_emails_load, person_phones_load`),
  );
  log('done');
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
