import { sql } from 'drizzle-orm';
import { customType, doublePrecision, text } from 'drizzle-orm/pg-core';

/**
 * Search columns: generated from the stored values, so every writer (saveCompany, the demo
 * loader, bulk imports) keeps them right without knowing about search.
 * `dossier_money` and `dossier_join` are immutable SQL functions created by the search migration.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** `Data & Analytics` -> `data and analytics`: the form industry filters compare. */
export const industryKey = () =>
  text('industry_key').generatedAlwaysAs(
    sql`btrim(regexp_replace(lower(replace(coalesce("industry", ''), '&', ' and ')), '[^a-z0-9]+', ' ', 'g'))`,
  );

/** `$10M-50M` -> 10000000 .. 50000000; `$1B+` -> 1e9 .. null (open). */
export const revenueMin = () =>
  doublePrecision('revenue_min').generatedAlwaysAs(sql`dossier_money(split_part("revenue_range", '-', 1))`);
export const revenueMax = () =>
  doublePrecision('revenue_max').generatedAlwaysAs(
    sql`case when "revenue_range" like '%+%' then null when "revenue_range" like '%-%' then dossier_money(split_part("revenue_range", '-', 2)) else dossier_money("revenue_range") end`,
  );

/** Name (A), tags (B), description (C). */
export const companySearchVector = () =>
  tsvector('search_tsv').generatedAlwaysAs(
    sql`setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('english'::regconfig, dossier_join("tags")), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')`,
  );

/** Name (A), title (B): title filters match weight B only. */
export const personSearchVector = () =>
  tsvector('search_tsv').generatedAlwaysAs(
    sql`setweight(to_tsvector('english'::regconfig, coalesce("full_name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'B')`,
  );

/**
 * Company filter values as facets (`ci:fintech`, `cc:DE`, `ct:salesforce`, `ca:SaaS`, ...), one
 * GIN-indexed array for every equality filter; `dossier_company_facets` (packages/db/sql/expressions.sql) builds
 * it, with the employee-size bucket (`ce:51-200`). People carry a copy in `people.search_facets`.
 */
export const companySearchFacets = () =>
  text('search_facets')
    .array()
    .generatedAlwaysAs(
      sql`dossier_company_facets("industry", "country", "region", "city", "type", "domain", "tech_slugs", "tech_categories", "tags", "employee_count")`,
    );
