import { createHash } from 'node:crypto';
import type { Executor } from '../shared/sql-rows.js';
import { prepareSignal, type Ready, type SignalRow, type TransactionalDb } from './ingest-signals.js';
import type { Parsed } from './parse.js';
import { rebuildSignalWeeks } from './rebuild.js';
import { resolveCompanies } from './resolve-companies.js';
import { insertSignalBatch } from './store.js';
import { mergePending, parkedAndTotalSignals } from './store-rebuild.js';

/** A row of a bulk load with what makes it idempotent when it has no `id`: its content. */
export interface KeyedSignal {
  value: SignalRow;
  /** A hash of the row's content (hex), unique within its source. */
  hash: string;
}

export type BulkOutcome =
  | { status: 'inserted' | 'duplicate'; company_id: string }
  | { status: 'rejected'; reason: string };

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** A 32-bit number as 8 hex digits (an import hashes millions of rows: no toString and padStart). */
const hex8 = (n: number) => `${HEX[n >>> 24]}${HEX[(n >>> 16) & 255]}${HEX[(n >>> 8) & 255]}${HEX[n & 255]}`;
/** Hex digits 8i..8i+8 of a hash, XOR the mask's word i. */
const word = (hash: string, mask: readonly number[], i: number) =>
  Number.parseInt(hash.slice(i * 8, i * 8 + 8), 16) ^ (mask[i] as number);

/** 96 bits to mix into content hashes per source: one hash per import, not one more per row. */
export const sourceMask = (sourceId: string): number[] => {
  const h = createHash('sha256').update(`intent import keys\0${sourceId}`).digest();
  return [h.readUInt32BE(0), h.readUInt32BE(4), h.readUInt32BE(8)];
};

/**
 * The key of an imported row without an id, as a uuid: the hour of the signal (32 bits), then 96 bits
 * of its content hash XOR its source's mask. The same row from the same source always gets the same
 * key, the same row from another source another one; a feed in time order claims its keys in a few
 * neighbouring index pages instead of all over the index. `ms` is the signal's time (epoch milliseconds).
 */
export const importKey = (mask: readonly number[], hash: string, ms: number): string => {
  const hour = Math.floor(ms / 3_600_000);
  const a = hex8(word(hash, mask, 0));
  const b = hex8(word(hash, mask, 1));
  return `${hex8(hour)}-${a.slice(0, 4)}-${a.slice(4)}-${b.slice(0, 4)}-${b.slice(4)}${hex8(word(hash, mask, 2))}`;
};

/**
 * Bulk load of signals inside the caller's transaction, in one statement: claims each row's key (its
 * `id` in `intent_signal_keys`, else its content key in `intent_import_keys`) and inserts the rows whose
 * key was new, so loading the same rows again adds nothing. The insert is flagged `dossier.intent_bulk`
 * and stamps its rows with the transaction id: the `signals` trigger only parks the batch's id range, and
 * `mergePendingSignals` reads the batch back, adds it to the aggregates and scores once for the whole load.
 */
export async function bulkInsertSignals(
  tx: Executor,
  rows: readonly KeyedSignal[],
  options: { sourceId: string; now?: Date },
): Promise<BulkOutcome[]> {
  const now = options.now ?? new Date();
  const out: BulkOutcome[] = new Array(rows.length);
  const resolved = await resolveCompanies(
    tx,
    rows.map((r) => r.value),
  );
  const go: Ready[] = [];
  const contentKeys: (string | null)[] = [];
  const byKey = new Set<string>();
  const mask = sourceMask(options.sourceId);
  const topics = new Map<string, Parsed<string>>();
  rows.forEach(({ value, hash }, index) => {
    const prepared = prepareSignal(value, resolved[index], index, now, undefined, topics);
    if ('reason' in prepared) {
      out[index] = { status: 'rejected', reason: prepared.reason };
      return;
    }
    const contentKey = prepared.key ? null : importKey(mask, hash, prepared.ms);
    const key = prepared.key ?? (contentKey as string);
    out[index] = { status: byKey.has(key) ? 'duplicate' : 'inserted', company_id: prepared.companyId };
    if (byKey.has(key)) return;
    byKey.add(key);
    go.push(prepared);
    contentKeys.push(contentKey);
  });
  if (go.length === 0) return out;
  // (On PostgreSQL an import's transaction already runs with synchronous_commit off: see runImport.)
  // Keys first (a key already claimed makes its row a duplicate), then the rows whose key was new;
  // only the positions of duplicates come back.
  const duplicates = await insertSignalBatch(tx, contentKeys, go);
  for (const ord of duplicates) {
    const r = go[ord - 1] as Ready;
    out[r.index] = { status: 'duplicate', company_id: r.companyId };
  }
  return out;
}

/**
 * Adds the batches (and any weekly sums) parked by bulk loads to the aggregates and rescores the
 * company-topic weeks they touched, in one set-wise pass (its own transaction when given the database).
 * Returns the number of company-topic-week rows merged; 0 when nothing was parked.
 */
export async function mergePendingSignals(db: Executor): Promise<number> {
  return mergePending(db);
}

/** When a load is large enough to rebuild the aggregates instead of merging into them. */
export interface WholesaleRule {
  /** Loads smaller than this always merge (default 100,000 signals). */
  minRows: number;
}

export const defaultWholesaleRule: WholesaleRule = { minRows: 100_000 };

export type FinishAction = 'merged' | 'rebuilt' | 'deferred';

/**
 * Finishes a bulk load of signals. A load that brings at least as many signals as were stored before it
 * (and at least `rule.minRows`) rebuilds the aggregates wholesale at its end (`rebuildSignalWeeks`:
 * one sort of all signals instead of an upsert per touched week, see packages/db/sql/intent.sql), and its periodic
 * finishes wait for that one (`deferred`). Smaller loads merge their parked batches into what is stored.
 * `incoming` is what the load brings in all: the rows it expects, or at the end what is parked. The rebuild
 * is split over `load.connections` connections of `db` (default 1: one transaction).
 */
export async function finishSignalLoad(
  db: TransactionalDb,
  load: { final: boolean; rows: number; estimatedRows: number; connections?: number },
  rule: WholesaleRule = defaultWholesaleRule,
): Promise<FinishAction> {
  const { parked, total } = await parkedAndTotalSignals(db);
  const stored = Math.max(total - parked, 0);
  const incoming = load.final ? parked : parked + Math.max(load.estimatedRows - load.rows, 0);
  if (incoming >= rule.minRows && incoming >= stored) {
    if (!load.final) return 'deferred';
    await rebuildSignalWeeks(db, load.connections ?? 1);
    return 'rebuilt';
  }
  await mergePendingSignals(db);
  return 'merged';
}
