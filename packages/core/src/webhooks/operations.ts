import { z } from 'zod';
import type { Context } from '../context.js';
import { defineOperation } from '../operation.js';
import { listDeliveries, replayDelivery } from './deliveries.js';
import { emitTestEvent } from './emit.js';
import { TEST_EVENT } from './events.js';
import {
  deliverySchema,
  secretField,
  subscriptionFields,
  subscriptionIdParam,
  subscriptionSchema,
  subscriptionView,
} from './schema.js';
import {
  checkUrl,
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSecret,
  type SubscriptionFields,
  updateSubscription,
} from './subscriptions.js';

const owner = (ctx: Context) => ({ orgId: ctx.caller.orgId, projectId: ctx.caller.projectId });
const allowPrivate = (ctx: Context) => ctx.webhooks?.allowPrivate ?? [];
const exampleUrl = 'https://crm.example/hooks/dossier';

type FieldsInput = Partial<{
  url: string;
  event_types: string[];
  description: string | null;
  filter: { companies?: string[] | null; topics?: string[] | null; min_score?: number | null };
  enabled: boolean;
}>;

const toFields = (ctx: Context, input: FieldsInput): Partial<SubscriptionFields> => ({
  ...(input.url !== undefined ? { url: checkUrl(input.url, allowPrivate(ctx)) } : {}),
  ...(input.event_types !== undefined ? { eventTypes: [...new Set(input.event_types)] } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.filter?.companies !== undefined ? { filterCompanies: input.filter.companies } : {}),
  ...(input.filter?.topics !== undefined ? { filterTopics: input.filter.topics } : {}),
  ...(input.filter?.min_score !== undefined ? { minScore: input.filter.min_score } : {}),
  ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
});

export const createWebhookSubscriptionOperation = defineOperation({
  name: 'create_webhook_subscription',
  title: 'Create a webhook subscription',
  method: 'POST',
  path: '/v1/webhooks/subscriptions',
  summary: 'Subscribe a URL to signed events',
  description:
    'Sends the chosen events to `url` as signed POSTs (Standard Webhooks). The answer holds the signing secret, ' +
    'shown only this once.',
  details:
    'Each POST carries `webhook-id`, `webhook-timestamp` and `webhook-signature`. The secret (`whsec_...`) is ' +
    'never shown again (rotate_webhook_secret makes a new one). Failed deliveries are retried with backoff for ' +
    'about 26 hours.',
  scope: 'webhooks',
  input: z.object({ ...subscriptionFields, enabled: z.boolean().optional().describe('Default true.') }),
  output: z
    .object({ subscription: subscriptionSchema, secret: secretField })
    .meta({ id: 'WebhookSubscriptionCreated' }),
  example: {
    input: {
      url: exampleUrl,
      event_types: ['intent.surge'],
      filter: { topics: ['data warehouse'], min_score: 70 },
    },
  },
  readOnly: false,
  idempotent: false,
  openWorld: false,
  successStatus: 201,
  summarize: (o) =>
    `Subscription ${o.subscription.id} sends ${o.subscription.event_types.join(', ')} to ${o.subscription.url}.`,
  async handler(ctx, input) {
    const fields = toFields(ctx, input) as SubscriptionFields;
    const sub = await createSubscription(ctx.db, owner(ctx), fields);
    return { subscription: subscriptionView(sub, ctx.now()), secret: sub.secret };
  },
});

export const listWebhookSubscriptionsOperation = defineOperation({
  name: 'list_webhook_subscriptions',
  title: 'Webhook subscriptions',
  method: 'GET',
  path: '/v1/webhooks/subscriptions',
  summary: "This project's webhook subscriptions",
  description: "The calling key's project's webhook subscriptions, newest first, without secrets.",
  scope: 'webhooks',
  input: z.object({}),
  output: z.object({ subscriptions: z.array(subscriptionSchema) }).meta({ id: 'WebhookSubscriptionList' }),
  example: { input: {} },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) => `${o.subscriptions.length} webhook subscriptions.`,
  async handler(ctx) {
    const rows = await listSubscriptions(ctx.db, owner(ctx));
    return { subscriptions: rows.map((s) => subscriptionView(s, ctx.now())) };
  },
});

export const getWebhookSubscriptionOperation = defineOperation({
  name: 'get_webhook_subscription',
  title: 'Webhook subscription',
  method: 'GET',
  path: '/v1/webhooks/subscriptions/{subscription_id}',
  summary: 'One webhook subscription',
  description: "One of this project's subscriptions: URL, events, filter, whether it is on and why not.",
  scope: 'webhooks',
  input: z.object({ subscription_id: subscriptionIdParam }),
  output: z.object({ subscription: subscriptionSchema }),
  example: { input: { subscription_id: 'whs_4Fq2' } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  async handler(ctx, input) {
    return {
      subscription: subscriptionView(
        await getSubscription(ctx.db, owner(ctx), input.subscription_id),
        ctx.now(),
      ),
    };
  },
});

export const updateWebhookSubscriptionOperation = defineOperation({
  name: 'update_webhook_subscription',
  title: 'Update a webhook subscription',
  method: 'POST',
  path: '/v1/webhooks/subscriptions/{subscription_id}',
  summary: 'Change a subscription, or turn it on or off',
  description:
    'Changes only the fields given; `enabled: true` turns back on a subscription its endpoint disabled (410 Gone).',
  details: 'Deliveries waiting for it go out again.',
  scope: 'webhooks',
  input: z.object({
    subscription_id: subscriptionIdParam,
    url: subscriptionFields.url.optional(),
    event_types: subscriptionFields.event_types.optional(),
    description: subscriptionFields.description,
    filter: subscriptionFields.filter,
    enabled: z.boolean().optional(),
  }),
  output: z.object({ subscription: subscriptionSchema }),
  example: { input: { subscription_id: 'whs_4Fq2', enabled: false } },
  readOnly: false,
  idempotent: true,
  openWorld: false,
  async handler(ctx, input) {
    const { subscription_id, ...rest } = input;
    const sub = await updateSubscription(ctx.db, owner(ctx), subscription_id, toFields(ctx, rest), ctx.now());
    if (sub.enabled) ctx.webhooks?.wake?.();
    return { subscription: subscriptionView(sub, ctx.now()) };
  },
});

export const deleteWebhookSubscriptionOperation = defineOperation({
  name: 'delete_webhook_subscription',
  title: 'Delete a webhook subscription',
  method: 'DELETE',
  path: '/v1/webhooks/subscriptions/{subscription_id}',
  summary: 'Delete a subscription and its delivery log',
  description: 'Deletes a subscription with its delivery log; no delivery to it goes out after.',
  scope: 'webhooks',
  input: z.object({ subscription_id: subscriptionIdParam }),
  output: z.object({ deleted: z.literal(true) }),
  example: { input: { subscription_id: 'whs_4Fq2' } },
  readOnly: false,
  idempotent: false,
  openWorld: false,
  async handler(ctx, input) {
    await deleteSubscription(ctx.db, owner(ctx), input.subscription_id);
    return { deleted: true as const };
  },
});

export const rotateWebhookSecretOperation = defineOperation({
  name: 'rotate_webhook_secret',
  title: 'Rotate a webhook signing secret',
  method: 'POST',
  path: '/v1/webhooks/subscriptions/{subscription_id}/rotate-secret',
  summary: 'A new signing secret, the old one signing beside it for a grace period',
  description:
    'A new signing secret, shown once. For `grace_seconds` (default a day, 0 for none) each delivery is signed ' +
    'with both secrets.',
  details: 'With both signatures on every delivery, the receiver can switch secrets without failing one.',
  scope: 'webhooks',
  input: z.object({
    subscription_id: subscriptionIdParam,
    grace_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(86_400)
      .describe('0 to 604800 (7 days).'),
  }),
  output: z.object({ subscription: subscriptionSchema, secret: secretField }),
  example: { input: { subscription_id: 'whs_4Fq2', grace_seconds: 3600 } },
  readOnly: false,
  idempotent: false,
  openWorld: false,
  async handler(ctx, input) {
    const sub = await rotateSecret(ctx.db, owner(ctx), input.subscription_id, input.grace_seconds, ctx.now());
    return { subscription: subscriptionView(sub, ctx.now()), secret: sub.secret };
  },
});

export const listWebhookDeliveriesOperation = defineOperation({
  name: 'list_webhook_deliveries',
  title: 'Webhook deliveries',
  method: 'GET',
  path: '/v1/webhooks/subscriptions/{subscription_id}/deliveries',
  summary: 'The delivery log of a subscription',
  description:
    'Deliveries newest first, each attempt with time, HTTP status, latency and the first bytes of the answer. ' +
    '`status: "failed"` lists those to replay. Next page: `cursor` = `next_cursor`.',
  scope: 'webhooks',
  input: z.object({
    subscription_id: subscriptionIdParam,
    status: z.enum(['pending', 'succeeded', 'failed']).optional(),
    cursor: z.iso.datetime({ offset: true }).optional().describe('From the previous page.'),
    limit: z.coerce.number().int().min(1).max(200).default(50).describe('1-200.'),
  }),
  output: z
    .object({ deliveries: z.array(deliverySchema), next_cursor: z.string().nullable() })
    .meta({ id: 'WebhookDeliveryPage' }),
  example: { input: { subscription_id: 'whs_4Fq2', status: 'failed', limit: 50 } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) => `${o.deliveries.length} deliveries on this page.`,
  async handler(ctx, input) {
    const sub = await getSubscription(ctx.db, owner(ctx), input.subscription_id);
    return listDeliveries(ctx.db, sub.id, { status: input.status, limit: input.limit, before: input.cursor });
  },
});

export const replayWebhookDeliveryOperation = defineOperation({
  name: 'replay_webhook_delivery',
  title: 'Replay a webhook delivery',
  method: 'POST',
  path: '/v1/webhooks/subscriptions/{subscription_id}/deliveries/{delivery_id}/replay',
  summary: 'Send a delivery again',
  description:
    'Sends a failed or delivered delivery again now, with the same `webhook-id` and body. A pending one retries ' +
    'by itself (409).',
  details: 'A receiver that keeps the ids it has seen ignores the duplicate.',
  scope: 'webhooks',
  input: z.object({
    subscription_id: subscriptionIdParam,
    delivery_id: z.string().regex(/^msg_[A-Za-z0-9]{1,40}$/, 'a delivery id looks like msg_...'),
  }),
  output: z.object({ delivery_id: z.string(), status: z.literal('pending') }),
  example: { input: { subscription_id: 'whs_4Fq2', delivery_id: 'msg_2hQ9' } },
  readOnly: false,
  idempotent: false,
  openWorld: true,
  successStatus: 202,
  async handler(ctx, input) {
    const sub = await getSubscription(ctx.db, owner(ctx), input.subscription_id);
    await replayDelivery(ctx.db, sub.id, input.delivery_id, ctx.now());
    ctx.webhooks?.wake?.();
    return { delivery_id: input.delivery_id, status: 'pending' as const };
  },
});

export const sendWebhookTestOperation = defineOperation({
  name: 'send_webhook_test',
  title: 'Send a test webhook',
  method: 'POST',
  path: '/v1/webhooks/subscriptions/{subscription_id}/test',
  summary: 'Send a signed sample event to a subscription',
  description:
    `Queues a signed \`${TEST_EVENT}\` event to this subscription only, to check a receiver; follow it in ` +
    'list_webhook_deliveries.',
  scope: 'webhooks',
  input: z.object({ subscription_id: subscriptionIdParam }),
  output: z.object({ event_id: z.string(), delivery_id: z.string(), status: z.literal('pending') }),
  example: { input: { subscription_id: 'whs_4Fq2' } },
  readOnly: false,
  idempotent: false,
  openWorld: true,
  successStatus: 202,
  async handler(ctx, input) {
    const sub = await getSubscription(ctx.db, owner(ctx), input.subscription_id);
    const sent = await emitTestEvent(ctx.db.db, sub, {
      message: 'A test event from Dossier: if the signature verifies, your receiver is ready.',
      subscription_id: sub.id,
    });
    ctx.webhooks?.wake?.();
    return { event_id: sent.eventId, delivery_id: sent.deliveryId, status: 'pending' as const };
  },
});

export const webhookOperations = [
  createWebhookSubscriptionOperation,
  listWebhookSubscriptionsOperation,
  getWebhookSubscriptionOperation,
  updateWebhookSubscriptionOperation,
  deleteWebhookSubscriptionOperation,
  rotateWebhookSecretOperation,
  listWebhookDeliveriesOperation,
  replayWebhookDeliveryOperation,
  sendWebhookTestOperation,
] as const;
