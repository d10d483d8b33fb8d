import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database, migrationsFolder, sqlFolder } from '@dossier/db';
import { sql } from 'drizzle-orm';

/**
 * A fresh, migrated database for one test file.
 * With TEST_DATABASE_URL: a new PostgreSQL database (dropped on close).
 * Without: an in-memory PGlite database.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url, options) : createPgliteTestDatabase(options);
}

export interface TestDatabaseOptions {
  /** Sees every statement Drizzle sends. */
  logQuery?: (query: string) => void;
  /**
   * PostgreSQL only: the test's connections go through this (a `startProxy` in front of
   * TEST_DATABASE_URL's server), so a test can cut them; creating and dropping stay direct.
   */
  through?: (url: string) => string;
}

export const testDriver = (): 'postgres' | 'pglite' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let counter = 0;

async function createPostgresTestDatabase(url: string, options: TestDatabaseOptions): Promise<Database> {
  const admin = await createDatabase({ url, maxConnections: 1 });
  const name = `dossier_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const template = await postgresTemplate(admin, url);
  await admin.query(sql.raw(`create database ${name} template ${template}`));
  const direct = databaseUrl(url, name);
  const database = await createDatabase({
    url: options.through ? options.through(direct) : direct,
    maxConnections: 5,
    logQuery: options.logQuery,
  });
  const close = database.close;
  database.close = async () => {
    await close();
    await admin.query(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  };
  return database;
}

/**
 * PostgreSQL only: a new migrated database for another process (a CLI child) to connect to by URL,
 * and the function that drops it.
 */
export async function createPostgresTestUrl(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = await createDatabase({ url, maxConnections: 1 });
  const name = `dossier_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await admin.query(sql.raw(`create database ${name} template ${await postgresTemplate(admin, url)}`));
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      await admin.query(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

const databaseUrl = (url: string, name: string): string => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * Migrating takes seconds a database; every test file instead copies one migrated template named
 * after the migrations it holds (CREATE DATABASE ... TEMPLATE copies files, no SQL is replayed).
 * Workers build it one at a time under an advisory lock, under a temporary name renamed when whole.
 */
async function postgresTemplate(admin: Database, url: string): Promise<string> {
  const name = `dossier_tpl_${migrationsHash()}`;
  await admin.query(sql.raw(`select pg_advisory_lock(hashtext('${name}'))`));
  try {
    const found = await admin.query(sql.raw(`select 1 from pg_database where datname = '${name}'`));
    if (found.length === 0) {
      const building = `${name}_b${process.pid}`;
      await admin.query(sql.raw(`drop database if exists ${building} with (force)`));
      await admin.query(sql.raw(`create database ${building}`));
      const template = await createDatabase({ url: databaseUrl(url, building), maxConnections: 1 });
      await template.migrate();
      await template.close();
      await admin.query(sql.raw(`alter database ${building} rename to ${name}`));
    }
  } finally {
    await admin.query(sql.raw(`select pg_advisory_unlock(hashtext('${name}'))`));
  }
  return name;
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const folder of [migrationsFolder, sqlFolder]) {
    for (const file of readdirSync(folder).sort()) {
      if (file.endsWith('.sql')) hash.update(file).update(readFileSync(join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Names the image after the migrations it holds, so a new migration makes a new image. */
function imagePath(): string {
  return join(tmpdir(), `dossier-test-image-${migrationsHash()}.tar`);
}

/**
 * Migrating takes seconds; test files start from one migrated image instead, shared on disk
 * by every worker (written to a temporary name, then renamed, so readers never see half).
 */
async function migratedImage(): Promise<Blob> {
  const path = imagePath();
  if (existsSync(path)) return new Blob([readFileSync(path)]);
  const template = await createDatabase();
  await template.migrate();
  const image = await (template.dumpImage as () => Promise<Blob>)();
  await template.close();
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await image.arrayBuffer()));
  renameSync(temporary, path);
  return image;
}

async function createPgliteTestDatabase(options: TestDatabaseOptions): Promise<Database> {
  return createDatabase({ image: await migratedImage(), logQuery: options.logQuery });
}
