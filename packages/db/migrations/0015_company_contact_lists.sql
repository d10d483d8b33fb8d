CREATE TABLE "company_contact_lists" (
	"company_id" text PRIMARY KEY NOT NULL,
	"contacts" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_contact_lists" ADD CONSTRAINT "company_contact_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Enrich speed (issue 5). An enrich by domain answered ten contacts by ranking the company's people
-- and reading ten contact cards: about 35 index lookups for 0.17 ms of PostgreSQL time, against 0.02
-- ms for the company alone. Each company's first ten contacts, as enrich lists them without filters,
-- are now kept in one row: the lookup reads it by primary key. The people and card tables stay the
-- source of truth. Statement triggers keep the lists (bulk writes pay once per statement); writers
-- that defer the people search triggers (`dossier.people_search` = 'deferred', migration 0009) leave
-- the lists to the end of their batch (`dossier_refresh_contact_lists_of`), except for people who
-- leave a company or are deleted, whose old company is refreshed at once.
--
-- Most senior first: the order of `seniorities` in packages/core/src/normalize/title.ts (a test
-- compares them), unknown last. Enrich's other lookups sort by this function too.
CREATE OR REPLACE FUNCTION dossier_seniority_rank(seniority text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE seniority WHEN 'owner' THEN 0 WHEN 'partner' THEN 1 WHEN 'cxo' THEN 2 WHEN 'vp' THEN 3
    WHEN 'director' THEN 4 WHEN 'manager' THEN 5 WHEN 'senior' THEN 6 WHEN 'entry' THEN 7 ELSE 8 END
$$;--> statement-breakpoint
-- The lists of the given companies as people and cards hold them now: written where they differ,
-- removed where a company has no people left (or no longer exists). Each contact is the object enrich
-- builds for a person (`personJsonSql` in packages/core/src/enrich/lookups.ts, without `company`).
CREATE OR REPLACE FUNCTION dossier_refresh_contact_lists(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH lists AS (
    SELECT c.id,
      (SELECT json_agg(json_build_object('id', p.id, 'full_name', p.full_name, 'first_name', p.first_name,
          'last_name', p.last_name, 'title', p.title, 'seniority', p.seniority, 'department', p.department,
          'city', p.city, 'region', p.region, 'country', p.country, 'emails', coalesce(k.emails, '[]'),
          'phones', coalesce(k.phones, '[]'), 'profiles', coalesce(k.profiles, '[]')) ORDER BY p.rank, p.id)
        FROM (SELECT x.id, x.full_name, x.first_name, x.last_name, x.title, x.seniority, x.department, x.city,
            x.region, x.country, dossier_seniority_rank(x.seniority) AS rank
          FROM people x WHERE x.company_id = c.id ORDER BY rank, x.id LIMIT 10) p
        LEFT JOIN person_contact_cards k ON k.person_id = p.id) AS contacts
    FROM companies c WHERE c.id = ANY (ids)
  ), gone AS (
    DELETE FROM company_contact_lists l WHERE l.company_id = ANY (ids)
      AND NOT EXISTS (SELECT 1 FROM lists WHERE lists.id = l.company_id AND lists.contacts IS NOT NULL)
  )
  INSERT INTO company_contact_lists AS l (company_id, contacts)
  SELECT id, contacts FROM lists WHERE contacts IS NOT NULL
  ON CONFLICT (company_id) DO UPDATE SET contacts = excluded.contacts
  WHERE l.contacts::text IS DISTINCT FROM excluded.contacts::text;
END
$$;--> statement-breakpoint
-- The lists of the companies the given people work at now (a people import, at the end of a batch).
CREATE OR REPLACE FUNCTION dossier_refresh_contact_lists_of(person_ids text[]) RETURNS void LANGUAGE sql AS $$
  SELECT dossier_refresh_contact_lists(array(SELECT DISTINCT company_id FROM people
    WHERE id = ANY (person_ids) AND company_id IS NOT NULL))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_lists_people_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_lists(array(SELECT DISTINCT company_id FROM new_rows WHERE company_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only changes to what a list shows (or to where a person works) refresh it: the search facets'
-- rewrites of people rows do not.
CREATE OR REPLACE FUNCTION dossier_contact_lists_people_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_lists(array(SELECT DISTINCT o.company_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.company_id IS NOT NULL AND o.company_id IS DISTINCT FROM n.company_id));
  ELSE
    PERFORM dossier_refresh_contact_lists(array(
      SELECT company_id FROM (
        SELECT o.company_id AS old_company, n.company_id AS new_company FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.company_id, o.full_name, o.first_name, o.last_name, o.title, o.seniority, o.department, o.city, o.region, o.country)
          IS DISTINCT FROM (n.company_id, n.full_name, n.first_name, n.last_name, n.title, n.seniority, n.department, n.city, n.region, n.country)
      ) changed CROSS JOIN LATERAL (VALUES (old_company), (new_company)) v(company_id)
      WHERE company_id IS NOT NULL GROUP BY 1));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_lists_people_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dossier_refresh_contact_lists(array(SELECT DISTINCT company_id FROM old_rows WHERE company_id IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_lists_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_lists_of(array(SELECT person_id FROM changed_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER people_contact_lists_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_people_insert();--> statement-breakpoint
CREATE TRIGGER people_contact_lists_update AFTER UPDATE ON people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_people_update();--> statement-breakpoint
CREATE TRIGGER people_contact_lists_delete AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_people_delete();--> statement-breakpoint
CREATE TRIGGER person_contact_cards_lists_insert AFTER INSERT ON person_contact_cards
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_cards();--> statement-breakpoint
CREATE TRIGGER person_contact_cards_lists_update AFTER UPDATE ON person_contact_cards
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_cards();--> statement-breakpoint
CREATE TRIGGER person_contact_cards_lists_delete AFTER DELETE ON person_contact_cards
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_cards();--> statement-breakpoint
-- Every company's list (one set-based pass).
SELECT dossier_refresh_contact_lists(array(SELECT id FROM companies));
