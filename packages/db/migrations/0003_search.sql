-- Search (issue 6): immutable helpers for the generated search columns, written by hand.
CREATE OR REPLACE FUNCTION dossier_money(amount text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN m IS NULL THEN NULL ELSE m[1]::double precision * CASE upper(m[2]) WHEN 'K' THEN 1e3 WHEN 'M' THEN 1e6 WHEN 'B' THEN 1e9 WHEN 'T' THEN 1e12 ELSE 1 END END
  FROM (SELECT regexp_match(replace(amount, ',', ''), '([0-9]+(?:\.[0-9]+)?)\s*([KMBTkmbt]?)') AS m) AS parsed
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_join(items text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_string(items, ' '), '')
$$;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tech_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industry_key" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(replace(coalesce("industry", ''), '&', ' and ')), '[^a-z0-9]+', ' ', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "revenue_min" double precision GENERATED ALWAYS AS (dossier_money(split_part("revenue_range", '-', 1))) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "revenue_max" double precision GENERATED ALWAYS AS (case when "revenue_range" like '%+%' then null when "revenue_range" like '%-%' then dossier_money(split_part("revenue_range", '-', 2)) else dossier_money("revenue_range") end) STORED;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('english'::regconfig, dossier_join("tags")), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("full_name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "companies_tech_categories_idx" ON "companies" USING gin ("tech_categories");--> statement-breakpoint
CREATE INDEX "companies_tags_idx" ON "companies" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "companies_search_tsv_idx" ON "companies" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "companies_industry_key_idx" ON "companies" USING btree ("industry_key");--> statement-breakpoint
CREATE INDEX "companies_country_idx" ON "companies" USING btree ("country");--> statement-breakpoint
CREATE INDEX "companies_city_idx" ON "companies" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "companies_employee_count_idx" ON "companies" USING btree ("employee_count");--> statement-breakpoint
CREATE INDEX "companies_founded_year_idx" ON "companies" USING btree ("founded_year");--> statement-breakpoint
CREATE INDEX "people_search_tsv_idx" ON "people" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "people_seniority_idx" ON "people" USING btree ("seniority");--> statement-breakpoint
CREATE INDEX "people_department_idx" ON "people" USING btree ("department");--> statement-breakpoint
CREATE INDEX "people_country_idx" ON "people" USING btree ("country");--> statement-breakpoint
CREATE INDEX "people_city_idx" ON "people" USING btree (lower("city"));--> statement-breakpoint
-- companies.tech_categories follows company_technologies (statement triggers: bulk loads pay once).
CREATE OR REPLACE FUNCTION dossier_refresh_tech_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET tech_categories = coalesce(
    (SELECT array_agg(DISTINCT t.category ORDER BY t.category) FROM company_technologies t WHERE t.company_id = c.id),
    '{}'::text[])
  WHERE c.id IN (SELECT company_id FROM changed_rows);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER company_technologies_categories_insert AFTER INSERT ON company_technologies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_refresh_tech_categories();--> statement-breakpoint
CREATE TRIGGER company_technologies_categories_update AFTER UPDATE ON company_technologies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_refresh_tech_categories();--> statement-breakpoint
CREATE TRIGGER company_technologies_categories_delete AFTER DELETE ON company_technologies
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_refresh_tech_categories();--> statement-breakpoint
UPDATE companies c SET tech_categories = (SELECT array_agg(DISTINCT t.category ORDER BY t.category) FROM company_technologies t WHERE t.company_id = c.id)
  WHERE EXISTS (SELECT 1 FROM company_technologies t WHERE t.company_id = c.id);
