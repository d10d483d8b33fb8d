import { createDatabase, type Database } from '@dossier/db';
import { sql } from 'drizzle-orm';

/**
 * A fresh, migrated database for one test file.
 * With TEST_DATABASE_URL: a new PostgreSQL database (dropped on close).
 * Without: an in-memory PGlite database.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

export const testDriver = (): 'postgres' | 'pglite' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let counter = 0;

async function createPostgresTestDatabase(url: string): Promise<Database> {
  const admin = await createDatabase({ url, maxConnections: 1 });
  const name = `dossier_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await admin.query(sql.raw(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await createDatabase({ url: target.toString(), maxConnections: 5 });
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    await admin.query(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  };
  return database;
}

async function createPgliteTestDatabase(): Promise<Database> {
  const database = await createDatabase();
  await database.migrate();
  return database;
}
