import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, loopback, startReceiver } from '../../testing/webhook-helpers.js';
import { saveCompany } from '../company/store.js';
import { ingestRecords } from '../ingest/ingest-records.js';
import { hashOf } from '../ingest/store-checked.js';
import { bulkInsertSignals, mergePendingSignals } from '../intent/bulk-signals.js';
import { ingestJobPostings } from '../intent/ingest-job-postings.js';
import { ingestSignals, type SignalRow } from '../intent/ingest-signals.js';
import { rebuildIntentAggregates, rebuildSignalWeeks } from '../intent/rebuild.js';
import { eventData, eventTypes } from './events.js';
import { createSubscription, deleteSubscription, type SubscriptionFields } from './subscriptions.js';
import { createWebhookWorker } from './worker.js';

// Shared data (people, companies, signals, postings) sends to every organization's subscriptions: each
// test narrows its subscriptions to its own companies and deletes them at its end.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 600_000);
afterAll(async () => {
  await database?.close();
});

const DAY = 86_400_000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY - 60_000).toISOString();
/** `counts[w]` signals w weeks ago (0: this week, at the same weekday and hour as now). */
const series = (domain: string, topic: string, counts: number[]): SignalRow[] =>
  counts.flatMap((n, w) =>
    Array.from({ length: n }, (_, i) => ({ domain, topic, time: ago(7 * w), source: `s${i % 2}` })),
  );
const baseline = [3, 2, 4, 3, 3, 3, 2, 4, 3, 3, 3, 3];

interface Delivered {
  type: string;
  data: Record<string, unknown>;
}

/** A receiver per subscription; `deliver` runs the worker and returns what each one received, verified. */
const subscribe = async (subs: Record<string, Omit<SubscriptionFields, 'url'>>) => {
  const owner = await createOwner(database);
  const made = await Promise.all(
    Object.entries(subs).map(async ([name, fields]) => {
      const receiver = await startReceiver();
      return {
        name,
        receiver,
        sub: await createSubscription(database, owner, { ...fields, url: receiver.url }),
      };
    }),
  );
  const deliver = async () => {
    await createWebhookWorker({ database, allowPrivate: loopback, timeoutMs: 15_000 }).runUntilIdle();
    const out: Record<string, Delivered[]> = {};
    for (const { name, receiver, sub } of made) {
      const wh = new Webhook(sub.secret);
      out[name] = receiver.received
        .splice(0)
        .map((got) => wh.verify(got.body, got.headers as Record<string, string>) as Delivered);
    }
    return out;
  };
  const close = async () => {
    for (const m of made) {
      await deleteSubscription(database, owner, m.sub.id);
      await m.receiver.close();
    }
  };
  return { deliver, close };
};

/** Checks a payload against its documented schema. */
const documented = (event: Delivered) => {
  expect(eventTypes).toContain(event.type);
  return eventData[event.type as keyof typeof eventData].parse(event.data);
};

const isoWeek = async () => {
  const [row] = await database.query<{ week: string }>(sql`select to_char(now(), 'IYYY-"W"IW') as week`);
  return row?.week;
};
const eventsOf = async (type: string) => {
  const [row] = await database.query<{ n: number }>(
    sql`select count(*)::int as n from webhook_events where type = ${type}`,
  );
  return row?.n;
};

describe('intent.surge', () => {
  it('sends once when an account crosses a subscription threshold, not on every rescore or rolled back change', async () => {
    for (const name of ['surger', 'calm', 'old'])
      await saveCompany(database.db, { domain: `${name}.example`, name });
    const hooks = await subscribe({
      mine: {
        eventTypes: ['intent.surge'],
        filterCompanies: ['surger.example', 'calm.example', 'old.example'],
      },
      high: { eventTypes: ['intent.surge'], filterCompanies: ['surger.example'], minScore: 99.9 },
      payroll: {
        eventTypes: ['intent.surge'],
        filterTopics: ['payroll'],
        filterCompanies: ['surger.example'],
      },
      jobs: { eventTypes: ['verify_job.completed'] },
    });
    // Twelve ordinary weeks, and a surge five weeks ago loaded late (a backfill): nothing is news.
    await ingestSignals(database.db, [
      ...series('surger.example', 'crm software', [0, ...baseline]),
      ...series('calm.example', 'crm software', [0, ...baseline]),
      ...series('old.example', 'crm software', [0, 0, 0, 0, 0, 20, ...baseline]),
    ]);
    expect(await hooks.deliver()).toEqual({ mine: [], high: [], payroll: [], jobs: [] });

    // A surge in a transaction that rolls back leaves no event.
    await expect(
      database.db.transaction(async (tx) => {
        await ingestSignals(tx, series('surger.example', 'crm software', [16]));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsOf('intent.surge')).toBe(0);

    await ingestSignals(database.db, [
      ...series('surger.example', 'crm software', [16]),
      ...series('calm.example', 'crm software', [3]),
    ]);
    const got = await hooks.deliver();
    expect(got.high).toEqual([]);
    expect(got.payroll).toEqual([]);
    expect(got.jobs).toEqual([]);
    expect(got.mine).toHaveLength(1);
    const data = documented(got.mine?.[0] as Delivered) as Record<string, number | string>;
    expect(data).toMatchObject({ domain: 'surger.example', topic: 'crm software', week: await isoWeek() });
    expect(data.score).toBeGreaterThanOrEqual(60);
    expect(data.previous_score).toBeLessThan(60);

    // Still surging: rescored higher, and rebuilt wholesale, without another event.
    await ingestSignals(database.db, series('surger.example', 'crm software', [4]));
    await rebuildIntentAggregates(database.db);
    expect(await hooks.deliver()).toEqual({ mine: [], high: [], payroll: [], jobs: [] });
    expect(await eventsOf('intent.surge')).toBe(1);
    await hooks.close();
  });

  it('sends from a bulk import when its parked batches are merged', async () => {
    await saveCompany(database.db, { domain: 'bulk.example', name: 'Bulk' });
    const hooks = await subscribe({
      mine: { eventTypes: ['intent.surge'], filterCompanies: ['bulk.example'] },
    });
    const load = (rows: SignalRow[]) =>
      database.db.transaction(async (tx) => {
        await bulkInsertSignals(
          tx,
          rows.map((value, i) => ({ value, hash: hashOf('signals', { ...value, i, n: rows.length }) })),
          { sourceId: 'src_bulk' },
        );
        await mergePendingSignals(tx);
      });
    await load(series('bulk.example', 'data warehouse', [0, ...baseline]));
    expect(await hooks.deliver()).toEqual({ mine: [] });
    await load(series('bulk.example', 'data warehouse', [18]));
    const got = await hooks.deliver();
    expect(got.mine?.map((e) => documented(e))).toMatchObject([
      { domain: 'bulk.example', topic: 'data warehouse' },
    ]);
    await hooks.close();
  });

  it('sends from a large load rebuilt wholesale, and nothing from a repair', async () => {
    await saveCompany(database.db, { domain: 'wholesale.example', name: 'Wholesale' });
    const hooks = await subscribe({
      mine: { eventTypes: ['intent.surge'], filterCompanies: ['wholesale.example'] },
    });
    const rows = series('wholesale.example', 'data warehouse', [20, ...baseline]);
    await database.db.transaction((tx) =>
      bulkInsertSignals(
        tx,
        rows.map((value, i) => ({ value, hash: hashOf('signals', { ...value, i }) })),
        { sourceId: 'src_wholesale' },
      ),
    );
    await rebuildSignalWeeks(database.db);
    const got = await hooks.deliver();
    expect(got.mine?.map((e) => documented(e))).toMatchObject([
      { domain: 'wholesale.example', topic: 'data warehouse' },
    ]);
    await rebuildIntentAggregates(database.db);
    expect(await hooks.deliver()).toEqual({ mine: [] });
    await hooks.close();
  });
});

describe('hiring.spike', () => {
  it('sends once when new postings lift a company over the threshold', async () => {
    await saveCompany(database.db, { domain: 'hirer.example', name: 'Hirer' });
    const hooks = await subscribe({
      mine: { eventTypes: ['hiring.spike'], filterCompanies: ['hirer.example'] },
      high: { eventTypes: ['hiring.spike'], filterCompanies: ['hirer.example'], minScore: 99.9 },
    });
    const posting = (key: string, title: string, days: number) => ({
      domain: 'hirer.example',
      title,
      posted_at: ago(days),
      url: `https://hirer.example/jobs/${key}`,
    });
    // One posting a month for six months: no spike.
    await ingestJobPostings(
      database.db,
      Array.from({ length: 6 }, (_, m) => posting(`b${m}`, 'Backend Engineer', 30 * (m + 1) + 5)),
    );
    expect(await hooks.deliver()).toEqual({ mine: [], high: [] });
    await ingestJobPostings(
      database.db,
      Array.from({ length: 10 }, (_, i) =>
        posting(`s${i}`, i < 7 ? 'Senior Backend Engineer' : 'Account Executive', i % 5),
      ),
    );
    const got = await hooks.deliver();
    expect(got.high).toEqual([]);
    expect(got.mine).toHaveLength(1);
    const data = documented(got.mine?.[0] as Delivered) as Record<string, number | string>;
    expect(data).toMatchObject({
      domain: 'hirer.example',
      department: 'engineering',
      openings: 10,
      week: await isoWeek(),
    });
    expect(data.score).toBeGreaterThanOrEqual(60);
    expect(data.previous_score).toBeLessThan(60);
    // Another posting, and one pushed again: still spiking, nothing more.
    await ingestJobPostings(database.db, [
      posting('s10', 'Data Engineer', 1),
      posting('s0', 'Staff Backend Engineer', 0),
    ]);
    expect(await hooks.deliver()).toEqual({ mine: [], high: [] });
    expect(await eventsOf('hiring.spike')).toBe(1);
    await hooks.close();
  });
});

describe('job_change.detected', () => {
  it('sends a job change found by resolution to subscribers of either company', async () => {
    const hooks = await subscribe({
      joined: { eventTypes: ['job_change.detected'], filterCompanies: ['piedpiper.example'] },
      left: { eventTypes: ['job_change.detected'], filterCompanies: ['hooli.example'] },
      other: { eventTypes: ['job_change.detected'], filterCompanies: ['initech.example'] },
      surges: { eventTypes: ['intent.surge'] },
    });
    const maria = (company: string, website: string, title: string, email: string) => ({
      'First Name': 'Maria',
      'Last Name': 'Garcia',
      Email: email,
      LinkedIn: 'https://www.linkedin.com/in/mariagarcia',
      Company: company,
      Website: website,
      'Job Title': title,
      City: 'Palo Alto',
      Country: 'US',
    });
    await ingestRecords(database, 'people', 'crm', [
      maria('Hooli', 'hooli.example', 'Engineering Manager', 'maria.garcia@hooli.example'),
    ]);
    expect(await hooks.deliver()).toEqual({ joined: [], left: [], other: [], surges: [] });
    await ingestRecords(database, 'people', 'partner', [
      maria('Pied Piper', 'piedpiper.example', 'Director of Engineering', 'maria@piedpiper.example'),
    ]);
    const got = await hooks.deliver();
    const [change] = await database.query<{ person_id: string }>(sql`select person_id from job_changes`);
    const expected = {
      person_id: change?.person_id,
      domain: 'piedpiper.example',
      previous_domain: 'hooli.example',
      title: 'Director of Engineering',
      previous_title: 'Engineering Manager',
    };
    expect(got.joined?.map((e) => documented(e))).toMatchObject([expected]);
    expect(got.left?.map((e) => documented(e))).toMatchObject([expected]);
    expect(got.other).toEqual([]);
    expect(got.surges).toEqual([]);
    await hooks.close();
  });
});
