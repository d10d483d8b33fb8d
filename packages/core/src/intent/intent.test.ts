import { type Database, ipRanges, jobChanges, people } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCompany } from '../company/store.js';
import { addDays } from './dates.js';
import { ingestJobPostings } from './ingest-job-postings.js';
import { ingestSignals, type SignalRow } from './ingest-signals.js';
import { listIntentTopics } from './list-topics.js';
import { queryIntent } from './query-intent.js';
import { rebuildIntentAggregates } from './rebuild.js';
import { baselineOf, SURGE, SURGING, surgeScore } from './score.js';

// A Thursday: the current week started on Monday 2026-11-16.
const now = new Date('2026-11-19T12:00:00Z');
const weeksAgo = (w: number, hour = 0) =>
  addDays(now, -7 * w - 1)
    .toISOString()
    .replace('T12', `T${String(10 + hour).padStart(2, '0')}`);

/** `counts[0]` signals this week, `counts[w]` w weeks ago. */
const series = (domain: string, topic: string, counts: number[]): SignalRow[] =>
  counts.flatMap((n, w) =>
    Array.from({ length: n }, (_, i) => ({ domain, topic, time: weeksAgo(w, i % 8), source: `s${i % 2}` })),
  );

const steady = [3, 3, 2, 4, 3, 3, 3, 2, 4, 3, 3, 3, 3];
const jump = [16, 3, 2, 4, 3, 3, 3, 2, 4, 3, 3, 3, 3];

describe('intent signals', () => {
  let database: Database;
  const queries: string[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase({ logQuery: (q) => queries.push(q) });
    const { db } = database;
    for (const name of ['steady', 'jump', 'stray', 'visitor', 'hirer', 'mover-from', 'mover-to'])
      ids[name] = await saveCompany(db, { domain: `${name}.example`, name: `${name} Inc` });
    await db.insert(ipRanges).values([
      { cidr: '192.0.2.0/28', type: 'company', companyId: ids.visitor },
      { cidr: '198.51.100.0/24', type: 'hosting' },
      { cidr: '203.0.113.0/24', type: 'isp', asName: 'Example ISP' },
    ]);
    const outcomes = await ingestSignals(
      db,
      [
        ...series('steady.example', 'crm software', steady),
        ...series('jump.example', 'crm software', jump),
        ...series('stray.example', 'crm software', [1]),
      ],
      { now },
    );
    expect(outcomes.every((o) => o.status === 'inserted')).toBe(true);
  });
  afterAll(() => database.close());

  const surgeOf = async (domain: string, topic = 'crm software') => {
    const page = await queryIntent(
      database.db,
      { types: ['surge'], companies: [domain], topics: [topic], min_score: 0, since: '2026-11-16' },
      now,
    );
    return page.data.find((i) => i.evidence.week === '2026-11-16');
  };

  it('keeps a steady company near 50, lifts a genuine jump above 60, ignores one stray event', async () => {
    const s = await surgeOf('steady.example');
    const j = await surgeOf('jump.example');
    const x = await surgeOf('stray.example');
    expect(s?.score).toBeGreaterThan(45);
    expect(s?.score).toBeLessThan(56);
    expect(j?.score).toBeGreaterThanOrEqual(SURGING);
    expect(x?.score).toBeLessThan(SURGING);
    expect(j).toMatchObject({
      type: 'surge',
      company: { domain: 'jump.example', name: 'jump Inc' },
      topic: 'crm software',
      evidence: { events: 16, volume: 16, baseline_weeks: 12, distinct_sources: 2 },
    });
    expect(j?.evidence.baseline_mean).toBeCloseTo(3, 0);
    expect(j?.trend).toBeGreaterThan(10);
    expect(j?.evidence.account).toMatchObject({ surging_topics: 1, components: [{ topic: 'crm software' }] });
  });

  it('stores the same score the TypeScript formula gives', async () => {
    const j = await surgeOf('jump.example');
    const base = jump.slice(1);
    const prior = j?.evidence.topic_mean as number;
    expect(prior).toBeGreaterThan(0);
    const [row] = await database.query<{ topic_mean: number }>(
      sql`select topic_mean from intent_signal_weeks where company_id = ${ids.jump} and week = '2026-11-16'`,
    );
    const expected = surgeScore({
      value: 16,
      ...baselineOf(base),
      periods: 12,
      prior: Number(row?.topic_mean),
      ...{ priorWeight: SURGE.priorWeight, stabilizer: SURGE.stabilizer },
    });
    expect(j?.score).toBeCloseTo(expected, 0);
  });

  it('defaults to surging items only, most relevant first', async () => {
    const page = await queryIntent(database.db, { types: ['surge'] }, now);
    expect(page.data.map((i) => i.company.domain)).toEqual(['jump.example']);
  });

  it('maintains scores incrementally and the query reads only aggregates', async () => {
    const before = await database.query<{ company_id: string; updated_at: string }>(
      sql`select company_id, updated_at::text from intent_signal_weeks order by 1, updated_at`,
    );
    const beforeStray = (await surgeOf('stray.example'))?.score ?? 0;
    await ingestSignals(database.db, series('stray.example', 'crm software', [12]), { now });
    const after = await database.query<{ company_id: string; updated_at: string }>(
      sql`select company_id, updated_at::text from intent_signal_weeks order by 1, updated_at`,
    );
    // Only the touched company's row was rescored.
    const changed = after.filter((r, i) => r.updated_at !== before[i]?.updated_at).map((r) => r.company_id);
    expect(changed).toEqual([ids.stray]);
    queries.length = 0;
    const stray = await surgeOf('stray.example');
    expect(stray?.score).toBeGreaterThan(beforeStray);
    expect(stray?.score).toBeGreaterThanOrEqual(SURGING);
    expect(stray?.evidence.events).toBe(13);
    expect(queries.length).toBeGreaterThan(0);
    for (const q of queries) expect(q).not.toMatch(/\bsignals\b(?!_)/);
  });

  it('resolves IP signals through the ranges and rejects ISP and hosting ranges per row', async () => {
    const outcomes = await ingestSignals(
      database.db,
      [
        { ip: '192.0.2.5', topic: 'Kubernetes', time: now.toISOString() },
        { ip: '198.51.100.9', topic: 'kubernetes', time: now.toISOString() },
        { ip: '203.0.113.7', topic: 'kubernetes', time: now.toISOString() },
        { ip: '10.9.9.9', topic: 'kubernetes', time: now.toISOString() },
        { ip: 'not-an-ip', topic: 'kubernetes', time: now.toISOString() },
      ],
      { now },
    );
    expect(outcomes[0]).toEqual({ status: 'inserted', company_id: ids.visitor });
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/hosting range, not a company/),
    });
    expect(outcomes[2]).toMatchObject({ status: 'rejected', reason: expect.stringMatching(/isp range/) });
    expect(outcomes[3]).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/no known range/),
    });
    expect(outcomes[4]).toMatchObject({ status: 'rejected', reason: 'ip: not an IP address' });
    const topics = await listIntentTopics(database.db, now, { limit: 10 });
    expect(topics.find((t) => t.topic === 'kubernetes')).toMatchObject({ signals: 1, active_companies: 1 });
  });

  it('rejects bad rows one by one and ignores repeated client ids', async () => {
    const rows: SignalRow[] = [
      { id: 'a', domain: 'steady.example', topic: 'zero trust', time: now.toISOString() },
      { id: 'a', domain: 'steady.example', topic: 'zero trust', time: now.toISOString() },
      { domain: 'nobody.example', topic: 'zero trust', time: now.toISOString() },
      { domain: 'steady.example', topic: '', time: now.toISOString() },
      { domain: 'steady.example', topic: 'zero trust', time: 'yesterday' },
      { domain: 'steady.example', topic: 'zero trust', time: addDays(now, 3).toISOString() },
      { domain: 'steady.example', topic: 'zero trust', time: now.toISOString(), weight: -1 },
      { topic: 'zero trust', time: now.toISOString() },
    ];
    const first = await ingestSignals(database.db, rows, { now });
    expect(first.map((o) => o.status)).toEqual(['inserted', 'duplicate', ...new Array(6).fill('rejected')]);
    expect(first.slice(2).map((o) => ('reason' in o ? o.reason.split(':')[0] : ''))).toEqual([
      'domain',
      'topic',
      'time',
      'time',
      'weight',
      'one of company, domain or ip is required',
    ]);
    const again = await ingestSignals(database.db, rows.slice(0, 1), { now });
    expect(again).toEqual([{ status: 'duplicate', company_id: ids.steady }]);
    const [row] = await database.query<{ events: number }>(
      sql`select events from intent_signal_weeks where company_id = ${ids.steady} and topic = 'zero trust'`,
    );
    expect(Number(row?.events)).toBe(1);
  });

  it('infers departments from titles and scores hiring spikes', async () => {
    const postings = [];
    // One posting a month for six months, then nine in the last 30 days.
    for (let m = 1; m <= 6; m++)
      postings.push({
        domain: 'hirer.example',
        title: 'Accountant',
        posted_at: addDays(now, -30 * m - 5).toISOString(),
        url: `https://hirer.example/jobs/old-${m}`,
      });
    for (let i = 0; i < 9; i++)
      postings.push({
        domain: 'hirer.example',
        title: i % 3 ? 'Senior Backend Engineer' : 'Account Executive',
        posted_at: addDays(now, -i - 1).toISOString(),
        url: `https://hirer.example/jobs/${i}`,
      });
    const outcomes = await ingestJobPostings(database.db, postings, { now });
    expect(outcomes.every((o) => o.status === 'inserted')).toBe(true);
    expect(outcomes[6]).toMatchObject({ department: 'sales' });
    expect(outcomes[7]).toMatchObject({ department: 'engineering' });
    expect(outcomes[0]).toMatchObject({ department: 'finance' });
    // Same company and url again: updated, not added.
    const again = await ingestJobPostings(database.db, [{ ...postings[7], closed_at: now.toISOString() }], {
      now,
    });
    expect(again).toEqual([{ status: 'updated', company_id: ids.hirer, department: 'engineering' }]);
    const bad = await ingestJobPostings(
      database.db,
      [
        { domain: 'hirer.example', posted_at: now.toISOString() },
        { domain: 'hirer.example', title: 'Engineer', posted_at: 'soon' },
        { domain: 'hirer.example', title: 'Engineer', posted_at: now.toISOString(), url: 'ftp://x' },
      ],
      { now },
    );
    expect(bad.map((o) => ('reason' in o ? o.reason.split(':')[0] : o.status))).toEqual([
      'title',
      'posted_at',
      'url',
    ]);

    const page = await queryIntent(
      database.db,
      { types: ['hiring'], companies: ['hirer.example'], min_score: 0 },
      now,
    );
    const item = page.data[0];
    expect(item).toMatchObject({
      type: 'hiring',
      company: { domain: 'hirer.example' },
      evidence: { recent_postings: 9, baseline_monthly_mean: 1 },
    });
    expect(item?.score).toBeGreaterThanOrEqual(SURGING);
    const departments = item?.evidence.departments as { department: string; recent_postings: number }[];
    expect(departments.map((d) => d.department).sort()).toEqual(['engineering', 'sales']);
  });

  it('reports job changes with promotion, confidence and both companies', async () => {
    const { db } = database;
    await db.insert(people).values({ id: 'per_mover', fullName: 'Dana Mover', companyId: ids['mover-to'] });
    await db.insert(jobChanges).values([
      {
        personId: 'per_mover',
        fromCompanyId: ids['mover-from'],
        toCompanyId: ids['mover-to'],
        fromTitle: 'Sales Manager',
        toTitle: 'VP of Sales',
        confidence: 0.9,
        detectedAt: addDays(now, -2),
      },
      {
        personId: 'per_mover',
        fromCompanyId: ids['mover-from'],
        toCompanyId: ids['mover-to'],
        fromTitle: 'Engineer',
        toTitle: 'Engineer',
        confidence: 0.4,
        detectedAt: addDays(now, -3),
      },
    ]);
    const page = await queryIntent(db, { types: ['job_change'], companies: ['mover-from.example'] }, now);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      type: 'job_change',
      company: { domain: 'mover-to.example' },
      score: 90,
      person: {
        id: 'per_mover',
        name: 'Dana Mover',
        from_company: { domain: 'mover-from.example' },
        to_company: { domain: 'mover-to.example' },
        old_title: 'Sales Manager',
        new_title: 'VP of Sales',
        is_promotion: true,
        confidence: 0.9,
      },
      detected_at: addDays(now, -2).toISOString(),
    });
  });

  it('rebuilds to the same scores the triggers maintained', async () => {
    const read = () =>
      database.query<{ k: string; score: number; events: number }>(
        sql`select company_id || topic || week as k, score, events from intent_signal_weeks order by 1`,
      );
    const before = await read();
    await rebuildIntentAggregates(database.db);
    const after = await read();
    expect(after.map((r) => r.k)).toEqual(before.map((r) => r.k));
    after.forEach((r, i) => {
      expect(r.events).toBe(before[i]?.events);
      expect(r.score).toBeCloseTo(Number(before[i]?.score), 3);
    });
  });

  it('rebuilds only while no merge runs (PostgreSQL: it waits for the merge lock)', async () => {
    const rebuildWithin = (ms: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${ms}ms'`));
        await rebuildIntentAggregates(tx);
      });
    if (database.driver !== 'postgres') {
      await rebuildWithin(1000); // one connection: nothing to wait for, the locks are taken all the same
      return;
    }
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const merge = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('intent_merge_pending'))`);
      locked();
      await held;
    });
    await lockTaken;
    try {
      // drizzle wraps the driver's error: the reason is its cause
      const failed = await rebuildWithin(200).then(
        () => null,
        (error: Error) => error,
      );
      expect(String((failed?.cause as Error | undefined)?.message ?? failed)).toMatch(/lock timeout/);
    } finally {
      release();
      await merge;
    }
    await rebuildWithin(5000);
  });

  it('merges kinds by score and pages with a cursor', async () => {
    const all = await queryIntent(database.db, { min_score: 0, limit: 100 }, now);
    expect(new Set(all.data.map((i) => i.type))).toEqual(new Set(['surge', 'hiring', 'job_change']));
    const scores = all.data.map((i) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryIntent(database.db, { min_score: 0, limit: 2, cursor }, now);
      seen.push(...page.data.map((i) => JSON.stringify(i)));
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.data.map((i) => JSON.stringify(i)));
    await expect(queryIntent(database.db, { cursor: 'junk' }, now)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(
      queryIntent(database.db, { since: '2026-11-20', until: '2026-11-01' }, now),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      issues: [{ path: 'since' }],
    });
  });
});
