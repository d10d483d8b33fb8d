import { isDossierError, silentLogger } from '@dossier/core';
import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccess } from '../src/access.js';
import { generateKey } from '../src/key-format.js';
import { provisionKey } from '../src/provision.js';

// Unauthenticated load: made-up keys with a valid checksum, from one address or many.
describe('authentication under a flood of made-up keys', () => {
  let database: Database;
  let lookups = 0;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  beforeAll(async () => {
    database = await createTestDatabase({
      logQuery: (query) => {
        if (/from "api_keys"/.test(query)) lookups++;
      },
    });
  });
  afterAll(() => database.close());

  const access = () =>
    createAccess({
      database,
      hashSecret: 's',
      log: silentLogger,
      singleProcess: true,
      usageFlushMs: 0,
      keyCacheMax: 50,
      failedAuthPerMinute: 30,
    });
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (e) => (isDossierError(e) ? e.code : 'thrown'),
    );
  const bearer = (key: string) => `Bearer ${key}`;

  it('remembers an unknown key briefly: a repeat costs no lookup, and it is checked again after a second', async () => {
    const a = access();
    const made = generateKey();
    lookups = 0;
    for (let i = 0; i < 5; i++)
      expect(await outcome(a.authenticate({ authorization: bearer(made) }))).toBe('unauthorized');
    expect(lookups).toBe(1);
    await sleep(1_100);
    expect(await outcome(a.authenticate({ authorization: bearer(made) }))).toBe('unauthorized');
    expect(lookups).toBe(2);
  });

  it('keeps valid keys cached while many more made-up keys than the cache holds are tried', async () => {
    const a = access();
    const { key } = await provisionKey(database.db, a.keys, { org: `flood-${Date.now()}`, plan: 'free' });
    expect(await outcome(a.authenticate({ authorization: bearer(key) }))).toBe('ok');
    for (let i = 0; i < 200; i++) await outcome(a.authenticate({ authorization: bearer(generateKey()) }));
    lookups = 0;
    expect(await outcome(a.authenticate({ authorization: bearer(key) }))).toBe('ok');
    expect(lookups).toBe(0); // still a cache hit
  });

  it('answers 429 with a retry time after too many failures from one address, without more lookups', async () => {
    const a = access();
    const { key } = await provisionKey(database.db, a.keys, { org: `addr-${Date.now()}`, plan: 'free' });
    await a.authenticate({ authorization: bearer(key), client: '203.0.113.9' }); // cached before the flood
    for (let i = 0; i < 30; i++) {
      expect(
        await outcome(a.authenticate({ authorization: bearer(generateKey()), client: '203.0.113.9' })),
      ).toBe('unauthorized');
    }
    lookups = 0;
    const refused = await a
      .authenticate({ authorization: bearer(generateKey()), client: '203.0.113.9' })
      .catch((e) => e);
    expect(refused.code).toBe('rate_limited');
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(lookups).toBe(0);
    // The valid key from that address still works; another address is not affected.
    expect(await outcome(a.authenticate({ authorization: bearer(key), client: '203.0.113.9' }))).toBe('ok');
    expect(
      await outcome(a.authenticate({ authorization: bearer(generateKey()), client: '198.51.100.7' })),
    ).toBe('unauthorized');
  });
});
