import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobPostings, signals } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/store.js';
import { type FinishAction, finishSignalLoad } from '../intent/bulk-signals.js';
import { rebuildIntentAggregates } from '../intent/rebuild.js';
import { jobPostingsKind, signalsKind } from './intent-kinds.js';
import type { ImportKind } from './kind.js';
import { runImport } from './run-import.js';

const dir = mkdtempSync(join(tmpdir(), 'dossier-intent-import-'));

describe('importing signals and job postings', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  it('loads signals by domain, rejects rows without a company or topic, and is idempotent with ids', async () => {
    const db = await database;
    await saveCompany(db.db, { domain: 'northwind.example', name: 'Northwind' });
    const now = new Date().toISOString();
    const path = join(dir, 'signals.csv');
    writeFileSync(
      path,
      [
        'event_id,website,interest,timestamp,score',
        `e1,northwind.example,crm software,${now},2`,
        `e2,,crm software,${now},1`,
        `e3,northwind.example,,${now},1`,
        `e4,unknown.example,crm software,${now},1`,
      ].join('\n'),
    );
    const first = await runImport({ database: db, path, source: 'feed', kind: signalsKind });
    expect(first).toMatchObject({ loaded: 1, rejected: 3 });
    const rejects = readFileSync(first.rejectsPath as string, 'utf8');
    expect(rejects).toContain('2,"a signal needs a company, domain or ip"');
    expect(rejects).toContain('3,a signal needs a topic');
    const again = await runImport({ database: db, path, source: 'feed', kind: signalsKind });
    expect(again).toMatchObject({ loaded: 0, unchanged: 1 });
    const [row] = (await db.db.select({ n: count() }).from(signals)) as [{ n: number }];
    expect(Number(row.n)).toBe(1);
  });

  it('loads job postings and infers departments', async () => {
    const db = await database;
    const path = join(dir, 'jobs.jsonl');
    writeFileSync(
      path,
      [
        JSON.stringify({
          website: 'northwind.example',
          job_title: 'Senior Backend Engineer',
          posted: new Date().toISOString(),
          link: 'https://jobs.example/1',
        }),
        JSON.stringify({ website: 'northwind.example', posted: new Date().toISOString() }),
      ].join('\n'),
    );
    const summary = await runImport({ database: db, path, source: 'board', kind: jobPostingsKind });
    expect(summary).toMatchObject({ loaded: 1, rejected: 1 });
    const rows = await db.db.select().from(jobPostings);
    expect(rows[0]?.department).toBe('engineering');
  });
});

/** A CSV of signals over 15 weeks for three companies and two topics, with repeated rows and sources. */
function signalFile(name: string): { path: string; rows: number; distinct: number } {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const lines = ['domain,topic,time,weight,source'];
  const seen = new Set<string>();
  const day = 86_400_000;
  const start = Date.parse('2026-11-19T12:00:00Z') - 15 * 7 * day;
  for (let i = 0; i < 260; i++) {
    const company = ['alpha', 'beta', 'gamma'][Math.floor(random() * 3)];
    const topic = random() < 0.6 ? 'crm software' : 'erp';
    // The last week is busy for alpha on crm software: a surge among steady weeks.
    const last = company === 'alpha' && topic === 'crm software' && random() < 0.5;
    const at = last ? start + 14 * 7 * day + random() * 6 * day : start + random() * 14 * 7 * day;
    const line = `${company}.example,${topic},${new Date(Math.floor(at / 3_600_000) * 3_600_000).toISOString()},${random() < 0.8 ? 1 : 2},feed${Math.floor(random() * 3)}`;
    lines.push(line);
    seen.add(line);
    if (i % 50 === 0) lines.push(line); // the same row twice: one signal
  }
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return { path, rows: lines.length - 1, distinct: seen.size };
}

describe('bulk-importing signals', () => {
  const database = (async () => {
    const db = await createTestDatabase();
    for (const name of ['alpha', 'beta', 'gamma'])
      await saveCompany(db.db, { domain: `${name}.example`, name: `${name} Inc` });
    return db;
  })();
  afterAll(async () => (await database).close());

  const weeks = async () =>
    (await database).query<Record<string, unknown>>(
      sql`select company_id, topic, week::text, volume, events, sources, round(score::numeric, 3)::float8 as score,
            round(trend::numeric, 3)::float8 as trend from intent_signal_weeks order by 1, 2, 3`,
    );
  const topicWeeks = async () =>
    (await database).query(sql`select * from intent_topic_weeks order by topic, week`);
  /** No signals, keys or aggregates: each test that loads its own file starts from nothing. */
  const emptySignals = async () => {
    const db = await database;
    await db.query(sql`delete from signals`);
    await db.query(sql`delete from intent_signal_keys`);
    await db.query(sql`delete from intent_import_keys`);
    await rebuildIntentAggregates(db.db);
  };
  const counts = async () => {
    const [row] = await (await database).query<{ signals: number; pending: number }>(
      sql`select (select count(*) from signals)::int as signals, ((select count(*) from intent_pending_batches) + (select count(*) from intent_pending_weeks))::int as pending`,
    );
    return row;
  };

  it('loads in batches, merges the aggregates once, and matches a from-scratch rebuild', async () => {
    const db = await database;
    const file = signalFile('bulk.csv');
    const summary = await runImport({
      database: db,
      path: file.path,
      source: 'feed',
      kind: signalsKind,
      batchSize: 40,
    });
    expect(summary).toMatchObject({
      rows: file.rows,
      loaded: file.distinct,
      unchanged: file.rows - file.distinct,
    });
    expect(await counts()).toEqual({ signals: file.distinct, pending: 0 });
    const merged = await weeks();
    const mergedTopics = await topicWeeks();
    expect(merged.length).toBeGreaterThan(50);
    expect(merged.some((w) => Number(w.score) >= 60)).toBe(true);
    await rebuildIntentAggregates(db.db);
    expect(await weeks()).toEqual(merged);
    expect(await topicWeeks()).toEqual(mergedTopics);
  });

  it('adds nothing when the same file is imported again', async () => {
    const db = await database;
    const file = signalFile('bulk.csv');
    const before = await weeks();
    const again = await runImport({
      database: db,
      path: file.path,
      source: 'feed',
      kind: signalsKind,
      batchSize: 40,
    });
    expect(again).toMatchObject({ loaded: 0, unchanged: file.rows, rejected: 0 });
    expect(await counts()).toEqual({ signals: file.distinct, pending: 0 });
    expect(await weeks()).toEqual(before);
  });

  it('resumes after an import killed mid-file: no signal lost or doubled, aggregates exact', async () => {
    const db = await database;
    await emptySignals();
    const file = signalFile('killed.csv');
    const bulk = signalsKind.bulk as NonNullable<typeof signalsKind.bulk>;
    let batches = 0;
    const dying: ImportKind<Record<string, string>> = {
      ...signalsKind,
      bulk: {
        ...bulk,
        async store(tx, records, context) {
          if (++batches === 4) throw new Error('killed');
          return bulk.store(tx, records, context);
        },
        finish: async () => {},
      },
    };
    await expect(
      runImport({ database: db, path: file.path, source: 'feed', kind: dying, batchSize: 40 }),
    ).rejects.toThrow('killed');
    const halfway = await counts();
    expect(halfway?.signals).toBeGreaterThan(0);
    expect(halfway?.signals).toBeLessThan(file.distinct);
    expect(halfway?.pending).toBeGreaterThan(0);
    const resumed = await runImport({
      database: db,
      path: file.path,
      source: 'feed',
      kind: signalsKind,
      batchSize: 40,
    });
    expect(resumed.loaded).toBe(file.distinct - (halfway?.signals ?? 0));
    expect(await counts()).toEqual({ signals: file.distinct, pending: 0 });
    const merged = await weeks();
    await rebuildIntentAggregates(db.db);
    expect(await weeks()).toEqual(merged);
  });

  it('merges a parked batch once, without the rows of other writers inside its id range', async () => {
    const db = await database;
    await db.query(sql`delete from signals`);
    await db.query(sql`delete from intent_import_keys`);
    await rebuildIntentAggregates(db.db);
    const [alpha] = await db.query<{ id: string }>(
      sql`select id from companies where domain = 'alpha.example'`,
    );
    const insert = (batch: boolean, topic: string, weight: number) =>
      sql`insert into signals (company_id, topic, occurred_at, weight, source, import_batch)
          values (${alpha?.id}, ${topic}, '2026-11-17T10:00:00Z', ${weight}, 'feed0',
            ${batch ? sql`txid_current()` : sql`null`})`;
    // One transaction, three statements: the batch's rows around a row without a batch (as another
    // writer's ids can fall between a batch's), then more of the batch (a second parked range).
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('dossier.intent_bulk', 'on', true)`);
      await tx.execute(insert(true, 'erp', 1));
      await tx.execute(insert(false, 'erp', 2));
      await tx.execute(insert(true, 'erp', 4));
    });
    const [parked] = await db.query<{ batches: number; weeks: number }>(
      sql`select (select count(*) from intent_pending_batches)::int as batches,
            (select count(*) from intent_pending_weeks)::int as weeks`,
    );
    expect(parked).toEqual({ batches: 2, weeks: 1 });
    await db.query(sql`select intent_merge_pending()`);
    const merged = await weeks();
    expect(merged).toMatchObject([
      { topic: 'erp', week: '2026-11-16', volume: 7, events: 3, sources: ['feed0'] },
    ]);
    await rebuildIntentAggregates(db.db);
    expect(await weeks()).toEqual(merged);
  });

  it('keeps volumes exact when merging every few batches', async () => {
    const db = await database;
    await emptySignals();
    const file = signalFile('often.csv');
    const bulk = signalsKind.bulk as NonNullable<typeof signalsKind.bulk>;
    const often = { ...signalsKind, bulk: { ...bulk, finishEvery: 80 } };
    await runImport({ database: db, path: file.path, source: 'feed', kind: often, batchSize: 40 });
    const sums = () =>
      db.query(
        sql`select company_id, topic, week::text, volume, events, sources from intent_signal_weeks order by 1, 2, 3`,
      );
    const merged = await sums();
    const topics = await topicWeeks();
    await rebuildIntentAggregates(db.db);
    expect(await sums()).toEqual(merged);
    expect(await topicWeeks()).toEqual(topics);
  });

  it('loads two batches at once without deadlock when they share rows (PostgreSQL)', async () => {
    // Each pair of 40-row batches holds the same rows in opposite orders: loaded side by side, each batch
    // would wait for the other's keys if keys were claimed in row order.
    const db = await database;
    await emptySignals();
    const lines = ['domain,topic,time,weight,source'];
    for (let pair = 0; pair < 12; pair++) {
      const rows = Array.from(
        { length: 40 },
        (_, i) =>
          `beta.example,topic ${pair},2026-11-0${1 + (i % 9)}T${String(i % 24).padStart(2, '0')}:00:00Z,1,feed${i % 5}`,
      );
      lines.push(...rows, ...[...rows].reverse());
    }
    const path = join(dir, 'pairs.csv');
    writeFileSync(path, lines.join('\n'));
    const summary = await runImport({ database: db, path, source: 'feed', kind: signalsKind, batchSize: 40 });
    expect(summary).toMatchObject({ rows: 960, loaded: 480, unchanged: 480, rejected: 0 });
    expect(await counts()).toEqual({ signals: 480, pending: 0 });
  });

  it('rebuilds wholesale after a load larger than what was stored, and merges smaller ones', async () => {
    const db = await database;
    const bulk = signalsKind.bulk as NonNullable<typeof signalsKind.bulk>;
    const actions: FinishAction[] = [];
    /** The signals kind finishing by the given rule (and every n rows), recording what each finish did. */
    const withRule = (minRows: number, finishEvery?: number): ImportKind<Record<string, string>> => ({
      ...signalsKind,
      bulk: {
        ...bulk,
        finishEvery,
        finish: async (tx, progress) => {
          actions.push(await finishSignalLoad(tx, progress, { minRows }));
        },
      },
    });
    const load = (name: string, minRows: number, finishEvery?: number) =>
      runImport({
        database: db,
        path: signalFile(name).path,
        source: 'feed',
        kind: withRule(minRows, finishEvery),
        batchSize: 40,
      });
    // The reference: merged once at the end (the rule never allows a rebuild). Merging as it loads would
    // score early weeks against the topic totals of their time, not the final ones.
    await emptySignals();
    await load('reference.csv', Number.POSITIVE_INFINITY);
    expect(actions).toEqual(['merged']);
    const merged = await weeks();
    const mergedTopics = await topicWeeks();
    // Into an empty store: the periodic finishes wait and the last one rebuilds, to the same rows.
    await emptySignals();
    actions.length = 0;
    await load('wholesale.csv', 0, 80);
    expect(actions.at(-1)).toBe('rebuilt');
    expect(actions.slice(0, -1).length).toBeGreaterThan(0);
    expect(new Set(actions.slice(0, -1))).toEqual(new Set(['deferred']));
    expect(await counts()).toMatchObject({ pending: 0 });
    expect(await weeks()).toEqual(merged);
    expect(await topicWeeks()).toEqual(mergedTopics);
    // The surge queries' indexes came back with the table.
    const indexes = await db.query<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'intent_signal_weeks' order by 1`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([
      'intent_signal_weeks_company_id_topic_week_pk',
      'intent_signal_weeks_surging_idx',
      'intent_signal_weeks_topic_week_score_idx',
    ]);
    // A smaller load onto what is stored merges: nothing is rebuilt.
    actions.length = 0;
    const late = join(dir, 'late.csv');
    writeFileSync(late, 'domain,topic,time,weight,source\nalpha.example,erp,2026-10-01T10:00:00Z,3,feed9\n');
    await runImport({ database: db, path: late, source: 'feed', kind: withRule(0), batchSize: 40 });
    expect(actions).toEqual(['merged']);
    // Its week now holds the late signal (the volumes as a rebuild counts them; the scores of other
    // companies on the topic keep the topic totals they were scored with, as after any merge).
    const sums = () =>
      db.query(
        sql`select company_id, topic, week::text, volume, events, sources from intent_signal_weeks order by 1, 2, 3`,
      );
    const after = await sums();
    const total = (rows: Record<string, unknown>[]) => rows.reduce((sum, w) => sum + Number(w.volume), 0);
    expect(total(after)).toBe(total(merged) + 3);
    await rebuildIntentAggregates(db.db);
    expect(await sums()).toEqual(after);
  });

  it('scores a feed merged week by week, and late data, as a rebuild does', async () => {
    // A feed in time order (each merge adds weeks after, or to, a company-topic's stored ones), then late
    // and appended data in one batch: the merge rescores what it touched as a rebuild scores it.
    const db = await database;
    await emptySignals();
    const day = 86_400_000;
    const monday = Date.parse('2026-08-03T00:00:00Z'); // 16 weeks before this week's Monday
    let file = 0;
    const load = async (rows: [string, string, number, number][]) => {
      const lines = ['domain,topic,time,weight,source'];
      rows.forEach(([company, topic, week, weight], i) => {
        const at = new Date(monday + week * 7 * day + ((i * 7) % 6) * day + (i % 23) * 3_600_000);
        lines.push(`${company}.example,${topic},${at.toISOString()},${weight},feed${i % 3}`);
      });
      const path = join(dir, `weekly-${++file}.csv`);
      writeFileSync(path, lines.join('\n'));
      await runImport({ database: db, path, source: 'feed', kind: signalsKind });
    };
    const matchesRebuild = async () => {
      const merged = await weeks();
      const topics = await topicWeeks();
      await rebuildIntentAggregates(db.db);
      expect(await weeks()).toEqual(merged);
      expect(await topicWeeks()).toEqual(topics);
      return merged;
    };
    // alpha/crm every week, a jump in week 13; beta/crm every other week (gaps at the baseline's edges);
    // gamma/erp in weeks 0 and 13 (13 weeks apart: the oldest week of the previous week's baseline).
    const weekOf = (week: number) => {
      const rows: [string, string, number, number][] = [];
      const alpha = week === 13 ? 12 : 2 + (week % 3);
      for (let i = 0; i < alpha; i++) rows.push(['alpha', 'crm software', week, i % 4 === 0 ? 2.5 : 1]);
      if (week % 2 === 0) for (let i = 0; i < 3; i++) rows.push(['beta', 'crm software', week, 1.5]);
      if (week === 0 || week === 13) rows.push(['gamma', 'erp', week, 1]);
      if (week % 5 === 1) rows.push(['beta', 'erp', week, 0.5]);
      rows.push(['alpha', 'late topic', week, 1 + (week % 2)]);
      return rows;
    };
    for (let week = 0; week < 14; week++) {
      const rows = weekOf(week);
      // Even weeks arrive in two files: the second adds to weeks already stored.
      if (week % 2 === 0) await load(rows.filter((_, i) => i % 2 === 0));
      await load(week % 2 === 0 ? rows.filter((_, i) => i % 2 === 1) : rows);
      await matchesRebuild();
    }
    const merged = await weeks();
    const surging = merged.find((w) => w.topic === 'crm software' && w.week === '2026-11-02');
    expect(Number(surging?.score)).toBeGreaterThanOrEqual(60);
    // Late data for a stored week (alpha week 3, on a topic of its own: a merge rescores the company-topics
    // it touches, and late data moves the topic's prior for everyone's later weeks). Appended in the same
    // batch: a stored week and a new one (alpha/crm), a new week after a gap (beta/crm), two weeks of a
    // company-topic with no history (gamma/crm), two new weeks after a gap (beta/erp), and a new
    // company-topic's weeks 13 apart (gamma/edge: the oldest week of the previous week's baseline).
    await load([
      ['alpha', 'late topic', 3, 4],
      ['alpha', 'crm software', 13, 2.5],
      ['alpha', 'crm software', 14, 1],
      ['beta', 'crm software', 14, 1],
      ['gamma', 'crm software', 13, 1],
      ['gamma', 'crm software', 14, 2],
      ['beta', 'erp', 13, 1],
      ['beta', 'erp', 14, 3],
      ['gamma', 'edge topic', 1, 3],
      ['gamma', 'edge topic', 14, 1],
    ]);
    const late = await matchesRebuild();
    expect(late).not.toEqual(merged);
  });

  it("refuses signals of unknown companies and deletes a deleted company's signals and aggregates", async () => {
    const db = await database;
    const refused = await db
      .query(sql`insert into signals (company_id, topic, occurred_at) values ('cmp_missing', 'erp', now())`)
      .catch((error: Error & { cause?: Error }) => error.cause ?? error);
    expect(String((refused as Error).message)).toMatch(/no company has the id cmp_missing/);
    const file = signalFile('deleted.csv');
    await runImport({ database: db, path: file.path, source: 'other feed', kind: signalsKind });
    const held = () =>
      db.query<{ signals: number; weeks: number }>(
        sql`select (select count(*) from signals s join companies c on c.id = s.company_id where c.domain = 'beta.example')::int as signals,
              (select count(*) from intent_signal_weeks w join companies c on c.id = w.company_id where c.domain = 'beta.example')::int as weeks`,
      );
    expect((await held())[0]?.signals).toBeGreaterThan(0);
    const [beta] = await db.query<{ id: string }>(
      sql`select id from companies where domain = 'beta.example'`,
    );
    await db.query(sql`delete from companies where id = ${beta?.id}`);
    const orphans = await db.query<{ signals: number; weeks: number }>(
      sql`select (select count(*) from signals where company_id = ${beta?.id})::int as signals,
            (select count(*) from intent_signal_weeks where company_id = ${beta?.id})::int as weeks`,
    );
    expect(orphans).toEqual([{ signals: 0, weeks: 0 }]);
  });
});
