import type { Executor } from '../shared/sql-rows.js';
import { isReason, optionalText, type Parsed, parseTime, parseTopic, parseWeight } from './parse.js';
import { type CompanyRef, type Resolved, resolveCompanies } from './resolve-companies.js';
import { claimSignalKeys, insertSignals, type NewSignal } from './store.js';

/** One topic signal as pushed or imported; strings from a CSV file are accepted as they are. */
export interface SignalRow extends CompanyRef {
  /** Client-supplied id: a row whose id was already ingested is a duplicate, not a second signal. */
  id?: string | null;
  topic?: unknown;
  /** When it happened (ISO timestamp); `occurred_at` is accepted too. */
  time?: unknown;
  occurred_at?: unknown;
  weight?: unknown;
  source?: unknown;
}

export type SignalOutcome =
  | { status: 'inserted'; company_id: string }
  | { status: 'duplicate'; company_id: string }
  | { status: 'rejected'; reason: string };

/** A transaction-capable drizzle database (the database itself or a transaction). */
export interface TransactionalDb extends Executor {
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
}

/** Rows per insert statement: each travels as a few array parameters. */
export const SIGNAL_CHUNK = 10_000;

export interface Ready extends NewSignal {
  index: number;
  key: string | null;
  /** `at` in milliseconds since the epoch. */
  ms: number;
}

/** parseTopic, each raw text once when given a memo. */
const parseTopicOnce = (raw: unknown, memo?: Map<string, Parsed<string>>): Parsed<string> => {
  if (!memo || typeof raw !== 'string') return parseTopic(raw);
  let topic = memo.get(raw);
  if (!topic) {
    topic = parseTopic(raw);
    memo.set(raw, topic);
  }
  return topic;
};

/** Checks one row against its resolved company: the row ready to insert, or why it cannot be. */
export function prepareSignal(
  row: SignalRow,
  company: Resolved | undefined,
  index: number,
  now: Date,
  defaultSource?: string,
  /** Topics already parsed, by their raw text: a bulk load repeats a few hundred topics millions of times. */
  topics?: Map<string, Parsed<string>>,
): Ready | { reason: string } {
  const topic = parseTopicOnce(row.topic, topics);
  const time = parseTime(row.time !== undefined ? 'time' : 'occurred_at', row.time ?? row.occurred_at, now);
  const weight = parseWeight(row.weight);
  const source = optionalText('source', row.source, 100);
  const key = optionalText('id', row.id, 200);
  if (!company || 'reason' in company) return { reason: company?.reason ?? 'company: unresolved' };
  if (isReason(topic)) return topic;
  if (isReason(time)) return time;
  if (isReason(weight)) return weight;
  if (isReason(source)) return source;
  if (isReason(key)) return key;
  return {
    index,
    key: key.value,
    companyId: company.companyId,
    topic: topic.value,
    at: time.value.toISOString(),
    ms: time.value.getTime(),
    weight: weight.value,
    source: source.value ?? defaultSource ?? null,
  };
}

/**
 * Validates, resolves and inserts signals; returns one outcome per row, in order. Rows go in with
 * large multi-row statements (text arrays, one bind each), and the `signals` trigger adds them to the
 * weekly aggregates and rescores the touched company-topic weeks in the same transaction.
 */
export async function ingestSignals(
  db: TransactionalDb,
  rows: readonly SignalRow[],
  options: { now?: Date; defaultSource?: string } = {},
): Promise<SignalOutcome[]> {
  const now = options.now ?? new Date();
  const out: SignalOutcome[] = new Array(rows.length);
  return db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += SIGNAL_CHUNK) {
      const chunk = rows.slice(start, start + SIGNAL_CHUNK);
      const resolved = await resolveCompanies(tx, chunk);
      const ready: Ready[] = [];
      const seen = new Set<string>();
      chunk.forEach((row, i) => {
        const index = start + i;
        const prepared = prepareSignal(row, resolved[i], index, now, options.defaultSource);
        if ('reason' in prepared) {
          out[index] = { status: 'rejected', reason: prepared.reason };
          return;
        }
        if (prepared.key && seen.has(prepared.key)) {
          out[index] = { status: 'duplicate', company_id: prepared.companyId };
          return;
        }
        if (prepared.key) seen.add(prepared.key);
        ready.push(prepared);
      });
      // Client ids first: those already stored make their rows duplicates.
      const keys = ready.flatMap((r) => (r.key ? [r.key] : []));
      const fresh = new Set<string>();
      if (keys.length) {
        const inserted = await claimSignalKeys(tx, keys);
        for (const r of inserted) fresh.add(r.key);
      }
      const go = ready.filter((r) => !r.key || fresh.has(r.key));
      for (const r of ready) {
        out[r.index] =
          r.key && !fresh.has(r.key)
            ? { status: 'duplicate', company_id: r.companyId }
            : { status: 'inserted', company_id: r.companyId };
      }
      if (go.length) await insertSignals(tx, go);
    }
    return out;
  });
}

/** Counts of outcomes, and the rejected rows with their reasons (for the API response). */
export const summarizeOutcomes = <O extends { status: string }>(outcomes: O[]) => {
  const counts: Record<string, number> = {};
  const rejected: { index: number; reason: string }[] = [];
  outcomes.forEach((o, index) => {
    counts[o.status] = (counts[o.status] ?? 0) + 1;
    if (o.status === 'rejected')
      rejected.push({ index, reason: (o as unknown as { reason: string }).reason });
  });
  return { counts, rejected };
};
