import { createTestDatabase, testDriver } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TransactionalDb } from './ingest-signals.js';
import { rebuildSignalWeeks } from './rebuild.js';

// 60 companies, 4 topics, 20 weeks of signals with fractional weights and a few sources: enough for the
// companies to fall in every part, for 12-week baselines and for topic priors from many companies.
const seed = [
  sql`insert into companies (id, domain, name)
    select 'cmp_r' || i, 'r' || i || '.example', 'R ' || i from generate_series(1, 60) i`,
  sql`insert into signals (company_id, topic, occurred_at, weight, source)
    select 'cmp_r' || (1 + (n * 7) % 60), 'topic ' || (n % 4),
      timestamptz '2026-11-20 12:00Z' - ((n * 13) % 140) * interval '1 day' - (n % 24) * interval '1 hour',
      0.25 + (n % 11) * 0.5, 'feed' || (n % 3)
    from generate_series(1, 3000) n`,
  // One company surges on one topic in the last week.
  sql`insert into signals (company_id, topic, occurred_at, weight, source)
    select 'cmp_r7', 'topic 1', timestamptz '2026-11-19 09:00Z', 4, 'feed0' from generate_series(1, 40)`,
];

describe('rebuilding the signal aggregates in parts', () => {
  const database = (async () => {
    const db = await createTestDatabase();
    for (const statement of seed) await db.query(statement);
    return db;
  })();
  afterAll(async () => (await database).close());

  const snapshot = async () => {
    const db = await database;
    const weeks = await db.query<Record<string, unknown>>(
      sql`select company_id, topic, week::text, volume, events, sources, round(score::numeric, 3)::float8 as score,
            round(trend::numeric, 3)::float8 as trend, round(expected::numeric, 3)::float8 as expected,
            round(topic_mean::numeric, 3)::float8 as topic_mean from intent_signal_weeks order by 1, 2, 3`,
    );
    const topics = await db.query<Record<string, unknown>>(
      sql`select topic, week::text, round(volume::numeric, 6)::float8 as volume, events, companies
            from intent_topic_weeks order by 1, 2`,
    );
    return { weeks, topics };
  };
  const indexes = async () =>
    (
      await (
        await database
      ).query<{ indexname: string }>(
        sql`select indexname from pg_indexes where tablename = 'intent_signal_weeks' order by 1`,
      )
    ).map((i) => i.indexname);
  const workTables = async () =>
    (
      await (
        await database
      ).query<{ relname: string }>(
        sql`select relname from pg_class where relname like 'intent_rebuild%' or relname like 'intent_signal_weeks_next%'`,
      )
    ).map((t) => t.relname);

  it('writes the same scores in two parts as in one, and leaves no work tables', async () => {
    const db = await database;
    const rows = await rebuildSignalWeeks(db.db as unknown as TransactionalDb, 1);
    const whole = await snapshot();
    expect(rows).toBe(whole.weeks.length);
    expect(whole.weeks.some((w) => Number(w.score) >= 60)).toBe(true);
    const [split] = await db.query<{ parts: number }>(
      sql`select count(distinct (hashtext(company_id) & 2147483647) % 2)::int as parts from signals`,
    );
    expect(split?.parts).toBe(2);
    // The steps of packages/db/sql/intent.sql in one transaction, as two connections would run them.
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select intent_rebuild_begin(), intent_rebuild_prepare()`);
      await tx.execute(sql`select intent_rebuild_sums(0, 2), intent_rebuild_sums(1, 2)`);
      await tx.execute(sql`select intent_rebuild_totals(2)`);
      await tx.execute(sql`select intent_rebuild_score(0), intent_rebuild_score(1)`);
      await tx.execute(sql`select intent_rebuild_indexes()`);
      await tx.execute(sql`select intent_rebuild_swap(2)`);
    });
    expect(await snapshot()).toEqual(whole);
    expect(await indexes()).toEqual([
      'intent_signal_weeks_company_id_topic_week_pk',
      'intent_signal_weeks_surging_idx',
      'intent_signal_weeks_topic_week_score_idx',
    ]);
    expect(await workTables()).toEqual([]);
  });

  // Two connections: PostgreSQL only (PGlite has one; imports there rebuild in one transaction).
  it.runIf(testDriver() === 'postgres')(
    'splits the rebuild over two connections to the same scores',
    async () => {
      const db = await database;
      await rebuildSignalWeeks(db.db as unknown as TransactionalDb, 1);
      const whole = await snapshot();
      // Work tables that a failed rebuild left behind are dropped first.
      await db.query(sql`create unlogged table intent_rebuild_sums_1 (x int)`);
      await db.query(sql`create table intent_signal_weeks_next (x int)`);
      const rows = await rebuildSignalWeeks(db.db as unknown as TransactionalDb, 2);
      expect(rows).toBe(whole.weeks.length);
      expect(await snapshot()).toEqual(whole);
      expect(await indexes()).toHaveLength(3);
      expect(await workTables()).toEqual([]);
    },
  );

  it.runIf(testDriver() === 'postgres')(
    'keeps the old scores when a step of a split rebuild fails',
    async () => {
      const db = await database;
      // Scores that any rebuild would change back, so a rebuild that went through shows.
      await db.query(sql`update intent_signal_weeks set score = 1 where company_id = 'cmp_r3'`);
      const before = await snapshot();
      // A view in the way of part 0's topic totals: that part's sums step fails, part 1's does not.
      await db.query(sql`create view intent_rebuild_totals_0 as select 1 as x`);
      const failure = await rebuildSignalWeeks(db.db as unknown as TransactionalDb, 2).catch((e: Error) => e);
      expect(String((failure as Error & { cause?: Error }).cause?.message)).toMatch(
        /"intent_rebuild_totals_0" already exists/,
      );
      expect(await snapshot()).toEqual(before);
      await db.query(sql`drop view intent_rebuild_totals_0`);
      await rebuildSignalWeeks(db.db as unknown as TransactionalDb, 2);
      expect(await snapshot()).not.toEqual(before);
      expect(await workTables()).toEqual([]);
    },
  );
});
