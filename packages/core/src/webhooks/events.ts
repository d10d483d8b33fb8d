import { z } from 'zod';

/** Payload version: bumped when a field changes meaning or goes away (new fields keep it). */
export const PAYLOAD_VERSION = '1';

export const eventTypes = [
  'job_change.detected',
  'intent.surge',
  'hiring.spike',
  'verify_job.completed',
  'audience_job.completed',
  'import.completed',
] as const;
export type EventType = (typeof eventTypes)[number];
/** Sent only by `send_webhook_test`, to the one subscription asked for. */
export const TEST_EVENT = 'webhook.test';

const domain = z.string().describe('Company domain, e.g. `northwind.example`.');
const jobData = z.object({
  job_id: z.string(),
  status: z.enum(['succeeded', 'failed']),
  total: z.number().int().describe('Items in the job.'),
  done: z.number().int().describe('Items finished.'),
  error: z.string().nullable().describe('Why the job failed; null when it succeeded.'),
  finished_at: z.string().describe('ISO 8601.'),
});

/** The `data` of each event type, version 1. */
export const eventData = {
  'job_change.detected': z.object({
    person_id: z.string(),
    domain: domain.describe('The company the person joined.'),
    previous_domain: z.string().nullable(),
    title: z.string().nullable(),
    previous_title: z.string().nullable(),
    is_promotion: z.boolean().describe('The new title ranks above the old one.'),
    confidence: z.number().describe('0-1: how sure identity resolution is that this is the same person.'),
    detected_at: z.string().describe('ISO 8601.'),
  }),
  'intent.surge': z.object({
    domain,
    topic: z.string(),
    score: z.number().describe('0-100; at or above the subscription threshold (its `min_score`, else 60).'),
    previous_score: z
      .number()
      .describe('0-100; the score before, under the threshold: sent once per crossing.'),
    week: z.string().describe('The ISO week the surge was measured in, e.g. `2026-W47`.'),
  }),
  'hiring.spike': z.object({
    domain,
    department: z.string().nullable().describe('The department with the most postings in the last 30 days.'),
    score: z
      .number()
      .describe(
        '0-100: postings of the last 30 days against the 6 months before; at or above the threshold.',
      ),
    previous_score: z.number().describe('0-100; the score before these postings, under the threshold.'),
    openings: z.number().int().describe('New postings in the last 30 days.'),
    week: z.string().describe('The ISO week of the spike, e.g. `2026-W47`.'),
  }),
  'verify_job.completed': jobData,
  'audience_job.completed': jobData,
  'import.completed': z.object({
    import_id: z.string(),
    kind: z.string().describe('`people`, `companies`, `signals` or `job-postings`.'),
    source: z.string(),
    rows: z.number().int(),
    loaded: z.number().int(),
    merged: z.number().int(),
    unchanged: z.number().int(),
    rejected: z.number().int(),
  }),
} satisfies Record<EventType, z.ZodObject>;

export type EventData<T extends EventType> = z.input<(typeof eventData)[T]>;

const when = '2026-11-20T09:30:00.000Z';
const job = {
  job_id: 'job_4Fq2',
  status: 'succeeded',
  total: 1200,
  done: 1200,
  error: null,
  finished_at: when,
} as const;
export const eventExamples: { [T in EventType]: EventData<T> } = {
  'job_change.detected': {
    person_id: 'per_8Hd2',
    domain: 'northwind.example',
    previous_domain: 'contoso.example',
    title: 'VP Sales',
    previous_title: 'Sales Director',
    is_promotion: true,
    confidence: 0.92,
    detected_at: when,
  },
  'intent.surge': {
    domain: 'northwind.example',
    topic: 'data warehouse',
    score: 82,
    previous_score: 54.5,
    week: '2026-W47',
  },
  'hiring.spike': {
    domain: 'northwind.example',
    department: 'engineering',
    score: 74,
    previous_score: 57.2,
    openings: 12,
    week: '2026-W47',
  },
  'verify_job.completed': job,
  'audience_job.completed': { ...job, job_id: 'job_9Kx1' },
  'import.completed': {
    import_id: 'imp_3Lw9',
    kind: 'people',
    source: 'hubspot',
    rows: 5000,
    loaded: 4100,
    merged: 700,
    unchanged: 150,
    rejected: 50,
  },
};

/** The body every delivery sends: the same bytes for every attempt and replay of it. */
export const envelope = (event: { id: string; type: string; createdAt: Date; data: unknown }): string =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    version: PAYLOAD_VERSION,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
  });

/** The envelope as an OpenAPI schema for one event type. */
export const envelopeSchema = (type: string, data: z.ZodType) =>
  z.object({
    id: z.string().describe('Event id (`evt_...`); the `webhook-id` header names the delivery.'),
    type: z.literal(type),
    version: z.literal(PAYLOAD_VERSION),
    timestamp: z.string().describe('When the event happened, ISO 8601.'),
    data,
  });
