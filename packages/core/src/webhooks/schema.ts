import { z } from 'zod';
import { eventTypes } from './events.js';
import type { Subscription } from './subscriptions.js';

export const subscriptionIdParam = z
  .string()
  .regex(/^whs_[A-Za-z0-9]{1,40}$/, 'a subscription id looks like whs_...')
  .describe('A `whs_...` id.');

const domainList = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a company domain such as northwind.example'),
  )
  .min(1)
  .max(1_000);
const topicList = z.array(z.string().trim().toLowerCase().min(1).max(200)).min(1).max(200);

/** Fields a subscription is created with; every one but `url` and `event_types` optional. */
export const subscriptionFields = {
  url: z.string().max(2_000).describe('Where events are POSTed: a public http(s) URL.'),
  event_types: z.array(z.enum(eventTypes)).min(1).describe('Events to receive.'),
  description: z.string().max(500).nullable().optional().describe('A note for people, e.g. "CRM sync".'),
  filter: z
    .object({
      companies: domainList
        .nullable()
        .optional()
        .describe('Only events about these company domains (a job change: the company joined or left).'),
      topics: topicList.nullable().optional().describe('Only intent events on these topics.'),
      min_score: z
        .number()
        .min(0)
        .max(100)
        .nullable()
        .optional()
        .describe(
          'Surges and hiring spikes: the threshold whose crossing sends (default 60); job changes: the least confidence x 100.',
        ),
    })
    .optional()
    .describe('Narrows the events sent. A field an event does not carry does not filter it.'),
};

export const subscriptionSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    event_types: z.array(z.string()),
    filter: z.object({
      companies: z.array(z.string()).nullable(),
      topics: z.array(z.string()).nullable(),
      min_score: z.number().nullable(),
    }),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().describe('Why it is off: a 410 from the endpoint, or its owner.'),
    secret_hint: z.string().describe('The last four characters of the current signing secret.'),
    previous_secret_until: z
      .string()
      .nullable()
      .describe('Until when the secret before the last rotation also signs (ISO 8601).'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookSubscription' });

export const subscriptionView = (s: Subscription, now: Date): z.input<typeof subscriptionSchema> => ({
  id: s.id,
  url: s.url,
  description: s.description,
  event_types: s.eventTypes,
  filter: { companies: s.filterCompanies, topics: s.filterTopics, min_score: s.minScore },
  enabled: s.enabled,
  disabled_reason: s.disabledReason,
  secret_hint: s.secret.slice(-4),
  previous_secret_until:
    s.previousSecret && s.previousSecretUntil && s.previousSecretUntil > now
      ? s.previousSecretUntil.toISOString()
      : null,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const secretField = z
  .string()
  .describe('The signing secret (`whsec_...`), shown only now: store it where your receiver reads it.');

export const deliverySchema = z
  .object({
    id: z.string().describe('The `webhook-id` header: the same for every attempt and replay.'),
    event_id: z.string(),
    event_type: z.string(),
    status: z
      .enum(['pending', 'succeeded', 'failed'])
      .describe('`failed`: parked after the last retry; replayable.'),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    attempt_log: z.array(
      z.object({
        attempt: z.number().int(),
        started_at: z.string(),
        status: z.number().int().nullable().describe('HTTP status; null when no answer came.'),
        latency_ms: z.number().int(),
        error: z.string().nullable(),
        response_excerpt: z.string().nullable().describe('The first bytes of the answer.'),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });
