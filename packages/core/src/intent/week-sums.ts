import type { Ready } from './ingest-signals.js';
import { textArray } from './sql-rows.js';

const DAY = 86_400_000;
/** Sources an import tells apart by bit; any more go by name. */
const MASK_BITS = 30;
const NONE = -1;

/** The Monday (days since the epoch) of the UTC week of `ms`, as `date_trunc('week', t AT TIME ZONE 'UTC')`. */
export const weekOf = (ms: number): number => {
  const day = Math.floor(ms / DAY);
  // 1970-01-01 was a Thursday: three days after a Monday.
  return day - ((((day + 3) % 7) + 7) % 7);
};

const grown = <T extends Int32Array | Float64Array>(array: T, size: number): T => {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
};

/**
 * The weekly sums of the signals an import inserted, kept in memory until the import merges them into
 * the aggregates itself (`mergeWeekSums`) instead of reading its rows back from `signals`. It also
 * remembers the transactions (batches) those rows were inserted in: their parked rows in
 * `intent_pending_batches` are what makes the merge happen exactly once, in memory or, if the import
 * dies first, by `intent_merge_pending()`.
 *
 * Millions of company-topic-weeks stay here for minutes, so none of them is a JavaScript object (the
 * garbage collector would walk them all at every full collection): company-topics ("pairs") are numbers
 * in an open-addressing table, and each pair's weeks ("cells") a linked list in typed arrays.
 */
export class WeekSums {
  readonly batches = new Set<string>();
  /** Pairs and cells held; pair and cell numbers run from 0. */
  pairs = 0;
  cells = 0;

  private readonly companyIds = new Map<string, number>();
  readonly companyNames: string[] = [];
  private readonly topicIds = new Map<string, number>();
  readonly topicNames: string[] = [];
  private slots = new Int32Array(1 << 16).fill(NONE);
  pairCompany = new Int32Array(1 << 14);
  pairTopic = new Int32Array(1 << 14);
  private pairHead = new Int32Array(1 << 14);
  private cellNext = new Int32Array(1 << 15);
  private cellWeek = new Int32Array(1 << 15);
  private cellVolume = new Float64Array(1 << 15);
  private cellEvents = new Int32Array(1 << 15);
  private cellMask = new Int32Array(1 << 15);
  /** Sources past the first 30 an import meets, by cell. */
  private readonly cellMore = new Map<number, string[]>();
  private readonly sourceBits = new Map<string, number>();
  private readonly sourceNames: string[] = [];
  private readonly literals = new Map<number, string>();

  /** `importBatches`: where the import gathers the batches of all its sums (see `mergeWeekSums`). */
  constructor(private readonly importBatches?: Set<string>) {}

  /** Adds a batch's inserted rows (each stored as `real`: its weight is rounded as the column rounds it). */
  add(batch: string, rows: readonly Ready[]): void {
    // A batch that inserted nothing parked nothing.
    if (rows.length === 0) return;
    this.batches.add(batch);
    this.importBatches?.add(batch);
    for (const r of rows) {
      const pair = this.pairOf(
        this.idOf(this.companyIds, this.companyNames, r.companyId),
        this.idOf(this.topicIds, this.topicNames, r.topic),
        true,
      );
      const week = weekOf(r.ms);
      let cell = this.pairHead[pair] as number;
      while (cell !== NONE && this.cellWeek[cell] !== week) cell = this.cellNext[cell] as number;
      if (cell === NONE) cell = this.newCell(pair, week);
      this.cellVolume[cell] = (this.cellVolume[cell] as number) + Math.fround(r.weight);
      this.cellEvents[cell] = (this.cellEvents[cell] as number) + 1;
      if (r.source !== null) this.addSource(cell, r.source);
    }
  }

  /** The pair of a company id and topic, or -1. */
  find(company: string, topic: string): number {
    const c = this.companyIds.get(company);
    const t = this.topicIds.get(topic);
    return c === undefined || t === undefined ? NONE : this.pairOf(c, t, false);
  }

  company(pair: number): string {
    return this.companyNames[this.pairCompany[pair] as number] as string;
  }

  topic(pair: number): string {
    return this.topicNames[this.pairTopic[pair] as number] as string;
  }

  /** A pair's cells: the first, then `next` until -1. */
  first(pair: number): number {
    return this.pairHead[pair] as number;
  }

  next(cell: number): number {
    return this.cellNext[cell] as number;
  }

  /** The cell of a pair's week, or -1. */
  cellAt(pair: number, week: number): number {
    let cell = this.pairHead[pair] as number;
    while (cell !== NONE && this.cellWeek[cell] !== week) cell = this.cellNext[cell] as number;
    return cell;
  }

  week(cell: number): number {
    return this.cellWeek[cell] as number;
  }

  volume(cell: number): number {
    return this.cellVolume[cell] as number;
  }

  events(cell: number): number {
    return this.cellEvents[cell] as number;
  }

  /** A cell's sources as a PostgreSQL array literal (unsorted). */
  sourcesOf(cell: number): string {
    const mask = this.cellMask[cell] as number;
    const more = this.cellMore.size > 0 ? this.cellMore.get(cell) : undefined;
    if (more) return textArray([...this.namesOf(mask), ...more]);
    let literal = this.literals.get(mask);
    if (literal === undefined) {
      literal = textArray(this.namesOf(mask));
      this.literals.set(mask, literal);
    }
    return literal;
  }

  private namesOf(mask: number): string[] {
    return this.sourceNames.filter((_, i) => mask & (1 << i));
  }

  private idOf(ids: Map<string, number>, names: string[], name: string): number {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      ids.set(name, id);
      names.push(name);
    }
    return id;
  }

  private slotOf(company: number, topic: number): number {
    let h = Math.imul(company, 0x9e3779b1) ^ Math.imul(topic + 1, 0x85ebca77);
    h ^= h >>> 15;
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (;;) {
      const pair = this.slots[slot] as number;
      if (pair === NONE || (this.pairCompany[pair] === company && this.pairTopic[pair] === topic))
        return slot;
      slot = (slot + 1) & mask;
    }
  }

  private pairOf(company: number, topic: number, create: boolean): number {
    const slot = this.slotOf(company, topic);
    const found = this.slots[slot] as number;
    if (found !== NONE || !create) return found;
    const pair = this.pairs++;
    this.pairCompany = grown(this.pairCompany, this.pairs);
    this.pairTopic = grown(this.pairTopic, this.pairs);
    this.pairHead = grown(this.pairHead, this.pairs);
    this.pairCompany[pair] = company;
    this.pairTopic[pair] = topic;
    this.pairHead[pair] = NONE;
    this.slots[slot] = pair;
    // At most half full: probes stay short.
    if (this.pairs * 2 > this.slots.length) this.rehash();
    return pair;
  }

  private rehash() {
    this.slots = new Int32Array(this.slots.length * 2).fill(NONE);
    for (let pair = 0; pair < this.pairs; pair++)
      this.slots[this.slotOf(this.pairCompany[pair] as number, this.pairTopic[pair] as number)] = pair;
  }

  private newCell(pair: number, week: number): number {
    const cell = this.cells++;
    this.cellNext = grown(this.cellNext, this.cells);
    this.cellWeek = grown(this.cellWeek, this.cells);
    this.cellVolume = grown(this.cellVolume, this.cells);
    this.cellEvents = grown(this.cellEvents, this.cells);
    this.cellMask = grown(this.cellMask, this.cells);
    this.cellNext[cell] = this.pairHead[pair] as number;
    this.cellWeek[cell] = week;
    this.cellVolume[cell] = 0;
    this.cellEvents[cell] = 0;
    this.cellMask[cell] = 0;
    this.pairHead[pair] = cell;
    return cell;
  }

  private addSource(cell: number, source: string) {
    let bit = this.sourceBits.get(source);
    if (bit === undefined && this.sourceNames.length < MASK_BITS) {
      bit = 1 << this.sourceNames.length;
      this.sourceBits.set(source, bit);
      this.sourceNames.push(source);
    }
    if (bit !== undefined) {
      this.cellMask[cell] = (this.cellMask[cell] as number) | bit;
      return;
    }
    const more = this.cellMore.get(cell);
    if (!more) this.cellMore.set(cell, [source]);
    else if (!more.includes(source)) more.push(source);
  }
}
