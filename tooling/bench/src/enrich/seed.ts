import type { Database } from '@dossier/core';
import { sql } from './drizzle.js';

/** Titles the seeded people hold, with their seniority and department (shared by the bench seeds). */
export const titles = [
  ['Chief Executive Officer', 'cxo', 'executive'],
  ['VP Sales', 'vp', 'sales'],
  ['Director of Marketing', 'director', 'marketing'],
  ['Engineering Manager', 'manager', 'engineering'],
  ['Senior Software Engineer', 'senior', 'engineering'],
  ['Account Executive', null, 'sales'],
  ['Product Manager', 'manager', 'product'],
  ['Financial Analyst', null, 'finance'],
  ['HR Business Partner', null, 'hr'],
  ['Customer Success Manager', 'manager', 'customer_success'],
] as const;

const literal = (v: string | null) => (v === null ? 'null' : `'${v}'`);
/** SQL picking column `column` of `titles` by the row number `g` of a generate_series. */
export const pick = (column: number) =>
  `(array[${titles.map((t) => literal((t[column] as string | null) ?? null)).join(',')}])[1 + (g % ${titles.length})]`;

/** Companies `cmp_b<i>` at `bench-c<i>.example` with their primary domains, in chunks of 100,000. */
export async function seedBenchCompanies(
  run: (text: string) => Promise<unknown>,
  companies: number,
  log: (s: string) => void,
) {
  const chunk = 100_000;
  for (let from = 1; from <= companies; from += chunk) {
    const to = Math.min(companies, from + chunk - 1);
    await run(`insert into companies (id, domain, name, industry, employee_count, revenue_range, country, city)
      select 'cmp_b' || g, 'bench-c' || g || '.example', 'Bench Company ' || g,
        (array['software','retail','logistics','finance','health'])[1 + g % 5], 10 + (g % 5000),
        '$1M-$10M', 'US', 'Springfield'
      from generate_series(${from}, ${to}) g`);
    await run(`insert into company_domains (domain, company_id, is_primary)
      select 'bench-c' || g || '.example', 'cmp_b' || g, true from generate_series(${from}, ${to}) g`);
    log(`  companies ${to}/${companies}`);
  }
}

/**
 * Companies `cmp_b<i>` at `bench-c<i>.example` and people `per_b<i>` spread evenly over them,
 * each with a work address `p<i>@bench-c<company>.example`, a LinkedIn handle `bench-person-<i>`
 * and, for every other person, a mobile number. Generated inside PostgreSQL (INSERT ... SELECT
 * generate_series), in chunks so progress shows and no statement runs for minutes.
 */
export async function seedBench(
  database: Database,
  companies: number,
  people: number,
  log: (s: string) => void,
) {
  const run = (text: string) => database.query(sql.raw(text));
  const chunk = 100_000;
  await seedBenchCompanies(run, companies, log);
  const companyOf = `(1 + (g % ${companies}))`;
  for (let from = 1; from <= people; from += chunk) {
    const to = Math.min(people, from + chunk - 1);
    const started = Date.now();
    await run(`insert into people (id, full_name, first_name, last_name, title, seniority, department, company_id, country)
      select 'per_b' || g, 'First' || (g % 997) || ' Last' || g, 'First' || (g % 997), 'Last' || g,
        ${pick(0)}, ${pick(1)}, ${pick(2)}, 'cmp_b' || ${companyOf}, 'US'
      from generate_series(${from}, ${to}) g`);
    await run(`insert into person_emails (person_id, email, type, status)
      select 'per_b' || g, 'p' || g || '@bench-c' || ${companyOf} || '.example', 'work', 'verified'
      from generate_series(${from}, ${to}) g`);
    await run(`insert into person_profiles (person_id, network, handle, url)
      select 'per_b' || g, 'linkedin', 'bench-person-' || g, 'https://www.linkedin.com/in/bench-person-' || g
      from generate_series(${from}, ${to}) g`);
    await run(`insert into person_phones (person_id, e164, type, status)
      select 'per_b' || g, '+1415' || lpad((g % 10000000)::text, 7, '0'), 'mobile', 'valid'
      from generate_series(${from}, ${to}) g where g % 2 = 0`);
    await run(`insert into employment (person_id, company_id, title, is_current, started_at)
      select 'per_b' || g, 'cmp_b' || ${companyOf}, ${pick(0)}, true, date '2022-01-01'
      from generate_series(${from}, ${to}) g`);
    log(`  people ${to}/${people} (${((Date.now() - started) / 1000).toFixed(1)} s for this chunk)`);
  }
  // Each chunk writes people first and then their emails and phones, and every one of those
  // rewrites its person's search facets (packages/db/sql/search-facets.sql triggers): 1.5 dead versions per person,
  // 1.3 GB where 0.6 GB is live. The contact cards (packages/db/sql/contact-read-model.sql) are likewise written once per
  // email, profile and phone statement. A compact table is the steady state to measure.
  log('  vacuum full people and contact cards (dead row versions left by the order the seed writes in)');
  await run('vacuum full people');
  await run('vacuum full person_contact_cards');
  await run('vacuum analyze');
}
