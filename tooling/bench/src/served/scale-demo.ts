import type { Database } from '@dossier/core';
import { sql } from '../enrich/drizzle.js';

/**
 * The demo data (`dossier demo load`: 500 companies, 5,000 people with technologies, locations,
 * alias domains, emails, phones and profiles) copied `copies - 1` more times inside PostgreSQL, so
 * the data keeps the demo's shape at any size. Copy k gives every id the suffix `_k`, every domain
 * the prefix `c<k>-` (addresses at a company's domain follow it; others, at the personal mail domain, get
 * `.k` in the local part) and every profile handle the suffix `-k`. As an import does, each chunk defers the
 * triggers and then refreshes the new people's search facets and contact cards and the new
 * companies' contact lists once. The originals are
 * kept in schema `bench_demo` so copies can be added later; `onProgress` hears each chunk.
 */
export async function scaleDemo(database: Database, copies: number, onProgress: (line: string) => void) {
  const run = (text: string) => database.query(sql.raw(text));
  await run('create schema if not exists bench_demo');
  const tables = [
    'companies',
    'company_domains',
    'company_technologies',
    'people',
    'person_emails',
    'person_phones',
    'person_profiles',
    'employment',
  ];
  for (const table of tables)
    await run(`create table if not exists bench_demo.${table} as select * from public.${table}`);
  await run('create index if not exists company_domains_domain on bench_demo.company_domains (domain)');
  const [{ have } = { have: 0 }] = await database.query<{ have: number }>(
    sql.raw(`select count(*)::int as have from companies`),
  );
  const [{ demo } = { demo: 1 }] = await database.query<{ demo: number }>(
    sql.raw(`select count(*)::int as demo from bench_demo.companies`),
  );
  const [{ demoPeople } = { demoPeople: 0 }] = await database.query<{ demoPeople: number }>(
    sql.raw(`select count(*)::int as "demoPeople" from bench_demo.people`),
  );
  const company = (id: string) => `${id} || '_' || k`;
  const domain = (d: string) => `'c' || k || '-' || ${d}`;
  const chunk = 10;
  for (let from = Math.round(have / demo); from < copies; from += chunk) {
    const to = Math.min(copies - 1, from + chunk - 1);
    const started = Date.now();
    const ks = `generate_series(${from}, ${to}) k`;
    await database.db.transaction(async (tx) => {
      const exec = (text: string) => tx.execute(sql.raw(text));
      // As an import does: the people search triggers wait, and the new people's facets are
      // computed once at the end of the chunk instead of once per email and phone statement.
      await exec(`select set_config('dossier.people_search', 'deferred', true)`);
      await exec(`insert into companies (id, domain, name, legal_name, description, industry, employee_count,
          employee_range, revenue_range, founded_year, type, country, region, city, locations, phone, socials, tags)
        select ${company('c.id')}, ${domain('c.domain')}, c.name, c.legal_name, c.description, c.industry,
          c.employee_count, c.employee_range, c.revenue_range, c.founded_year, c.type, c.country, c.region, c.city,
          c.locations, c.phone, c.socials, c.tags
        from bench_demo.companies c, ${ks}`);
      await exec(`insert into company_domains (domain, company_id, is_primary)
        select ${domain('d.domain')}, ${company('d.company_id')}, d.is_primary from bench_demo.company_domains d, ${ks}`);
      await exec(`insert into company_technologies (company_id, slug, name, category, detected_by, first_seen, last_seen, num_sources)
        select ${company('t.company_id')}, t.slug, t.name, t.category, t.detected_by, t.first_seen, t.last_seen, t.num_sources
        from bench_demo.company_technologies t, ${ks}`);
      await exec(`insert into people (id, full_name, first_name, last_name, title, seniority, department, company_id, city, region, country)
        select ${company('p.id')}, p.full_name, p.first_name, p.last_name, p.title, p.seniority, p.department,
          ${company('p.company_id')}, p.city, p.region, p.country
        from bench_demo.people p, ${ks}`);
      await exec(`insert into person_emails (person_id, email, type, status, verified_at, first_seen, last_seen, num_sources)
        select ${company('e.person_id')},
          case when exists (select 1 from bench_demo.company_domains d where d.domain = split_part(e.email, '@', 2))
            then split_part(e.email, '@', 1) || '@' || ${domain("split_part(e.email, '@', 2)")}
            else split_part(e.email, '@', 1) || '.' || k || '@' || split_part(e.email, '@', 2) end,
          e.type, e.status, e.verified_at, e.first_seen, e.last_seen, e.num_sources
        from bench_demo.person_emails e, ${ks}`);
      await exec(`insert into person_phones (person_id, e164, type, status, first_seen, last_seen, num_sources)
        select ${company('f.person_id')}, f.e164, f.type, f.status, f.first_seen, f.last_seen, f.num_sources
        from bench_demo.person_phones f, ${ks}`);
      await exec(`insert into person_profiles (person_id, network, handle, url, first_seen, last_seen, num_sources)
        select ${company('f.person_id')}, f.network, f.handle || '-' || k, replace(f.url, f.handle, f.handle || '-' || k),
          f.first_seen, f.last_seen, f.num_sources
        from bench_demo.person_profiles f, ${ks}`);
      await exec(`insert into employment (person_id, company_id, company_name, title, seniority, department, started_at,
          ended_at, is_current, first_seen, last_seen, num_sources)
        select ${company('e.person_id')}, ${company('e.company_id')}, e.company_name, e.title, e.seniority, e.department,
          e.started_at, e.ended_at, e.is_current, e.first_seen, e.last_seen, e.num_sources
        from bench_demo.employment e, ${ks}`);
      // Deferred, the contact cards and lists wait too: people's facets, then their cards, then
      // the companies' lists (which hold the cards), in slices: one array of every new id makes
      // each function compare every row with all of them.
      const newPeople = (slice: number) =>
        `array(select ${company('p.id')} from bench_demo.people p, ${ks} order by k, p.id offset ${slice} limit 1000)`;
      for (let slice = 0; slice < (to - from + 1) * demoPeople; slice += 1000) {
        await exec(`select dossier_refresh_people_search(${newPeople(slice)})`);
        await exec(`select dossier_refresh_contact_cards(${newPeople(slice)})`);
      }
      for (let slice = 0; slice < (to - from + 1) * demo; slice += 1000)
        await exec(`select dossier_refresh_contact_lists(array(select ${company('c.id')}
          from bench_demo.companies c, ${ks} order by k, c.id offset ${slice} limit 1000))`);
      await exec(`select set_config('dossier.people_search', '', true)`);
    });
    onProgress(
      `  copies ${to + 1}/${copies} (${((Date.now() - started) / 1000).toFixed(1)} s for this chunk)`,
    );
  }
  if (Math.round(have / demo) < copies) await run('vacuum analyze');
}
