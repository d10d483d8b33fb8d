import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Access, createAccess, parseKek } from '@dossier/access';
import type { Logger } from '@dossier/core';
import { createDatabase, type Database } from '@dossier/db';
import { Redis } from 'ioredis';
import { ConfigError, type RuntimeEnv } from './env.js';

export interface Runtime {
  env: RuntimeEnv;
  database: Database;
  redis?: Redis;
  access: Access;
  close(): Promise<void>;
}

interface Secrets {
  hashSecret: string;
  kek: string;
}

/** Embedded mode keeps its secrets in the data folder, created on first use (mode 0600). */
function embeddedSecrets(dataDir: string): Secrets {
  const path = join(dataDir, 'secrets.json');
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    hashSecret: randomBytes(32).toString('base64url'),
    kek: randomBytes(32).toString('base64'),
  };
  writeFileSync(path, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
  return secrets;
}

/** Opens the database, Redis and the access layer from validated configuration. */
export async function openRuntime(env: RuntimeEnv, log: Logger, command = 'dossier'): Promise<Runtime> {
  let hashSecret = env.DOSSIER_SECRET;
  let kekText = env.DOSSIER_KEK;
  if (env.DATABASE_READ_URL.length && !env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (the primary)');
  }
  if (!env.DATABASE_URL) {
    const secrets = embeddedSecrets(env.DOSSIER_DATA_DIR);
    hashSecret ??= secrets.hashSecret;
    kekText ??= secrets.kek;
  } else if (!hashSecret) {
    throw new ConfigError(
      'Invalid configuration: DOSSIER_SECRET is required with DATABASE_URL (32+ random characters, the same on every instance)',
    );
  }
  const database = await createDatabase(
    env.DATABASE_URL
      ? {
          url: env.DATABASE_URL,
          readUrls: env.DATABASE_READ_URL,
          maxLagSeconds: env.DATABASE_READ_MAX_LAG_SECONDS,
          onReplicaChange: (message) => log.warn(message),
        }
      : { dataDir: env.DOSSIER_DATA_DIR, command },
  );
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: error.message }, 'redis error'));
  const access = createAccess({
    database,
    hashSecret: hashSecret as string,
    kek: kekText ? parseKek(kekText) : undefined,
    redis,
    log,
    singleProcess: !env.DATABASE_URL,
    usageFlushMs: env.USAGE_FLUSH_MS,
    requestLogDays: env.REQUEST_LOG_DAYS,
  });
  return {
    env,
    database,
    redis,
    access,
    async close() {
      await access.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
