import { webhooks } from '@dossier/core';
import { toOpenApiSchema } from './json-schema.js';

type Json = Record<string, unknown>;

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'The delivery id (`msg_...`): the same on every retry and replay. Use it to drop duplicates.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when this attempt was signed; refuse ones far from now (replays).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the secret (without `whsec_`, ' +
      'base64-decoded); two, space separated, during a secret rotation. Verify with `verifyWebhook` (TypeScript ' +
      'SDK), `verify_webhook` (Python SDK) or any Standard Webhooks library.',
    schema: { type: 'string' },
  },
];

const descriptions: Record<string, string> = {
  'job_change.detected':
    'Identity resolution found a person at a new company (sent to every organization subscribed; ' +
    '`filter.companies` matches the company joined or left, `filter.min_score` the confidence x 100).',
  'intent.surge':
    "An account's intent score on a topic crossed the subscription's threshold (`filter.min_score`, else 60) " +
    'in the current or previous week: once per crossing, not again while it stays above.',
  'hiring.spike':
    "A company's hiring score (postings of the last 30 days against the 6 months before) crossed the " +
    "subscription's threshold (`filter.min_score`, else 60) with new postings: once per crossing.",
  'verify_job.completed': 'An email verification job finished (succeeded or failed).',
  'audience_job.completed': 'An audience job finished (succeeded or failed).',
  'import.completed': 'Records pushed or imported for the organization are stored.',
};

/**
 * The `webhooks` section of the OpenAPI 3.1 document: one entry per event type, the POST Dossier
 * sends with its signed headers, versioned envelope and an example body.
 */
export function webhooksSection(components: Json): Json {
  return Object.fromEntries(
    webhooks.eventTypes.map((type) => {
      const schema = toOpenApiSchema(
        webhooks.envelopeSchema(type, webhooks.eventData[type]),
        'output',
        components,
      );
      const example = {
        id: 'evt_7Rk2',
        type,
        version: webhooks.PAYLOAD_VERSION,
        timestamp: '2026-11-20T09:30:00.000Z',
        data: webhooks.eventExamples[type],
      };
      return [
        type,
        {
          post: {
            summary: `${type} (version ${webhooks.PAYLOAD_VERSION})`,
            description:
              `${descriptions[type]} Sent to every enabled subscription of the organization that lists \`${type}\` ` +
              'and whose filter matches. Answer 2xx within 10 s; anything else is retried with backoff for about ' +
              '26 hours, then parked for replay; 410 turns the subscription off. Delivery is at least once; order ' +
              'is not guaranteed (attempts run in parallel and retries overtake), so order by `timestamp`.',
            operationId: `webhook_${type.replace('.', '_')}`,
            parameters: signatureHeaders,
            requestBody: { required: true, content: { 'application/json': { schema, example } } },
            responses: {
              '2XX': { description: 'Received: not sent again.' },
              '410': { description: 'The endpoint is gone: the subscription is disabled.' },
            },
          },
        },
      ];
    }),
  );
}
