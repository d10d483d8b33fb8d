import { createAccess, provisionKey } from '@dossier/access';
import { silentLogger } from '@dossier/core';
import { type Database, jobRuns, newId } from '@dossier/db';
import { createTestDatabase, testDriver } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the pool is read from
// pg_stat_activity).
const sample = async (
  metrics: ReturnType<typeof createMetrics>,
  name: string,
  labels: Record<string, string> = {},
) => {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find((v) =>
    Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want),
  );
  return found?.value;
};

describe('Prometheus metrics', () => {
  let database: Database;
  let access: ReturnType<typeof createAccess>;
  beforeAll(async () => {
    database = await createTestDatabase();
    access = createAccess({
      database,
      hashSecret: 's',
      log: silentLogger,
      singleProcess: true,
      usageFlushMs: 0,
    });
  });
  afterAll(async () => {
    await access.close();
    await database.close();
  });

  it('counts requests by operation and status, with their latency', async () => {
    const metrics = createMetrics({ database, access });
    metrics.observeRequest('get_company', 200, 0.004);
    metrics.observeRequest('get_company', 200, 0.2);
    metrics.observeRequest('get_company', 404, 0.001);
    expect(
      await sample(metrics, 'dossier_http_requests_total', { operation: 'get_company', status: '200' }),
    ).toBe(2);
    expect(
      await sample(metrics, 'dossier_http_requests_total', { operation: 'get_company', status: '404' }),
    ).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'dossier_http_request_duration_seconds_bucket{le="0.005",operation="get_company",status="200"} 1',
    );
    expect(text).toContain(
      'dossier_http_request_duration_seconds_count{operation="get_company",status="200"} 2',
    );
    expect(text).toMatch(/^dossier_webhook_delivery_failures_total 0$/m);
    metrics.webhookDeliveryFailed();
    expect(await metrics.registry.metrics()).toMatch(/^dossier_webhook_delivery_failures_total 1$/m);
  });

  it('counts each rate-limit rejection once, however often it is scraped', async () => {
    const metrics = createMetrics({ database, access });
    const { orgId, keyId } = await provisionKey(database.db, access.keys, {
      org: `rl-${Date.now()}`,
      plan: 'free',
    });
    const caller = { orgId, keyId, plan: 'free' as const, rateLimit: null } as Parameters<
      typeof access.limit
    >[0];
    const outcomes = [];
    for (let i = 0; i < 12; i++) outcomes.push((await access.limit(caller)).allowed);
    expect(outcomes.filter((allowed) => !allowed)).toHaveLength(2); // the free plan: 10 a minute
    expect(await sample(metrics, 'dossier_rate_limit_rejections_total', { limit: 'plan' })).toBe(2);
    expect(await sample(metrics, 'dossier_rate_limit_rejections_total', { limit: 'plan' })).toBe(2);
    await access.limit(caller);
    expect(await sample(metrics, 'dossier_rate_limit_rejections_total', { limit: 'plan' })).toBe(3);
    expect(await sample(metrics, 'dossier_rate_limit_rejections_total', { limit: 'key' })).toBe(0);
  });

  it('reads queue depth and the oldest job age from job_runs, and empty queues read 0', async () => {
    const metrics = createMetrics({ database, access });
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const ids = [newId('job'), newId('job'), newId('job'), newId('job')];
    await database.db.insert(jobRuns).values([
      { id: ids[0] as string, kind: 'verify', status: 'queued', createdAt: minutesAgo(10) },
      { id: ids[1] as string, kind: 'verify', status: 'queued', createdAt: minutesAgo(1) },
      { id: ids[2] as string, kind: 'audience', status: 'running', createdAt: minutesAgo(2) },
      { id: ids[3] as string, kind: 'verify', status: 'succeeded', createdAt: minutesAgo(60) },
    ]);
    expect(await sample(metrics, 'dossier_jobs', { kind: 'verify', status: 'queued' })).toBe(2);
    expect(await sample(metrics, 'dossier_jobs', { kind: 'audience', status: 'running' })).toBe(1);
    const age =
      (await sample(metrics, 'dossier_jobs_oldest_age_seconds', { kind: 'verify', status: 'queued' })) ?? 0;
    expect(age).toBeGreaterThan(590);
    expect(age).toBeLessThan(900);
    await database.db.delete(jobRuns);
    expect(await sample(metrics, 'dossier_jobs', { kind: 'verify', status: 'queued' })).toBe(0);
    expect(
      await sample(metrics, 'dossier_jobs_oldest_age_seconds', { kind: 'verify', status: 'queued' }),
    ).toBe(0);
  });

  it("reports the pool: its size, and on PostgreSQL this process's open and busy connections", async () => {
    const metrics = createMetrics({ database, access });
    if (testDriver() === 'pglite') {
      expect(await sample(metrics, 'dossier_db_pool_connections', { state: 'max' })).toBe(1);
      return;
    }
    const max = (await sample(metrics, 'dossier_db_pool_connections', { state: 'max' })) ?? 0;
    expect(max).toBeGreaterThan(1); // the pool's size as the database was opened
    const open = (await sample(metrics, 'dossier_db_pool_connections', { state: 'open' })) ?? -1;
    expect(open).toBeGreaterThanOrEqual(0);
    expect(open).toBeLessThan(max); // the asking connection is not counted
    // A statement that holds a connection while the pool is read shows as busy.
    const held = database.query(sql`select pg_sleep(1)`);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sample(metrics, 'dossier_db_pool_connections', { state: 'busy' })).toBeGreaterThanOrEqual(1);
    await held;
  });
});
