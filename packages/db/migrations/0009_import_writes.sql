-- People imports (issue 4): search facets written by the import itself, and no per-row foreign key
-- checks on the resolution-internal tables.
-- Imports write people search facets themselves (issue 4): inside a transaction that has set
-- `dossier.people_search` to 'deferred' (set_config(..., true): local to the transaction), the row and
-- touch triggers of migration 0006 do nothing and the writer keeps the facets and company numbers
-- right on its own: new people are inserted with their final facets, people it updated are refreshed
-- once with `dossier_refresh_people_search` before it clears the setting. Without it, every email of
-- a new person rewrote that person (a second row version, an entry in each of the nine people indexes).
CREATE OR REPLACE FUNCTION dossier_people_search_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('dossier.people_search', true), '') = 'deferred'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_people_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dossier_people_search_deferred() THEN
    RETURN NEW;
  END IF;
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
CREATE OR REPLACE FUNCTION dossier_people_search_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dossier_people_search_deferred() THEN
    RETURN NULL;
  END IF;
  UPDATE people p SET search_facets = p.search_facets
    WHERE p.id IN (SELECT person_id FROM changed_rows WHERE TG_NARGS = 0 OR type = TG_ARGV[0])
      AND p.search_facets IS DISTINCT FROM dossier_current_person_facets(p.id, p.seniority, p.department,
        p.country, p.region, p.city, p.company_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_people_search_touch_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dossier_people_search_deferred() THEN
    RETURN NULL;
  END IF;
  UPDATE people p SET search_facets = p.search_facets
    WHERE p.id IN (SELECT person_id FROM old_rows WHERE TG_NARGS = 0 OR type = TG_ARGV[0]
        UNION SELECT person_id FROM new_rows WHERE TG_NARGS = 0 OR type = TG_ARGV[0])
      AND p.search_facets IS DISTINCT FROM dossier_current_person_facets(p.id, p.seniority, p.department,
        p.country, p.region, p.city, p.company_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The given people's facets and company numbers as the triggers would compute them, written only
-- where they differ (set-based: one pass over their emails, phones and companies).
CREATE OR REPLACE FUNCTION dossier_refresh_people_search(ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE people p SET
    search_facets = f.search_facets,
    company_employee_count = f.employee_count,
    company_founded_year = f.founded_year,
    company_revenue_min = f.revenue_min,
    company_revenue_max = f.revenue_max
  FROM (
    SELECT q.id,
      dossier_person_facets(q.seniority, q.department, q.country, q.region, q.city, coalesce(e.verified, false),
        coalesce(ph.mobile, false), e.statuses, c.search_facets) AS search_facets,
      c.employee_count, c.founded_year, c.revenue_min, c.revenue_max
    FROM people q
      LEFT JOIN companies c ON c.id = q.company_id
      LEFT JOIN LATERAL (SELECT bool_or(status = 'verified') AS verified, array_agg(status) AS statuses
        FROM person_emails WHERE person_id = q.id) e ON true
      LEFT JOIN LATERAL (SELECT bool_or(type = 'mobile') AS mobile FROM person_phones WHERE person_id = q.id) ph ON true
    WHERE q.id = ANY (ids)
  ) f
  WHERE p.id = f.id
    AND (p.search_facets, p.company_employee_count, p.company_founded_year, p.company_revenue_min, p.company_revenue_max)
      IS DISTINCT FROM (f.search_facets, f.employee_count, f.founded_year, f.revenue_min, f.revenue_max)
$$;
--> statement-breakpoint
-- Blocking keys and value provenance are written only by people resolution, for persons it created
-- or read in the same transaction under its advisory lock, so their foreign keys to people checked
-- nothing the writer does not already guarantee, at one lookup and row lock per inserted row (about
-- 15% of an import's PostgreSQL time). Deleting a person still removes its keys and value sources,
-- now with one statement trigger instead of the cascade.
ALTER TABLE "person_keys" DROP CONSTRAINT "person_keys_person_id_people_id_fk";--> statement-breakpoint
ALTER TABLE "person_value_sources" DROP CONSTRAINT "person_value_sources_person_id_people_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_people_delete_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM person_keys k USING old_rows o WHERE k.person_id = o.id;
  DELETE FROM person_value_sources v USING old_rows o WHERE v.person_id = o.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER people_delete_derived AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_delete_derived();
