import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '@dossier/db';
import { type Logger, silentLogger } from '../context.js';
import type { DnsResolverLike } from '../net/index.js';
import { jsonOf } from '../shared/sql-rows.js';
import { maxAttempts as defaultMaxAttempts, nextAttemptAt, retryDelaysMs } from './schedule.js';
import { sendAttempt } from './send.js';
import { type Claimed, claimDeliveries, type Recorded, recordAttempts } from './store-outbox.js';

export interface WebhookWorkerOptions {
  database: Database;
  log?: Logger;
  now?: () => Date;
  workerId?: string;
  /** Attempts in flight at once, across subscriptions. */
  concurrency?: number;
  /** Per attempt, connection and DNS included. */
  timeoutMs?: number;
  /** How much of a response is read and kept in the log. */
  maxResponseBytes?: number;
  /** How often to look for due deliveries when idle (emits in this process wake it at once). */
  pollMs?: number;
  /** Operator setting for local testing: addresses or CIDR ranges delivered to although private. */
  allowPrivate?: readonly string[];
  resolver?: DnsResolverLike;
  /** Waits after each failed attempt; the default spreads them over about 26 hours. */
  retryDelaysMs?: readonly number[];
  /** Called once for every attempt that did not deliver (metrics count them). */
  onAttemptFailed?: () => void;
}

export interface WebhookWorker {
  start(): void;
  /** Lets attempts in flight finish and record, then stops. */
  stop(): Promise<void>;
  /** Sends every delivery due now, and those that fall due while it runs, then returns. */
  runUntilIdle(): Promise<void>;
  wake(): void;
}

export const createWebhookWorker = (options: WebhookWorkerOptions): WebhookWorker => {
  const { database } = options;
  const log = options.log ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const concurrency = options.concurrency ?? 64;
  const timeoutMs = options.timeoutMs ?? 10_000;
  // A claim outlives the attempt it covers, so no other instance can take it while it is in flight.
  const leaseMs = timeoutMs * 2 + 5_000;
  const pollMs = options.pollMs ?? 1_000;
  const refillAt = Math.max(1, Math.floor(concurrency / 4));
  const delays = options.retryDelaysMs ?? retryDelaysMs;
  const maxAttempts = options.retryDelaysMs ? delays.length + 1 : defaultMaxAttempts;
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  /** Takes up to `limit` due deliveries of enabled subscriptions, oldest first, skipping rows another worker holds. */
  const claim = async (limit: number): Promise<Claimed[]> => {
    const at = now();
    const until = new Date(at.getTime() + leaseMs).toISOString();
    return claimDeliveries(database.db, workerId, at, until, limit);
  };

  const outcomeOf = (
    claimed: Claimed,
    outcome: Awaited<ReturnType<typeof sendAttempt>>,
    startedAt: Date,
  ): Recorded => {
    const attempt = claimed.attempts + 1;
    const at = now();
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const gone = outcome.status === 410;
    const retryAt = delivered || gone ? null : nextAttemptAt(at, attempt, delays);
    return {
      id: claimed.id,
      subscription_id: claimed.subscription_id,
      attempt,
      status: delivered ? 'succeeded' : retryAt && attempt < maxAttempts ? 'pending' : 'failed',
      next_attempt_at: (retryAt ?? at).toISOString(),
      delivered_at: delivered ? at.toISOString() : null,
      at: at.toISOString(),
      started_at: startedAt.toISOString(),
      last_status: outcome.status,
      error: outcome.error,
      latency_ms: outcome.latencyMs,
      excerpt: outcome.excerpt,
      gone,
    };
  };

  /**
   * Records the outcomes of the attempts that finished together in one transaction of one statement:
   * each delivery this worker still holds gets its status and its attempt log line, and a 410 turns its
   * subscription off. At hundreds of attempts a second, a transaction per attempt spent more time on
   * round trips to the database than on the attempts.
   */
  const recordBatch = async (batch: Recorded[]): Promise<void> => {
    const rows = await recordAttempts(database.db, workerId, batch);
    // A delivery not updated lost its claim (it expired and another worker took it): that worker
    // records its own attempt.
    const kept = new Set(rows.map((r) => r.id));
    for (const r of batch) {
      if (!kept.has(r.id)) continue;
      if (r.status !== 'succeeded') options.onAttemptFailed?.();
      if (r.gone) log.warn({ subscription_id: r.subscription_id }, 'webhook endpoint gone (410): disabled');
    }
  };

  // Outcomes wait here while a batch is being written; the next batch takes all of them.
  let pending: { outcome: Recorded; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing = false;
  const flush = async () => {
    if (writing) return;
    writing = true;
    try {
      while (pending.length) {
        const batch = pending;
        pending = [];
        try {
          await recordBatch(batch.map((b) => b.outcome));
          for (const b of batch) b.done();
        } catch (error) {
          for (const b of batch) b.failed(error);
        }
      }
    } finally {
      writing = false;
    }
  };
  const record = (claimed: Claimed, outcome: Awaited<ReturnType<typeof sendAttempt>>, startedAt: Date) =>
    new Promise<void>((done, failed) => {
      pending.push({ outcome: outcomeOf(claimed, outcome, startedAt), done, failed });
      void flush();
    });

  const deliver = async (claimed: Claimed): Promise<void> => {
    const startedAt = now();
    const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));
    const outcome = await sendAttempt({
      url: claimed.url,
      deliveryId: claimed.id,
      event: {
        id: claimed.event_id,
        type: claimed.type,
        createdAt: new Date(claimed.created_at),
        data: jsonOf(claimed.data),
      },
      subscription: {
        secret: claimed.secret,
        previousSecret: claimed.previous_secret,
        previousSecretUntil: asDate(claimed.previous_secret_until),
      },
      at: startedAt,
      timeoutMs,
      maxResponseBytes: options.maxResponseBytes ?? 1024,
      allowPrivate: options.allowPrivate,
      resolver: options.resolver,
    });
    await record(claimed, outcome, startedAt);
  };

  const track = (claimed: Claimed) => {
    const task = deliver(claimed)
      .catch((error) => log.error({ delivery_id: claimed.id, err: String(error) }, 'webhook delivery failed'))
      .finally(() => {
        inFlight.delete(task);
        // Claim again once a quarter of the slots are free, not after every attempt: one claim
        // statement then serves many attempts.
        if (inFlight.size === 0 || concurrency - inFlight.size >= refillAt) wakeUp?.();
      });
    inFlight.add(task);
  };

  /** Fills free slots; true when it claimed anything. */
  const fill = async (): Promise<boolean> => {
    const free = concurrency - inFlight.size;
    if (free <= 0) return false;
    const claimed = await claim(free);
    for (const c of claimed) track(c);
    return claimed.length > 0;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const runLoop = async () => {
    while (running) {
      let found = false;
      try {
        found = await fill();
      } catch (error) {
        log.error({ err: String(error) }, 'webhook worker error');
      }
      if (!running) break;
      if (!found || inFlight.size >= concurrency) await sleep(pollMs);
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      loop = runLoop();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      await Promise.allSettled([...inFlight]);
    },
    async runUntilIdle() {
      for (;;) {
        const found = await fill();
        if (!found && inFlight.size === 0) return;
        if (!found || inFlight.size >= concurrency) await Promise.race(inFlight);
      }
    },
    wake: () => wakeUp?.(),
  };
};
