-- The bulk merge at 10M signals (issue 8): it read whole tables for each batch.
-- - The batch's signals (by id range) and the stored weeks of the touched company-topics (by primary key)
--   were planned as hash joins over sequential scans of `signals` and `intent_signal_weeks` (10,500,000
--   and 6,100,000 rows in the 10M bench): a cost that grew with the tables, not with the batch, 1.5-3 s
--   of a 500,000-signal merge. Both are now nested loops over the indexes.
-- - JIT compiled the big statements once the tables were large (0.3-0.7 s a merge, for statements that
--   run once); the merge runs without it. Memoize never hits here (every key is distinct); off too.
-- - `intent_rebuild` takes the merge's locks: it did not, and a rebuild beside an import could count a
--   batch twice.
-- The function body is 0013's otherwise. On a copy of the 10M bench database with 500,000 signals parked,
-- one merge took 24.7-25.2 s of CPU instead of 28.5-29.7 s, the rows identical (volume, events, sources,
-- score and trend compared; tooling/bench/README.md, Intent, session 7). Tried and dropped: writing new
-- weeks with a plain INSERT and stored ones with an UPDATE instead of the upsert (no gain at 10M).
CREATE OR REPLACE FUNCTION intent_merge_pending_unlocked() RETURNS integer LANGUAGE plpgsql
SET work_mem = '256MB' SET enable_mergejoin = off SET enable_hashagg = off SET enable_hashjoin = on SET enable_memoize = off SET jit = off AS $$
DECLARE merged integer;
BEGIN
  -- Nested loops over the indexes for the first two statements: the batch's signals by id range, and the
  -- stored weeks of the touched company-topics by primary key. Planned with hash joins, both read their
  -- whole table for each merge. This and the function's own `SET enable_hashjoin = on` keep the change
  -- inside the function.
  PERFORM set_config('enable_hashjoin', 'off', true);
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
    SELECT w.company_id, w.topic, w.week, w.volume
    FROM (SELECT company_id, topic, min(week) AS w0 FROM intent_merge_batch GROUP BY 1, 2) t
    JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic AND w.week >= t.w0 - 91;
    PERFORM set_config('enable_hashjoin', 'on', true);
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
    WITH merged AS (
      SELECT company_id, topic, week, sum(volume) AS volume, sum(dv) AS dv, sum(de)::int AS de, max(ds) AS ds,
        bool_or(fresh) AS fresh
      FROM (
        SELECT company_id, topic, week, volume, 0::float8 AS dv, 0 AS de, NULL::text[] AS ds, false AS fresh FROM intent_merge_hist
        UNION ALL
        SELECT company_id, topic, week, volume, volume, events, sources, true FROM intent_merge_batch
      ) x GROUP BY 1, 2, 3
    ), f AS (
      SELECT m.*, bool_or(m.fresh) OVER o AS since_w0,
        CASE WHEN lag(m.week) OVER o = m.week - 7 THEN lag(m.volume) OVER o ELSE 0 END AS px,
        coalesce(sum(m.volume) OVER f, 0) AS fs, coalesce(sum(m.volume * m.volume) OVER f, 0) AS fq,
        CASE WHEN first_value(m.week) OVER f = m.week - 91 THEN first_value(m.volume) OVER f ELSE 0 END AS v91
      FROM merged m
      WINDOW o AS (PARTITION BY m.company_id, m.topic ORDER BY m.week),
        f AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '91 days' PRECEDING AND '7 days' PRECEDING)
    ), win AS MATERIALIZED (
      -- Only the weeks from each company-topic's first new week on are rescored.
      SELECT f.*, fs - v91 AS s, fq - v91 * v91 AS q, fs - px AS ps, fq - px * px AS pq FROM f WHERE since_w0
    ), prior AS MATERIALIZED (
      SELECT k.topic, k.week, m.mu FROM (SELECT DISTINCT topic, week FROM win) k
      CROSS JOIN LATERAL (
        SELECT sum(tw.volume) / nullif(sum(tw.companies), 0) AS mu FROM intent_topic_weeks tw
        WHERE tw.topic = k.topic AND tw.week BETWEEN k.week - 84 AND k.week - 7
      ) m
    ), scored AS (
      SELECT win.*, k.mu,
        intent_score(win.volume, win.s, win.q, 12, k.mu, 2, 8) AS score,
        intent_score(win.px, win.ps, win.pq, 12, k.mu, 2, 8) AS previous
      FROM win LEFT JOIN prior k ON k.topic = win.topic AND k.week = win.week
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The merge's locks: no import batch, push, merge or company delete runs beside a rebuild.
  LOCK TABLE signals IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(hashtext('intent_merge_pending'));
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
