import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, projects } from './access.js';
import { createdAt, ts, updatedAt } from './columns.js';

/** Where a project wants events sent, which ones, and the secrets that sign them. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types').array().notNull(),
    /** Company domains; null: every company. */
    filterCompanies: text('filter_companies').array(),
    /** Intent topics; null: every topic. */
    filterTopics: text('filter_topics').array(),
    /** Intent events below this score are not sent; null: no minimum. */
    minScore: real('min_score'),
    /** `whsec_` and base64: kept readable because every delivery is signed with it. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previous_secret_until`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_subscriptions_org_idx').on(t.orgId, t.enabled)],
);

/** The outbox: one row per event, written in the transaction that caused it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    /** Null for events about shared data (intent, job changes): every organization may subscribe. */
    orgId: text('org_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_org_idx').on(t.orgId, t.createdAt)],
);

/**
 * One event for one subscription; its id is the `webhook-id` every attempt and replay sends.
 * Workers claim due rows with `for update skip locked` and hold them until `locked_until`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_subscription_key').on(t.eventId, t.subscriptionId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt),
  ],
);

/** Every attempt: when, how it ended, how long it took and the first bytes of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: ts('started_at').notNull(),
    /** HTTP status; null when no answer came (timeout, refused, blocked address). */
    status: integer('status'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
