import type { Db } from '@dossier/db';
import { addDays, weekOf } from './dates.js';
import { topicCounts } from './store-reads.js';

export interface TopicCount {
  topic: string;
  signals: number;
  /** Companies with signals on the topic in the last 7 days' weeks (a company counts once a week). */
  active_companies: number;
  /** Companies surging on the topic (score 60 or more) in the last 7 days' weeks. */
  surging_companies: number;
  last_signal_week: string;
}

/** Known topics with counts, from the topic and company-week aggregates. */
export async function listIntentTopics(db: Db, now: Date, options: { prefix?: string; limit: number }) {
  const first = weekOf(addDays(now, -7));
  const last = weekOf(now);
  const prefix = options.prefix?.trim().toLowerCase();
  const rows = await topicCounts(db, { first, last }, prefix, options.limit);
  return rows.map(
    (r): TopicCount => ({
      topic: r.topic,
      signals: Number(r.signals),
      active_companies: Number(r.active),
      surging_companies: Number(r.surging ?? 0),
      last_signal_week: String(r.last_week),
    }),
  );
}
