import type { Database } from '@dossier/db';
import { DossierError } from '../errors.js';
import { attemptsOf, deliveryPage, deliveryStatus, requeueDelivery } from './store.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryView {
  id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  attempt_log: {
    attempt: number;
    started_at: string;
    status: number | null;
    latency_ms: number;
    error: string | null;
    response_excerpt: string | null;
  }[];
}

/** A subscription's deliveries, newest first, each with its attempts; `before` is the previous page's cursor. */
export const listDeliveries = async (
  database: Database,
  subscriptionId: string,
  options: { status?: DeliveryStatus; limit: number; before?: string },
): Promise<{ deliveries: DeliveryView[]; next_cursor: string | null }> => {
  const rows = await deliveryPage(
    database,
    subscriptionId,
    { status: options.status, before: options.before ? new Date(options.before) : undefined },
    options.limit + 1,
  );
  const page = rows.slice(0, options.limit);
  const attempts = await attemptsOf(
    database,
    page.map((r) => r.delivery.id),
  );
  const last = page.at(-1);
  return {
    deliveries: page.map(({ delivery: d, type }) => ({
      id: d.id,
      event_id: d.eventId,
      event_type: type,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
      last_status: d.lastStatus,
      last_error: d.lastError,
      created_at: d.createdAt.toISOString(),
      delivered_at: d.deliveredAt?.toISOString() ?? null,
      attempt_log: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          attempt: a.attempt,
          started_at: a.startedAt.toISOString(),
          status: a.status,
          latency_ms: a.latencyMs,
          error: a.error,
          response_excerpt: a.responseExcerpt,
        })),
    })),
    next_cursor: rows.length > options.limit && last ? last.delivery.createdAt.toISOString() : null,
  };
};

/**
 * Sends a delivery again now, with the same `webhook-id` and body, so a receiver that stored it
 * already recognises it. Allowed once it is no longer in flight (succeeded or parked as failed).
 */
export const replayDelivery = async (
  database: Database,
  subscriptionId: string,
  deliveryId: string,
  now: Date,
): Promise<void> => {
  if (await requeueDelivery(database, subscriptionId, deliveryId, now)) return;
  const row = await deliveryStatus(database, subscriptionId, deliveryId);
  if (!row) throw new DossierError('not_found', `no delivery ${deliveryId} for this subscription`);
  throw new DossierError('conflict', `delivery ${deliveryId} is still pending; it will be retried by itself`);
};
