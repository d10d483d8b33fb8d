import { Writable } from 'node:stream';
import { createAccess, provisionKey } from '@dossier/access';
import type { Database } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';
import { createApiApp, createLogger } from '../src/index.js';

/** Lines the app logged, kept so tests can prove no key ever reaches a log. */
export function memoryLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: createLogger('debug', stream) };
}

export async function createHarness(options: { redis?: import('ioredis').Redis } = {}) {
  const database: Database = await createTestDatabase();
  const { lines, log } = memoryLog();
  const access = createAccess({
    database,
    hashSecret: 'test-secret',
    log,
    singleProcess: true,
    usageFlushMs: 0,
    redis: options.redis,
  });
  const app = createApiApp({ database, access, log });
  return {
    database,
    access,
    app,
    logLines: lines,
    /** A fresh organization with a primary key on the given plan. */
    tenant: (
      plan: 'free' | 'starter' | 'agency' | 'enterprise' = 'enterprise',
      name = `org-${Math.random().toString(36).slice(2)}`,
    ) => provisionKey(database.db, access.keys, { org: name, plan }),
    async close() {
      await access.close();
      await database.close();
    },
  };
}
