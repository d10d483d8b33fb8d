/**
 * The blocks of one blocking pass: a key's 30-bit hash to the records holding the key, in an
 * open-addressing table over two typed arrays. A V8 Map of a million integer keys costs several
 * cache misses a lookup and an entry object each; this costs one probe into flat memory. A block of
 * one record stores the record itself; a larger block points into `lists`, oldest member first.
 */
export class BlockIndex {
  /** hash + 1 per slot; 0 marks an empty slot. */
  private hashes = new Int32Array(1024);
  /** The slot's record index, or -(list + 1) for a block of two or more. */
  private values = new Int32Array(1024);
  private readonly lists: number[][] = [];
  private count = 0;

  /** Number of distinct keys. */
  get size(): number {
    return this.count;
  }

  /** The slot holding `hash`, or the empty slot where it would go. */
  slot(hash: number): number {
    const mask = this.hashes.length - 1;
    const tag = hash + 1;
    let s = hash & mask;
    for (;;) {
      const h = this.hashes[s] as number;
      if (h === tag || h === 0) return s;
      s = (s + 1) & mask;
    }
  }

  /** The members at a slot from `slot`: undefined when empty, one record index, or the list. */
  at(slot: number): number | number[] | undefined {
    if (this.hashes[slot] === 0) return undefined;
    const v = this.values[slot] as number;
    return v >= 0 ? v : (this.lists[-v - 1] as number[]);
  }

  get(hash: number): number | number[] | undefined {
    return this.at(this.slot(hash));
  }

  /** Adds record `index` to the block of `hash`, whose slot `slot` returned (nothing added since). */
  addAt(slot: number, hash: number, index: number): void {
    if (this.hashes[slot] === 0) {
      this.hashes[slot] = hash + 1;
      this.values[slot] = index;
      this.count++;
      if (this.count * 2 > this.hashes.length) this.grow();
      return;
    }
    const v = this.values[slot] as number;
    if (v >= 0) {
      this.lists.push([v, index]);
      this.values[slot] = -this.lists.length;
    } else (this.lists[-v - 1] as number[]).push(index);
  }

  private grow(): void {
    const oldHashes = this.hashes;
    const oldValues = this.values;
    this.hashes = new Int32Array(oldHashes.length * 2);
    this.values = new Int32Array(oldHashes.length * 2);
    for (let s = 0; s < oldHashes.length; s++) {
      const h = oldHashes[s] as number;
      if (h === 0) continue;
      const t = this.slot(h - 1);
      this.hashes[t] = h;
      this.values[t] = oldValues[s] as number;
    }
  }
}
