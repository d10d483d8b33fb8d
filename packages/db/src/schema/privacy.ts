import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';

/**
 * Identifiers that must never come back (an erased person's, or someone who asked not to be
 * contacted), each only as an HMAC under a key derived from the instance secret: the list itself
 * holds no personal data. `kind` is `email`, `phone` or `linkedin`.
 */
export const privacySuppressions = pgTable('privacy_suppressions', {
  hash: text('hash').primaryKey(),
  kind: text('kind').notNull(),
  /** The privacy request (`prv_...`) that put it here. */
  requestRef: text('request_ref').notNull(),
  createdAt: createdAt(),
});

/**
 * Person ids that were erased (and the ids merged into them): they answer 404 "gone", never a
 * survivor. `request_ref` is the opaque reference the audit log names instead of the person.
 */
export const privacyErasures = pgTable(
  'privacy_erasures',
  {
    personId: text('person_id').primaryKey(),
    requestRef: text('request_ref').notNull(),
    erasedAt: ts('erased_at').notNull().defaultNow(),
  },
  (t) => [index('privacy_erasures_ref_idx').on(t.requestRef)],
);

/** The instance's retention settings: one row (`id = 'instance'`); null days keep data until erased. */
export const privacySettings = pgTable('privacy_settings', {
  id: text('id').primaryKey(),
  /** Raw source records older than this are deleted by the retention sweep (the graph keeps its values). */
  sourceRecordDays: integer('source_record_days'),
  /** Finished jobs (audience CSVs, verification results) older than this are deleted. */
  jobOutputDays: integer('job_output_days'),
  lastSweepAt: ts('last_sweep_at'),
  updatedAt: updatedAt(),
});
