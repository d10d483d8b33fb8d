-- Bulk imports: with `dossier.intent_bulk` set in its transaction, an insert into `signals` only parks
-- its weekly sums in `intent_pending_weeks` (one grouped insert, no index); `intent_merge_pending()`
-- later adds everything parked to the aggregates and rescores the touched company-topic weeks in one
-- set-wise pass. Parked sums commit with their signals, so a killed import loses nothing: the next
-- merge picks them up. Not in the Drizzle schema (like the functions): only SQL reads it.
CREATE TABLE intent_pending_weeks (
	company_id text NOT NULL,
	topic text NOT NULL,
	week date NOT NULL,
	volume double precision NOT NULL,
	events integer NOT NULL,
	sources text[] NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_signals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dossier.intent_bulk', true) = 'on' THEN
    INSERT INTO intent_pending_weeks (company_id, topic, week, volume, events, sources)
    SELECT company_id, topic, date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date, sum(weight)::float8,
      count(*)::int, coalesce(array_agg(DISTINCT source) FILTER (WHERE source IS NOT NULL), '{}')
    FROM new_signals GROUP BY 1, 2, 3;
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
    SELECT company_id, topic, date_trunc('week', occurred_at AT TIME ZONE 'UTC')::date AS week,
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
-- Adds every parked weekly sum to the aggregates (the trigger's work, once for the whole load) and
-- returns how many company-topic-week rows it merged. `DELETE ... RETURNING` takes each parked row
-- exactly once, even beside a concurrent merge; rows of uncommitted loads stay for their own merge.
-- Built for millions of rows: the touched history is read once into a temp table, joins are hashed.
CREATE OR REPLACE FUNCTION intent_merge_pending() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE merged integer;
BEGIN
  CREATE TEMP TABLE intent_merge_batch ON COMMIT DROP AS
  WITH p AS (DELETE FROM intent_pending_weeks RETURNING *)
  SELECT p.company_id, p.topic, p.week,
    sum(p.volume) FILTER (WHERE u.o = 1) AS volume, (sum(p.events) FILTER (WHERE u.o = 1))::int AS events,
    coalesce(array_agg(DISTINCT u.s) FILTER (WHERE u.s IS NOT NULL), '{}') AS sources
  FROM p CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p.sources) = 0 THEN ARRAY[NULL::text] ELSE p.sources END)
    WITH ORDINALITY AS u(s, o)
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
-- Inlinable (one expression, no FROM): the planner folds it into the query instead of calling a
-- function twice per scored row, about ten times faster. Same formula as in 0004.
CREATE OR REPLACE FUNCTION intent_score(x float8, s float8, q float8, n float8, mu float8, beta float8, a float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 100.0 / (1.0 + exp(-0.25 * least(greatest((x - intent_expected(s, n, mu, beta))
    / sqrt(intent_expected(s, n, mu, beta) + greatest(q / n - (s / n) ^ 2, 0) * n / (n + beta) + a), -40), 40)))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION intent_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
-- Surging weeks in score order, for wide windows (the last 90 days): a query asking for surging items
-- walks this small index from the top and stops after a page, instead of sorting every week in range.
CREATE INDEX intent_signal_weeks_surging_idx ON intent_signal_weeks (score DESC, week) WHERE score >= 60;
