import { silentLogger } from '@dossier/core';
import type { Database } from '@dossier/db';
import { createTestDatabase, startProxy } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../src/key-store.js';
import { provisionKey } from '../src/provision.js';
import { createUsageMeter } from '../src/usage-meter.js';

// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (where the flush once wrote the
// counts, failed on last_used_at and re-added them every interval).
describe('usage meter flush', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const newKey = async (org: string) => {
    const keys = createKeyStore(database.db, { hashSecret: 'test' });
    return provisionKey(database.db, keys, { org: `${org}-${Date.now()}`, plan: 'free' });
  };
  const usage = async (keyId: string) => {
    const [row] = await database.query<{ requests: number; errors: number; rate_limited: number }>(
      sql`select coalesce(sum(requests), 0)::int as requests, coalesce(sum(errors), 0)::int as errors,
            coalesce(sum(rate_limited), 0)::int as rate_limited
          from usage_daily where key_id = ${keyId}`,
    );
    return row as { requests: number; errors: number; rate_limited: number };
  };
  const lastUsed = async (keyId: string) => {
    const [row] = await database.query<{ at: string | Date | null }>(
      sql`select last_used_at as at from api_keys where id = ${keyId}`,
    );
    return row?.at ? new Date(row.at) : null;
  };

  it('counts N requests exactly once over several flushes, and sets last_used_at', async () => {
    const { orgId, keyId } = await newKey('exact');
    const meter = createUsageMeter(database.db, silentLogger, 0);
    const at = new Date('2026-11-20T10:00:00.000Z');
    for (let i = 0; i < 10; i++) meter.record(orgId, keyId, 'get_company', i < 2 ? 'error' : 'ok', at);
    meter.record(orgId, keyId, 'get_company', 'rate_limited', at);
    for (let i = 0; i < 4; i++) await meter.flush();
    expect(await usage(keyId)).toEqual({ requests: 11, errors: 2, rate_limited: 1 });
    expect(meter.pending()).toBe(0);
    expect((await lastUsed(keyId))?.toISOString()).toBe(at.toISOString());

    // An older time never moves last_used_at back; a newer one moves it forward.
    meter.record(orgId, keyId, 'get_company', 'ok', new Date('2026-11-20T09:00:00.000Z'));
    await meter.flush();
    expect((await lastUsed(keyId))?.toISOString()).toBe(at.toISOString());
    const later = new Date('2026-11-20T11:00:00.000Z');
    meter.record(orgId, keyId, 'get_usage', 'ok', later);
    await meter.close();
    expect((await lastUsed(keyId))?.toISOString()).toBe(later.toISOString());
    expect((await usage(keyId)).requests).toBe(13);
  });

  it('writes nothing from a failed flush and counts it once on the next', async () => {
    const { orgId, keyId } = await newKey('fail');
    const meter = createUsageMeter(database.db, silentLogger, 0);
    for (let i = 0; i < 7; i++) meter.record(orgId, keyId, 'search_companies', 'ok');
    // The last_used_at update fails after the counts were written in the same flush.
    await database.query(sql`create or replace function usage_test_fail() returns trigger
      language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await database.query(sql`create trigger usage_test_fail before update on api_keys
      for each row execute function usage_test_fail()`);
    try {
      await meter.flush();
      await meter.flush();
      expect(await usage(keyId)).toEqual({ requests: 0, errors: 0, rate_limited: 0 });
      expect(meter.pending()).toBe(1);
      meter.record(orgId, keyId, 'search_companies', 'ok'); // counted while the database fails
    } finally {
      await database.query(sql`drop trigger usage_test_fail on api_keys`);
    }
    await meter.flush();
    await meter.flush();
    await meter.close();
    expect(await usage(keyId)).toEqual({ requests: 8, errors: 0, rate_limited: 0 });
    expect(await lastUsed(keyId)).not.toBeNull();
  });

  it('counts a batch once when its write went through but the answer was lost, and retries it as it was', async () => {
    const { orgId, keyId } = await newKey('lost-ack');
    // The transaction commits; then the caller hears an error, as when the connection drops
    // between COMMIT and its answer.
    let loseNext = 1;
    const lossy = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          const result = await target.transaction(...args);
          if (loseNext-- > 0) throw new Error('Connection terminated: the answer to COMMIT was lost');
          return result;
        };
      },
    });
    const meter = createUsageMeter(lossy, silentLogger, 0);
    for (let i = 0; i < 6; i++) meter.record(orgId, keyId, 'enrich', i === 0 ? 'error' : 'ok');
    await meter.flush();
    // Written, though the meter could not know: it keeps the batch for a retry.
    expect(await usage(keyId)).toEqual({ requests: 6, errors: 1, rate_limited: 0 });
    expect(meter.pending()).toBe(1);
    // Counted after the failed flush: a batch of its own, not added to the one being retried.
    meter.record(orgId, keyId, 'enrich', 'ok');
    await meter.flush();
    expect(meter.pending()).toBe(0);
    await meter.flush();
    await meter.close();
    expect(await usage(keyId)).toEqual({ requests: 7, errors: 1, rate_limited: 0 });
  });

  it('flushes on close after counting, so a shutdown loses nothing', async () => {
    const { orgId, keyId } = await newKey('close');
    const meter = createUsageMeter(database.db, silentLogger, 60_000);
    for (let i = 0; i < 5; i++) meter.record(orgId, keyId, 'verify_email', 'ok');
    await meter.close();
    expect((await usage(keyId)).requests).toBe(5);
    expect(await lastUsed(keyId)).not.toBeNull();
  });
});

/**
 * The fault a lost answer is, on the wire: a TCP proxy passes the flush's COMMIT to PostgreSQL and
 * closes the meter's connection before the answer comes back. The counts are in; the meter saw an
 * error and retries the batch; the retry must add nothing.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('usage flush on PostgreSQL, the answer to COMMIT lost', () => {
  it('counts every request once', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const database = await createTestDatabase({ through: proxy.through });
    try {
      const keys = createKeyStore(database.db, { hashSecret: 'test' });
      const { orgId, keyId } = await provisionKey(database.db, keys, {
        org: `ack-${Date.now()}`,
        plan: 'free',
      });
      const usage = async () => {
        const [row] = await database.query<{ requests: number }>(
          sql`select coalesce(sum(requests), 0)::int as requests from usage_daily where key_id = ${keyId}`,
        );
        return row?.requests;
      };
      const warnings: string[] = [];
      const log = { ...silentLogger, warn: (_: unknown, message: string) => void warnings.push(message) };
      const meter = createUsageMeter(database.db, log as typeof silentLogger, 0);
      for (let i = 0; i < 25; i++) meter.record(orgId, keyId, 'search_people', 'ok');
      const sprung = proxy.loseAnswer((text) => /\bcommit\b/i.test(text));
      await meter.flush();
      await sprung;
      expect(warnings).toContain('usage flush failed; will retry');
      expect(await usage()).toBe(25);
      meter.record(orgId, keyId, 'search_people', 'ok');
      await meter.flush();
      await meter.flush();
      expect(await usage()).toBe(26);
      expect(meter.pending()).toBe(0);
      await meter.close();
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
