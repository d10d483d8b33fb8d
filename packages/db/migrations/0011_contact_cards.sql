-- Enrich speed (issue 5): each person's emails, phones and profiles as enrich lists them, in one
-- row per person. An enrich by domain answers ten contacts; from these cards that is ten primary-key
-- reads instead of thirty child-table lookups with an aggregate each. The tables stay the source of
-- truth: statement triggers keep the cards (bulk writes pay once per statement), and writers that
-- defer the people search triggers (`dossier.people_search` = 'deferred', migration 0009) defer
-- these too and call `dossier_refresh_contact_cards` for the people they touched.
CREATE TABLE "person_contact_cards" (
	"person_id" text PRIMARY KEY NOT NULL,
	"emails" json NOT NULL,
	"phones" json NOT NULL,
	"profiles" json NOT NULL
);--> statement-breakpoint
-- Contact points best first: verified, valid, accept_all, unknown (and anything else), invalid. The
-- one definition of that order: the cards below and the person record (`load-people.ts`) sort by it.
CREATE OR REPLACE FUNCTION dossier_contact_rank(status text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE status WHEN 'verified' THEN 0 WHEN 'valid' THEN 1 WHEN 'accept_all' THEN 2 WHEN 'invalid' THEN 4 ELSE 3 END
$$;--> statement-breakpoint
-- The cards of the given people as the tables hold them now: written where they differ, removed
-- where a person has no contact points left (or no longer exists). Orders as enrich always has:
-- best status first, then the most recently seen.
CREATE OR REPLACE FUNCTION dossier_refresh_contact_cards(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH cards AS (
    SELECT i.id,
      (SELECT json_agg(json_build_object('email', e.email, 'type', e.type, 'status', e.status)
          ORDER BY dossier_contact_rank(e.status), e.last_seen DESC, e.id)
        FROM person_emails e WHERE e.person_id = i.id) AS emails,
      (SELECT json_agg(json_build_object('number', f.e164, 'type', f.type, 'status', f.status)
          ORDER BY dossier_contact_rank(f.status), f.last_seen DESC, f.id)
        FROM person_phones f WHERE f.person_id = i.id) AS phones,
      (SELECT json_agg(json_build_object('network', s.network, 'url', s.url) ORDER BY s.id)
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
CREATE OR REPLACE FUNCTION dossier_contact_cards_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_cards(array(SELECT DISTINCT person_id FROM changed_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dossier_contact_cards_touch_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_cards(array(SELECT person_id FROM old_rows UNION SELECT person_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER person_emails_card_insert AFTER INSERT ON person_emails
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();--> statement-breakpoint
CREATE TRIGGER person_emails_card_update AFTER UPDATE ON person_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch_moved();--> statement-breakpoint
CREATE TRIGGER person_emails_card_delete AFTER DELETE ON person_emails
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();--> statement-breakpoint
CREATE TRIGGER person_phones_card_insert AFTER INSERT ON person_phones
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();--> statement-breakpoint
CREATE TRIGGER person_phones_card_update AFTER UPDATE ON person_phones
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch_moved();--> statement-breakpoint
CREATE TRIGGER person_phones_card_delete AFTER DELETE ON person_phones
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();--> statement-breakpoint
CREATE TRIGGER person_profiles_card_insert AFTER INSERT ON person_profiles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();--> statement-breakpoint
CREATE TRIGGER person_profiles_card_update AFTER UPDATE ON person_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch_moved();--> statement-breakpoint
CREATE TRIGGER person_profiles_card_delete AFTER DELETE ON person_profiles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();--> statement-breakpoint
-- A deleted person's card goes with its keys and value sources.
CREATE OR REPLACE FUNCTION dossier_people_delete_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM person_keys k USING old_rows o WHERE k.person_id = o.id;
  DELETE FROM person_value_sources v USING old_rows o WHERE v.person_id = o.id;
  DELETE FROM person_contact_cards c USING old_rows o WHERE c.person_id = o.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every stored person's card (one set-based pass over the three tables).
SELECT dossier_refresh_contact_cards(array(SELECT id FROM people));
