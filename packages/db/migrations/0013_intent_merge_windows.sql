-- The surge windows in two passes instead of three, and the bulk merge's plan in key order (issue 8).
-- A week's baseline sums the 12 weeks before it ([w-84, w-7]) and the week before's baseline is
-- [w-91, w-14]; both come from one frame, [w-91, w-7], minus the one week each leaves out (w-91 and w-7,
-- read with first_value and lag). Every window pass (a WindowAgg per frame) walked all the merged rows:
-- three frames were three passes, now there are two (`o`, ordered, for lag and, in the merge, for "from the
-- first new week on"; `f` for the sums). The rescore (rebuild), the push trigger and the bulk merge all
-- compute it this way, so a rebuild still reproduces what the triggers and merges kept, to the bit.
-- The bulk merge also:
-- - marks each merged week as new or stored and finds "from the first new week on" in the ordered pass,
--   instead of grouping the batch by company-topic again and joining it back (a hash, two sorts, a join);
-- - joins the topic priors (a few thousand rows) by hash, not by merge join, so the rows are not sorted
--   by topic and week for it: they reach the upsert in primary-key order, as the window pass left them;
-- - groups by sorting, not hashing: the sort the windows need anyway then serves the grouping too;
-- - sorts in memory: with 64 MB, a merge of a million signals spilled its sorts and hashes to disk.
--   Merges run one at a time (an advisory lock), and an import lets at most about two million signals wait
--   for one (`finishEvery` 250,000 x `finishBacklog` 8, packages/core/src/ingest/intent-kinds.ts).
-- Measured on a copy of the 1M bench database, 500,000 signals parked over two weeks: 17.3 s -> 13.2 s,
-- the same rows to three decimals (tooling/bench/README.md, Intent, session 6).
CREATE OR REPLACE FUNCTION intent_rescore(p_company text[], p_topic text[], p_from date[]) RETURNS void
LANGUAGE sql AS $$
  WITH t AS MATERIALIZED (
    SELECT * FROM intent_pairs(p_company, p_topic, p_from)
  ), hist AS (
    SELECT w.company_id, w.topic, w.week, w.volume, t.w0
    FROM t JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic
    WHERE w.week >= t.w0 - 91
  ), f AS (
    SELECT h.*,
      CASE WHEN lag(week) OVER o = week - 7 THEN lag(volume) OVER o ELSE 0 END AS px,
      coalesce(sum(volume) OVER f, 0) AS fs, coalesce(sum(volume * volume) OVER f, 0) AS fq,
      CASE WHEN first_value(week) OVER f = week - 91 THEN first_value(volume) OVER f ELSE 0 END AS v91
    FROM hist h
    WINDOW o AS (PARTITION BY company_id, topic ORDER BY week),
      f AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '91 days' PRECEDING AND '7 days' PRECEDING)
  ), win AS MATERIALIZED (
    SELECT f.*, fs - v91 AS s, fq - v91 * v91 AS q, fs - px AS ps, fq - px * px AS pq FROM f
  ), prior AS MATERIALIZED (
    SELECT k.topic, k.week, m.mu FROM (SELECT DISTINCT topic, week FROM win WHERE week >= w0) k
    CROSS JOIN LATERAL (
      SELECT sum(tw.volume) / nullif(sum(tw.companies), 0) AS mu FROM intent_topic_weeks tw
      WHERE tw.topic = k.topic AND tw.week BETWEEN k.week - 84 AND k.week - 7
    ) m
  ), pm AS MATERIALIZED (
    SELECT jsonb_object_agg(topic || ' ' || week, mu) AS m FROM prior
  ), scored AS (
    SELECT win.company_id, win.topic, win.week, win.s, win.q, k.mu,
      intent_score(win.volume, win.s, win.q, 12, k.mu, 2, 8) AS score,
      intent_score(win.px, win.ps, win.pq, 12, k.mu, 2, 8) AS previous
    FROM win CROSS JOIN LATERAL (SELECT ((SELECT m FROM pm) ->> (win.topic || ' ' || win.week))::float8 AS mu) k
    WHERE win.week >= win.w0
  )
  UPDATE intent_signal_weeks w SET
    score = x.score, trend = x.score - x.previous,
    baseline_mean = x.s / 12, baseline_sd = sqrt(greatest(x.q / 12 - (x.s / 12) ^ 2, 0)),
    expected = intent_expected(x.s, 12, x.mu, 2), topic_mean = x.mu, updated_at = now()
  FROM scored x
  WHERE w.company_id = x.company_id AND w.topic = x.topic AND w.week = x.week
$$;--> statement-breakpoint
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
  ), f AS (
    SELECT m.*, t.w0,
      CASE WHEN lag(m.week) OVER o = m.week - 7 THEN lag(m.volume) OVER o ELSE 0 END AS px,
      coalesce(sum(m.volume) OVER f, 0) AS fs, coalesce(sum(m.volume * m.volume) OVER f, 0) AS fq,
      CASE WHEN first_value(m.week) OVER f = m.week - 91 THEN first_value(m.volume) OVER f ELSE 0 END AS v91
    FROM merged m JOIN t ON t.company_id = m.company_id AND t.topic = m.topic
    WINDOW o AS (PARTITION BY m.company_id, m.topic ORDER BY m.week),
      f AS (PARTITION BY m.company_id, m.topic ORDER BY m.week RANGE BETWEEN '91 days' PRECEDING AND '7 days' PRECEDING)
  ), win AS MATERIALIZED (
    SELECT f.*, fs - v91 AS s, fq - v91 * v91 AS q, fs - px AS ps, fq - px * px AS pq FROM f
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
CREATE OR REPLACE FUNCTION intent_merge_pending_unlocked() RETURNS integer LANGUAGE plpgsql
SET work_mem = '256MB' SET enable_mergejoin = off SET enable_hashagg = off AS $$
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
    SELECT w.company_id, w.topic, w.week, w.volume
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
