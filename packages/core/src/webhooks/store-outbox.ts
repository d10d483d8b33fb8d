import { newId } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { type Executor, run } from '../shared/sql-rows.js';

/** An event and what a subscription may filter it by (null: the event does not carry that field). */
export interface OutboxEvent {
  orgId: string | null;
  type: string;
  data: unknown;
  domain: string | null;
  topic: string | null;
  score: number | null;
}

/**
 * Writes the event and one delivery for each enabled subscription that wants it, in one statement;
 * nothing when no subscription matches. Returns how many deliveries were written.
 */
export const insertEvent = async (db: Executor, event: OutboxEvent): Promise<number> => {
  const { domain, topic, score } = event;
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
  return rows[0]?.n ?? 0;
};

/** A test event and its one delivery, to this subscription only. */
export const insertTestEvent = async (
  db: Executor,
  subscription: { id: string; orgId: string },
  data: Record<string, unknown>,
  ids: { eventId: string; deliveryId: string },
): Promise<void> => {
  const { eventId, deliveryId } = ids;
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
};

/** A claimed delivery with what sending it needs: its subscription's URL and secrets, and its event. */
export interface Claimed {
  id: string;
  attempts: number;
  subscription_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  event_id: string;
  type: string;
  data: unknown;
  created_at: Date | string;
}

/** Takes up to `limit` due deliveries of enabled subscriptions, oldest first, skipping rows another worker holds. */
export const claimDeliveries = (
  db: Executor,
  workerId: string,
  at: Date,
  until: string,
  limit: number,
): Promise<Claimed[]> =>
  run<Claimed>(
    db,
    sql`
      with claimed as (
        update webhook_deliveries d set locked_by = ${workerId}, locked_until = ${until}::timestamptz
        where d.id in (
          select d2.id from webhook_deliveries d2
          join webhook_subscriptions s on s.id = d2.subscription_id and s.enabled
          where d2.status = 'pending' and d2.next_attempt_at <= ${at.toISOString()}::timestamptz
            and (d2.locked_until is null or d2.locked_until < ${at.toISOString()}::timestamptz)
          order by d2.next_attempt_at, d2.created_at
          limit ${limit}
          for update of d2 skip locked
        )
        returning d.id, d.attempts, d.subscription_id, d.event_id, d.next_attempt_at, d.created_at as queued_at
      )
      select c.id, c.attempts, c.subscription_id, s.url, s.secret, s.previous_secret, s.previous_secret_until,
        e.id as event_id, e.type, e.data, e.created_at
      from claimed c
      join webhook_subscriptions s on s.id = c.subscription_id
      join webhook_events e on e.id = c.event_id
      order by c.next_attempt_at, c.queued_at`,
  );

/** One attempt's outcome, as the statement in `recordAttempts` reads it. */
export interface Recorded {
  id: string;
  subscription_id: string;
  attempt: number;
  status: string;
  next_attempt_at: string;
  delivered_at: string | null;
  at: string;
  started_at: string;
  last_status: number | null;
  error: string | null;
  latency_ms: number;
  excerpt: string | null;
  gone: boolean;
}

/**
 * Records the outcomes of the attempts that finished together in one statement: each delivery
 * `workerId` still holds gets its status and its attempt log line, and a 410 turns its subscription
 * off. Returns the ids of the deliveries it updated.
 */
export const recordAttempts = (
  db: Executor,
  workerId: string,
  batch: Recorded[],
): Promise<{ id: string }[]> =>
  run<{ id: string }>(
    db,
    sql`
      with o as (
        select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as o(id text, subscription_id text,
          attempt int, status text, next_attempt_at timestamptz, delivered_at timestamptz, at timestamptz,
          started_at timestamptz, last_status int, error text, latency_ms int, excerpt text, gone boolean)
      ), updated as (
        update webhook_deliveries d set status = o.status, attempts = o.attempt,
          next_attempt_at = o.next_attempt_at, locked_by = null, locked_until = null,
          last_status = o.last_status, last_error = o.error, updated_at = o.at, delivered_at = o.delivered_at
        from o where d.id = o.id and d.locked_by = ${workerId}
        returning d.id
      ), logged as (
        insert into webhook_attempts (delivery_id, attempt, started_at, status, latency_ms, error, response_excerpt)
        select o.id, o.attempt, o.started_at, o.last_status, o.latency_ms, o.error, o.excerpt
        from o join updated u on u.id = o.id
      ), disabled as (
        -- 410 Gone: the receiver says the endpoint is no more; stop sending until its owner turns it back on.
        update webhook_subscriptions s set enabled = false,
          disabled_reason = 'the endpoint answered 410 Gone', updated_at = o.at
        from o join updated u on u.id = o.id where s.id = o.subscription_id and o.gone
      )
      select id from updated`,
  );
