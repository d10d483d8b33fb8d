-- The wholesale rebuild of 0016 in steps, so that two connections can share it (issue 8). At 10M signals
-- the rebuild took 60 s on one core while the other sat idle: the import has loaded everything and waits.
-- Split by a hash of the company, each company-topic's weeks are summed and scored on one connection, so
-- the sums (22 s) and the windows (25 s) halve; the topic totals, which the priors need from every company,
-- are summed from each part's totals in between.
--
-- A caller with one connection runs the steps in one transaction: `intent_rebuild_signal_weeks()` below,
-- as before. A caller with several (`rebuildSignalWeeks` in packages/core/src/intent/rebuild.ts):
--   1. its transaction: intent_rebuild_begin() locks `signals` (SHARE: writers wait, readers do not) and
--      clears what is parked;
--   2. on other connections, each step committing on its own: intent_rebuild_prepare(), then
--      intent_rebuild_sums(p, n) for every part at once, intent_rebuild_totals(n), intent_rebuild_score(p)
--      for every part, intent_rebuild_indexes();
--   3. its transaction: intent_rebuild_swap(n) replaces the table and the topic totals, then commits.
-- The steps of 2 read `signals` as the locked transaction keeps it, and write only work tables that no
-- query reads (`intent_rebuild_*`, unlogged, and `intent_signal_weeks_next`), so until the swap commits
-- nothing has changed; a rebuild that failed half way leaves work tables that the next one drops.
-- Rebuilds never overlap: the begin step holds the merge's advisory lock until the swap commits.
CREATE OR REPLACE FUNCTION intent_rebuild_begin() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE signals IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(hashtext('intent_merge_pending'));
  -- Everything parked is in `signals` too: the rebuild reads it from there.
  DELETE FROM intent_pending_batches;
  DELETE FROM intent_pending_weeks;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_rebuild_prepare() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
      AND c.relname ~ '^intent_rebuild_(sums|totals)(_[0-9]+)?$'
  LOOP
    EXECUTE format('DROP TABLE %I', t);
  END LOOP;
  DROP TABLE IF EXISTS intent_signal_weeks_next;
  CREATE TABLE intent_signal_weeks_next (LIKE intent_signal_weeks INCLUDING DEFAULTS);
END
$$;
--> statement-breakpoint
-- Part `part` of `parts`: the company-topic-week sums of the companies whose hash falls in it, grouped by
-- source first, in order, then by week, as the merge does (the sources come out sorted), and their
-- topic-week totals.
-- (A lock timeout: were a statement that locks `signals` outright queued between the lock of the begin step
-- and this one, this one would wait behind it for the end of a transaction that waits for this one.)
CREATE OR REPLACE FUNCTION intent_rebuild_sums(part integer, parts integer) RETURNS void LANGUAGE plpgsql
SET work_mem = '256MB' SET jit = off SET max_parallel_workers_per_gather = 0 SET lock_timeout = '1min' AS $$
BEGIN
  EXECUTE format($q$CREATE UNLOGGED TABLE %I AS
    SELECT company_id, topic, week, sum(volume) AS volume, sum(events)::int AS events,
      coalesce(array_agg(src) FILTER (WHERE src IS NOT NULL), '{}') AS sources
    FROM (
      SELECT company_id COLLATE "C" AS company_id, topic COLLATE "C" AS topic,
        date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date AS week, source AS src,
        sum(weight::float8) AS volume, count(*) AS events
      FROM signals WHERE %s GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ) x
    GROUP BY 1, 2, 3$q$,
    'intent_rebuild_sums_' || part,
    CASE WHEN parts = 1 THEN 'true' ELSE format('(hashtext(company_id) & 2147483647) %% %s = %s', parts, part) END);
  EXECUTE format('CREATE UNLOGGED TABLE %I AS
    SELECT topic, week, sum(volume) AS volume, sum(events) AS events, count(*) AS companies FROM %I GROUP BY 1, 2',
    'intent_rebuild_totals_' || part, 'intent_rebuild_sums_' || part);
END
$$;
--> statement-breakpoint
-- The topic-week totals over all parts, typed as `intent_topic_weeks` keeps them (the priors read them so).
CREATE OR REPLACE FUNCTION intent_rebuild_totals(parts integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE UNLOGGED TABLE intent_rebuild_totals (LIKE intent_topic_weeks);
  EXECUTE 'INSERT INTO intent_rebuild_totals (topic, week, volume, events, companies)
    SELECT topic, week, sum(volume), sum(events), sum(companies) FROM ('
    || (SELECT string_agg(format('SELECT * FROM %I', 'intent_rebuild_totals_' || p), ' UNION ALL ')
        FROM generate_series(0, parts - 1) p)
    || ') t GROUP BY 1, 2';
END
$$;
--> statement-breakpoint
-- The windows of 0013 over every company-topic of the part, and each topic-week's prior (the companies'
-- mean over its 12 weeks before) from one window over the topic totals instead of a lookup per topic-week.
-- The priors (a few thousand rows) join by hash: a merge join sorted all the rows by topic and week, and
-- the primary key then had to sort them back. In primary-key order, the rows make a compact table and the
-- key's build finds them sorted. Returns the rows written.
CREATE OR REPLACE FUNCTION intent_rebuild_score(part integer) RETURNS integer LANGUAGE plpgsql
SET work_mem = '256MB' SET jit = off SET enable_mergejoin = off SET max_parallel_workers_per_gather = 0 AS $$
DECLARE stored integer;
BEGIN
  EXECUTE format($q$
  WITH f AS (
    SELECT g.*,
      CASE WHEN lag(week) OVER o = week - 7 THEN lag(volume) OVER o ELSE 0 END AS px,
      coalesce(sum(volume) OVER f, 0) AS fs, coalesce(sum(volume * volume) OVER f, 0) AS fq,
      CASE WHEN first_value(week) OVER f = week - 91 THEN first_value(volume) OVER f ELSE 0 END AS v91
    FROM %I g
    WINDOW o AS (PARTITION BY company_id, topic ORDER BY week),
      f AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '91 days' PRECEDING AND '7 days' PRECEDING)
  ), win AS (
    SELECT f.*, fs - v91 AS s, fq - v91 * v91 AS q, fs - px AS ps, fq - px * px AS pq FROM f
  ), prior AS (
    SELECT topic, week, sum(volume) OVER p / nullif(sum(companies) OVER p, 0) AS mu
    FROM intent_rebuild_totals
    WINDOW p AS (PARTITION BY topic ORDER BY week RANGE BETWEEN '84 days' PRECEDING AND '7 days' PRECEDING)
  ), scored AS (
    SELECT win.*, k.mu,
      intent_score(win.volume, win.s, win.q, 12, k.mu, 2, 8) AS score,
      intent_score(win.px, win.ps, win.pq, 12, k.mu, 2, 8) AS previous
    FROM win LEFT JOIN prior k ON k.topic = win.topic AND k.week = win.week
  )
  INSERT INTO intent_signal_weeks_next (company_id, topic, week, volume, events, sources, score, trend,
      baseline_mean, baseline_sd, expected, topic_mean)
  SELECT company_id, topic, week, volume, events, sources, score, score - previous, s / 12,
    sqrt(greatest(q / 12 - (s / 12) ^ 2, 0)), intent_expected(s, 12, mu, 2), mu
  FROM scored$q$, 'intent_rebuild_sums_' || part);
  GET DIAGNOSTICS stored = ROW_COUNT;
  RETURN stored;
END
$$;
--> statement-breakpoint
-- The new table's indexes, then its statistics. One connection builds them: PostgreSQL already builds a
-- large index with parallel workers (max_parallel_maintenance_workers), and two builds side by side on
-- two cores only took turns.
CREATE OR REPLACE FUNCTION intent_rebuild_indexes() RETURNS void LANGUAGE plpgsql
SET maintenance_work_mem = '512MB' AS $$
BEGIN
  CREATE UNIQUE INDEX intent_signal_weeks_next_pk ON intent_signal_weeks_next (company_id, topic, week);
  CREATE INDEX intent_signal_weeks_next_topic_idx ON intent_signal_weeks_next (topic, week, score DESC NULLS LAST);
  CREATE INDEX intent_signal_weeks_next_surging_idx ON intent_signal_weeks_next (score DESC, week) WHERE score >= 60;
  ANALYZE intent_signal_weeks_next;
END
$$;
--> statement-breakpoint
-- In the transaction of intent_rebuild_begin: the new table and topic totals replace the old ones. From
-- here to the commit, queries of the scores wait (the old table is dropped).
CREATE OR REPLACE FUNCTION intent_rebuild_swap(parts integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE p integer;
BEGIN
  DELETE FROM intent_topic_weeks;
  INSERT INTO intent_topic_weeks SELECT * FROM intent_rebuild_totals;
  ALTER TABLE intent_signal_weeks_next ADD CONSTRAINT intent_signal_weeks_next_pk PRIMARY KEY USING INDEX intent_signal_weeks_next_pk;
  DROP TABLE intent_signal_weeks;
  ALTER TABLE intent_signal_weeks_next RENAME TO intent_signal_weeks;
  ALTER TABLE intent_signal_weeks RENAME CONSTRAINT intent_signal_weeks_next_pk TO intent_signal_weeks_company_id_topic_week_pk;
  ALTER INDEX intent_signal_weeks_next_topic_idx RENAME TO intent_signal_weeks_topic_week_score_idx;
  ALTER INDEX intent_signal_weeks_next_surging_idx RENAME TO intent_signal_weeks_surging_idx;
  DROP TABLE intent_rebuild_totals;
  FOR p IN 0 .. parts - 1 LOOP
    EXECUTE format('DROP TABLE %I, %I', 'intent_rebuild_sums_' || p, 'intent_rebuild_totals_' || p);
  END LOOP;
END
$$;
--> statement-breakpoint
-- One connection: the same steps in one transaction (imports on PGlite, and `intent_rebuild`).
CREATE OR REPLACE FUNCTION intent_rebuild_signal_weeks() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE stored integer;
BEGIN
  PERFORM intent_rebuild_begin();
  PERFORM intent_rebuild_prepare();
  PERFORM intent_rebuild_sums(0, 1);
  PERFORM intent_rebuild_totals(1);
  stored := intent_rebuild_score(0);
  PERFORM intent_rebuild_indexes();
  PERFORM intent_rebuild_swap(1);
  RETURN stored;
END
$$;
