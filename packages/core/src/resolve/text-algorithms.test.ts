import { describe, expect, it } from 'vitest';
import { COMPARISON_COUNT, personComparisons } from './compare.js';
import { parseCsv, parseCsvRows } from './csv.js';
import { decodePattern, encodePattern } from './em.js';
import { hashKey, seededRandom } from './hash.js';
import { charMask, jaro, jaroWinkler, jaroWinklerMasked } from './jaro-winkler.js';
import { soundex } from './phonetic.js';

describe('jaroWinkler', () => {
  it.each([
    ['martha', 'marhta', 0.961],
    ['dwayne', 'duane', 0.84],
    ['dixon', 'dicksonx', 0.813],
    ['jellyfish', 'smellyfish', 0.896],
  ])('%s ~ %s = %f', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
  });
  it('handles equal, empty and disjoint strings', () => {
    expect(jaroWinkler('same', 'same')).toBe(1);
    expect(jaro('', '')).toBe(0);
    expect(jaro('abc', 'xyz')).toBe(0);
  });
  it('short-circuits pairs that cannot reach the floor', () => {
    expect(jaroWinkler('al', 'alexandria', 0.9)).toBe(0);
    expect(jaroWinkler('martha', 'marhta', 0.9)).toBeCloseTo(0.961, 3);
  });
});

describe('soundex', () => {
  it.each([
    ['robert', 'r163'],
    ['rupert', 'r163'],
    ['ashcraft', 'a261'],
    ['tymczak', 't522'],
    ['pfister', 'p236'],
    ['lee', 'l000'],
    ['', ''],
  ])('%s -> %s', (name, code) => {
    expect(soundex(name)).toBe(code);
  });
});

describe('parseCsv', () => {
  it('handles quotes, doubled quotes, commas and CRLF', () => {
    const text = 'id,title,city\r\n1,"Vice President, Sales",Paris\r\n2,"She said ""hi""",\r\n';
    expect(parseCsv(text)).toEqual([
      { id: '1', title: 'Vice President, Sales', city: 'Paris' },
      { id: '2', title: 'She said "hi"', city: '' },
    ]);
    expect(parseCsvRows('a,"b\nc"')).toEqual([['a', 'b\nc']]);
  });
});

describe('hash helpers', () => {
  it('hashes to small integers deterministically', () => {
    const h = hashKey('ejane@example.com');
    expect(h).toBe(hashKey('ejane@example.com'));
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 30).toBe(true);
    expect(hashKey('a')).not.toBe(hashKey('b'));
  });
  it('draws the same sequence for the same seed', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('jaro on short and long strings', () => {
  // The textbook algorithm with flag arrays, to check the bitmask version used for short strings.
  const reference = (a: string, b: string): number => {
    if (a === b) return a.length === 0 ? 0 : 1;
    if (!a.length || !b.length) return 0;
    const window = Math.max(0, (Math.max(a.length, b.length) >> 1) - 1);
    const fa = new Array<boolean>(a.length).fill(false);
    const fb = new Array<boolean>(b.length).fill(false);
    let m = 0;
    for (let i = 0; i < a.length; i++)
      for (let j = Math.max(0, i - window); j <= Math.min(b.length - 1, i + window); j++)
        if (!fb[j] && a[i] === b[j]) {
          fa[i] = fb[j] = true;
          m++;
          break;
        }
    if (m === 0) return 0;
    let t = 0;
    let k = 0;
    for (let i = 0; i < a.length; i++) {
      if (!fa[i]) continue;
      while (!fb[k]) k++;
      if (a[i] !== b[k]) t++;
      k++;
    }
    return (m / a.length + m / b.length + (m - t / 2) / m) / 3;
  };
  it('agrees with the textbook algorithm at every length up to 40', () => {
    const random = seededRandom(7);
    const word = (n: number) =>
      Array.from({ length: n }, () => 'abcdefgh'[Math.floor(random() * 8)] as string).join('');
    for (let trial = 0; trial < 3000; trial++) {
      const a = word(1 + Math.floor(random() * 40));
      const b = random() < 0.3 ? a.slice(0, -1) + word(1) : word(1 + Math.floor(random() * 40));
      expect(jaro(a, b)).toBeCloseTo(reference(a, b), 12);
    }
  });
});

describe('jaroWinkler with a floor', () => {
  it('returns the exact similarity whenever it reaches the floor, and 0 only below it', () => {
    const random = seededRandom(11);
    const word = (n: number) =>
      Array.from({ length: n }, () => 'abcdeéfgh-'[Math.floor(random() * 10)] as string).join('');
    for (let trial = 0; trial < 5000; trial++) {
      const a = word(1 + Math.floor(random() * 12));
      const b = random() < 0.5 ? a.slice(1) + word(1) : word(1 + Math.floor(random() * 12));
      const floor = 0.7 + random() * 0.25;
      const exact = jaroWinkler(a, b);
      const floored = jaroWinkler(a, b, floor);
      if (exact >= floor) expect(floored).toBe(exact);
      else expect(floored === 0 || floored === exact).toBe(true);
    }
  });
});

describe('jaroWinklerMasked', () => {
  it('gives what jaroWinkler gives with the same floor', () => {
    const words = ['acme', 'acmeinc', 'acne', 'paris', 'parys', 'london', '', 'a', 'zzzz', 'ácme', 'nodnol'];
    for (const a of words)
      for (const b of words)
        for (const floor of [0, 0.8, 0.9, 0.92])
          expect(jaroWinklerMasked(a, b, floor, charMask(a), charMask(b))).toBe(jaroWinkler(a, b, floor));
  });
});

describe('comparison pattern codes', () => {
  it('decode what they encode, every level of every comparison', () => {
    const rand = seededRandom(3);
    const levels = new Int8Array(COMPARISON_COUNT);
    const back = new Int8Array(COMPARISON_COUNT);
    for (let n = 0; n < 2000; n++) {
      personComparisons.forEach((c, k) => {
        levels[k] = Math.floor(rand() * (c.levels.length + 1)) - 1;
      });
      expect(decodePattern(encodePattern(levels), back)).toEqual(levels);
    }
  });
});
