-- Search speed (issue 6), written around the generated statements: filter values as GIN-indexed
-- facets on companies and, copied with the current company's numbers, on people, so people search
-- needs neither a join to companies nor EXISTS probes on emails and phones.
-- PL/pgSQL rather than SQL functions: they run once per written row, and PL/pgSQL keeps its plans.
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_person_facets(seniority text, department text, country text, region text, city text, verified boolean, mobile boolean, statuses text[], company_facets text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  facets text[] := array_remove(ARRAY[
    'ps:' || seniority,
    'pe:' || department,
    'pc:' || country,
    'pr:' || lower(region),
    'py:' || lower(city),
    CASE WHEN verified THEN 'pv:1' ELSE 'pv:0' END,
    CASE WHEN mobile THEN 'pm:1' ELSE 'pm:0' END
  ], NULL);
  item text;
BEGIN
  FOREACH item IN ARRAY coalesce(statuses, '{}'::text[]) LOOP
    IF item IS NOT NULL AND NOT ('pes:' || item) = ANY (facets) THEN facets := facets || ('pes:' || item); END IF;
  END LOOP;
  RETURN facets || coalesce(company_facets, '{}'::text[]);
END
$$;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_facets" text[] GENERATED ALWAYS AS (dossier_company_facets("industry", "country", "region", "city", "type", "domain", "tech_slugs", "tech_categories", "tags")) STORED;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "search_facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_employee_count" integer;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_founded_year" integer;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_revenue_min" double precision;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_revenue_max" double precision;--> statement-breakpoint
-- Set-based fill of every person (also run by the bench generator after a trigger-less bulk load).
CREATE OR REPLACE FUNCTION dossier_fill_people_search() RETURNS void LANGUAGE sql AS $$
  UPDATE people p SET
    search_facets = dossier_person_facets(q.seniority, q.department, q.country, q.region, q.city,
      coalesce(e.verified, false), coalesce(ph.mobile, false), coalesce(e.statuses, '{}'::text[]), c.search_facets),
    company_employee_count = c.employee_count,
    company_founded_year = c.founded_year,
    company_revenue_min = c.revenue_min,
    company_revenue_max = c.revenue_max
  FROM people q
    LEFT JOIN companies c ON c.id = q.company_id
    LEFT JOIN (SELECT person_id, bool_or(status = 'verified') AS verified, array_agg(DISTINCT status) AS statuses
      FROM person_emails GROUP BY person_id) e ON e.person_id = q.id
    LEFT JOIN (SELECT person_id, bool_or(type = 'mobile') AS mobile FROM person_phones GROUP BY person_id) ph ON ph.person_id = q.id
  WHERE q.id = p.id
$$;--> statement-breakpoint
SELECT dossier_fill_people_search();--> statement-breakpoint
-- One person's facets as stored now: company by key, emails and phones by person.
CREATE OR REPLACE FUNCTION dossier_current_person_facets(pid text, seniority text, department text, country text, region text, city text, company text) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  verified boolean;
  mobile boolean;
  statuses text[];
  company_facets text[];
BEGIN
  SELECT bool_or(e.status = 'verified'), array_agg(e.status) INTO verified, statuses
    FROM person_emails e WHERE e.person_id = pid;
  SELECT bool_or(ph.type = 'mobile') INTO mobile FROM person_phones ph WHERE ph.person_id = pid;
  SELECT c.search_facets INTO company_facets FROM companies c WHERE c.id = company;
  RETURN dossier_person_facets(seniority, department, country, region, city, coalesce(verified, false),
    coalesce(mobile, false), statuses, company_facets);
END
$$;--> statement-breakpoint
-- Recomputed on every insert and update of a person.
CREATE OR REPLACE FUNCTION dossier_people_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.employee_count, c.founded_year, c.revenue_min, c.revenue_max
    INTO NEW.company_employee_count, NEW.company_founded_year, NEW.company_revenue_min, NEW.company_revenue_max
    FROM companies c WHERE c.id = NEW.company_id;
  IF NOT FOUND THEN
    NEW.company_employee_count := NULL;
    NEW.company_founded_year := NULL;
    NEW.company_revenue_min := NULL;
    NEW.company_revenue_max := NULL;
  END IF;
  NEW.search_facets := dossier_current_person_facets(NEW.id, NEW.seniority, NEW.department, NEW.country,
    NEW.region, NEW.city, NEW.company_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER people_search_row BEFORE INSERT OR UPDATE ON people
  FOR EACH ROW EXECUTE FUNCTION dossier_people_search_row();--> statement-breakpoint
-- Emails and phones: touch their people whose facets change (a new row version costs an entry in
-- every people index), and the row trigger recomputes. Statement triggers: bulk loads pay once. An
-- argument limits the rows to one `type` (phones: only mobile numbers are a facet).
CREATE OR REPLACE FUNCTION dossier_people_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people p SET search_facets = p.search_facets
    WHERE p.id IN (SELECT person_id FROM changed_rows WHERE TG_NARGS = 0 OR type = TG_ARGV[0])
      AND p.search_facets IS DISTINCT FROM dossier_current_person_facets(p.id, p.seniority, p.department,
        p.country, p.region, p.city, p.company_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_people_search_touch_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people p SET search_facets = p.search_facets
    WHERE p.id IN (SELECT person_id FROM old_rows WHERE TG_NARGS = 0 OR type = TG_ARGV[0]
        UNION SELECT person_id FROM new_rows WHERE TG_NARGS = 0 OR type = TG_ARGV[0])
      AND p.search_facets IS DISTINCT FROM dossier_current_person_facets(p.id, p.seniority, p.department,
        p.country, p.region, p.city, p.company_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER person_emails_search_insert AFTER INSERT ON person_emails
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch();--> statement-breakpoint
CREATE TRIGGER person_emails_search_update AFTER UPDATE ON person_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch_moved();--> statement-breakpoint
CREATE TRIGGER person_emails_search_delete AFTER DELETE ON person_emails
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch();--> statement-breakpoint
CREATE TRIGGER person_phones_search_insert AFTER INSERT ON person_phones
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch('mobile');--> statement-breakpoint
CREATE TRIGGER person_phones_search_update AFTER UPDATE ON person_phones
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch_moved('mobile');--> statement-breakpoint
CREATE TRIGGER person_phones_search_delete AFTER DELETE ON person_phones
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch('mobile');--> statement-breakpoint
-- A company whose filter values change: its people recompute.
CREATE OR REPLACE FUNCTION dossier_companies_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people p SET search_facets = p.search_facets
    WHERE p.company_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.search_facets, n.employee_count, n.founded_year, n.revenue_range)
        IS DISTINCT FROM (o.search_facets, o.employee_count, o.founded_year, o.revenue_range));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER companies_search_update AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_companies_search_touch();--> statement-breakpoint
CREATE INDEX "companies_search_facets_idx" ON "companies" USING gin ("search_facets");--> statement-breakpoint
CREATE INDEX "people_search_facets_idx" ON "people" USING gin ("search_facets");
