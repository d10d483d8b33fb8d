-- The bulk merge without history windows for appended weeks (issue 8). At 10M signals most of a merge
-- was the history: for every touched company-topic, its stored weeks from 13 weeks before its first new
-- week were copied into a temp table (2.6M rows for a 500,000-signal merge) and run with the batch
-- through two window passes, to score about 460,000 rows. A feed delivered in time order adds weeks
-- after a company-topic's stored ones (or to its latest stored week), and then a week's baseline is the
-- sum of two parts: the stored weeks before it, read per batch row in one range scan of the primary key
-- (`fs`, `fq`, `v91`, `px`: the sums the windows computed), and the batch's own earlier weeks, from
-- windows over the batch rows alone. Only the first batch week can be in both parts (stored volume
-- `here` plus the batch's), which adds a cross term to the sum of squares. Such rows are `fast`; every
-- other company-topic (late data: a stored week after its first batch week) takes 0014's path, history
-- and windows, unchanged. The topic totals count new company-topic weeks by `here` instead of joining
-- the history. Same rows as 0014 (scores to float rounding), checked against rebuilds in
-- intent-kinds.test.ts and on copies of the 10M bench database (tooling/bench/README.md, Intent).
CREATE OR REPLACE FUNCTION intent_merge_pending_unlocked() RETURNS integer LANGUAGE plpgsql
SET work_mem = '256MB' SET enable_mergejoin = off SET enable_hashagg = off SET enable_hashjoin = on SET enable_memoize = off
SET enable_bitmapscan = off SET jit = off AS $$
DECLARE merged integer;
BEGIN
  -- Nested loops over the indexes for the first two statements (see 0014); no bitmap scans anywhere, so
  -- stored weeks are summed in week order, whatever the plan.
  PERFORM set_config('enable_hashjoin', 'off', true);
  CREATE TEMP TABLE intent_merge_batch ON COMMIT DROP AS
  WITH b AS (DELETE FROM intent_pending_batches RETURNING *),
  r AS (SELECT batch, min(lo) AS lo, max(hi) AS hi FROM b GROUP BY 1),
  p AS (DELETE FROM intent_pending_weeks RETURNING *),
  grouped AS (
    -- Grouped by source first, in order, then by week: from sorted input the sources come out sorted.
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
    GROUP BY 1, 2, 3
  ), g AS (
    -- The batch's own part of each week's baseline: its earlier weeks of the same company-topic.
    SELECT grouped.*, min(week) OVER k AS first, first_value(volume) OVER o AS first_volume,
      sum(volume) OVER f AS bs, sum(volume * volume) OVER f AS bq,
      sum(volume) OVER w91 AS bv91, sum(volume) OVER w7 AS bpx
    FROM grouped
    WINDOW k AS (PARTITION BY company_id, topic), o AS (PARTITION BY company_id, topic ORDER BY week),
      f AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '91 days' PRECEDING AND '7 days' PRECEDING),
      w91 AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '91 days' PRECEDING AND '91 days' PRECEDING),
      w7 AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '7 days' PRECEDING AND '7 days' PRECEDING)
  ), n AS (
    -- The stored part, in one range scan of the primary key per batch row; the company-topic's latest
    -- stored week (any stored week after `week - 91` is found by some row's scan) and the stored volume
    -- of its first batch week.
    SELECT g.*, h.here, h.fs, h.fq, h.v91, h.px,
      max(h.last) OVER o AS last, first_value(h.here) OVER o AS first_here
    FROM g CROSS JOIN LATERAL (
      SELECT max(w.week) AS last, sum(w.volume) FILTER (WHERE w.week = g.week) AS here,
        coalesce(sum(w.volume) FILTER (WHERE w.week <= g.week - 7), 0) AS fs,
        coalesce(sum(w.volume * w.volume) FILTER (WHERE w.week <= g.week - 7), 0) AS fq,
        coalesce(sum(w.volume) FILTER (WHERE w.week = g.week - 91), 0) AS v91,
        coalesce(sum(w.volume) FILTER (WHERE w.week = g.week - 7), 0) AS px
      FROM intent_signal_weeks w
      WHERE w.company_id = g.company_id AND w.topic = g.topic AND w.week >= g.week - 91
    ) h
    WINDOW o AS (PARTITION BY g.company_id, g.topic ORDER BY g.week ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
  )
  -- Appended: no stored week after the company-topic's first batch week. Then each week's baseline is
  -- its stored part plus its batch part. Only the first batch week can be in both (stored volume `here`
  -- plus the batch's); its square in a later week's baseline then also needs the cross term.
  SELECT company_id, topic, week, volume, events, sources, here, last IS NULL OR last <= first AS fast,
    fs + coalesce(bs, 0) AS fs,
    fq + coalesce(bq, 0) + CASE WHEN first BETWEEN week - 91 AND week - 7 THEN 2 * coalesce(first_here, 0) * first_volume ELSE 0 END AS fq,
    v91 + coalesce(bv91, 0) AS v91, px + coalesce(bpx, 0) AS px
  FROM n;
  GET DIAGNOSTICS merged = ROW_COUNT;
  IF merged > 0 THEN
    -- The other company-topics: their stored weeks from 13 weeks before their first new week on.
    CREATE TEMP TABLE intent_merge_hist ON COMMIT DROP AS
    SELECT w.company_id, w.topic, w.week, w.volume
    FROM (SELECT company_id, topic, min(week) AS w0 FROM intent_merge_batch WHERE NOT fast GROUP BY 1, 2) t
    JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic AND w.week >= t.w0 - 91;
    PERFORM set_config('enable_hashjoin', 'on', true);
    ANALYZE intent_merge_batch;
    ANALYZE intent_merge_hist;
    -- Topic totals first: the scores below compare each company with its topic.
    INSERT INTO intent_topic_weeks AS tw (topic, week, volume, events, companies)
    SELECT topic, week, sum(volume), sum(events), count(*) FILTER (WHERE here IS NULL)
    FROM intent_merge_batch
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
        SELECT company_id, topic, week, volume, volume, events, sources, true FROM intent_merge_batch WHERE NOT fast
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
      -- Rescored: the weeks from each windowed company-topic's first new week on, and the fast rows.
      SELECT company_id, topic, week, volume, dv, de, ds, px, fs - v91 AS s, fq - v91 * v91 AS q,
        fs - px AS ps, fq - px * px AS pq
      FROM f WHERE since_w0
      UNION ALL
      SELECT company_id, topic, week, coalesce(here + volume, volume), volume, events, sources, px,
        fs - v91, fq - v91 * v91, fs - px, fq - px * px
      FROM intent_merge_batch WHERE fast
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
