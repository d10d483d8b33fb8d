import { type Database, webhookAttempts, webhookDeliveries, webhookEvents } from '@dossier/db';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { DossierError } from '../errors.js';

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
  const conditions = [eq(webhookDeliveries.subscriptionId, subscriptionId)];
  if (options.status) conditions.push(eq(webhookDeliveries.status, options.status));
  if (options.before) conditions.push(lt(webhookDeliveries.createdAt, new Date(options.before)));
  const rows = await database.db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const ids = page.map((r) => r.delivery.id);
  const attempts = ids.length
    ? await database.db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt), asc(webhookAttempts.id))
    : [];
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
  const rows = await database.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, updatedAt: now, lockedBy: null, lockedUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        sql`${webhookDeliveries.status} <> 'pending'`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (rows.length) return;
  const [row] = await database.db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)));
  if (!row) throw new DossierError('not_found', `no delivery ${deliveryId} for this subscription`);
  throw new DossierError('conflict', `delivery ${deliveryId} is still pending; it will be retried by itself`);
};
