import type { Db } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { run } from '../shared/sql-rows.js';
import { addDays, weekOf } from './dates.js';
import { SURGING } from './score.js';

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
  const rows = await run<{
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
          ${prefix ? sql`where topic like ${`${prefix.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}
          group by topic
        ), s as (
          select topic, count(distinct company_id) as surging from intent_signal_weeks
          where week between ${first}::date and ${last}::date and score >= ${SURGING}
          group by topic
        )
        select t.topic, t.signals, t.active, s.surging, t.last_week from t left join s on s.topic = t.topic
        order by t.signals desc, t.topic
        limit ${options.limit}`,
  );
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
