import type { Db } from '@dossier/db';
import { bulkInsertSignals, mergePendingSignals } from '../intent/bulk-signals.js';
import { ingestJobPostings } from '../intent/ingest-job-postings.js';
import { ingestSignals, type TransactionalDb } from '../intent/ingest-signals.js';
import { mergeWeekSums } from '../intent/merge-week-sums.js';
import { WeekSums } from '../intent/week-sums.js';
import type { BulkStore, CheckedRecord, ImportKind, StoredOutcome } from './kind.js';

type Row = Record<string, string>;

/** The intent ingest outcomes in the importer's terms: a repeat of a known row is a merge. */
const outcome = (o: { status: string; company_id?: string; reason?: string }): StoredOutcome =>
  o.status === 'rejected'
    ? { outcome: 'rejected', reason: o.reason }
    : { outcome: o.status === 'inserted' ? 'loaded' : 'merged', entityId: o.company_id };

const needsCompany = (f: Row) => Boolean(f.company || f.domain || f.ip);

const BATCH = 20_000;
/** Company-topic-weeks an import sums in memory before merging them (about 40 bytes each). */
const MAX_CELLS = 1_000_000;

async function storeBulk(
  db: Db,
  records: CheckedRecord<Row>[],
  context: { sourceId: string },
  sums?: WeekSums,
) {
  const outcomes = await bulkInsertSignals(
    db,
    records.map((r) => ({ row: r.value, hash: r.hash })),
    { sourceId: context.sourceId, sums },
  );
  return outcomes.map((o) =>
    o.status === 'rejected'
      ? { outcome: 'rejected' as const, reason: o.reason }
      : {
          outcome: o.status === 'inserted' ? ('loaded' as const) : ('unchanged' as const),
          entityId: o.company_id,
        },
  );
}

/**
 * The store of one signals import: besides inserting, it sums what each batch inserted per
 * company-topic-week in memory and merges those sums into the aggregates itself (`mergeWeekSums`): once
 * `maxCells` weeks are held (on PostgreSQL on another connection, beside the next batches, which sum
 * afresh) and at the end. The database then writes each touched week once per merge instead of reading
 * the rows back and scoring them in SQL. The batches still park their rows as the plain bulk store does,
 * so an import killed before a merge loses nothing: the next finish merges them from `signals` (as it
 * does when another merge took some of them first).
 */
export function summingSignals(
  database: { db: Db; concurrent: boolean },
  maxCells = MAX_CELLS,
): BulkStore<Row> {
  const importBatches = new Set<string>();
  let sums = new WeekSums(importBatches);
  let merging: Promise<unknown> = Promise.resolve();
  const merge = (db: Db, held: WeekSums) => mergeWeekSums(db, held, importBatches);
  return {
    batchSize: BATCH,
    async store(db, records, context) {
      // Every batch in `sums` has committed by now (an import stores one batch at a time).
      if (sums.cells >= maxCells) {
        const held = sums;
        sums = new WeekSums(importBatches);
        await merging;
        if (database.concurrent) {
          merging = database.db.transaction((tx) => merge(tx as unknown as Db, held));
          merging.catch(() => {});
        } else await merge(db, held);
      }
      return storeBulk(db, records, context, sums);
    },
    async finish(db) {
      await merging;
      const held = sums;
      sums = new WeekSums(importBatches);
      await db.transaction((tx) => merge(tx as unknown as Db, held));
      // What was parked otherwise: killed imports' batches, or ours if another merge took some first.
      await mergePendingSignals(db);
    },
  };
}

/**
 * Topic signals: `(company or domain or ip, topic, time, weight, source)`; checked in full by
 * ingestSignals. Imports go through `bulk`: no `source_records` row per signal (a row's id is its key in
 * `intent_signal_keys`, else its content is, in `intent_import_keys`). Each import sums its rows in memory
 * and merges them at the end (`summingSignals`); the plain bulk store instead merges from `signals` once
 * 250,000 rows have loaded since the last merge began (beside the next batches, on PostgreSQL; a merge
 * slower than loading lets up to 2,000,000 rows wait) and at the end.
 */
export const signalsKind: ImportKind<Row> = {
  name: 'signals',
  aliases: {
    id: ['signal_id', 'event_id'],
    company: ['company_id'],
    domain: ['company_domain', 'website', 'url'],
    ip: ['ip_address', 'visitor_ip'],
    topic: ['intent_topic', 'category', 'interest'],
    time: ['occurred_at', 'timestamp', 'date', 'seen_at'],
    weight: ['score', 'count', 'views'],
    source: ['provider', 'feed'],
  },
  check: (f) =>
    !needsCompany(f)
      ? { ok: false, reason: 'a signal needs a company, domain or ip' }
      : !f.topic
        ? { ok: false, reason: 'a signal needs a topic' }
        : { ok: true, value: f },
  async store(db, records) {
    const outcomes = await ingestSignals(
      db as unknown as TransactionalDb,
      records.map((r) => r.value),
    );
    return outcomes.map(outcome);
  },
  bulk: {
    batchSize: BATCH,
    finishEvery: 250_000,
    finishBacklog: 8,
    store: (db, records, context) => storeBulk(db, records, context),
    async finish(db) {
      await mergePendingSignals(db);
    },
    forImport: (database) => summingSignals(database),
  },
};

/** Job postings: company or domain, title, department (inferred when absent), location, dates, url. */
export const jobPostingsKind: ImportKind<Row> = {
  name: 'job-postings',
  aliases: {
    company: ['company_id'],
    domain: ['company_domain', 'website'],
    title: ['job_title', 'position', 'role'],
    department: ['team', 'function'],
    location: ['city', 'office'],
    posted_at: ['posted', 'date_posted', 'published_at', 'created_at'],
    closed_at: ['closed', 'date_closed', 'expires_at'],
    url: ['link', 'job_url', 'posting_url'],
    source: ['board', 'provider'],
  },
  check: (f) =>
    !(f.company || f.domain)
      ? { ok: false, reason: 'a job posting needs a company or domain' }
      : !f.title
        ? { ok: false, reason: 'a job posting needs a title' }
        : { ok: true, value: f },
  async store(db, records) {
    const outcomes = await ingestJobPostings(
      db as unknown as TransactionalDb,
      records.map((r) => r.value),
    );
    return outcomes.map(outcome);
  },
};
