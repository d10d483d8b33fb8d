import { provisionKey } from '@dossier/access';
import { saveCompany } from '@dossier/core';
import { createTestDatabase, startProxy } from '@dossier/testing';
import { describe, expect, it } from 'vitest';
import { createInstance } from './harness.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL goes away under the API (a TCP proxy between them is cut, dropping the pool's open
 * connections and refusing new ones) while requests are in flight, then comes back. Every request
 * gets an answer: 200, or 503 `unavailable` with Retry-After, never a 500; the service serves again
 * once the database is back, with no restart; usage counts every answered request exactly once.
 */
describe.runIf(databaseUrl)('PostgreSQL dropped mid-request', () => {
  it('answers 503 with Retry-After while it is gone, recovers, and meters exactly', async () => {
    const target = new URL(databaseUrl as string);
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const database = await createTestDatabase({ through: proxy.through });
    const { access, app, logLines } = createInstance(database);
    try {
      const { key } = await provisionKey(database.db, access.keys, {
        org: `pg-fault-${Date.now()}`,
        plan: 'enterprise',
      });
      await saveCompany(database.db, { domain: 'northwind.example', name: 'Northwind Traders' });
      const get = () =>
        app.request('/v1/company/northwind.example', { headers: { authorization: `Bearer ${key}` } });
      const statuses: number[] = [];
      const answer = async (response: Response) => {
        statuses.push(response.status);
        const body = (await response.json()) as { error?: string };
        if (response.status === 503) {
          expect(body.error).toBe('unavailable');
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        } else expect(response.status).toBe(200);
        return response.status;
      };

      for (let i = 0; i < 3; i++) expect(await answer(await get())).toBe(200);
      // In flight when the connections drop, and sent while the database is unreachable.
      const inFlight = Array.from({ length: 4 }, () => get());
      proxy.cut();
      const during = await Promise.all([...inFlight, get(), get()].map(async (r) => answer(await r)));
      expect(during.filter((s) => s === 503).length).toBeGreaterThanOrEqual(2);
      // A flush while the database is unreachable writes nothing twice: it fails and keeps its
      // counts, or waits for the connection and writes them once.
      const flushDuring = access.meter.flush();

      proxy.restore();
      let recovered = false;
      for (let i = 0; i < 100 && !recovered; i++) {
        recovered = (await answer(await get())) === 200;
        if (!recovered) await sleep(200);
      }
      await flushDuring;
      expect(recovered).toBe(true);
      for (let i = 0; i < 3; i++) expect(await answer(await get())).toBe(200);

      await access.meter.flush();
      const report = (await (
        await app.request('/v1/usage', { headers: { authorization: `Bearer ${key}` } })
      ).json()) as { by_operation: { operation: string; requests: number; errors: number }[] };
      const usage = report.by_operation.find((o) => o.operation === 'get_company');
      expect(usage?.requests).toBe(statuses.length);
      expect(usage?.errors).toBe(statuses.filter((s) => s === 503).length);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      // One warning line per failed request, not a stack: an outage must not flood the log.
      expect(logLines.some((l) => l.includes('unhandled error'))).toBe(false);
    } finally {
      proxy.restore();
      await access.close();
      await database.close();
      await proxy.close();
    }
  }, 180_000);
});
