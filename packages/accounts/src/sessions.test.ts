import { type Database, newId, users } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore, sessionIdOf } from './sessions.js';

let database: Database;
const policy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000, reauthMs: 10 * 60_000 };
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function user() {
  const id = newId('usr');
  await database.db.insert(users).values({ id, email: `${id}@sessions.example` });
  return id;
}

describe('session store', () => {
  it('stores only a hash of the token and resolves it while active', async () => {
    const store = createSessionStore(database.db, policy);
    const t0 = new Date();
    const { token } = await store.create(await user(), { ip: '127.0.0.1', userAgent: 'test' }, t0);
    const session = await store.resolve(token, at(t0, 1000));
    expect(session?.id).toBe(sessionIdOf(token));
    expect(session?.id).not.toContain(token);
    expect(await store.resolve('not-a-token', t0)).toBeNull();
  });

  it('ends a session after the idle timeout, and keeps it alive while used', async () => {
    const store = createSessionStore(database.db, policy);
    const t0 = new Date();
    const { token } = await store.create(await user(), { ip: null, userAgent: null }, t0);
    expect(await store.resolve(token, at(t0, 20 * 60_000))).not.toBeNull();
    expect(await store.resolve(token, at(t0, 45 * 60_000))).not.toBeNull();
    expect(await store.resolve(token, at(t0, 80 * 60_000))).toBeNull();
    // Once ended it stays ended.
    expect(await store.resolve(token, at(t0, 81 * 60_000))).toBeNull();
  });

  it('ends a session at the absolute timeout even when used all along', async () => {
    const store = createSessionStore(database.db, policy);
    const t0 = new Date();
    const { token } = await store.create(await user(), { ip: null, userAgent: null }, t0);
    // Used every 20 minutes (well inside the idle timeout) for the whole 12 hours.
    for (let m = 20; m < 12 * 60; m += 20) {
      expect(await store.resolve(token, at(t0, m * 60_000))).not.toBeNull();
    }
    expect(await store.resolve(token, at(t0, 12 * 3_600_000 + 60_000))).toBeNull();
  });

  it('keeps a re-authentication for 10 minutes only', async () => {
    const store = createSessionStore(database.db, policy);
    const t0 = new Date();
    const { token } = await store.create(await user(), { ip: null, userAgent: null }, t0);
    const before = await store.resolve(token, t0);
    expect(before && store.reauthValid(before, t0)).toBe(false);
    await store.markReauth(sessionIdOf(token), t0);
    const after = await store.resolve(token, at(t0, 1000));
    expect(after && store.reauthValid(after, at(t0, 9 * 60_000))).toBe(true);
    expect(after && store.reauthValid(after, at(t0, 10 * 60_000 + 1))).toBe(false);
  });
});
