-- Search read model: the facet arrays and copied company numbers that let people and company search
-- filter through one GIN probe. Row triggers keep a person's facets current; statement triggers refresh
-- what a company change or an email or phone change touches. Bulk writers defer them for one
-- transaction and write the facets themselves (`deferPeopleSearch` and `refreshPeopleSearch` in
-- packages/core/src/resolve/persist/search-facets.ts).

-- companies.tech_categories follows company_technologies (statement triggers: bulk loads pay once).
CREATE OR REPLACE FUNCTION dossier_refresh_tech_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET tech_categories = coalesce(
    (SELECT array_agg(DISTINCT t.category ORDER BY t.category) FROM company_technologies t WHERE t.company_id = c.id),
    '{}'::text[])
  WHERE c.id IN (SELECT company_id FROM changed_rows);
  RETURN NULL;
END
$$;

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
$$;

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
$$;

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
$$;

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
$$;

-- Imports write people search facets themselves: inside a transaction that has set
-- `dossier.people_search` to 'deferred' (set_config(..., true): local to the transaction), the row and
-- touch triggers below do nothing and the writer keeps the facets and company numbers
-- right on its own: new people are inserted with their final facets, people it updated are refreshed
-- once with `dossier_refresh_people_search` before it clears the setting. Without it, every email of
-- a new person rewrote that person (a second row version, an entry in each of the nine people indexes).
CREATE OR REPLACE FUNCTION dossier_people_search_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('dossier.people_search', true), '') = 'deferred'
$$;

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
$$;

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
$$;

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
$$;

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

-- A deleted person's card goes with its keys and value sources.
CREATE OR REPLACE FUNCTION dossier_people_delete_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM person_keys k USING old_rows o WHERE k.person_id = o.id;
  DELETE FROM person_value_sources v USING old_rows o WHERE v.person_id = o.id;
  DELETE FROM person_contact_cards c USING old_rows o WHERE c.person_id = o.id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER company_technologies_categories_insert AFTER INSERT ON company_technologies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_refresh_tech_categories();

CREATE OR REPLACE TRIGGER company_technologies_categories_update AFTER UPDATE ON company_technologies
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_refresh_tech_categories();

CREATE OR REPLACE TRIGGER company_technologies_categories_delete AFTER DELETE ON company_technologies
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_refresh_tech_categories();

CREATE OR REPLACE TRIGGER people_search_row BEFORE INSERT OR UPDATE ON people
  FOR EACH ROW EXECUTE FUNCTION dossier_people_search_row();

CREATE OR REPLACE TRIGGER person_emails_search_insert AFTER INSERT ON person_emails
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch();

CREATE OR REPLACE TRIGGER person_emails_search_update AFTER UPDATE ON person_emails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch_moved();

CREATE OR REPLACE TRIGGER person_emails_search_delete AFTER DELETE ON person_emails
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch();

CREATE OR REPLACE TRIGGER person_phones_search_insert AFTER INSERT ON person_phones
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch('mobile');

CREATE OR REPLACE TRIGGER person_phones_search_update AFTER UPDATE ON person_phones
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch_moved('mobile');

CREATE OR REPLACE TRIGGER person_phones_search_delete AFTER DELETE ON person_phones
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_search_touch('mobile');

CREATE OR REPLACE TRIGGER companies_search_update AFTER UPDATE ON companies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_companies_search_touch();

CREATE OR REPLACE TRIGGER people_delete_derived AFTER DELETE ON people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dossier_people_delete_derived();
