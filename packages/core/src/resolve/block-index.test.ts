import { describe, expect, it } from 'vitest';
import { BlockIndex } from './block-index.js';
import { seededRandom } from './hash.js';

describe('BlockIndex', () => {
  it('holds the same blocks as a Map through many growths and colliding slots', () => {
    const index = new BlockIndex();
    const reference = new Map<number, number[]>();
    const random = seededRandom(5);
    for (let i = 0; i < 50_000; i++) {
      // Few distinct hashes at first (big blocks), then many; low bits alike to force probing.
      const hash = i < 5_000 ? Math.floor(random() * 50) * 4096 : Math.floor(random() * 2 ** 30);
      index.addAt(index.slot(hash), hash, i);
      const list = reference.get(hash);
      if (list) list.push(i);
      else reference.set(hash, [i]);
    }
    expect(index.size).toBe(reference.size);
    for (const [hash, members] of reference) {
      const got = index.get(hash);
      expect(typeof got === 'number' ? [got] : got).toEqual(members);
    }
    let absent = 7;
    while (reference.has(absent)) absent += 4096;
    expect(index.get(absent)).toBeUndefined();
  });
});
