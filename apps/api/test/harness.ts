import { Writable } from 'node:stream';
import { type AccessConfig, createAccess, provisionKey } from '@dossier/access';
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

type InstanceOptions = Partial<Omit<AccessConfig, 'database' | 'log' | 'hashSecret'>>;

/** One API instance (access layer + app) over a database; several can share one. */
export function createInstance(database: Database, options: InstanceOptions = {}) {
  const { lines, log } = memoryLog();
  const access = createAccess({
    database,
    hashSecret: 'test-secret',
    log,
    singleProcess: true,
    usageFlushMs: 0,
    ...options,
  });
  return { access, app: createApiApp({ database, access, log }), logLines: lines };
}

export async function createHarness(options: InstanceOptions = {}) {
  const database: Database = await createTestDatabase();
  const instance = createInstance(database, options);
  return {
    database,
    ...instance,
    /** A fresh organization with a primary key on the given plan. */
    tenant: (
      plan: 'free' | 'starter' | 'agency' | 'enterprise' = 'enterprise',
      name = `org-${Math.random().toString(36).slice(2)}`,
    ) => provisionKey(database.db, instance.access.keys, { org: name, plan }),
    async close() {
      await instance.access.close();
      await database.close();
    },
  };
}
