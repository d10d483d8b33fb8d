import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { likeEscape, run, textArray } from '../shared/sql-rows.js';
import { HIRING, SURGING } from './score.js';

/** A window of whole weeks or days, as `YYYY-MM-DD` dates, both ends included. */
interface Window {
  first: string;
  last: string;
}

export interface SurgeRow {
  company_id: string;
  domain: string;
  name: string;
  topic: string;
  week: string;
  score: number;
  trend: number;
  volume: number;
  events: number;
  sources: string[];
  baseline_mean: number;
  baseline_sd: number;
  expected: number;
  topic_mean: number | null;
}

/**
 * Each company-topic's best week in the window with at least `minScore`, best first; surging weeks
 * only read the partial index of them. Reads only `intent_signal_weeks` (index on week, score).
 */
export const surgeWeeks = (
  db: Db,
  f: Window & { minScore: number; topics: string[] | null; companyIds: string[] | null },
  take: number,
) => {
  const { first, last } = f;
  const topics = f.topics ? sql`and w.topic = any(${textArray(f.topics)}::text[])` : sql``;
  const ids = f.companyIds ? sql`and w.company_id = any(${textArray(f.companyIds)}::text[])` : sql``;
  // Spelled out, not bound: lets the planner use the partial index of surging weeks (score >= 60),
  // walked in score order, so a wide window stops after one page instead of sorting every week in it.
  const surging = f.minScore >= SURGING ? sql.raw(`and w.score >= ${SURGING}`) : sql``;
  // Aggregates compare company ids as "C" (packages/db/sql/intent.sql): the join compares in the companies' collation
  // so that their primary key finds each company (else: a sort of all companies per query).
  return run<SurgeRow>(
    db,
    sql`select w.company_id, c.domain, c.name, w.topic, w.week::text as week, w.score, w.trend, w.volume, w.events,
          w.sources, w.baseline_mean, w.baseline_sd, w.expected, w.topic_mean
        from intent_signal_weeks w join companies c on c.id = w.company_id collate "default"
        where w.week between ${first}::date and ${last}::date and w.score >= ${f.minScore} ${surging} ${topics} ${ids}
          and not exists (
            select 1 from intent_signal_weeks o
            where o.company_id = w.company_id and o.topic = w.topic and o.week between ${first}::date and ${last}::date
              and o.week <> w.week and (o.score > w.score or (o.score = w.score and o.week > w.week)))
        order by w.score desc, w.week desc, w.company_id, w.topic
        limit ${take}`,
  );
};

/** Each company's best score per topic in the window. */
export const bestTopicScores = (db: Db, companyIds: string[], { first, last }: Window) =>
  run<{ company_id: string; topic: string; score: number }>(
    db,
    sql`select company_id, topic, max(score) as score from intent_signal_weeks
        where company_id = any(${textArray(companyIds)}::text[]) and week between ${first}::date and ${last}::date
        group by 1, 2`,
  );

export interface HiringRow {
  company_id: string;
  domain?: string;
  name?: string;
  department?: string;
  recent: number;
  s: number;
  q: number;
  mu: number | null;
  score: number;
  latest: string;
}

// Postings of the last 210 days in 30-day buckets: 0 is the last 30 days, 1..6 the trailing 6 months.
const buckets = (until: string, ids: string[] | null) => sql`
  select company_id, department, (${until}::date - day) / 30 as bucket, sum(postings)::float8 as n, max(day) as latest
  from intent_posting_days
  where day > ${until}::date - 210 and day <= ${until}::date
    ${ids ? sql`and company_id = any(${textArray(ids)}::text[])` : sql``}
  group by 1, 2, 3`;

const stats = (level: 'company' | 'department') => {
  const keys = level === 'company' ? sql`company_id` : sql`company_id, department`;
  return sql`select ${keys},
      coalesce(sum(n) filter (where bucket = 0), 0) as recent,
      coalesce(sum(n) filter (where bucket > 0), 0) as s,
      coalesce(sum(n * n) filter (where bucket > 0), 0) as q,
      max(latest) filter (where bucket = 0) as latest
    from (select ${keys}, bucket, sum(n) as n, max(latest) as latest from b group by ${keys}, bucket) x
    group by ${keys}`;
};

const score = (prior: string) =>
  sql.raw(
    `intent_score(recent, s, q, ${HIRING.periods}, ${prior}, ${HIRING.priorWeight}, ${HIRING.stabilizer})`,
  );

/**
 * Companies with new postings in the 30 days to `until` and a hiring score of at least `minScore`,
 * best first, with the typical company's monthly mean (`mu`).
 */
export const hiringCompanies = (
  db: Db,
  f: { until: string; since: string; minScore: number; companyIds: string[] | null },
  take: number,
) => {
  const { until } = f;
  return run<HiringRow>(
    db,
    sql`with b as (${buckets(until, null)}),
      co as (${stats('company')}),
      prior as (select avg(s) / ${HIRING.periods} as mu from co)
      select co.company_id, c.domain, c.name, co.recent, co.s, co.q, prior.mu, co.latest::text as latest,
        ${score('prior.mu')} as score
      from co cross join prior join companies c on c.id = co.company_id
      where co.recent > 0 and co.latest >= ${f.since}::date and ${score('prior.mu')} >= ${f.minScore}
        ${f.companyIds ? sql`and co.company_id = any(${textArray(f.companyIds)}::text[])` : sql``}
      order by score desc, co.company_id
      limit ${take}`,
  );
};

/** The departments of these companies with new postings, scored against `mu`, best first. */
export const hiringDepartments = (db: Db, until: string, ids: string[], mu: number | null) =>
  run<HiringRow>(
    db,
    sql`with b as (${buckets(until, ids)}), d as (${stats('department')})
      select company_id, department, recent, s, q, ${score(String(Number(mu ?? 0)))} as score from d where recent > 0
      order by score desc`,
  );

export interface ChangeRow {
  id: string | number;
  person_id: string;
  full_name: string;
  from_id: string | null;
  from_domain: string | null;
  from_name: string | null;
  to_id: string | null;
  to_domain: string | null;
  to_name: string | null;
  from_title: string | null;
  to_title: string | null;
  is_promotion: boolean;
  confidence: number;
  detected_at: Date | string;
}

/** Job changes detected between `since` and `until` with confidence of at least `minScore` / 100. */
export const jobChanges = (
  db: Db,
  f: { since: Date; until: Date; minScore: number; companyIds: string[] | null },
  take: number,
) => {
  const ids = f.companyIds
    ? sql`and (j.to_company_id = any(${textArray(f.companyIds)}::text[]) or j.from_company_id = any(${textArray(f.companyIds)}::text[]))`
    : sql``;
  return run<ChangeRow>(
    db,
    sql`select j.id, j.person_id, p.full_name, fc.id as from_id, fc.domain as from_domain, fc.name as from_name,
          tc.id as to_id, tc.domain as to_domain, tc.name as to_name, j.from_title, j.to_title, j.is_promotion,
          j.confidence, j.detected_at
        from job_changes j join people p on p.id = j.person_id
          left join companies fc on fc.id = j.from_company_id
          left join companies tc on tc.id = j.to_company_id
        where j.detected_at >= ${f.since.toISOString()}::timestamptz
          and j.detected_at <= ${f.until.toISOString()}::timestamptz
          and j.confidence * 100 >= ${f.minScore} and coalesce(tc.id, fc.id) is not null ${ids}
        order by j.confidence desc, j.detected_at desc, j.id
        limit ${take}`,
  );
};

/** Topics (starting with `prefix`) by signal count, with their active and surging companies in the window. */
export const topicCounts = (db: Db, { first, last }: Window, prefix: string | undefined, limit: number) =>
  run<{
    topic: string;
    signals: number;
    active: number;
    surging: number | null;
    last_week: string;
  }>(
    db,
    sql`with t as (
          select topic, sum(events)::float8 as signals, max(week)::text as last_week,
            coalesce(max(companies) filter (where week between ${first}::date and ${last}::date), 0) as active
          from intent_topic_weeks
          ${prefix ? sql`where topic like ${`${likeEscape(prefix)}%`}` : sql``}
          group by topic
        ), s as (
          select topic, count(distinct company_id) as surging from intent_signal_weeks
          where week between ${first}::date and ${last}::date and score >= ${SURGING}
          group by topic
        )
        select t.topic, t.signals, t.active, s.surging, t.last_week from t left join s on s.topic = t.topic
        order by t.signals desc, t.topic
        limit ${limit}`,
  );
