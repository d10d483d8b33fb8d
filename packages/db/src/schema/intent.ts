import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { companies } from './data.js';

/**
 * Topic signals summed per company, topic and ISO week (Monday, UTC), with the surge score of that week.
 * Kept by statement triggers on `signals` (packages/db/sql/intent.sql): every writer (API, importer, demo loader,
 * COPY) maintains it in its own transaction, so intent queries never read raw signals. Bulk imports
 * (`dossier.intent_bulk` set) park the id range of each batch in `intent_pending_batches` (weekly sums in
 * `intent_pending_weeks` for bulk rows without a batch; both declared in the baseline migration and kept
 * out of this schema like the functions) until `intent_merge_pending()` adds them here.
 */
export const intentSignalWeeks = pgTable(
  'intent_signal_weeks',
  {
    /**
     * No foreign key: rows come from checked signals; company deletes cascade by trigger.
     * Company id and topic are collated "C" (set in packages/db/migrations/0001_baseline.sql; Drizzle does not model collations).
     */
    companyId: text('company_id').notNull(),
    topic: text('topic').notNull(),
    week: date('week').notNull(),
    /** Sum of signal weights. */
    volume: doublePrecision('volume').notNull(),
    events: integer('events').notNull(),
    sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
    /** 0..100: 50 normal, 60 or more surging. */
    score: real('score').notNull().default(50),
    /** Score points against the week before. */
    trend: real('trend').notNull().default(0),
    /** Mean and spread of the 12 weeks before (weeks without signals count as 0). */
    baselineMean: real('baseline_mean').notNull().default(0),
    baselineSd: real('baseline_sd').notNull().default(0),
    /** The volume the score expected: the baseline shrunk toward the topic's typical company. */
    expected: real('expected').notNull().default(0),
    /** Typical weekly volume of a company active on the topic over the 12 weeks before. */
    topicMean: real('topic_mean'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.topic, t.week] }),
    // Surging weeks (score >= 60, the default) are read through a partial index (`intent_signal_weeks_surging_idx`, in the baseline migration);
    // per topic at any score through this one. No (week, score) index: ranking every company-topic of a
    // week below 60 is no typical query, and each index costs every merged row.
    index('intent_signal_weeks_topic_week_score_idx').on(t.topic, t.week, t.score.desc()),
  ],
);

/** Per topic and week: volume, events and how many companies were active (for the topic prior and counts). */
export const intentTopicWeeks = pgTable(
  'intent_topic_weeks',
  {
    /** Collated "C", as in `intent_signal_weeks`. */
    topic: text('topic').notNull(),
    week: date('week').notNull(),
    volume: doublePrecision('volume').notNull(),
    events: integer('events').notNull(),
    companies: integer('companies').notNull(),
  },
  (t) => [primaryKey({ columns: [t.topic, t.week] })],
);

/** New job postings per company, department and day (UTC), kept by a trigger on `job_postings`. */
export const intentPostingDays = pgTable(
  'intent_posting_days',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** `other` when the posting has no department. */
    department: text('department').notNull(),
    day: date('day').notNull(),
    postings: integer('postings').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.department, t.day] }),
    index('intent_posting_days_day_idx').on(t.day),
  ],
);

/** Client-supplied signal ids already ingested: pushing the same id again is a no-op. */
export const intentSignalKeys = pgTable('intent_signal_keys', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Content keys of imported signals without an id: 16 bytes each, the signal's hour
 * first, so a feed in time order claims keys in a few hot index pages instead of all over the index.
 */
export const intentImportKeys = pgTable('intent_import_keys', {
  key: uuid('key').primaryKey(),
});
