import { bulkInsertSignals, finishSignalLoad } from '../intent/bulk-signals.js';
import { ingestJobPostings } from '../intent/ingest-job-postings.js';
import { ingestSignals, type TransactionalDb } from '../intent/ingest-signals.js';
import type { ImportKind, StoredOutcome } from './kind.js';

type Row = Record<string, string>;

/** The intent ingest outcomes in the importer's terms: a repeat of a known row is a merge. */
const outcome = (o: { status: string; company_id?: string; reason?: string }): StoredOutcome =>
  o.status === 'rejected'
    ? { outcome: 'rejected', reason: o.reason }
    : { outcome: o.status === 'inserted' ? 'loaded' : 'merged', entityId: o.company_id };

const needsCompany = (f: Row) => Boolean(f.company || f.domain || f.ip);

/**
 * Topic signals: `(company or domain or ip, topic, time, weight, source)`; checked in full by
 * ingestSignals. Imports go through `bulk`: no `source_records` row per signal (a row's id is its key in
 * `intent_signal_keys`, else its content is, in `intent_import_keys`), and the aggregates are merged once
 * 250,000 rows have loaded since the last merge began (beside the next batches, on PostgreSQL; a merge
 * slower than loading lets up to 2,000,000 rows wait) and at the end, instead of in every batch. An import
 * that brings at least as many signals as are stored (and 100,000 or more) skips those merges and
 * rebuilds the aggregates once at its end instead: `finishSignalLoad`.
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
    batchSize: 20_000,
    finishEvery: 250_000,
    finishBacklog: 8,
    parallel: 2,
    async store(db, records, context) {
      const outcomes = await bulkInsertSignals(db, records, { sourceId: context.sourceId });
      return outcomes.map((o) =>
        o.status === 'rejected'
          ? { outcome: 'rejected' as const, reason: o.reason }
          : {
              outcome: o.status === 'inserted' ? ('loaded' as const) : ('unchanged' as const),
              entityId: o.company_id,
            },
      );
    },
    async finish(db, progress) {
      await finishSignalLoad(db as unknown as TransactionalDb, progress);
    },
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
