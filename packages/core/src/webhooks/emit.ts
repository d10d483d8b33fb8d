import { newId } from '@dossier/db';
import type { Executor } from '../shared/sql-rows.js';
import type { EventData, EventType } from './events.js';
import { insertEvent, insertTestEvent } from './store-outbox.js';

export interface EmitEvent<T extends EventType = EventType> {
  /** The organization the event belongs to; null for shared data (every organization's subscriptions). */
  orgId: string | null;
  type: T;
  data: EventData<T>;
}

const field = (data: unknown, name: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Writes an event to the outbox and one delivery for each enabled subscription that wants it, in
 * one statement on `db`: pass the transaction that makes the change, so the event exists exactly
 * when the change does. Nothing is written when no subscription matches. A subscription's company,
 * topic and score filters apply to events that carry that field.
 */
export const emitEvent = async (db: Executor, event: EmitEvent): Promise<{ deliveries: number }> => {
  const rawScore = field(event.data, 'score');
  const deliveries = await insertEvent(db, {
    orgId: event.orgId,
    type: event.type,
    data: event.data,
    domain: textOrNull(field(event.data, 'domain')),
    topic: textOrNull(field(event.data, 'topic')),
    score: typeof rawScore === 'number' ? rawScore : null,
  });
  return { deliveries };
};

/** A sample event sent to one subscription only, whatever event types it asked for. */
export const emitTestEvent = async (
  db: Executor,
  subscription: { id: string; orgId: string },
  data: Record<string, unknown>,
): Promise<{ eventId: string; deliveryId: string }> => {
  const eventId = newId('evt');
  const deliveryId = newId('msg');
  await insertTestEvent(db, subscription, data, { eventId, deliveryId });
  return { eventId, deliveryId };
};
