import type { Ready } from './ingest-signals.js';
import { textArray } from './sql-rows.js';

const DAY = 86_400_000;
/** Sources an import tells apart by bit; any more go by name. */
const MASK_BITS = 30;

/** The Monday (days since the epoch) of the UTC week of `ms`, as `date_trunc('week', t AT TIME ZONE 'UTC')`. */
export const weekOf = (ms: number): number => {
  const day = Math.floor(ms / DAY);
  // 1970-01-01 was a Thursday: three days after a Monday.
  return day - ((((day + 3) % 7) + 7) % 7);
};

/** A company-topic-week's sums: weighted volume, events and distinct sources. */
export interface WeekCell {
  /** Monday, in days since the epoch. */
  week: number;
  volume: number;
  events: number;
  /** Sources by bit (see `WeekSums.sourcesOf`), and by name past the first 30 an import meets. */
  mask: number;
  more: string[] | null;
}

/** One company-topic's new weeks, in the order they arrived (a handful each: found by a scan). */
export interface PairSums {
  company: string;
  topic: string;
  cells: WeekCell[];
}

/**
 * The weekly sums of the signals an import inserted, kept in memory until the import merges them into
 * the aggregates itself (`mergeWeekSums`) instead of reading its rows back from `signals`. It also
 * remembers the transactions (batches) those rows were inserted in: their parked rows in
 * `intent_pending_batches` are what makes the merge happen exactly once, in memory or, if the import
 * dies first, by `intent_merge_pending()`. Millions of cells stay in memory for a whole import, so each
 * is one small object (sources as bits): the garbage collector walks them all at every full collection.
 */
export class WeekSums {
  readonly pairs = new Map<string, PairSums>();
  readonly batches = new Set<string>();
  /** Company-topic-week cells held. */
  cells = 0;
  private readonly sourceBits = new Map<string, number>();
  private readonly sourceNames: string[] = [];
  private readonly literals = new Map<number, string>();

  /** Adds a batch's inserted rows (each stored as `real`: its weight is rounded as the column rounds it). */
  add(batch: string, rows: readonly Ready[]): void {
    // A batch that inserted nothing parked nothing.
    if (rows.length === 0) return;
    this.batches.add(batch);
    for (const r of rows) {
      const key = `${r.companyId}\u0001${r.topic}`;
      let pair = this.pairs.get(key);
      if (!pair) {
        pair = { company: r.companyId, topic: r.topic, cells: [] };
        this.pairs.set(key, pair);
      }
      const week = weekOf(r.ms);
      let cell: WeekCell | undefined;
      for (const c of pair.cells)
        if (c.week === week) {
          cell = c;
          break;
        }
      if (!cell) {
        cell = { week, volume: 0, events: 0, mask: 0, more: null };
        pair.cells.push(cell);
        this.cells++;
      }
      cell.volume += Math.fround(r.weight);
      cell.events++;
      if (r.source !== null) this.addSource(cell, r.source);
    }
  }

  private addSource(cell: WeekCell, source: string) {
    let bit = this.sourceBits.get(source);
    if (bit === undefined && this.sourceNames.length < MASK_BITS) {
      bit = 1 << this.sourceNames.length;
      this.sourceBits.set(source, bit);
      this.sourceNames.push(source);
    }
    if (bit !== undefined) cell.mask |= bit;
    else if (!cell.more) cell.more = [source];
    else if (!cell.more.includes(source)) cell.more.push(source);
  }

  /** A cell's sources as a PostgreSQL array literal (unsorted). */
  sourcesOf(cell: WeekCell): string {
    let literal = this.literals.get(cell.mask);
    if (literal === undefined) {
      const names = this.sourceNames.filter((_, i) => cell.mask & (1 << i));
      literal = textArray(names);
      this.literals.set(cell.mask, literal);
    }
    if (!cell.more) return literal;
    return textArray([...this.sourceNames.filter((_, i) => cell.mask & (1 << i)), ...cell.more]);
  }

  clear(): void {
    this.pairs.clear();
    this.batches.clear();
    this.cells = 0;
  }
}
