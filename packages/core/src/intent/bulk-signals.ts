import { sql } from 'drizzle-orm';
import { prepareSignal, type Ready, type SignalRow } from './ingest-signals.js';
import { resolveCompanies } from './resolve-companies.js';
import { type Executor, run, textArray } from './sql-rows.js';

/** A row of a bulk load with the key that makes it idempotent (its client id, else its content). */
export interface KeyedSignal {
  row: SignalRow;
  /** Used when the row carries no `id`: e.g. the source and a hash of the row. */
  key: string;
}

export type BulkOutcome =
  | { status: 'inserted' | 'duplicate'; company_id: string }
  | { status: 'rejected'; reason: string };

/**
 * Bulk load of signals inside the caller's transaction: claims the rows' keys in `intent_signal_keys`
 * and inserts the rows whose key was new, so loading the same rows again adds nothing. The insert is
 * flagged `dossier.intent_bulk`: the `signals` trigger only parks weekly sums, and `mergePendingSignals`
 * adds them to the aggregates and scores once for the whole load.
 */
export async function bulkInsertSignals(
  tx: Executor,
  rows: readonly KeyedSignal[],
  options: { now?: Date } = {},
): Promise<BulkOutcome[]> {
  const now = options.now ?? new Date();
  const out: BulkOutcome[] = new Array(rows.length);
  const resolved = await resolveCompanies(
    tx,
    rows.map((r) => r.row),
  );
  const ready: Ready[] = [];
  const byKey = new Map<string, number>();
  rows.forEach(({ row, key }, index) => {
    const prepared = prepareSignal(row, resolved[index], index, now);
    if ('reason' in prepared) {
      out[index] = { status: 'rejected', reason: prepared.reason };
      return;
    }
    prepared.key ??= key;
    if (byKey.has(prepared.key)) {
      out[index] = { status: 'duplicate', company_id: prepared.companyId };
      return;
    }
    byKey.set(prepared.key, index);
    out[index] = { status: 'inserted', company_id: prepared.companyId };
    ready.push(prepared);
  });
  if (ready.length === 0) return out;
  // Keys first: a key already claimed (an earlier import of the same rows) makes its row unchanged.
  const claimed = await run<{ key: string }>(
    tx,
    sql`insert into intent_signal_keys (key) select unnest(${textArray(ready.map((r) => r.key as string))}::text[])
        on conflict do nothing returning key`,
  );
  const fresh = new Set(claimed.map((r) => r.key));
  const go = ready.filter((r) => fresh.has(r.key as string));
  for (const r of ready)
    if (!fresh.has(r.key as string)) out[r.index] = { status: 'duplicate', company_id: r.companyId };
  if (go.length === 0) return out;
  const col = (f: (r: Ready) => string | null) => textArray(go.map(f));
  await tx.execute(sql`select set_config('dossier.intent_bulk', 'on', true)`);
  await tx.execute(
    sql`insert into signals (company_id, topic, occurred_at, weight, source)
        select * from unnest(${col((r) => r.companyId)}::text[], ${col((r) => r.topic)}::text[],
          ${col((r) => r.at)}::timestamptz[], ${`{${go.map((r) => r.weight).join(',')}}`}::real[],
          ${col((r) => r.source)}::text[])`,
  );
  await tx.execute(sql`select set_config('dossier.intent_bulk', 'off', true)`);
  return out;
}

/**
 * Adds the weekly sums parked by bulk loads to the aggregates and rescores the company-topic weeks they
 * touched, in one set-wise pass (its own transaction when given the database). Returns the number of
 * company-topic-week rows merged; 0 when nothing was parked.
 */
export async function mergePendingSignals(db: Executor): Promise<number> {
  const [row] = await run<{ merged: number }>(db, sql`select intent_merge_pending() as merged`);
  return Number(row?.merged ?? 0);
}
