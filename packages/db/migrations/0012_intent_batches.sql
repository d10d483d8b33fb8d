-- Bulk imports park one row per batch instead of one per company-topic-week (issue 8). The import's
-- insert stamps its signals with the transaction id (`import_batch`); the `signals` trigger parks the
-- batch's id range in `intent_pending_batches`, and `intent_merge_pending()` reads those signals back
-- through the primary key, grouping them once. Before, the trigger grouped every batch into
-- `intent_pending_weeks` (a row per company-topic-week, sources as arrays) and the merge deleted,
-- unnested and grouped those rows again. Parked weekly sums left by earlier imports are still merged.
ALTER TABLE "signals" ADD COLUMN "import_batch" bigint;--> statement-breakpoint
-- Company ids and topics of the aggregates compare as bytes ("C"): under a libc collation every
-- comparison calls strcoll (even C.UTF-8's), and the merge's upsert descends the (company, topic,
-- week) key two or three times per row: an upsert of 300,000 rows into 300,000 took 5.8 s of CPU in
-- the database's collation and 2.0 s in "C". Ids and normalized topics need no linguistic order, and
-- equality with other text columns is unchanged; but a join with `companies.id` now compares as "C"
-- and cannot use `companies_pkey`, so such joins say `collate "default"` (surge-query.ts).
-- Binary-coercible: the indexes are rebuilt, the tables are not rewritten.
ALTER TABLE "intent_signal_weeks" ALTER COLUMN "company_id" SET DATA TYPE text COLLATE "C",
  ALTER COLUMN "topic" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "intent_topic_weeks" ALTER COLUMN "topic" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
-- Not in the Drizzle schema (like intent_pending_weeks): only SQL reads it. A range may hold another
-- writer's signals too (ids interleave); the merge keeps only the rows stamped with its batch.
CREATE TABLE intent_pending_batches (
	batch bigint NOT NULL,
	lo bigint NOT NULL,
	hi bigint NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_signals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dossier.intent_bulk', true) = 'on' THEN
    INSERT INTO intent_pending_batches (batch, lo, hi)
    SELECT import_batch, min(id), max(id) FROM new_signals WHERE import_batch IS NOT NULL GROUP BY 1;
    INSERT INTO intent_pending_weeks (company_id, topic, week, volume, events, sources)
    SELECT company_id, topic, date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date, sum(weight)::float8,
      count(*)::int, coalesce(array_agg(DISTINCT source) FILTER (WHERE source IS NOT NULL), '{}')
    FROM new_signals WHERE import_batch IS NULL GROUP BY 1, 2, 3;
    RETURN NULL;
  END IF;
  -- Topic totals first: the scores below compare each company with its topic.
  INSERT INTO intent_topic_weeks AS tw (topic, week, volume, events, companies)
  SELECT a.topic, a.week, sum(a.volume), sum(a.events),
    count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM intent_signal_weeks w
      WHERE w.company_id = a.company_id AND w.topic = a.topic AND w.week = a.week))
  FROM (
    SELECT company_id, topic, date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date AS week,
      sum(weight)::float8 AS volume, count(*)::int AS events
    FROM new_signals GROUP BY 1, 2, 3
  ) a
  GROUP BY 1, 2
  ON CONFLICT (topic, week) DO UPDATE SET
    volume = tw.volume + excluded.volume, events = tw.events + excluded.events,
    companies = tw.companies + excluded.companies;
  WITH agg AS MATERIALIZED (
    SELECT company_id COLLATE "C" AS company_id, topic COLLATE "C" AS topic,
      date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date AS week,
      sum(weight)::float8 AS volume, count(*)::int AS events,
      coalesce(array_agg(DISTINCT source) FILTER (WHERE source IS NOT NULL), '{}') AS sources
    FROM new_signals GROUP BY 1, 2, 3
  ), t AS MATERIALIZED (
    SELECT company_id, topic, min(week) AS w0 FROM agg GROUP BY 1, 2
  ), merged AS (
    SELECT company_id, topic, week, sum(volume) AS volume, sum(dv) AS dv, sum(de)::int AS de, max(ds) AS ds
    FROM (
      SELECT w.company_id, w.topic, w.week, w.volume, 0::float8 AS dv, 0 AS de, NULL::text[] AS ds
      FROM t JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic
      WHERE w.week >= t.w0 - 91
      UNION ALL
      SELECT company_id, topic, week, volume, volume, events, sources FROM agg
    ) x GROUP BY 1, 2, 3
  ), win AS MATERIALIZED (
    SELECT m.*, t.w0,
      coalesce(sum(m.volume) OVER b, 0) AS s, coalesce(sum(m.volume * m.volume) OVER b, 0) AS q,
      coalesce(sum(m.volume) OVER p, 0) AS px,
      coalesce(sum(m.volume) OVER pb, 0) AS ps, coalesce(sum(m.volume * m.volume) OVER pb, 0) AS pq
    FROM merged m JOIN t ON t.company_id = m.company_id AND t.topic = m.topic
    WINDOW b AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '84 days' PRECEDING AND '7 days' PRECEDING),
      p AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '7 days' PRECEDING AND '7 days' PRECEDING),
      pb AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '91 days' PRECEDING AND '14 days' PRECEDING)
  ), prior AS MATERIALIZED (
    SELECT k.topic, k.week, m.mu FROM (SELECT DISTINCT topic, week FROM win WHERE week >= w0) k
    CROSS JOIN LATERAL (
      SELECT sum(tw.volume) / nullif(sum(tw.companies), 0) AS mu FROM intent_topic_weeks tw
      WHERE tw.topic = k.topic AND tw.week BETWEEN k.week - 84 AND k.week - 7
    ) m
  ), pm AS MATERIALIZED (
    SELECT jsonb_object_agg(topic || ' ' || week, mu) AS m FROM prior
  ), scored AS (
    -- The topic prior by key from one small map: a join here gets planned as nested loops.
    SELECT win.*, k.mu,
      intent_score(win.volume, win.s, win.q, 12, k.mu, 2, 8) AS score,
      intent_score(win.px, win.ps, win.pq, 12, k.mu, 2, 8) AS previous
    FROM win CROSS JOIN LATERAL (SELECT ((SELECT m FROM pm) ->> (win.topic || ' ' || win.week))::float8 AS mu) k
    WHERE win.week >= win.w0
  )
  INSERT INTO intent_signal_weeks AS w (company_id, topic, week, volume, events, sources, score, trend,
      baseline_mean, baseline_sd, expected, topic_mean)
    SELECT company_id, topic, week, dv, de, coalesce(ds, '{}'), score, score - previous, s / 12,
      sqrt(greatest(q / 12 - (s / 12) ^ 2, 0)), intent_expected(s, 12, mu, 2), mu
    FROM scored
    ON CONFLICT (company_id, topic, week) DO UPDATE SET
      volume = w.volume + excluded.volume, events = w.events + excluded.events,
      sources = CASE WHEN excluded.sources <@ w.sources THEN w.sources
        ELSE ARRAY(SELECT DISTINCT s FROM unnest(w.sources || excluded.sources) AS s ORDER BY 1) END,
      score = excluded.score, trend = excluded.trend, baseline_mean = excluded.baseline_mean,
      baseline_sd = excluded.baseline_sd, expected = excluded.expected, topic_mean = excluded.topic_mean,
      updated_at = now();
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 0008's merge, reading parked batches as well as parked weekly sums. Each parked batch is taken once
-- (`DELETE ... RETURNING`, as the weekly sums); its signals are read in the same statement, so with the
-- same snapshot as the batch row: committed together, seen together. The signals of a batch are
-- contiguous in the primary key (one range per batch, `import_batch` filters out other writers' rows).
-- `work_mem` is raised for the merge only: its sorts and hashes of millions of rows spilled to disk.
-- Company ids and topics are compared as "C" throughout (see the collation change above), signals'
-- too; the source arrays stay sorted by the database's collation, as `intent_rebuild` sorts them.
CREATE OR REPLACE FUNCTION intent_merge_pending_unlocked() RETURNS integer LANGUAGE plpgsql
SET work_mem = '64MB' AS $$
DECLARE merged integer;
BEGIN
  CREATE TEMP TABLE intent_merge_batch ON COMMIT DROP AS
  WITH b AS (DELETE FROM intent_pending_batches RETURNING *),
  r AS (SELECT batch, min(lo) AS lo, max(hi) AS hi FROM b GROUP BY 1),
  p AS (DELETE FROM intent_pending_weeks RETURNING *)
  -- Grouped by source first, in order, then by week: `array_agg(DISTINCT ...)` sorted every group's
  -- sources apart (a sort per company-topic-week); from sorted input the array comes out sorted.
  SELECT company_id, topic, week, sum(volume) AS volume, sum(events)::int AS events,
    coalesce(array_agg(src) FILTER (WHERE src IS NOT NULL), '{}') AS sources
  FROM (
    SELECT company_id, topic, week, src,
      sum(volume) FILTER (WHERE o = 1) AS volume, (sum(events) FILTER (WHERE o = 1))::int AS events
    FROM (
      SELECT s.company_id COLLATE "C" AS company_id, s.topic COLLATE "C" AS topic,
          date_trunc('week', s.occurred_at AT TIME ZONE 'UTC')::date AS week,
        s.weight::float8 AS volume, 1 AS events, s.source AS src, 1::bigint AS o
      FROM r CROSS JOIN LATERAL (
        SELECT * FROM signals s WHERE s.id BETWEEN r.lo AND r.hi AND s.import_batch = r.batch
      ) s
      UNION ALL
      SELECT p.company_id COLLATE "C", p.topic COLLATE "C", p.week, p.volume, p.events, u.s, u.o
      FROM p CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p.sources) = 0 THEN ARRAY[NULL::text] ELSE p.sources END)
        WITH ORDINALITY AS u(s, o)
    ) x
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ) y
  GROUP BY 1, 2, 3;
  GET DIAGNOSTICS merged = ROW_COUNT;
  IF merged > 0 THEN
    -- The stored weeks of each touched company-topic from 13 weeks before its first new week on.
    CREATE TEMP TABLE intent_merge_hist ON COMMIT DROP AS
    SELECT w.company_id, w.topic, w.week, w.volume, t.w0
    FROM (SELECT company_id, topic, min(week) AS w0 FROM intent_merge_batch GROUP BY 1, 2) t
    JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic AND w.week >= t.w0 - 91;
    ANALYZE intent_merge_batch;
    ANALYZE intent_merge_hist;
    -- Topic totals first: the scores below compare each company with its topic.
    INSERT INTO intent_topic_weeks AS tw (topic, week, volume, events, companies)
    SELECT a.topic, a.week, sum(a.volume), sum(a.events), count(*) - count(h.company_id)
    FROM intent_merge_batch a LEFT JOIN intent_merge_hist h
      ON h.company_id = a.company_id AND h.topic = a.topic AND h.week = a.week
    GROUP BY 1, 2
    ON CONFLICT (topic, week) DO UPDATE SET
      volume = tw.volume + excluded.volume, events = tw.events + excluded.events,
      companies = tw.companies + excluded.companies;
    WITH t AS MATERIALIZED (
      SELECT company_id, topic, min(week) AS w0 FROM intent_merge_batch GROUP BY 1, 2
    ), merged AS (
      SELECT company_id, topic, week, sum(volume) AS volume, sum(dv) AS dv, sum(de)::int AS de, max(ds) AS ds
      FROM (
        SELECT company_id, topic, week, volume, 0::float8 AS dv, 0 AS de, NULL::text[] AS ds FROM intent_merge_hist
        UNION ALL
        SELECT company_id, topic, week, volume, volume, events, sources FROM intent_merge_batch
      ) x GROUP BY 1, 2, 3
    ), win AS MATERIALIZED (
      SELECT m.*, t.w0,
        coalesce(sum(m.volume) OVER b, 0) AS s, coalesce(sum(m.volume * m.volume) OVER b, 0) AS q,
        coalesce(sum(m.volume) OVER p, 0) AS px,
        coalesce(sum(m.volume) OVER pb, 0) AS ps, coalesce(sum(m.volume * m.volume) OVER pb, 0) AS pq
      FROM merged m JOIN t ON t.company_id = m.company_id AND t.topic = m.topic
      WINDOW b AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '84 days' PRECEDING AND '7 days' PRECEDING),
        p AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '7 days' PRECEDING AND '7 days' PRECEDING),
        pb AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '91 days' PRECEDING AND '14 days' PRECEDING)
    ), prior AS MATERIALIZED (
      SELECT k.topic, k.week, m.mu FROM (SELECT DISTINCT topic, week FROM win WHERE week >= w0) k
      CROSS JOIN LATERAL (
        SELECT sum(tw.volume) / nullif(sum(tw.companies), 0) AS mu FROM intent_topic_weeks tw
        WHERE tw.topic = k.topic AND tw.week BETWEEN k.week - 84 AND k.week - 7
      ) m
    ), scored AS (
      SELECT win.*, k.mu,
        intent_score(win.volume, win.s, win.q, 12, k.mu, 2, 8) AS score,
        intent_score(win.px, win.ps, win.pq, 12, k.mu, 2, 8) AS previous
      FROM win LEFT JOIN prior k ON k.topic = win.topic AND k.week = win.week
      WHERE win.week >= win.w0
    )
    INSERT INTO intent_signal_weeks AS w (company_id, topic, week, volume, events, sources, score, trend,
        baseline_mean, baseline_sd, expected, topic_mean)
      SELECT company_id, topic, week, dv, de, coalesce(ds, '{}'), score, score - previous, s / 12,
        sqrt(greatest(q / 12 - (s / 12) ^ 2, 0)), intent_expected(s, 12, mu, 2), mu
      FROM scored
      ON CONFLICT (company_id, topic, week) DO UPDATE SET
        volume = w.volume + excluded.volume, events = w.events + excluded.events,
        sources = CASE WHEN excluded.sources <@ w.sources THEN w.sources
          ELSE ARRAY(SELECT DISTINCT s FROM unnest(w.sources || excluded.sources) AS s ORDER BY 1) END,
        score = excluded.score, trend = excluded.trend, baseline_mean = excluded.baseline_mean,
        baseline_sd = excluded.baseline_sd, expected = excluded.expected, topic_mean = excluded.topic_mean,
        updated_at = now();
    DROP TABLE intent_merge_hist;
  END IF;
  DROP TABLE intent_merge_batch;
  RETURN merged;
END
$$;--> statement-breakpoint
-- A deleted company's signals go with it (0008); a merge running meanwhile may have read them already,
-- so the delete waits for it and holds the next one until it commits (the merge's lock): a merge then
-- either wrote its rows before the aggregates are deleted below or reads signals after the delete.
CREATE OR REPLACE FUNCTION companies_intent_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE signals IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(hashtext('intent_merge_pending'));
  DELETE FROM signals WHERE company_id IN (SELECT id FROM old_companies);
  DELETE FROM intent_pending_weeks WHERE company_id IN (SELECT id FROM old_companies);
  DELETE FROM intent_signal_weeks WHERE company_id IN (SELECT id FROM old_companies);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM intent_pending_batches;
  DELETE FROM intent_pending_weeks;
  DELETE FROM intent_signal_weeks;
  DELETE FROM intent_topic_weeks;
  DELETE FROM intent_posting_days;
  INSERT INTO intent_signal_weeks (company_id, topic, week, volume, events, sources)
  SELECT company_id, topic, date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date, sum(weight), count(*),
    coalesce(array_agg(DISTINCT source) FILTER (WHERE source IS NOT NULL), '{}')
  FROM signals GROUP BY 1, 2, 3;
  INSERT INTO intent_topic_weeks (topic, week, volume, events, companies)
  SELECT topic, week, sum(volume), sum(events), count(*) FROM intent_signal_weeks GROUP BY 1, 2;
  PERFORM intent_rescore(array_agg(company_id), array_agg(topic), array_agg(week))
  FROM (SELECT company_id, topic, min(week) AS week FROM intent_signal_weeks GROUP BY 1, 2) t;
  INSERT INTO intent_posting_days (company_id, department, day, postings)
  SELECT company_id, coalesce(nullif(department, ''), 'other'), (posted_at AT TIME ZONE 'UTC')::date, count(*)
  FROM job_postings GROUP BY 1, 2, 3;
END
$$;
