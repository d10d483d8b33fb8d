import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, DatabaseLockedError, organizations } from '../src/index.js';
import { sqlAfterMigrations, sqlBeforeMigrations } from '../src/sql-sources.js';

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

  it('apply every file of packages/db/sql once, again only when a file changed', async () => {
    const database = await createDatabase();
    await database.migrate();
    const applied = () =>
      database.query<{ file: string; applied_at: string }>(
        sql`select file, applied_at::text from drizzle.dossier_sql_sources order by file`,
      );
    const first = await applied();
    expect(first.map((r) => r.file).sort()).toEqual([...sqlBeforeMigrations, ...sqlAfterMigrations].sort());
    const triggers = await database.query<{ n: number }>(
      sql`select count(*)::int as n from pg_trigger where not tgisinternal`,
    );
    expect(Number(triggers[0]?.n)).toBeGreaterThan(20);
    await database.migrate();
    expect(await applied()).toEqual(first);
    // A changed file (its recorded hash differs) is applied again.
    await database.query(sql`update drizzle.dossier_sql_sources set hash = 'old' where file = 'intent.sql'`);
    await database.migrate();
    const again = await applied();
    expect(again.find((r) => r.file === 'intent.sql')?.applied_at).not.toBe(
      first.find((r) => r.file === 'intent.sql')?.applied_at,
    );
    await database.close();
  });

  it('refuse a database part way through the history the baseline replaced, saying how to upgrade', async () => {
    const database = await createDatabase();
    // Migrations applied by a Dossier from before the baseline: times between the first and the baseline's.
    await database.query(sql`create schema drizzle`);
    await database.query(
      sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    );
    await database.query(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('a', 1795321187893), ('b', 1795400000000)`,
    );
    await expect(database.migrate()).rejects.toThrow(/squashed into one baseline.*pnpm dossier migrate/s);
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
