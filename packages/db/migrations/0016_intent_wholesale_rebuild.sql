-- Bulk loads larger than what is stored rebuild the signal aggregates wholesale (issue 8).
-- Merging a batch upserts each touched company-topic-week into `intent_signal_weeks` through its three
-- indexes, and rewrites the later weeks of every company-topic that got an earlier one: about 26 us of
-- PostgreSQL CPU a merged signal at 1M. When a load brings as many signals as are stored, recomputing
-- everything from `signals` costs less: one sort of the raw rows, one window pass, the rows written
-- once into a new table without indexes, then the indexes built by sorting (about 10 us a stored signal
-- at 1M). The new table replaces the old one at the end of the transaction, so queries keep reading the
-- old scores meanwhile; the swap itself waits for running queries and holds new ones only until commit.
-- Signal writers (imports, pushes, company deletes) wait for the whole rebuild: `signals` is locked in
-- SHARE mode, as `intent_rebuild` always did. The scores are the merge's, computed the same way (tests:
-- a rebuild reproduces what the merges kept).
CREATE OR REPLACE FUNCTION intent_rebuild_signal_weeks() RETURNS integer LANGUAGE plpgsql
SET work_mem = '256MB' SET maintenance_work_mem = '512MB' SET jit = off SET enable_mergejoin = off AS $$
DECLARE stored integer;
BEGIN
  LOCK TABLE signals IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(hashtext('intent_merge_pending'));
  -- Everything parked is in `signals` too: the rebuild reads it from there.
  DELETE FROM intent_pending_batches;
  DELETE FROM intent_pending_weeks;
  -- Grouped by source first, in order, then by week, as the merge does: the sources come out sorted.
  CREATE TEMP TABLE intent_rebuild_weeks ON COMMIT DROP AS
  SELECT company_id, topic, week, sum(volume) AS volume, sum(events)::int AS events,
    coalesce(array_agg(src) FILTER (WHERE src IS NOT NULL), '{}') AS sources
  FROM (
    SELECT company_id COLLATE "C" AS company_id, topic COLLATE "C" AS topic,
      date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date AS week, source AS src,
      sum(weight::float8) AS volume, count(*) AS events
    FROM signals GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ) x
  GROUP BY 1, 2, 3;
  DELETE FROM intent_topic_weeks;
  INSERT INTO intent_topic_weeks (topic, week, volume, events, companies)
  SELECT topic, week, sum(volume), sum(events), count(*) FROM intent_rebuild_weeks GROUP BY 1, 2;
  CREATE TABLE intent_signal_weeks_next (LIKE intent_signal_weeks INCLUDING DEFAULTS);
  -- The windows of 0013 over every company-topic, and each topic-week's prior (the companies' mean over
  -- its 12 weeks before) from one window over the topic totals instead of a lookup per topic-week. The
  -- priors (a few thousand rows) join by hash: a merge join sorted all the rows by topic and week, and
  -- the primary key then had to sort them back (at 10M signals, 72 s for the whole rebuild against 60).
  -- In primary-key order, the rows make a compact table and the key's build finds them sorted.
  WITH f AS (
    SELECT g.*,
      CASE WHEN lag(week) OVER o = week - 7 THEN lag(volume) OVER o ELSE 0 END AS px,
      coalesce(sum(volume) OVER f, 0) AS fs, coalesce(sum(volume * volume) OVER f, 0) AS fq,
      CASE WHEN first_value(week) OVER f = week - 91 THEN first_value(volume) OVER f ELSE 0 END AS v91
    FROM intent_rebuild_weeks g
    WINDOW o AS (PARTITION BY company_id, topic ORDER BY week),
      f AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '91 days' PRECEDING AND '7 days' PRECEDING)
  ), win AS (
    SELECT f.*, fs - v91 AS s, fq - v91 * v91 AS q, fs - px AS ps, fq - px * px AS pq FROM f
  ), prior AS (
    SELECT topic, week, sum(volume) OVER p / nullif(sum(companies) OVER p, 0) AS mu
    FROM intent_topic_weeks
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
  FROM scored;
  GET DIAGNOSTICS stored = ROW_COUNT;
  ALTER TABLE intent_signal_weeks_next ADD CONSTRAINT intent_signal_weeks_next_pk PRIMARY KEY (company_id, topic, week);
  CREATE INDEX intent_signal_weeks_next_topic_idx ON intent_signal_weeks_next (topic, week, score DESC NULLS LAST);
  CREATE INDEX intent_signal_weeks_next_surging_idx ON intent_signal_weeks_next (score DESC, week) WHERE score >= 60;
  -- Statistics before the swap (they stay with the table): from the swap to the commit, queries wait.
  ANALYZE intent_signal_weeks_next;
  DROP TABLE intent_signal_weeks;
  ALTER TABLE intent_signal_weeks_next RENAME TO intent_signal_weeks;
  ALTER TABLE intent_signal_weeks RENAME CONSTRAINT intent_signal_weeks_next_pk TO intent_signal_weeks_company_id_topic_week_pk;
  ALTER INDEX intent_signal_weeks_next_topic_idx RENAME TO intent_signal_weeks_topic_week_score_idx;
  ALTER INDEX intent_signal_weeks_next_surging_idx RENAME TO intent_signal_weeks_surging_idx;
  DROP TABLE intent_rebuild_weeks;
  RETURN stored;
END
$$;
--> statement-breakpoint
-- The full rebuild (repair) uses it for the signals: the same scores, without rescoring row by row.
CREATE OR REPLACE FUNCTION intent_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM intent_rebuild_signal_weeks();
  DELETE FROM intent_posting_days;
  INSERT INTO intent_posting_days (company_id, department, day, postings)
  SELECT company_id, coalesce(nullif(department, ''), 'other'), (posted_at AT TIME ZONE 'UTC')::date, count(*)
  FROM job_postings GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint
-- `intent_rebuild` was the rescore's last caller: it scored every week with an UPDATE per row after
-- inserting the sums. The rebuild above writes each row once, scored; the push trigger and the merge keep
-- their own windows. One copy fewer of the window formula to keep in step.
DROP FUNCTION intent_rescore(text[], text[], date[]);--> statement-breakpoint
DROP FUNCTION intent_pairs(text[], text[], date[]);
