import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { lenientNumber } from '../shared/lenient.js';
import { creditsUsed } from '../shared/schema.js';
import { ingestJobPostings } from './ingest-job-postings.js';
import { ingestSignals, summarizeOutcomes } from './ingest-signals.js';
import { listIntentTopics } from './list-topics.js';
import { queryIntent } from './query-intent.js';
import { intentInput, intentOutput, postingRowInput, rejectedRows, signalRowInput } from './schema.js';

export const intentOperation = defineOperation({
  name: 'intent',
  title: 'Intent signals',
  method: 'POST',
  path: '/v1/intent',
  summary: 'Accounts in market now: topic surges, hiring spikes and job changes, with scores and evidence',
  description:
    'Who is in market now. `surge`: companies researching a topic above their 12-week baseline (score 0-100, ' +
    '60+ surging). `hiring`: job postings in 30 days against the 6 months before. `job_change`: people who moved ' +
    'company. Filter by `companies`, `topics` (list_intent_topics), dates and `min_score` (default 60).',
  details: 'Each item carries its trend and the evidence behind its score.',
  scope: 'intent',
  input: intentInput,
  output: intentOutput,
  example: { input: { types: ['surge'], topics: ['crm software'], limit: 10 } },
  readOnly: true,
  replicaReads: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    o.data.length === 0
      ? 'No intent signals match.'
      : `${o.data.length} intent signals; top: ${o.data
          .slice(0, 3)
          .map((i) => `${i.company.name} ${i.type}${i.topic ? ` (${i.topic})` : ''} ${i.score}`)
          .join(', ')}.`,
  async handler(ctx, input) {
    const page = await queryIntent(ctx.db.db, input, ctx.now());
    return { ...page, credits_used: 0 as const };
  },
});

export const listIntentTopicsOperation = defineOperation({
  name: 'list_intent_topics',
  title: 'Intent topics',
  method: 'GET',
  path: '/v1/intent/topics',
  summary: 'Known intent topics with signal counts and how many companies surge on each',
  description:
    'Topics with signals, most first, with how many companies were active and surging on each in 7 days: the ' +
    '`topics` the intent tool takes.',
  scope: 'intent',
  input: z.object({
    prefix: z.string().max(100).optional().describe('Only topics starting with this text.'),
    limit: lenientNumber(z.number().int().min(1).max(1000))
      .optional()
      .describe('At most this many topics (default 100).'),
  }),
  output: z
    .object({
      data: z.array(
        z.object({
          topic: z.string().describe('Topic name.'),
          signals: z.number().describe('Signals recorded on the topic.'),
          active_companies: z.number().describe('Companies with signals on it in the last 7 days.'),
          surging_companies: z.number().describe('Companies surging on it (score 60+) in the last 7 days.'),
          last_signal_week: z.string().describe('Monday (UTC) of the latest week with a signal.'),
        }),
      ),
      credits_used: creditsUsed,
    })
    .meta({ id: 'IntentTopics' }),
  example: { input: { prefix: 'crm' } },
  readOnly: true,
  replicaReads: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) => `${o.data.length} topics.`,
  async handler(ctx, input) {
    const data = await listIntentTopics(ctx.db.db, ctx.now(), {
      prefix: input.prefix,
      limit: input.limit ?? 100,
    });
    return { data, credits_used: 0 as const };
  },
});

export const pushSignalsOperation = defineOperation({
  name: 'push_signals',
  title: 'Push topic signals',
  method: 'POST',
  path: '/v1/signals',
  summary: 'Record up to 10,000 topic signals (page views, intent feed rows) for surge scores',
  description:
    'Stores topic signals, each naming its company by id, domain or visitor IP (resolved through the IP ranges; ' +
    'ISP and hosting ranges are not companies), a topic, a time, a weight (default 1) and a source. Bad rows are ' +
    'rejected one by one with a reason; the rest are stored and the surge scores update at once. Give each row ' +
    'an `id` to make retries safe. Needs the `ingest` scope.',
  scope: 'ingest',
  input: z.object({
    signals: z.array(signalRowInput).min(1).max(10_000).describe('1 to 10,000 signals.'),
  }),
  output: z
    .object({
      inserted: z.number().int().describe('Signals stored.'),
      duplicates: z.number().int().describe('Rows whose `id` was already stored (nothing changed).'),
      rejected: rejectedRows,
      credits_used: creditsUsed,
    })
    .meta({ id: 'PushSignalsResult' }),
  example: {
    input: {
      signals: [
        { id: 'evt-1', domain: 'northwind.example', topic: 'crm software', time: '2026-11-20T10:00:00Z' },
      ],
    },
  },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `${o.inserted} signals stored, ${o.duplicates} duplicates, ${o.rejected.length} rejected.`,
  async handler(ctx, input) {
    const { counts, rejected } = summarizeOutcomes(
      await ingestSignals(ctx.db.db, input.signals, { now: ctx.now() }),
    );
    return {
      inserted: counts.inserted ?? 0,
      duplicates: counts.duplicate ?? 0,
      rejected,
      credits_used: 0 as const,
    };
  },
});

export const pushJobPostingsOperation = defineOperation({
  name: 'push_job_postings',
  title: 'Push job postings',
  method: 'POST',
  path: '/v1/job-postings',
  summary: 'Record up to 10,000 job postings for hiring-spike scores',
  description:
    'Stores job postings (company by id or domain, title, department, location, posted_at, closed_at, url). ' +
    'A missing department is inferred from the title. Pushing a posting with the same company and url again ' +
    'updates it instead of adding one. Bad rows are rejected one by one with a reason. Needs the `ingest` scope.',
  scope: 'ingest',
  input: z.object({
    job_postings: z.array(postingRowInput).min(1).max(10_000).describe('1 to 10,000 postings.'),
  }),
  output: z
    .object({
      inserted: z.number().int().describe('New postings stored.'),
      updated: z.number().int().describe('Postings already known by company and url, updated.'),
      duplicates: z
        .number()
        .int()
        .describe('Rows repeating an earlier row of the same call (the last one wins).'),
      rejected: rejectedRows,
      credits_used: creditsUsed,
    })
    .meta({ id: 'PushJobPostingsResult' }),
  example: {
    input: {
      job_postings: [
        {
          domain: 'northwind.example',
          title: 'Senior Backend Engineer',
          posted_at: '2026-11-20',
          url: 'https://northwind.example/careers/42',
        },
      ],
    },
  },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  summarize: (o) => `${o.inserted} postings stored, ${o.updated} updated, ${o.rejected.length} rejected.`,
  async handler(ctx, input) {
    const outcomes = await ingestJobPostings(ctx.db.db, input.job_postings, { now: ctx.now() });
    const { counts, rejected } = summarizeOutcomes(outcomes);
    return {
      inserted: counts.inserted ?? 0,
      updated: counts.updated ?? 0,
      duplicates: counts.duplicate ?? 0,
      rejected,
      credits_used: 0 as const,
    };
  },
});
