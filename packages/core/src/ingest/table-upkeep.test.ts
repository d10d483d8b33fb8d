import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { peopleKind } from './people-kind.js';
import { createTableUpkeep, upkeepWanted } from './table-upkeep.js';

describe('createTableUpkeep', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  const stats = async (table: string) => {
    const db = await database;
    const [row] = await db.query<{ tuples: number; visible: number; vacuumed: boolean }>(sql`
      select c.reltuples::int as tuples, c.relallvisible::int as visible, s.last_vacuum is not null as vacuumed
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid where c.oid = to_regclass(${table})`);
    return row;
  };

  it('vacuums and analyzes after the first rows and then at each growth, where no autovacuum does (a server with it off)', async () => {
    const db = await database;
    await db.query(sql`create table upkeep_probe (id int primary key, label text)`);
    const insert = (from: number, to: number) =>
      db.query(
        sql`insert into upkeep_probe select g, 'row ' || g from generate_series(${from}::int, ${to}::int) g`,
      );
    const upkeep = createTableUpkeep(db, ['upkeep_probe'], { firstAfter: 200, growth: 0.5 });
    const before = await stats('upkeep_probe');

    await insert(1, 150);
    await upkeep(150); // under the first 200 rows: nothing
    expect((await stats('upkeep_probe'))?.tuples).toBe(before?.tuples);

    await insert(151, 300);
    await upkeep(150);
    if (!(await upkeepWanted(db))) {
      // The server's autovacuum keeps the table, or it is the embedded database: the import leaves it.
      expect((await stats('upkeep_probe'))?.vacuumed).toBe(false);
      return;
    }
    expect(await stats('upkeep_probe')).toMatchObject({ tuples: 300 });
    expect((await stats('upkeep_probe'))?.visible).toBeGreaterThan(0);

    await insert(301, 400);
    await upkeep(100); // 100 rows is under half of 300: nothing yet
    expect((await stats('upkeep_probe'))?.tuples).toBe(300);
    await insert(401, 500);
    await upkeep(100);
    expect((await stats('upkeep_probe'))?.tuples).toBe(500);
  });

  it('refuses what is not a plain table name', async () => {
    const db = await database;
    expect(() => createTableUpkeep(db, ['people; drop table people'])).toThrow(/not a table name/);
  });

  it('names tables that exist for the people import', async () => {
    const db = await database;
    for (const table of peopleKind.grows ?? []) {
      const [row] = await db.query<{ found: boolean }>(
        sql`select to_regclass(${table}) is not null as found`,
      );
      expect(row?.found, table).toBe(true);
    }
    expect(peopleKind.grows?.[0]).toBe('people');
  });
});
