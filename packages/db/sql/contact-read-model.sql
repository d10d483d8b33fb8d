-- Contact read model: a person's contact card (emails, phones, profiles, best first) and each company's
-- list of its ten most senior people with their cards, kept by statement triggers so that enrich reads
-- one row instead of joining four tables. The row shapes are declared once in
-- packages/db/src/contact-read-model.ts, which parses them (a test builds them here and parses them).

-- Contact points best first: verified, valid, accept_all, unknown (and anything else), invalid. The
-- one definition of that order: the cards below and the person record (packages/core/src/person/store.ts) sort by it.
CREATE OR REPLACE FUNCTION dossier_contact_rank(status text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE status WHEN 'verified' THEN 0 WHEN 'valid' THEN 1 WHEN 'accept_all' THEN 2 WHEN 'invalid' THEN 4 ELSE 3 END
$$;

CREATE OR REPLACE FUNCTION dossier_contact_cards_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_cards(array(SELECT DISTINCT person_id FROM changed_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION dossier_contact_cards_touch_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_refresh_contact_cards(array(SELECT person_id FROM old_rows UNION SELECT person_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;

-- A person's contact card: each contact point as a positional array, best first —
-- emails [email, type, status], phones [number, type, status], profiles [network, url].
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
$$;

-- The lists of the given companies as people and cards hold them now: written where they differ,
-- removed where a company has no people left (or no longer exists), with where the first contact
-- without a usable address is (`dossier_first_without_email`, expressions.sql; it depends on the
-- contacts alone, so it changes only where they do). Each contact is an array, which
-- parses in about half the time of the same values with their keys: id, full_name, first_name,
-- last_name, title, seniority, department, city, region, country, then the card's emails, phones and
-- profiles (`listedPerson` in packages/core/src/enrich/store.ts reads it).
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
  INSERT INTO company_contact_lists AS l (company_id, contacts, person_ids, cutoff_rank, cutoff_id, first_without_email)
  SELECT id, contacts, person_ids, cutoff_rank, CASE WHEN cutoff_rank IS NOT NULL THEN person_ids[10] END,
    dossier_first_without_email(contacts)
  FROM lists WHERE contacts IS NOT NULL
  ON CONFLICT (company_id) DO UPDATE SET contacts = excluded.contacts, person_ids = excluded.person_ids,
    cutoff_rank = excluded.cutoff_rank, cutoff_id = excluded.cutoff_id, first_without_email = excluded.first_without_email
  WHERE l.contacts::text IS DISTINCT FROM excluded.contacts::text;
END
$$;

-- The given people changed (arrived, were edited, or their card changed) where they work now: the
-- lists they are on or rank into. (Parameter names differ from every column: in a SQL function a
-- column of the same name would win.)
CREATE OR REPLACE FUNCTION dossier_touch_contact_lists(touched text[]) RETURNS void LANGUAGE sql AS $$
  SELECT dossier_refresh_contact_lists(array(
    SELECT DISTINCT p.company_id FROM people p LEFT JOIN company_contact_lists l ON l.company_id = p.company_id
    WHERE p.id = ANY (touched) AND p.company_id IS NOT NULL
      AND (l.company_id IS NULL OR l.cutoff_id IS NULL OR p.id = ANY (l.person_ids)
        OR (dossier_seniority_rank(p.seniority), p.id) < (l.cutoff_rank, l.cutoff_id))))
$$;

-- People left these companies (moved or deleted): the lists they were on.
CREATE OR REPLACE FUNCTION dossier_leave_contact_lists(left_companies text[], left_people text[]) RETURNS void LANGUAGE sql AS $$
  SELECT dossier_refresh_contact_lists(array(
    SELECT DISTINCT l.company_id FROM unnest(left_companies, left_people) AS o(company_id, person_id)
    JOIN company_contact_lists l ON l.company_id = o.company_id
    WHERE o.person_id = ANY (l.person_ids)))
$$;

CREATE OR REPLACE FUNCTION dossier_contact_lists_people_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_touch_contact_lists(array(SELECT id FROM new_rows WHERE company_id IS NOT NULL));
  END IF;
  RETURN NULL;
END
$$;

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
$$;

CREATE OR REPLACE FUNCTION dossier_contact_lists_people_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dossier_leave_contact_lists(array_agg(company_id), array_agg(id)) FROM old_rows WHERE company_id IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION dossier_contact_lists_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dossier_people_search_deferred() THEN
    PERFORM dossier_touch_contact_lists(array(SELECT person_id FROM changed_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER person_emails_card_insert AFTER INSERT ON person_emails
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();

CREATE OR REPLACE TRIGGER person_emails_card_update AFTER UPDATE ON person_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch_moved();

CREATE OR REPLACE TRIGGER person_emails_card_delete AFTER DELETE ON person_emails
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();

CREATE OR REPLACE TRIGGER person_phones_card_insert AFTER INSERT ON person_phones
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();

CREATE OR REPLACE TRIGGER person_phones_card_update AFTER UPDATE ON person_phones
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch_moved();

CREATE OR REPLACE TRIGGER person_phones_card_delete AFTER DELETE ON person_phones
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();

CREATE OR REPLACE TRIGGER person_profiles_card_insert AFTER INSERT ON person_profiles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();

CREATE OR REPLACE TRIGGER person_profiles_card_update AFTER UPDATE ON person_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch_moved();

CREATE OR REPLACE TRIGGER person_profiles_card_delete AFTER DELETE ON person_profiles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_cards_touch();

CREATE OR REPLACE TRIGGER people_contact_lists_insert AFTER INSERT ON people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_people_insert();

CREATE OR REPLACE TRIGGER people_contact_lists_update AFTER UPDATE ON people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_people_update();

CREATE OR REPLACE TRIGGER people_contact_lists_delete AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_people_delete();

CREATE OR REPLACE TRIGGER person_contact_cards_lists_insert AFTER INSERT ON person_contact_cards
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_cards();

CREATE OR REPLACE TRIGGER person_contact_cards_lists_update AFTER UPDATE ON person_contact_cards
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_cards();

CREATE OR REPLACE TRIGGER person_contact_cards_lists_delete AFTER DELETE ON person_contact_cards
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_contact_lists_cards();
