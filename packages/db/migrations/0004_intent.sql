CREATE TABLE "intent_posting_days" (
	"company_id" text NOT NULL,
	"department" text NOT NULL,
	"day" date NOT NULL,
	"postings" integer NOT NULL,
	CONSTRAINT "intent_posting_days_company_id_department_day_pk" PRIMARY KEY("company_id","department","day")
);
--> statement-breakpoint
CREATE TABLE "intent_signal_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intent_signal_weeks" (
	"company_id" text NOT NULL,
	"topic" text NOT NULL,
	"week" date NOT NULL,
	"volume" double precision NOT NULL,
	"events" integer NOT NULL,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"score" real DEFAULT 50 NOT NULL,
	"trend" real DEFAULT 0 NOT NULL,
	"baseline_mean" real DEFAULT 0 NOT NULL,
	"baseline_sd" real DEFAULT 0 NOT NULL,
	"expected" real DEFAULT 0 NOT NULL,
	"topic_mean" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intent_signal_weeks_company_id_topic_week_pk" PRIMARY KEY("company_id","topic","week")
);
--> statement-breakpoint
CREATE TABLE "intent_topic_weeks" (
	"topic" text NOT NULL,
	"week" date NOT NULL,
	"volume" double precision NOT NULL,
	"events" integer NOT NULL,
	"companies" integer NOT NULL,
	CONSTRAINT "intent_topic_weeks_topic_week_pk" PRIMARY KEY("topic","week")
);
--> statement-breakpoint
ALTER TABLE "intent_posting_days" ADD CONSTRAINT "intent_posting_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_signal_weeks" ADD CONSTRAINT "intent_signal_weeks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intent_posting_days_day_idx" ON "intent_posting_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "intent_signal_weeks_week_score_idx" ON "intent_signal_weeks" USING btree ("week","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "intent_signal_weeks_topic_week_score_idx" ON "intent_signal_weeks" USING btree ("topic","week","score" DESC NULLS LAST);--> statement-breakpoint
-- Expected weekly volume: the 12-week baseline (sum s over n weeks) shrunk toward the topic's typical
-- company (mu) with beta pseudo-weeks (empirical Bayes); without a topic history, the own mean.
CREATE OR REPLACE FUNCTION intent_expected(s float8, n float8, mu float8, beta float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (s + beta * coalesce(mu, s / n)) / (n + beta)
$$;--> statement-breakpoint
-- 0..100 where 50 is as expected and 60 or more is surging: a z-score of volume x against the expected
-- volume, over Poisson noise + the baseline's own spread + a pseudo-variance a that keeps thin evidence
-- (one stray event) from looking like a surge. Mirrored by surgeScore() in packages/core/src/intent/score.ts.
CREATE OR REPLACE FUNCTION intent_score(x float8, s float8, q float8, n float8, mu float8, beta float8, a float8)
RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 100.0 / (1.0 + exp(-0.25 * least(greatest((x - e) / sqrt(e + v * n / (n + beta) + a), -40), 40)))
  FROM (SELECT intent_expected(s, n, mu, beta) AS e, greatest(q / n - (s / n) ^ 2, 0) AS v) k
$$;--> statement-breakpoint
-- The (company, topic, first week) pairs of a rescore. PL/pgSQL with a row estimate: `unnest` of
-- parameters is planned as 10 rows, which turns a 10,000-pair rescore into nested loops.
CREATE OR REPLACE FUNCTION intent_pairs(p_company text[], p_topic text[], p_from date[])
RETURNS TABLE (company_id text, topic text, w0 date) LANGUAGE plpgsql STABLE ROWS 5000 AS $$
BEGIN
  RETURN QUERY SELECT u.c, u.t, min(u.w) FROM unnest(p_company, p_topic, p_from) AS u(c, t, w) GROUP BY 1, 2;
END
$$;--> statement-breakpoint
-- Rescores the weeks of the given (company, topic) pairs from the given week on: only rows whose
-- baseline could have changed, never the whole table.
CREATE OR REPLACE FUNCTION intent_rescore(p_company text[], p_topic text[], p_from date[]) RETURNS void
LANGUAGE sql AS $$
  WITH t AS MATERIALIZED (
    SELECT * FROM intent_pairs(p_company, p_topic, p_from)
  ), hist AS (
    SELECT w.company_id, w.topic, w.week, w.volume, t.w0
    FROM t JOIN intent_signal_weeks w ON w.company_id = t.company_id AND w.topic = t.topic
    WHERE w.week >= t.w0 - 91
  ), win AS MATERIALIZED (
    SELECT h.*,
      coalesce(sum(volume) OVER b, 0) AS s, coalesce(sum(volume * volume) OVER b, 0) AS q,
      coalesce(sum(volume) OVER p, 0) AS px,
      coalesce(sum(volume) OVER pb, 0) AS ps, coalesce(sum(volume * volume) OVER pb, 0) AS pq
    FROM hist h
    WINDOW b AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '84 days' PRECEDING AND '7 days' PRECEDING),
      p AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '7 days' PRECEDING AND '7 days' PRECEDING),
      pb AS (PARTITION BY company_id, topic ORDER BY week RANGE BETWEEN '91 days' PRECEDING AND '14 days' PRECEDING)
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
-- Adds inserted signals to the weekly aggregates and rescores what they touched, in the inserting
-- transaction, writing each touched row once. A statement trigger: a 10,000-row insert or a COPY pays
-- once, not per row. Volumes and counts are added (`w.volume + excluded.volume`), so concurrent writers
-- never lose signals; a score computed beside a concurrent writer is refreshed by the next signal.
CREATE OR REPLACE FUNCTION intent_signals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER signals_intent_insert AFTER INSERT ON signals
  REFERENCING NEW TABLE AS new_signals FOR EACH STATEMENT EXECUTE FUNCTION intent_signals_inserted();--> statement-breakpoint
-- New postings per company, department and day, for hiring spikes.
CREATE OR REPLACE FUNCTION intent_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO intent_posting_days AS d (company_id, department, day, postings)
  SELECT company_id, coalesce(nullif(department, ''), 'other'), (posted_at AT TIME ZONE 'UTC')::date, count(*)
  FROM new_postings GROUP BY 1, 2, 3
  ON CONFLICT (company_id, department, day) DO UPDATE SET postings = d.postings + excluded.postings;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER job_postings_intent_insert AFTER INSERT ON job_postings
  REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION intent_postings_inserted();--> statement-breakpoint
-- Recomputes every aggregate from the raw tables (repair, or after loading with triggers disabled).
CREATE OR REPLACE FUNCTION intent_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
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
$$;--> statement-breakpoint
SELECT intent_rebuild();
