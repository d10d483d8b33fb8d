-- Intent: signals and job postings roll up into weekly aggregates per company and topic, scored against
-- the company's own 12-week baseline and the topic's typical company. Inserts park their batch
-- (`intent_signals_inserted`); `intent_merge_pending` merges parked batches; `intent_rebuild` recomputes
-- everything. Bulk writers set `dossier.intent_bulk` for their transaction and merge once at the end
-- (packages/core/src/intent/bulk-signals.ts).

-- Expected weekly volume: the 12-week baseline (sum s over n weeks) shrunk toward the topic's typical
-- company (mu) with beta pseudo-weeks (empirical Bayes); without a topic history, the own mean.
CREATE OR REPLACE FUNCTION intent_expected(s float8, n float8, mu float8, beta float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (s + beta * coalesce(mu, s / n)) / (n + beta)
$$;

-- New postings per company, department and day, for hiring spikes.
CREATE OR REPLACE FUNCTION intent_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO intent_posting_days AS d (company_id, department, day, postings)
  SELECT company_id, coalesce(nullif(department, ''), 'other'), (posted_at AT TIME ZONE 'UTC')::date, count(*)
  FROM new_postings GROUP BY 1, 2, 3
  ON CONFLICT (company_id, department, day) DO UPDATE SET postings = d.postings + excluded.postings;
  IF webhook_wanted('hiring.spike') THEN
    PERFORM hiring_spike_emit(array_agg(company_id), array_agg(day), array_agg(n))
    FROM (SELECT company_id, (posted_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n FROM new_postings GROUP BY 1, 2) f;
  END IF;
  RETURN NULL;
END
$$;

-- Inlinable (one expression, no FROM): the planner folds it into the query instead of calling a
-- function twice per scored row, about ten times faster.
CREATE OR REPLACE FUNCTION intent_score(x float8, s float8, q float8, n float8, mu float8, beta float8, a float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 100.0 / (1.0 + exp(-0.25 * least(greatest((x - intent_expected(s, n, mu, beta))
    / sqrt(intent_expected(s, n, mu, beta) + greatest(q / n - (s / n) ^ 2, 0) * n / (n + beta) + a), -40), 40)))
$$;

-- The foreign key's check, once per statement: one probe per distinct company instead of a lookup and a
-- row lock per signal. Named to fire before `signals_intent_insert` (statement triggers fire by name).
CREATE OR REPLACE FUNCTION signals_check_companies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE missing text;
BEGIN
  SELECT n.company_id INTO missing FROM (SELECT DISTINCT company_id FROM new_signals) n
  WHERE NOT EXISTS (SELECT 1 FROM companies c WHERE c.id = n.company_id) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE foreign_key_violation USING MESSAGE = format('signals: no company has the id %s', missing);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION intent_merge_pending() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('intent_merge_pending'));
  RETURN intent_merge_pending_unlocked();
END
$$;

-- A deleted company's signals go with it; a merge running meanwhile may have read them already,
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
$$;

CREATE OR REPLACE FUNCTION intent_signals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE watching boolean;
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
  -- Subscribers to surges: the scores before this rescore, for `intent_surge_emit` (webhook-events.sql).
  watching := webhook_wanted('intent.surge');
  IF watching THEN
    CREATE TEMP TABLE intent_surge_before ON COMMIT DROP AS
    SELECT t.company_id, t.topic, w.week, w.score
    FROM (SELECT DISTINCT company_id COLLATE "C" AS company_id, topic COLLATE "C" AS topic FROM new_signals) t
      LEFT JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic
        AND w.week >= intent_surge_since();
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
  IF watching THEN
    PERFORM intent_surge_emit();
  END IF;
  RETURN NULL;
END
$$;

-- Merges the parked batches into the weekly aggregates and rescores the touched company-topics. Tuned
-- at 10M signals, where the plan decides whether a merge costs the batch or the whole table:
-- - the batch's signals (by id range) and the stored weeks of the touched company-topics (by primary
--   key) are read by nested loops over the indexes; planned as hash joins, both read their whole table
--   for each batch (1.5-3 s of a 500,000-signal merge at 10M);
-- - no JIT (0.3-0.7 s a merge compiling statements that run once) and no memoize (every key is distinct);
-- - callers hold the merge's advisory lock (`intent_merge_pending`), which `intent_rebuild` takes too, so a
--   rebuild beside an import cannot count a batch twice.
-- A plain INSERT of new weeks plus an UPDATE of stored ones instead of the upsert was tried: no gain.
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
  IF merged > 0 AND webhook_wanted('intent.surge') THEN
    -- Subscribers to surges: the scores before this rescore, for `intent_surge_emit` (webhook-events.sql).
    CREATE TEMP TABLE intent_surge_before ON COMMIT DROP AS
    SELECT t.company_id, t.topic, w.week, w.score
    FROM (SELECT DISTINCT company_id, topic FROM intent_merge_batch) t
      LEFT JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic
        AND w.week >= intent_surge_since();
  END IF;
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
    IF to_regclass('pg_temp.intent_surge_before') IS NOT NULL THEN
      PERFORM intent_surge_emit();
    END IF;
  END IF;
  DROP TABLE intent_merge_batch;
  RETURN merged;
END
$$;

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

-- The wholesale rebuild of the weekly aggregates, in steps so that two connections can share it: at 10M
-- signals one connection takes 60 s on one core while the other sits idle and the import waits.
-- Split by a hash of the company, each company-topic's weeks are summed and scored on one connection, so
-- the sums (22 s) and the windows (25 s) halve; the topic totals, which the priors need from every company,
-- are summed from each part's totals in between.
--
-- A caller with one connection runs the steps in one transaction: `intent_rebuild_signal_weeks()` below.
-- A caller with several (`rebuildSignalWeeks` in packages/core/src/intent/rebuild.ts):
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

-- The scoring windows of `intent_merge_pending_unlocked` over every company-topic of the part, and each topic-week's prior (the companies'
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

-- In the transaction of intent_rebuild_begin: the new table and topic totals replace the old ones. From
-- here to the commit, queries of the scores wait (the old table is dropped).
CREATE OR REPLACE FUNCTION intent_rebuild_swap(parts integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE p integer;
BEGIN
  -- Subscribers to surges: the recent scores being replaced, for `intent_surge_emit` (webhook-events.sql).
  -- A repair rescores to the same values and sends nothing; a large load rebuilt wholesale sends its surges.
  IF webhook_wanted('intent.surge') THEN
    CREATE TEMP TABLE intent_surge_before ON COMMIT DROP AS
    SELECT k.company_id, k.topic, w.week, w.score
    FROM (SELECT DISTINCT company_id, topic FROM intent_signal_weeks_next WHERE week >= intent_surge_since()) k
      LEFT JOIN intent_signal_weeks w ON w.company_id = k.company_id AND w.topic = k.topic
        AND w.week >= intent_surge_since();
  END IF;
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
  IF to_regclass('pg_temp.intent_surge_before') IS NOT NULL THEN
    PERFORM intent_surge_emit();
  END IF;
END
$$;

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

CREATE OR REPLACE TRIGGER signals_intent_insert AFTER INSERT ON signals
  REFERENCING NEW TABLE AS new_signals FOR EACH STATEMENT EXECUTE FUNCTION intent_signals_inserted();

CREATE OR REPLACE TRIGGER job_postings_intent_insert AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION intent_postings_inserted();

CREATE OR REPLACE TRIGGER signals_check_companies AFTER INSERT ON signals
  REFERENCING NEW TABLE AS new_signals FOR EACH STATEMENT EXECUTE FUNCTION signals_check_companies();

CREATE OR REPLACE TRIGGER companies_intent_delete AFTER DELETE ON companies
  REFERENCING OLD TABLE AS old_companies FOR EACH STATEMENT EXECUTE FUNCTION companies_intent_deleted();
