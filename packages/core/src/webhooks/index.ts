export { listDeliveries, replayDelivery } from './deliveries.js';
export { type EmitEvent, emitEvent, emitTestEvent } from './emit.js';
export {
  type EventData,
  type EventType,
  envelope,
  envelopeSchema,
  eventData,
  eventExamples,
  eventTypes,
  PAYLOAD_VERSION,
  TEST_EVENT,
} from './events.js';
export { webhookOperations } from './operations.js';
export { maxAttempts, nextAttemptAt, retryDelaysMs } from './schedule.js';
export { newSecret, signedHeaders } from './signing.js';
export {
  checkUrl,
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSecret,
  type Subscription,
  updateSubscription,
} from './subscriptions.js';
export { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './worker.js';
