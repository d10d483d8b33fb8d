import { organizations } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createRequestLog, sweepRequestLog } from './request-log.js';

const quiet = { warn() {}, info() {}, error() {}, debug() {} } as never;

describe('the request log', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('writes rows in the order requests were recorded, leaves out organizations that do not exist, and sweeps by age', async () => {
    const store = await database;
    const { db } = store;
    await db.insert(organizations).values({ id: 'org_log_a', name: 'Log A', slug: 'log-a' });
    const log = createRequestLog(db, quiet, { flushMs: 0, sweepMs: 0 });
    log.record('org_log_a', 'key_1', 'getPerson', 200, 3.4);
    log.record('org_gone', 'key_2', 'getPerson', 200, 1);
    log.record('org_log_a', 'key_1', 'enrich', 429, 0.6);
    await log.flush();
    const rows = await store.query(
      sql`select org_id, key_id, operation, status, latency_ms from request_log
        where org_id in ('org_log_a', 'org_gone') order by id`,
    );
    expect(rows).toEqual([
      { org_id: 'org_log_a', key_id: 'key_1', operation: 'getPerson', status: 200, latency_ms: 3 },
      { org_id: 'org_log_a', key_id: 'key_1', operation: 'enrich', status: 429, latency_ms: 1 },
    ]);
    // Nothing is older than a day yet; a day from now counts as two days later.
    expect(await sweepRequestLog(db, 1)).toBe(0);
    expect(await sweepRequestLog(db, 1, new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThanOrEqual(2);
  });
});
