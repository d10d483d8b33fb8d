import { silentLogger } from '@dossier/core';
import type { Database } from '@dossier/db';
import { createTestDatabase, startProxy } from '@dossier/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccess } from '../src/access.js';
import { provisionKey } from '../src/provision.js';

const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(redisUrl)('access across instances sharing Redis', () => {
  let database: Database;
  const clients: Redis[] = [];
  const prefix = `test-${process.pid}-${Date.now()}`;

  const redis = (url = redisUrl as string) => {
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    clients.push(client);
    return client;
  };
  const instance = (client = redis(), singleProcess = false) =>
    createAccess({
      database,
      hashSecret: 'shared',
      log: silentLogger,
      redis: client,
      redisPrefix: prefix,
      usageFlushMs: 0,
      singleProcess,
    });
  const ready = async (access: ReturnType<typeof instance>, client: Redis) => {
    while (client.status !== 'ready') await sleep(10);
    await sleep(50); // the key-event subscription follows the connection
    return access;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await database.close();
  });

  it('admits exactly the plan limit across two instances', async () => {
    const [ra, rb] = [redis(), redis()];
    const a = await ready(instance(ra), ra);
    const b = await ready(instance(rb), rb);
    const { key } = await provisionKey(database.db, a.keys, { org: `pair-${Date.now()}`, plan: 'free' });
    const caller = await a.authenticate({ authorization: `Bearer ${key}` });
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).limit(caller)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    expect(outcomes.filter((o) => !o.allowed).every((o) => o.resetMs > 0)).toBe(true);
  });

  it('revokes on every instance within a second, and rolled keys stop on the other instance too', async () => {
    const [ra, rb] = [redis(), redis()];
    const a = await ready(instance(ra), ra);
    const b = await ready(instance(rb), rb);
    const made = await provisionKey(database.db, a.keys, { org: `revoke-${Date.now()}`, plan: 'enterprise' });
    const auth = { authorization: `Bearer ${made.key}` };
    await a.authenticate(auth);
    await b.authenticate(auth); // cached on b now
    await a.keys.revoke(made.orgId, made.keyId);
    const started = Date.now();
    let rejected = false;
    while (Date.now() - started < 1000 && !rejected) {
      rejected = await b.authenticate(auth).then(
        () => false,
        (e) => e.code === 'unauthorized',
      );
      if (!rejected) await sleep(20);
    }
    expect(rejected).toBe(true);
    // well inside the one-second TTL fallback: the broadcast did it
    expect(Date.now() - started).toBeLessThan(500);

    const other = await provisionKey(database.db, a.keys, { org: `roll-${Date.now()}`, plan: 'enterprise' });
    const otherAuth = { authorization: `Bearer ${other.key}` };
    await b.authenticate(otherAuth);
    const rolled = await a.keys.roll(other.orgId, other.keyId, 'none');
    await sleep(200);
    await expect(b.authenticate(otherAuth)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(b.authenticate({ authorization: `Bearer ${rolled.key}` })).resolves.toBeTruthy();
  });

  it('keeps serving when Redis goes away: per-process counting, no errors, a metric', async () => {
    const proxy = await startProxy({
      host: new URL(redisUrl as string).hostname,
      port: Number(new URL(redisUrl as string).port),
    });
    const client = redis(proxy.url);
    const access = await ready(instance(client), client);
    const { key } = await provisionKey(database.db, access.keys, {
      org: `outage-${Date.now()}`,
      plan: 'starter',
    });
    const caller = await access.authenticate({ authorization: `Bearer ${key}` });
    expect((await access.limit(caller)).allowed).toBe(true);
    proxy.cut();
    await sleep(100);
    const during = await Promise.all(Array.from({ length: 5 }, () => access.limit(caller)));
    expect(during.every((o) => o.allowed)).toBe(true);
    expect(access.metrics().rate_limiter_fallbacks).toBeGreaterThanOrEqual(5);
    // authentication still works from the database, and the cache trusts entries for at most a second
    await expect(access.authenticate({ authorization: `Bearer ${key}` })).resolves.toBeTruthy();
    await proxy.close();
  });
});

describe('the key cache', () => {
  it('answers a hot key with no database query', async () => {
    let queries = 0;
    const database = await createTestDatabase({ logQuery: () => queries++ });
    const access = createAccess({
      database,
      hashSecret: 'x',
      log: silentLogger,
      singleProcess: true,
      usageFlushMs: 0,
    });
    const { key } = await provisionKey(database.db, access.keys, { org: 'cache', plan: 'enterprise' });
    await access.authenticate({ authorization: `Bearer ${key}` });
    const before = queries;
    for (let i = 0; i < 100; i++) await access.authenticate({ authorization: `Bearer ${key}` });
    expect(queries).toBe(before);
    expect(access.metrics().key_cache_hits).toBe(100);
    await access.close();
    await database.close();
  });

  it('without a broadcast channel and with other processes possible, trusts a cached key for at most a second', async () => {
    const database = await createTestDatabase();
    const writer = createAccess({ database, hashSecret: 'x', log: silentLogger, usageFlushMs: 0 });
    const reader = createAccess({ database, hashSecret: 'x', log: silentLogger, usageFlushMs: 0 });
    const made = await provisionKey(database.db, writer.keys, { org: 'bound', plan: 'enterprise' });
    const auth = { authorization: `Bearer ${made.key}` };
    await reader.authenticate(auth);
    await writer.keys.revoke(made.orgId, made.keyId);
    await sleep(1050);
    await expect(reader.authenticate(auth)).rejects.toMatchObject({ code: 'unauthorized' });
    await writer.close();
    await reader.close();
    await database.close();
  });
});
