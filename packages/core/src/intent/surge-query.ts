import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { run, textArray } from '../shared/sql-rows.js';
import { addDays, weekOf } from './dates.js';
import { accountScore, round1, SURGING } from './score.js';
import type { IntentFilters, IntentItem } from './types.js';

interface SurgeRow {
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

const weekText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

/**
 * Surging company-topic weeks between `since` and `until`, best first, each company-topic once (its
 * best week). Reads only `intent_signal_weeks` (index on week, score), never raw signals.
 */
export async function querySurge(db: Db, f: IntentFilters, take: number): Promise<IntentItem[]> {
  const first = weekOf(f.since.surge);
  const last = weekOf(f.until);
  const topics = f.topics ? sql`and w.topic = any(${textArray(f.topics)}::text[])` : sql``;
  const ids = f.companyIds ? sql`and w.company_id = any(${textArray(f.companyIds)}::text[])` : sql``;
  // Spelled out, not bound: lets the planner use the partial index of surging weeks (score >= 60),
  // walked in score order, so a wide window stops after one page instead of sorting every week in it.
  const surging = f.minScore >= SURGING ? sql.raw(`and w.score >= ${SURGING}`) : sql``;
  // Aggregates compare company ids as "C" (packages/db/sql/intent.sql): the join compares in the companies' collation
  // so that their primary key finds each company (else: a sort of all companies per query).
  const rows = await run<SurgeRow>(
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
  if (rows.length === 0) return [];
  // The account score of each company in the page: its best week per topic in the same window.
  const companyIds = [...new Set(rows.map((r) => r.company_id))];
  const topicRows = await run<{ company_id: string; topic: string; score: number }>(
    db,
    sql`select company_id, topic, max(score) as score from intent_signal_weeks
        where company_id = any(${textArray(companyIds)}::text[]) and week between ${first}::date and ${last}::date
        group by 1, 2`,
  );
  const byCompany = new Map<string, { topic: string; score: number }[]>();
  for (const r of topicRows) {
    const list = byCompany.get(r.company_id) ?? [];
    list.push({ topic: r.topic, score: Number(r.score) });
    byCompany.set(r.company_id, list);
  }
  return rows.map((r) => {
    const week = weekText(r.week);
    const end = addDays(new Date(`${week}T00:00:00Z`), 7);
    const components = (byCompany.get(r.company_id) ?? [])
      .filter((c) => c.score > 50)
      .sort((a, b) => b.score - a.score);
    const topicMean = r.topic_mean === null ? null : Number(r.topic_mean);
    return {
      type: 'surge' as const,
      company: { id: r.company_id, domain: r.domain, name: r.name },
      topic: r.topic,
      score: round1(Number(r.score)),
      trend: round1(Number(r.trend)),
      evidence: {
        week,
        events: Number(r.events),
        volume: round1(Number(r.volume)),
        baseline_weeks: 12,
        baseline_mean: round1(Number(r.baseline_mean)),
        baseline_sd: round1(Number(r.baseline_sd)),
        expected: round1(Number(r.expected)),
        topic_mean: topicMean === null ? null : round1(topicMean),
        vs_topic: topicMean ? round1(Number(r.volume) / topicMean) : null,
        distinct_sources: r.sources.length,
        sources: r.sources.slice(0, 10),
        account: {
          score: round1(accountScore(components.map((c) => c.score))),
          surging_topics: components.filter((c) => c.score >= SURGING).length,
          components: components.slice(0, 5).map((c) => ({ topic: c.topic, score: round1(c.score) })),
        },
      },
      detected_at: new Date(Math.min(end.getTime(), f.until.getTime())).toISOString(),
    };
  });
}
