import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRows } from './csv.js';
import { hashKey, seededRandom } from './hash.js';
import { jaro, jaroWinkler } from './jaro-winkler.js';
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
