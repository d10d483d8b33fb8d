import type { Db } from '@dossier/db';
import { addDays, weekOf } from './dates.js';
import { accountScore, round1, SURGING } from './score.js';
import { bestTopicScores, surgeWeeks } from './store-reads.js';
import type { IntentFilters, IntentItem } from './types.js';

const weekText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

/**
 * Surging company-topic weeks between `since` and `until`, best first, each company-topic once (its
 * best week). Reads only `intent_signal_weeks` (index on week, score), never raw signals.
 */
export async function querySurge(db: Db, f: IntentFilters, take: number): Promise<IntentItem[]> {
  const first = weekOf(f.since.surge);
  const last = weekOf(f.until);
  const rows = await surgeWeeks(
    db,
    { first, last, minScore: f.minScore, topics: f.topics, companyIds: f.companyIds },
    take,
  );
  if (rows.length === 0) return [];
  // The account score of each company in the page: its best week per topic in the same window.
  const companyIds = [...new Set(rows.map((r) => r.company_id))];
  const topicRows = await bestTopicScores(db, companyIds, { first, last });
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
