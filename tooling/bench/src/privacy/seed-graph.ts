import type { Database } from '@dossier/core';
import { sql } from '../enrich/drizzle.js';
import { pick, seedBenchCompanies } from '../enrich/seed.js';

/**
 * The graph the privacy bench erases from, written set-based inside PostgreSQL (INSERT ... SELECT
 * generate_series): companies `cmp_b<i>` at `bench-c<i>.example`, and people `per_b<i>` spread over
 * them, each with a work address `p<i>@bench-c<company>.example`, a LinkedIn profile
 * `bench-person-<i>`, a mobile for every other person, a current job, one source record of source
 * `src_bench` naming all of these, blocking keys, value sources, a contact card, and their
 * companies' contact lists.
 *
 * Each chunk is one transaction with `dossier.people_search` deferred (as an import writes: the
 * row and statement triggers of packages/db/sql/search-facets.sql and contact-read-model.sql stand
 * aside), so no person is written twice: people are inserted with their final search facets and
 * company numbers (what `dossier_refresh_people_search` computes, for one verified email and a
 * mobile on even ids), and cards and lists are filled once by their refresh functions. The per-row
 * triggers made the old seed take about 40 minutes at 1,000,000 people.
 */
export async function seedPrivacyGraph(
  database: Database,
  companies: number,
  people: number,
  log: (s: string) => void,
) {
  const run = (text: string) => database.query(sql.raw(text));
  await run(`insert into sources (id, name) values ('src_bench', 'bench') on conflict do nothing`);
  const chunk = 100_000;
  await seedBenchCompanies(run, companies, log);
  const company = `(1 + (g % ${companies}))`;
  const email = `'p' || g || '@bench-c' || ${company} || '.example'`;
  const phone = `'+1415' || lpad((g % 10000000)::text, 7, '0')`;
  const slug = `'bench-person-' || g`;
  for (let from = 1; from <= people; from += chunk) {
    const to = Math.min(people, from + chunk - 1);
    const started = Date.now();
    const series = `generate_series(${from}, ${to}) g`;
    await database.db.transaction(async (tx) => {
      const step = (text: string) => tx.execute(sql.raw(text));
      await step(`select set_config('dossier.people_search', 'deferred', true)`);
      await step(`insert into people (id, full_name, first_name, last_name, title, seniority, department, company_id,
          country, search_facets, company_employee_count, company_founded_year, company_revenue_min, company_revenue_max)
        select 'per_b' || g, 'First' || (g % 997) || ' Last' || g, 'First' || (g % 997), 'Last' || g,
          ${pick(0)}, ${pick(1)}, ${pick(2)}, c.id, 'US',
          dossier_person_facets(${pick(1)}, ${pick(2)}, 'US', null, null, true, g % 2 = 0, array['verified'], c.search_facets),
          c.employee_count, c.founded_year, c.revenue_min, c.revenue_max
        from ${series} join companies c on c.id = 'cmp_b' || ${company}`);
      await step(`insert into person_emails (person_id, email, type, status)
        select 'per_b' || g, ${email}, 'work', 'verified' from ${series}`);
      await step(`insert into person_profiles (person_id, network, handle, url)
        select 'per_b' || g, 'linkedin', ${slug}, 'https://www.linkedin.com/in/' || ${slug} from ${series}`);
      await step(`insert into person_phones (person_id, e164, type, status)
        select 'per_b' || g, ${phone}, 'mobile', 'valid' from ${series} where g % 2 = 0`);
      await step(`insert into employment (person_id, company_id, title, is_current, started_at)
        select 'per_b' || g, 'cmp_b' || ${company}, ${pick(0)}, true, date '2022-01-01' from ${series}`);
      await step(`insert into source_records (id, source_id, kind, hash, payload, entity_id)
        select 'rec_s' || g, 'src_bench', 'people', md5('seed-' || g),
          jsonb_strip_nulls(jsonb_build_object('fullName', 'First' || (g % 997) || ' Last' || g,
            'email', ${email}, 'linkedinUrl', 'linkedin.com/in/' || ${slug},
            'phone', case when g % 2 = 0 then ${phone} end,
            'company', 'Bench Company ' || ${company}, 'title', ${pick(0)})),
          'per_b' || g
        from ${series}`);
      await step(`insert into person_keys (key, person_id)
        select k, 'per_b' || g from ${series}, lateral (values
          ('email:' || ${email}), ('li:' || ${slug}), ('name:last' || g || '|first' || (g % 997)),
          (case when g % 2 = 0 then 'phone:' || ${phone} end)) v(k)
        where k is not null`);
      await step(`insert into person_value_sources (person_id, field, value, source_id)
        select 'per_b' || g, f, v, 'src_bench' from ${series}, lateral (values
          ('email', ${email}), ('profile', 'linkedin.com/in/' || ${slug}),
          ('phone', case when g % 2 = 0 then ${phone} end)) x(f, v)
        where v is not null`);
      await step(`select dossier_refresh_contact_cards(array(select 'per_b' || g from ${series}))`);
    });
    log(`  people ${to}/${people} (${((Date.now() - started) / 1000).toFixed(1)} s for this chunk)`);
  }
  for (let from = 1; from <= companies; from += 20_000) {
    const to = Math.min(companies, from + 20_000 - 1);
    await run(
      `select dossier_refresh_contact_lists(array(select 'cmp_b' || g from generate_series(${from}, ${to}) g))`,
    );
  }
  log('  contact lists filled; vacuum analyze');
  await run('vacuum analyze');
}

/**
 * Finished verification jobs `job_bench<j>` of 2,000 addresses each, `items` in all, for every
 * tenth person from the first: what an erasure must search (`scrubJobs` in
 * packages/core/src/privacy/job-scrub.ts reads every item's input and result for the person).
 */
export async function seedVerifyJobs(
  database: Database,
  companies: number,
  items: number,
  log: (s: string) => void,
) {
  const run = (text: string) => database.query(sql.raw(text));
  const perJob = 2_000;
  const jobs = Math.ceil(items / perJob);
  await run(`insert into job_runs (id, org_id, kind, status, total, done, result, finished_at)
    select 'job_bench' || j, 'org_bench', 'verify', 'succeeded', ${perJob}, ${perJob},
      '{"valid": ${perJob}}'::jsonb, now()
    from generate_series(1, ${jobs}) j`);
  // Item n names person 10n - 9: 1, 11, 21 ...
  await run(`insert into job_items (job_id, seq, input, status, result)
    select 'job_bench' || (1 + (n - 1) / ${perJob}), (n - 1) % ${perJob},
      to_jsonb(e), 'done', jsonb_build_object('email', e, 'status', 'valid', 'reason', 'accepted',
        'mx', 'mx.' || split_part(e, '@', 2))
    from generate_series(1, ${items}) n,
      lateral (select 'p' || (10 * n - 9) || '@bench-c' || (1 + ((10 * n - 9) % ${companies})) || '.example' as e) x`);
  log(`  ${items} verification job items in ${jobs} jobs`);
  await run('vacuum analyze job_items');
}
