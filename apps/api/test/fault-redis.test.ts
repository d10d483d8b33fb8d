import { type ChildProcess, spawn } from 'node:child_process';
import { provisionKey } from '@dossier/access';
import { usageReport } from '@dossier/accounts';
import { createTestDatabase } from '@dossier/testing';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createInstance } from './harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// A port of this file's own: the shared Redis (TEST_REDIS_URL) is never killed.
const port = 41_701 + (process.pid % 50);

/** A redis-server of our own, with nothing saved to disk, so a restart starts empty. */
async function startRedis(): Promise<ChildProcess> {
  const server = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    if (
      await probe.connect().then(
        () => true,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  await probe.ping();
  probe.disconnect();
  return server;
}

const stopped = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve();
    server.once('exit', () => resolve());
  });

/**
 * Redis, which two API instances share for rate limits, is killed with SIGKILL and started again.
 * While it is gone each instance limits in process (the documented direction: requests are not
 * failed because of Redis, and no instance admits more than the plan limit on its own); after the
 * restart the instances share one count again. Usage counts every answer exactly once throughout.
 */
describe.runIf(process.env.TEST_REDIS_URL)('Redis killed and restarted', () => {
  it('limits in process while it is gone, shares the limit again after the restart, meters exactly', async () => {
    let server = await startRedis();
    const database = await createTestDatabase();
    const clients: Redis[] = [];
    const client = () => {
      const redis = new Redis({ port, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      clients.push(redis);
      return redis;
    };
    const prefix = `fault-${process.pid}`;
    const options = { redisPrefix: prefix, singleProcess: false };
    const a = createInstance(database, { ...options, redis: client() });
    const b = createInstance(database, { ...options, redis: client() });
    try {
      while (clients.some((c) => c.status !== 'ready')) await sleep(20);
      // Free plan: 10 requests a minute for the organization.
      const { key, orgId } = await provisionKey(database.db, a.access.keys, {
        org: `redis-${Date.now()}`,
        plan: 'free',
      });
      const statuses: number[] = [];
      const call = async (app: typeof a.app) => {
        const res = await app.request('/v1/usage', { headers: { authorization: `Bearer ${key}` } });
        statuses.push(res.status);
        await res.text();
        expect([200, 429]).toContain(res.status);
        return res.status;
      };
      const burst = async (n: number) => {
        const out = await Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 ? a.app : b.app)));
        return out.filter((s) => s === 200).length;
      };

      expect(await burst(16)).toBe(10);

      server.kill('SIGKILL');
      await stopped(server);
      await sleep(200);
      // Gone: each instance counts on its own, from zero, up to the plan limit and no further.
      const alone = await Promise.all(Array.from({ length: 14 }, () => call(a.app)));
      expect(alone.filter((s) => s === 200)).toHaveLength(10);
      expect(a.access.metrics().rate_limiter_fallbacks).toBeGreaterThanOrEqual(14);

      server = await startRedis();
      for (let i = 0; i < 200 && clients.some((c) => c.status !== 'ready'); i++) await sleep(50);
      expect(clients.every((c) => c.status === 'ready')).toBe(true);
      // Back and empty: one shared count again, exactly the limit across both instances.
      const fallbacks = a.access.metrics().rate_limiter_fallbacks;
      expect(await burst(16)).toBe(10);
      expect(a.access.metrics().rate_limiter_fallbacks).toBe(fallbacks);

      await a.access.meter.flush();
      await b.access.meter.flush();
      const report = await usageReport(database.db, orgId);
      expect(report.totals.requests).toBe(statuses.length);
      expect(report.totals.rate_limited).toBe(statuses.filter((s) => s === 429).length);
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    } finally {
      await a.access.close();
      await b.access.close();
      for (const c of clients) c.disconnect();
      server.kill('SIGKILL');
      await stopped(server);
      await database.close();
    }
  }, 180_000);
});
