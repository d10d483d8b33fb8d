import type { Access } from '@dossier/access';
import { jobQueueDepth } from '@dossier/core';
import type { Database } from '@dossier/db';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What a process exposes on its metrics port: its requests, its limits, its jobs and its pool. */
export interface Metrics {
  registry: Registry;
  /** One answered request; `operation` is a small fixed set (operation names, `mcp`, `console`, ...). */
  observeRequest(operation: string, status: number, seconds: number): void;
  /** One webhook delivery attempt that failed (the delivery code calls it). */
  webhookDeliveryFailed(): void;
}

// Seconds: a lookup from memory takes a millisecond, a live verification up to tens of seconds.
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One read shared by every collector of a scrape (prom-client collects them concurrently). */
function perScrape<T>(read: () => Promise<T>): () => Promise<T | null> {
  let pending: Promise<T | null> | undefined;
  return () => {
    pending ??= read()
      .catch(() => null)
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/**
 * Prometheus metrics for one process, in a registry of its own (so tests can build several).
 * Per request the cost is a map lookup and two increments on cached label children; everything
 * read from the database (queue depth and age, pool use) is read when Prometheus scrapes.
 */
export function createMetrics(sources: { database: Database; access: Access }): Metrics {
  const { database, access } = sources;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'dossier_http_requests_total',
    help: 'Requests answered, by operation and HTTP status.',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'dossier_http_request_duration_seconds',
    help: 'Time from receiving a request to its response headers, by operation and HTTP status.',
    labelNames: ['operation', 'status'] as const,
    buckets: latencyBuckets,
    registers: [registry],
  });
  const children = new Map<
    string,
    { count: Counter.Internal; time: Histogram.Internal<'operation' | 'status'> }
  >();

  // The access layer counts its 429s as plain numbers; each scrape adds what came since the last.
  const seen = { plan: 0, key: 0, failed_auth: 0 };
  new Counter({
    name: 'dossier_rate_limit_rejections_total',
    help: 'Requests refused with 429, by the limit: the plan, a scoped key cap, or failed key lookups from one address.',
    labelNames: ['limit'] as const,
    registers: [registry],
    collect() {
      const now = access.metrics();
      const totals = {
        plan: now.rate_limited_plan,
        key: now.rate_limited_key,
        failed_auth: now.rate_limited_failed_auth,
      };
      for (const limit of Object.keys(totals) as (keyof typeof totals)[]) {
        this.inc({ limit }, totals[limit] - seen[limit]);
        seen[limit] = totals[limit];
      }
    },
  });

  const webhookFailures = new Counter({
    name: 'dossier_webhook_delivery_failures_total',
    help: 'Webhook delivery attempts that failed (timeouts, refused connections, non-2xx answers).',
    registers: [registry],
  });

  // Queue depth and age (all processes share the queue): one read per scrape, shared by both
  // gauges. A failed read leaves them as they were; the process's own metrics are still answered.
  const readQueue = perScrape(() => jobQueueDepth(database));
  const queueSeries = new Set<string>();
  const queueGauge = (name: string, help: string, field: 'jobs' | 'oldest') =>
    new Gauge({
      name,
      help,
      labelNames: ['kind', 'status'] as const,
      registers: [registry],
      async collect() {
        const rows = await readQueue();
        if (!rows) return;
        // A kind and status seen before and now empty reads 0, not a stale value.
        for (const series of queueSeries) {
          const [kind = '', status = ''] = series.split('\0');
          this.set({ kind, status }, 0);
        }
        for (const row of rows) {
          queueSeries.add(`${row.kind}\0${row.status}`);
          this.set({ kind: row.kind, status: row.status }, Number(row[field]));
        }
      },
    });
  queueGauge('dossier_jobs', 'Jobs queued or running, by kind and status (all processes).', 'jobs');
  queueGauge(
    'dossier_jobs_oldest_age_seconds',
    'Age of the oldest job queued or running, by kind and status (all processes).',
    'oldest',
  );

  new Gauge({
    name: 'dossier_db_pool_connections',
    help: "This process's database connections: max (the pool's size; 1 embedded), open, busy (running a statement).",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!database.poolUse) {
        this.set({ state: 'max' }, 1);
        return;
      }
      const use = await database.poolUse().catch(() => null);
      if (!use) return;
      this.set({ state: 'max' }, use.size);
      this.set({ state: 'open' }, use.open);
      this.set({ state: 'busy' }, use.busy);
    },
  });

  return {
    registry,
    observeRequest(operation, status, seconds) {
      const key = `${operation} ${status}`;
      let child = children.get(key);
      if (!child) {
        const labels = { operation, status: String(status) };
        child = { count: requests.labels(labels), time: latency.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    webhookDeliveryFailed() {
      webhookFailures.inc();
    },
  };
}
