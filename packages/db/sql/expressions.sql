-- Pure functions that stored columns and indexes compute with: `companies.revenue_min`,
-- `revenue_max`, `search_tsv` and `search_facets` are generated from them, and `people_company_idx`
-- orders by `dossier_seniority_rank`. migrate() applies this file before the migrations (a new
-- database's tables need them) and the other files after.
--
-- Changing what one of these returns does not recompute the rows already stored: such a change needs
-- a migration that rewrites the column or rebuilds the index as well.

-- "$1.5M", "250K", "10,000" as a number; NULL when there is none.
CREATE OR REPLACE FUNCTION dossier_money(amount text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN m IS NULL THEN NULL ELSE m[1]::double precision * CASE upper(m[2]) WHEN 'K' THEN 1e3 WHEN 'M' THEN 1e6 WHEN 'B' THEN 1e9 WHEN 'T' THEN 1e12 ELSE 1 END END
  FROM (SELECT regexp_match(replace(amount, ',', ''), '([0-9]+(?:\.[0-9]+)?)\s*([KMBTkmbt]?)') AS m) AS parsed
$$;

CREATE OR REPLACE FUNCTION dossier_join(items text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_string(items, ' '), '')
$$;

-- The company's employee-size bucket, the buckets of the `employee_ranges` filter (`ce:51-200`), so a
-- size filter narrows the same GIN probe as the other company filters.
CREATE OR REPLACE FUNCTION dossier_employee_bucket(employees integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN employees IS NULL OR employees < 1 THEN NULL
    WHEN employees <= 10 THEN '1-10'
    WHEN employees <= 50 THEN '11-50'
    WHEN employees <= 200 THEN '51-200'
    WHEN employees <= 500 THEN '201-500'
    WHEN employees <= 1000 THEN '501-1000'
    WHEN employees <= 5000 THEN '1001-5000'
    WHEN employees <= 10000 THEN '5001-10000'
    ELSE '10001+'
  END
$$;

-- Company filter values as GIN-indexed facets (`ci:` industry, `cc:` country, `cr:` region, `cy:` city,
-- `ck:` type, `cd:` has a domain, `ct:` technology, `cg:` technology category, `ca:` tag), copied onto
-- people so people search needs no join to companies. PL/pgSQL rather than SQL: it runs once per
-- written row, and PL/pgSQL keeps its plans.
CREATE OR REPLACE FUNCTION dossier_company_facets(industry text, country text, region text, city text, type text, domain text, tech_slugs text[], tech_categories text[], tags text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  facets text[] := array_remove(ARRAY[
    'ci:' || nullif(btrim(regexp_replace(lower(replace(coalesce(industry, ''), '&', ' and ')), '[^a-z0-9]+', ' ', 'g')), ''),
    'cc:' || country,
    'cr:' || lower(region),
    'cy:' || lower(city),
    'ck:' || lower(type),
    CASE WHEN domain <> '' THEN 'cd:1' ELSE 'cd:0' END
  ], NULL);
  item text;
BEGIN
  FOREACH item IN ARRAY coalesce(tech_slugs, '{}'::text[]) LOOP facets := facets || ('ct:' || item); END LOOP;
  FOREACH item IN ARRAY coalesce(tech_categories, '{}'::text[]) LOOP facets := facets || ('cg:' || item); END LOOP;
  FOREACH item IN ARRAY coalesce(tags, '{}'::text[]) LOOP facets := facets || ('ca:' || item); END LOOP;
  RETURN facets;
END
$$;

-- The facets above plus the size bucket: what `companies.search_facets` stores.
CREATE OR REPLACE FUNCTION dossier_company_facets(industry text, country text, region text, city text, type text, domain text, tech_slugs text[], tech_categories text[], tags text[], employees integer) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  facets text[] := dossier_company_facets(industry, country, region, city, type, domain, tech_slugs, tech_categories, tags);
  bucket text := dossier_employee_bucket(employees);
BEGIN
  IF bucket IS NOT NULL THEN facets := facets || ('ce:' || bucket); END IF;
  RETURN facets;
END
$$;

-- Most senior first: the order of `seniorities` in packages/core/src/normalize/title.ts (a test
-- compares them), unknown last. Enrich's other lookups sort by this function too.
CREATE OR REPLACE FUNCTION dossier_seniority_rank(seniority text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE seniority WHEN 'owner' THEN 0 WHEN 'partner' THEN 1 WHEN 'cxo' THEN 2 WHEN 'vp' THEN 3
    WHEN 'director' THEN 4 WHEN 'manager' THEN 5 WHEN 'senior' THEN 6 WHEN 'entry' THEN 7 ELSE 8 END
$$;

-- Where in a company's contact list (`company_contact_lists.contacts`, its rows declared in
-- packages/db/src/contact-read-model.ts) the first contact without a usable address is, 0 for the
-- first: no email, or every one invalid (`bestEmail` in packages/core/src/enrich/contact.ts finds
-- none). NULL when every contact has one. Stored as `company_contact_lists.first_without_email`.
CREATE OR REPLACE FUNCTION dossier_first_without_email(contacts json) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (min(c.i) - 1)::smallint FROM json_array_elements(contacts) WITH ORDINALITY AS c(contact, i)
  WHERE NOT EXISTS (SELECT 1 FROM json_array_elements(c.contact -> 10) AS e(email) WHERE e.email ->> 2 <> 'invalid')
$$;
