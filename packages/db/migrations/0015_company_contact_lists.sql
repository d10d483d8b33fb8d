CREATE TABLE "company_contact_lists" (
	"company_id" text PRIMARY KEY NOT NULL,
	"contacts" json NOT NULL,
	"person_ids" text[] NOT NULL,
	"cutoff_rank" integer,
	"cutoff_id" text
);
--> statement-breakpoint
ALTER TABLE "company_contact_lists" ADD CONSTRAINT "company_contact_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Enrich speed (issue 5). An enrich by domain answered ten contacts by ranking the company's people
-- and reading ten contact cards: about 35 index lookups for 0.17 ms of PostgreSQL time, against 0.02
-- ms for the company alone. Each company's first ten contacts, as enrich lists them without filters,
-- are now kept in one row: the lookup reads it by primary key. The people and card tables stay the
-- source of truth.
--
-- Keeping the lists: a change to a person changes their company's list only if the person is on it,
-- or ranks into it (the list is not full, or the person ranks before its last entry). Statement
-- triggers on people and on the cards refresh just those companies; writers that defer the people
-- search triggers (`dossier.people_search` = 'deferred', migration 0009) call
-- `dossier_touch_contact_lists` for the people of their batch at its end, and only people who leave a
-- company or are deleted have their old company's list refreshed as they go.
--
-- The lists are rewritten whenever one changes: lz4 compresses a 5 KB list about a third faster than
-- the default pglz (and reads it back faster), where the server has it (PGlite has not).
DO $$ BEGIN
  ALTER TABLE company_contact_lists ALTER COLUMN contacts SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;--> statement-breakpoint
-- The contact cards (migration 0011) keep each contact point as an array too, for the same reason:
-- emails [email, type, status], phones [number, type, status], profiles [network, url]. Same order
-- as before. Every card is rewritten below, in chunks of 50,000 people in id order (one call over
-- millions of people runs far longer than the chunks together).
CREATE OR REPLACE FUNCTION dossier_refresh_contact_cards(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH cards AS (
    SELECT i.id,
      (SELECT json_agg(json_build_array(e.email, e.type, e.status)
          ORDER BY dossier_contact_rank(e.status), e.last_seen DESC, e.id)
        FROM person_emails e WHERE e.person_id = i.id) AS emails,
      (SELECT json_agg(json_build_array(f.e164, f.type, f.status)
          ORDER BY dossier_contact_rank(f.status), f.last_seen DESC, f.id)
        FROM person_phones f WHERE f.person_id = i.id) AS phones,
      (SELECT json_agg(json_build_array(s.network, s.url) ORDER BY s.id)
        FROM person_profiles s WHERE s.person_id = i.id) AS profiles
    FROM (SELECT DISTINCT unnest(ids) AS id) i
  ), gone AS (
    DELETE FROM person_contact_cards k USING cards c
    WHERE k.person_id = c.id AND c.emails IS NULL AND c.phones IS NULL AND c.profiles IS NULL
  )
  INSERT INTO person_contact_cards AS k (person_id, emails, phones, profiles)
  SELECT c.id, coalesce(c.emails, '[]'), coalesce(c.phones, '[]'), coalesce(c.profiles, '[]')
  FROM cards c
  WHERE c.emails IS NOT NULL OR c.phones IS NOT NULL OR c.profiles IS NOT NULL
  ON CONFLICT (person_id) DO UPDATE SET emails = excluded.emails, phones = excluded.phones, profiles = excluded.profiles
  WHERE (k.emails::text, k.phones::text, k.profiles::text)
    IS DISTINCT FROM (excluded.emails::text, excluded.phones::text, excluded.profiles::text);
END
$$;--> statement-breakpoint
DO $$
DECLARE
  after text := '';
  chunk text[];
BEGIN
  LOOP
    chunk := array(SELECT id FROM people WHERE id > after ORDER BY id LIMIT 50000);
    EXIT WHEN cardinality(chunk) = 0;
    PERFORM dossier_refresh_contact_cards(chunk);
    after := chunk[cardinality(chunk)];
  END LOOP;
END $$;--> statement-breakpoint
-- Most senior first: the order of `seniorities` in packages/core/src/normalize/title.ts (a test
-- compares them), unknown last. Enrich's other lookups sort by this function too.
CREATE OR REPLACE FUNCTION dossier_seniority_rank(seniority text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE seniority WHEN 'owner' THEN 0 WHEN 'partner' THEN 1 WHEN 'cxo' THEN 2 WHEN 'vp' THEN 3
    WHEN 'director' THEN 4 WHEN 'manager' THEN 5 WHEN 'senior' THEN 6 WHEN 'entry' THEN 7 ELSE 8 END
$$;--> statement-breakpoint
-- A company's people most senior first, by id between equals: a refresh (and enrich with filters)
-- reads a company's first entries instead of sorting all its people. It replaces the plain
-- (company_id) index, which it serves as well.
DROP INDEX "people_company_idx";--> statement-breakpoint
CREATE INDEX "people_company_idx" ON "people" USING btree ("company_id",dossier_seniority_rank("seniority"),"id");--> statement-breakpoint
-- The lists of the given companies as people and cards hold them now: written where they differ,
-- removed where a company has no people left (or no longer exists). Each contact is an array, which
-- parses in about half the time of the same values with their keys: id, full_name, first_name,
-- last_name, title, seniority, department, city, region, country, then the card's emails, phones and
-- profiles (`listedPerson` in packages/core/src/enrich/lookups.ts reads it).
CREATE OR REPLACE FUNCTION dossier_refresh_contact_lists(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH lists AS (
    SELECT c.id, l.*
    FROM companies c CROSS JOIN LATERAL (
      SELECT json_agg(json_build_array(p.id, p.full_name, p.first_name, p.last_name, p.title, p.seniority,
          p.department, p.city, p.region, p.country, coalesce(k.emails, '[]'), coalesce(k.phones, '[]'),
          coalesce(k.profiles, '[]')) ORDER BY p.rank, p.id) AS contacts,
        array_agg(p.id ORDER BY p.rank, p.id) AS person_ids,
        CASE WHEN count(*) = 10 THEN max(p.rank) END AS cutoff_rank
      FROM (SELECT x.id, x.full_name, x.first_name, x.last_name, x.title, x.seniority, x.department, x.city,
          x.region, x.country, dossier_seniority_rank(x.seniority) AS rank
        FROM people x WHERE x.company_id = c.id ORDER BY rank, x.id LIMIT 10) p
      LEFT JOIN person_contact_cards k ON k.person_id = p.id
    ) l
    WHERE c.id = ANY (ids)
  ), gone AS (
    DELETE FROM company_contact_lists l WHERE l.company_id = ANY (ids)
      AND NOT EXISTS (SELECT 1 FROM lists WHERE lists.id = l.company_id AND lists.contacts IS NOT NULL)
  )
  INSERT INTO company_contact_lists AS l (company_id, contacts, person_ids, cutoff_rank, cutoff_id)
  SELECT id, contacts, person_ids, cutoff_rank, CASE WHEN cutoff_rank IS NOT NULL THEN person_ids[10] END
  FROM lists WHERE contacts IS NOT NULL
  ON CONFLICT (company_id) DO UPDATE SET contacts = excluded.contacts, person_ids = excluded.person_ids,
    cutoff_rank = excluded.cutoff_rank, cutoff_id = excluded.cutoff_id
  WHERE l.contacts::text IS DISTINCT FROM excluded.contacts::text;
END
$$;--> statement-breakpoint
-- The given people changed (arrived, were edited, or their card changed) where they work now: the
-- lists they are on or rank into. (Parameter names differ from every column: in a SQL function a
-- column of the same name would win.)
CREATE OR REPLACE FUNCTION dossier_touch_contact_lists(touched text[]) RETURNS void LANGUAGE sql AS $$
  SELECT dossier_refresh_contact_lists(array(
    SELECT DISTINCT p.company_id FROM people p LEFT JOIN company_contact_lists l ON l.company_id = p.company_id
    WHERE p.id = ANY (touched) AND p.company_id IS NOT NULL
      AND (l.company_id IS NULL OR l.cutoff_id IS NULL OR p.id = ANY (l.person_ids)
        OR (dossier_seniority_rank(p.seniority), p.id) < (l.cutoff_rank, l.cutoff_id))))
$$;--> statement-breakpoint
-- People left these companies (moved or deleted): the lists they were on.
CREATE OR REPLACE FUNCTION dossier_leave_contact_lists(left_companies text[], left_people text[]) RETURNS void LANGUAGE sql AS $$
  SELECT dossier_refresh_contact_lists(array(
    SELECT DISTINCT l.company_id FROM unnest(left_companies, left_people) AS o(company_id, person_id)
    JOIN company_contact_lists l ON l.company_id = o.company_id
    WHERE o.person_id = ANY (l.person_ids)))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_lists_people_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_touch_contact_lists(array(SELECT id FROM new_rows WHERE company_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only changes to what a list shows (or to where a person works) count: the search facets' rewrites
-- of people rows do not.
CREATE OR REPLACE FUNCTION dossier_contact_lists_people_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dossier_leave_contact_lists(array_agg(o.company_id), array_agg(o.id))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.company_id IS NOT NULL AND o.company_id IS DISTINCT FROM n.company_id;
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_touch_contact_lists(array(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.company_id IS NOT NULL AND (o.company_id, o.full_name, o.first_name, o.last_name, o.title, o.seniority,
          o.department, o.city, o.region, o.country)
        IS DISTINCT FROM (n.company_id, n.full_name, n.first_name, n.last_name, n.title, n.seniority,
          n.department, n.city, n.region, n.country)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_lists_people_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dossier_leave_contact_lists(array_agg(company_id), array_agg(id)) FROM old_rows WHERE company_id IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_lists_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_touch_contact_lists(array(SELECT person_id FROM changed_rows));
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
