import { createHash } from 'node:crypto';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/save-company.js';
import { bulkInsertSignals, mergePendingSignals } from './bulk-signals.js';
import type { SignalRow } from './ingest-signals.js';
import { mergeWeekSums } from './merge-week-sums.js';
import { rebuildIntentAggregates } from './rebuild.js';
import { WeekSums, weekOf } from './week-sums.js';

const DAY = 86_400_000;
const MONDAY = Date.parse('2026-08-03T00:00:00Z');

describe('merging an import’s weekly sums in memory', () => {
  const database = (async () => {
    const db = await createTestDatabase();
    for (const name of ['alpha', 'beta', 'gamma'])
      await saveCompany(db.db, { domain: `${name}.example`, name: `${name} Inc` });
    return db;
  })();
  afterAll(async () => (await database).close());

  beforeEach(async () => {
    const db = await database;
    await db.query(sql`delete from signals`);
    await db.query(sql`delete from intent_import_keys`);
    await rebuildIntentAggregates(db.db);
  });

  /** Rows of `company` on `topic`: `weights[w]` signals of weight 1.5 in week w (the first of each week 0.5). */
  const rows = (company: string, topic: string, weights: number[], source = 'feed0'): SignalRow[] =>
    weights.flatMap((n, week) =>
      Array.from({ length: n }, (_, i) => ({
        domain: `${company}.example`,
        topic,
        time: new Date(MONDAY + week * 7 * DAY + (i % 6) * DAY + i * 60_000).toISOString(),
        weight: i === 0 ? 0.5 : 1.5,
        source: i % 3 === 2 ? 'feed1' : source,
      })),
    );
  /** One batch (a transaction), as an import stores it; its inserted rows are summed into `sums` if given. */
  const load = async (batch: SignalRow[], sums?: WeekSums) => {
    const db = await database;
    await db.db.transaction((tx) =>
      bulkInsertSignals(
        tx,
        batch.map((row) => ({ row, hash: createHash('sha256').update(JSON.stringify(row)).digest('hex') })),
        { sourceId: 'src_test', sums, now: new Date('2026-12-01T00:00:00Z') },
      ),
    );
  };
  const merge = async (sums: WeekSums) => {
    const db = await database;
    return db.db.transaction((tx) => mergeWeekSums(tx, sums));
  };
  const weeks = async () =>
    (await database).query<Record<string, unknown>>(
      sql`select company_id, topic, week::text, volume, events, sources, round(score::numeric, 3)::float8 as score,
            round(trend::numeric, 3)::float8 as trend, round(expected::numeric, 3)::float8 as expected,
            round(baseline_sd::numeric, 3)::float8 as sd, round(topic_mean::numeric, 3)::float8 as prior
          from intent_signal_weeks order by 1, 2, 3`,
    );
  const topicWeeks = async () =>
    (await database).query(sql`select * from intent_topic_weeks order by topic, week`);
  const parked = async () => {
    const [row] = await (await database).query<{ batches: number }>(
      sql`select count(*)::int as batches from intent_pending_batches`,
    );
    return row?.batches;
  };
  /** The aggregates as they are, after checking that a rebuild from `signals` gives the same. */
  const matchesRebuild = async () => {
    const merged = await weeks();
    const topics = await topicWeeks();
    await rebuildIntentAggregates((await database).db);
    expect(await weeks()).toEqual(merged);
    expect(await topicWeeks()).toEqual(topics);
    return merged;
  };

  it('finds the Monday of a week as date_trunc does, before 1970 too', () => {
    expect(weekOf(Date.parse('2026-11-26T23:59:59Z'))).toBe(Date.parse('2026-11-23') / DAY);
    expect(weekOf(Date.parse('2026-11-23T00:00:00Z'))).toBe(Date.parse('2026-11-23') / DAY);
    expect(weekOf(Date.parse('1969-12-31T12:00:00Z'))).toBe(Date.parse('1969-12-29') / DAY);
  });

  it('scores what it loaded as a rebuild does, then late and appended data on top of stored weeks', async () => {
    const sums = new WeekSums();
    // alpha/crm steady for 13 weeks, then a jump; beta/crm every other week; gamma/erp twice, 13 weeks apart.
    await load(rows('alpha', 'crm', [3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3]), sums);
    await load(
      [
        ...rows('beta', 'crm', [2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2], 'feed2'),
        ...rows('gamma', 'erp', [1]),
      ],
      sums,
    );
    await load(rows('alpha', 'crm', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12]), sums);
    expect(await merge(sums)).toBe(true);
    expect(await parked()).toBe(0);
    const first = await matchesRebuild();
    const jump = first.find((w) => w.topic === 'crm' && w.week === '2026-11-02');
    expect(Number(jump?.score)).toBeGreaterThanOrEqual(60);

    // A second import: a late week and new ones for gamma/erp (late data on a topic of its own: a merge
    // rescores the company-topics it touches, and a late week moves the topic's prior for everyone's
    // later weeks), a week after the stored ones (alpha/crm) and one after a gap (beta/crm).
    const more = new WeekSums();
    const late = [0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    await load([...rows('gamma', 'erp', late), ...rows('alpha', 'crm', [...late.map(() => 0), 3])], more);
    await load(rows('beta', 'crm', [...late.map(() => 0), 0, 3]), more);
    expect(await merge(more)).toBe(true);
    expect(await matchesRebuild()).not.toEqual(first);
  });

  it('writes nothing while other batches are parked, so that one SQL merge scores them all', async () => {
    await load(rows('beta', 'crm', [2, 3, 2]));
    const sums = new WeekSums();
    await load(rows('alpha', 'crm', [3, 4, 3]), sums);
    expect(await merge(sums)).toBe(false);
    expect(await weeks()).toEqual([]);
    expect(await parked()).toBe(2);
    await mergePendingSignals((await database).db);
    expect(await parked()).toBe(0);
    expect((await matchesRebuild()).length).toBe(6);
  });

  it('writes nothing when one of its batches was merged meanwhile by the SQL merge', async () => {
    const sums = new WeekSums();
    await load(rows('alpha', 'crm', [3, 4, 3]), sums);
    await mergePendingSignals((await database).db);
    await load(rows('alpha', 'crm', [0, 0, 0, 2]), sums);
    expect(await merge(sums)).toBe(false);
    expect(await parked()).toBe(1);
    await mergePendingSignals((await database).db);
    await matchesRebuild();
    const [total] = await (await database).query<{ events: number }>(
      sql`select sum(events)::int as events from intent_signal_weeks`,
    );
    expect(total?.events).toBe(12);
  });

  it('leaves out the sums of a company deleted before the merge', async () => {
    const db = await database;
    const sums = new WeekSums();
    await saveCompany(db.db, { domain: 'delta.example', name: 'Delta Inc' });
    await load([...rows('alpha', 'crm', [3, 4, 3]), ...rows('delta', 'crm', [5, 5, 5])], sums);
    await db.query(sql`delete from companies where domain = 'delta.example'`);
    expect(await merge(sums)).toBe(true);
    const merged = await matchesRebuild();
    expect(merged.map((w) => w.events)).toEqual([3, 4, 3]);
  });
});
