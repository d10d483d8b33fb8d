-- Search speed (issue 6): the company's employee-size bucket as a facet (`ce:51-200`, the buckets of
-- the `employee_ranges` filter), so a size filter narrows the same GIN probe as the other company
-- filters instead of being checked row by row. People get it through their copy of the company's
-- facets. The generated column is rebuilt around the new function.
-- And one GIN index over facets and search vector together (per table, replacing one index each):
-- filters plus a title or text then intersect inside one index scan, the rarest key driving,
-- instead of two bitmaps of hundreds of thousands of rows ANDed ("account executive" in GB on 5M
-- people: 468k and 616k row bitmaps). A multicolumn GIN index serves either column alone as well.
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_company_facets(industry text, country text, region text, city text, type text, domain text, tech_slugs text[], tech_categories text[], tags text[], employees integer) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  facets text[] := dossier_company_facets(industry, country, region, city, type, domain, tech_slugs, tech_categories, tags);
  bucket text := dossier_employee_bucket(employees);
BEGIN
  IF bucket IS NOT NULL THEN facets := facets || ('ce:' || bucket); END IF;
  RETURN facets;
END
$$;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "search_facets";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_facets" text[] GENERATED ALWAYS AS (dossier_company_facets("industry", "country", "region", "city", "type", "domain", "tech_slugs", "tech_categories", "tags", "employee_count")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "companies_search_tsv_idx";--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search_facets", "search_tsv");--> statement-breakpoint
DROP INDEX IF EXISTS "people_search_facets_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "people_search_tsv_idx";--> statement-breakpoint
-- People copy the company's facets: refill (a no-op on an empty table), then index.
SELECT dossier_fill_people_search();--> statement-breakpoint
CREATE INDEX "people_search_idx" ON "people" USING gin ("search_facets", "search_tsv");
