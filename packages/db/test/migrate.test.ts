import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, DatabaseLockedError, organizations } from '../src/index.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe('migrations on PGlite', () => {
  it('apply to an empty database, twice without error, with pg_trgm and the GiST index', async () => {
    const database = await createDatabase();
    await database.migrate();
    await database.migrate();
    const ext = await database.query<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const sim = await database.query<{ s: number }>(sql`select similarity('northwind', 'northwnd') as s`);
    expect(Number(sim[0]?.s)).toBeGreaterThan(0.3);
    await database.db.insert(organizations).values({ id: 'org_1', name: 'A', slug: 'a' });
    expect(await database.db.select().from(organizations)).toHaveLength(1);
    await database.close();
  });
});

describe.runIf(pgUrl)('migrations on PostgreSQL', () => {
  it('apply to a fresh database and answer a trigram query', async () => {
    const admin = await createDatabase({ url: pgUrl });
    const name = `dossier_migrate_${process.pid}_${Date.now()}`;
    await admin.query(sql.raw(`create database ${name}`));
    const url = new URL(pgUrl as string);
    url.pathname = `/${name}`;
    const database = await createDatabase({ url: url.toString() });
    try {
      await database.migrate();
      await database.migrate();
      const tables = await database.query<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect(Number(tables[0]?.n)).toBeGreaterThan(20);
      const sim = await database.query<{ s: number }>(sql`select similarity('northwind', 'northwnd') as s`);
      expect(Number(sim[0]?.s)).toBeGreaterThan(0.3);
    } finally {
      await database.close();
      await admin.query(sql.raw(`drop database ${name}`));
      await admin.close();
    }
  });
});

describe('the embedded database lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener and names the holder, then frees the folder on close', async () => {
    const first = await createDatabase({ dataDir: dir, command: 'dossier serve' });
    await first.migrate();
    const error = await createDatabase({ dataDir: dir, command: 'dossier migrate' }).catch((e) => e);
    expect(error).toBeInstanceOf(DatabaseLockedError);
    expect(error.message).toContain(`process ${process.pid}`);
    expect(error.message).toContain('dossier serve');
    await first.close();
    const second = await createDatabase({ dataDir: dir });
    await second.ping();
    await second.close();
  });
});
