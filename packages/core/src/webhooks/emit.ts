import { newId } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { type Executor, run } from '../shared/sql-rows.js';
import type { EventData, EventType } from './events.js';

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
  const domain = textOrNull(field(event.data, 'domain'));
  const topic = textOrNull(field(event.data, 'topic'));
  const rawScore = field(event.data, 'score');
  const score = typeof rawScore === 'number' ? rawScore : null;
  const rows = await run<{ n: number }>(
    db,
    sql`
    with subs as (
      select s.id, s.org_id from webhook_subscriptions s
      where s.enabled and ${event.type}::text = any(s.event_types)
        and (${event.orgId}::text is null or s.org_id = ${event.orgId}::text)
        and (s.filter_companies is null or ${domain}::text is null or ${domain}::text = any(s.filter_companies))
        and (s.filter_topics is null or ${topic}::text is null or ${topic}::text = any(s.filter_topics))
        and (s.min_score is null or ${score}::real is null or ${score}::real >= s.min_score)
    ), ev as (
      insert into webhook_events (id, org_id, type, data)
      select ${newId('evt')}, ${event.orgId}::text, ${event.type}, ${JSON.stringify(event.data)}::jsonb
      where exists (select 1 from subs)
      returning id
    ), ins as (
      insert into webhook_deliveries (id, event_id, subscription_id, org_id)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), ev.id, subs.id, subs.org_id from ev, subs
      returning 1
    )
    select count(*)::int as n from ins`,
  );
  return { deliveries: rows[0]?.n ?? 0 };
};

/** A sample event sent to one subscription only, whatever event types it asked for. */
export const emitTestEvent = async (
  db: Executor,
  subscription: { id: string; orgId: string },
  data: Record<string, unknown>,
): Promise<{ eventId: string; deliveryId: string }> => {
  const eventId = newId('evt');
  const deliveryId = newId('msg');
  await run(
    db,
    sql`
    with ev as (
      insert into webhook_events (id, org_id, type, data)
      values (${eventId}, ${subscription.orgId}, 'webhook.test', ${JSON.stringify(data)}::jsonb)
      returning id
    )
    insert into webhook_deliveries (id, event_id, subscription_id, org_id)
    select ${deliveryId}, ev.id, ${subscription.id}, ${subscription.orgId} from ev`,
  );
  return { eventId, deliveryId };
};
