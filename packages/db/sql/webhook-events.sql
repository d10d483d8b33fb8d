-- Webhook events of shared data: job changes, surges and hiring spikes go into the outbox
-- (`webhook_events`, one delivery per matching subscription in `webhook_deliveries`) in the statement
-- that makes the change, one INSERT ... SELECT per batch. The data belongs to no organization, so the
-- events have none and every organization's subscriptions that want them get them. Events of one
-- organization's own work are written from TypeScript (`emitEvent` in packages/core/src/webhooks/emit.ts),
-- with the same filters: a subscription's companies, topics and minimum score narrow the events that
-- carry that field.
--
-- Surges and spikes are sent when a score crosses the subscription's threshold (its minimum score, else
-- 60, where scores start to mean surging): the score before the change was under it and the one after
-- is at or above it. A rescore that leaves a score above the threshold sends nothing; falling under and
-- rising again sends again.

-- Event and delivery ids written in SQL (`newId` in packages/db/src writes the others): unique, prefixed alike.
CREATE OR REPLACE FUNCTION webhook_new_id(prefix text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT prefix || '_' || replace(gen_random_uuid()::text, '-', '')
$$;

-- Whether any enabled subscription wants `event`: without one, producers skip the work of finding events.
CREATE OR REPLACE FUNCTION webhook_wanted(event text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_subscriptions WHERE enabled AND event = ANY(event_types))
$$;

CREATE OR REPLACE FUNCTION webhook_iso_time(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Job changes with a known new company, as `job_change.detected`. A subscription's companies match the
-- new company or the one left; its minimum score is the change's confidence (0-100).
CREATE OR REPLACE FUNCTION job_changes_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT webhook_wanted('job_change.detected') THEN
    RETURN NULL;
  END IF;
  WITH changes AS MATERIALIZED (
    SELECT webhook_new_id('evt') AS event_id, j.person_id, tc.domain, fc.domain AS previous_domain,
      j.to_title, j.from_title, j.is_promotion, j.confidence, j.detected_at
    FROM new_changes j JOIN companies tc ON tc.id = j.to_company_id
      LEFT JOIN companies fc ON fc.id = j.from_company_id
  ), pairs AS MATERIALIZED (
    SELECT c.*, s.id AS subscription_id, s.org_id
    FROM changes c JOIN webhook_subscriptions s ON s.enabled AND 'job_change.detected' = ANY(s.event_types)
      AND (s.filter_companies IS NULL OR c.domain = ANY(s.filter_companies) OR c.previous_domain = ANY(s.filter_companies))
      AND (s.min_score IS NULL OR c.confidence * 100 >= s.min_score)
  ), ev AS (
    INSERT INTO webhook_events (id, org_id, type, data)
    SELECT DISTINCT ON (p.event_id) p.event_id, NULL, 'job_change.detected', jsonb_build_object(
      'person_id', p.person_id, 'domain', p.domain, 'previous_domain', p.previous_domain,
      'title', p.to_title, 'previous_title', p.from_title, 'is_promotion', p.is_promotion,
      'confidence', round(p.confidence::numeric, 3), 'detected_at', webhook_iso_time(p.detected_at))
    FROM pairs p ORDER BY p.event_id
  )
  -- No join on `ev`: the statement writes it whatever reads it, and the foreign key is checked at its end.
  INSERT INTO webhook_deliveries (id, event_id, subscription_id, org_id)
  SELECT webhook_new_id('msg'), p.event_id, p.subscription_id, p.org_id FROM pairs p;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER job_changes_webhook_insert AFTER INSERT ON job_changes
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION job_changes_webhook_events();

-- The weeks whose surges are news: this week and the one before (signals arrive late). Loading older
-- weeks (a backfill) scores them without sending anything.
CREATE OR REPLACE FUNCTION intent_surge_since() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '7 days')::date
$$;

-- After a rescore whose touched company-topics and their scores before it are in the temp table
-- `intent_surge_before` (filled by `intent_signals_inserted`, `intent_merge_pending_unlocked` and
-- `intent_rebuild_swap` in intent.sql; week and score null for a company-topic with no recent week), writes an `intent.surge`
-- for each recent week that crossed a subscription's threshold, and drops the table. A week new since
-- then started from the week before's score (its score less its trend). Returns the deliveries written.
CREATE OR REPLACE FUNCTION intent_surge_emit() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE sent integer;
BEGIN
  WITH weeks AS (
    SELECT w.company_id, w.topic, w.week, w.score, coalesce(b.score, w.score - w.trend, 0) AS before
    FROM (SELECT DISTINCT company_id, topic FROM intent_surge_before) k
      JOIN intent_signal_weeks w ON w.company_id = k.company_id AND w.topic = k.topic AND w.week >= intent_surge_since()
      LEFT JOIN intent_surge_before b ON b.company_id = w.company_id AND b.topic = w.topic AND b.week = w.week
    WHERE w.score > coalesce(b.score, w.score - w.trend, 0)
  ), rising AS MATERIALIZED (
    SELECT webhook_new_id('evt') AS event_id, w.*, c.domain
    FROM weeks w JOIN companies c ON c.id = w.company_id COLLATE "default"
  ), pairs AS MATERIALIZED (
    SELECT r.*, s.id AS subscription_id, s.org_id
    FROM rising r JOIN webhook_subscriptions s ON s.enabled AND 'intent.surge' = ANY(s.event_types)
      AND (s.filter_companies IS NULL OR r.domain = ANY(s.filter_companies))
      AND (s.filter_topics IS NULL OR r.topic = ANY(s.filter_topics))
      AND r.before < coalesce(s.min_score, 60) AND r.score >= coalesce(s.min_score, 60)
  ), ev AS (
    INSERT INTO webhook_events (id, org_id, type, data)
    SELECT DISTINCT ON (p.event_id) p.event_id, NULL, 'intent.surge', jsonb_build_object(
      'domain', p.domain, 'topic', p.topic, 'score', round(p.score::numeric, 1),
      'previous_score', round(p.before::numeric, 1), 'week', to_char(p.week, 'IYYY-"W"IW'))
    FROM pairs p ORDER BY p.event_id
  )
  INSERT INTO webhook_deliveries (id, event_id, subscription_id, org_id)
  SELECT webhook_new_id('msg'), p.event_id, p.subscription_id, p.org_id FROM pairs p;
  GET DIAGNOSTICS sent = ROW_COUNT;
  DROP TABLE intent_surge_before;
  RETURN sent;
END
$$;

-- After new postings were added to `intent_posting_days` (`intent_postings_inserted` in intent.sql, which
-- passes each touched company's new postings per day): writes a `hiring.spike` for each company whose
-- hiring score as of today (the score of `queryHiring` in packages/core/src/intent/hiring-query.ts: the
-- last 30 days against the 6 months before, toward the typical hiring company) crossed a subscription's
-- threshold with these postings. The typical company is taken after the change for both scores.
CREATE OR REPLACE FUNCTION hiring_spike_emit(company_ids text[], posting_days date[], posting_counts bigint[])
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  sent integer;
  today date := (now() AT TIME ZONE 'UTC')::date;
BEGIN
  WITH fresh AS (
    SELECT company_id, day, sum(n) AS n FROM unnest(company_ids, posting_days, posting_counts) AS f(company_id, day, n)
    GROUP BY 1, 2
  ), buckets AS (
    SELECT d.company_id, (today - d.day) / 30 AS bucket, sum(d.n)::float8 AS after,
      sum(d.n - coalesce(f.n, 0))::float8 AS before
    FROM (
      SELECT company_id, day, sum(postings) AS n FROM intent_posting_days
      WHERE company_id IN (SELECT company_id FROM fresh) AND day > today - 210 AND day <= today GROUP BY 1, 2
    ) d LEFT JOIN fresh f ON f.company_id = d.company_id AND f.day = d.day
    GROUP BY 1, 2
  ), co AS (
    SELECT company_id,
      coalesce(sum(after) FILTER (WHERE bucket = 0), 0) AS recent,
      coalesce(sum(before) FILTER (WHERE bucket = 0), 0) AS recent_before,
      coalesce(sum(after) FILTER (WHERE bucket > 0), 0) AS s,
      coalesce(sum(after * after) FILTER (WHERE bucket > 0), 0) AS q,
      coalesce(sum(before) FILTER (WHERE bucket > 0), 0) AS s_before,
      coalesce(sum(before * before) FILTER (WHERE bucket > 0), 0) AS q_before
    FROM buckets GROUP BY 1
  ), prior AS MATERIALIZED (
    -- Once: inlined, it was computed again for every company.
    SELECT sum(postings) FILTER (WHERE (today - day) / 30 > 0)::float8 / nullif(count(DISTINCT company_id), 0) / 6 AS mu
    FROM intent_posting_days WHERE day > today - 210 AND day <= today
  ), scored AS (
    SELECT co.company_id, co.recent, intent_score(co.recent, co.s, co.q, 6, prior.mu, 1, 4) AS score,
      intent_score(co.recent_before, co.s_before, co.q_before, 6, prior.mu, 1, 4) AS before
    FROM co CROSS JOIN prior WHERE co.recent > co.recent_before
  ), rising AS MATERIALIZED (
    SELECT webhook_new_id('evt') AS event_id, x.*, c.domain
    FROM scored x JOIN companies c ON c.id = x.company_id WHERE x.score > x.before
  ), pairs AS MATERIALIZED (
    SELECT r.*, s.id AS subscription_id, s.org_id
    FROM rising r JOIN webhook_subscriptions s ON s.enabled AND 'hiring.spike' = ANY(s.event_types)
      AND (s.filter_companies IS NULL OR r.domain = ANY(s.filter_companies))
      AND r.before < coalesce(s.min_score, 60) AND r.score >= coalesce(s.min_score, 60)
  ), ev AS (
    INSERT INTO webhook_events (id, org_id, type, data)
    SELECT DISTINCT ON (p.event_id) p.event_id, NULL, 'hiring.spike', jsonb_build_object(
      'domain', p.domain,
      'department', (SELECT d.department FROM intent_posting_days d
        WHERE d.company_id = p.company_id AND d.day > today - 30 AND d.day <= today
        GROUP BY 1 ORDER BY sum(d.postings) DESC, 1 LIMIT 1),
      'score', round(p.score::numeric, 1), 'previous_score', round(p.before::numeric, 1),
      'openings', p.recent::int, 'week', to_char(today, 'IYYY-"W"IW'))
    FROM pairs p ORDER BY p.event_id
  )
  INSERT INTO webhook_deliveries (id, event_id, subscription_id, org_id)
  SELECT webhook_new_id('msg'), p.event_id, p.subscription_id, p.org_id FROM pairs p;
  GET DIAGNOSTICS sent = ROW_COUNT;
  RETURN sent;
END
$$;
