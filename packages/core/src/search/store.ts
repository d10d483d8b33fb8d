import { companies, type Database } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { likeEscape } from '../shared/sql-rows.js';

/**
 * The values stored companies hold that searches name: technologies, industries, cities and regions
 * (each with its most common country), countries and tags, the most common first, at most `max` of each.
 */
export const storedVocabValues = async (
  database: Database,
  max: { places: number; tags: number; industries: number },
) => {
  const q = <T>(statement: ReturnType<typeof sql>) => database.query<T>(statement);
  const tech = await q<{ slug: string; name: string }>(
    sql`select slug, min(name) as name from company_technologies group by slug`,
  );
  const industries = await q<{ industry: string }>(
    sql`select industry from companies where industry is not null group by industry order by count(*) desc limit ${max.industries}`,
  );
  const places = await q<{ kind: 'city' | 'region'; name: string; country: string }>(sql`
    (select 'city' as kind, city as name, max(country) as country from companies
      where city is not null and country is not null group by city order by count(*) desc limit ${max.places})
    union all
    (select 'region' as kind, region as name, max(country) as country from companies
      where region is not null and country is not null group by region order by count(*) desc limit ${max.places})`);
  const countries = await q<{ country: string }>(
    sql`select country from companies where country is not null group by country`,
  );
  const tags = await q<{ tag: string }>(
    sql`select tag from companies, unnest(tags) as tag group by tag order by count(*) desc limit ${max.tags}`,
  );
  return { tech, industries, places, countries, tags };
};

/**
 * Up to two companies named `text` (any case) or with it as domain, those first (`exact`), else
 * whose name starts with it as a word.
 */
export const companiesNamed = (database: Database, text: string) => {
  const like = likeEscape(text);
  return database.query<{ name: string; exact: boolean }>(sql`
    select ${companies.name} as name, (${companies.name} ilike ${like} or ${companies.domain} = ${text.toLowerCase()}) as exact
    from ${companies}
    where ${companies.name} ilike ${like} or ${companies.domain} = ${text.toLowerCase()} or ${companies.name} ilike ${`${like} %`}
    order by 2 desc limit 2`);
};
