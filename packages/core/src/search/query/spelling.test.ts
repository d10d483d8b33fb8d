import { describe, expect, it } from 'vitest';
import { interpretQuery } from './interpret.js';
import { distance, Speller } from './spelling.js';

describe('distance', () => {
  it.each([
    ['salesfroce', 'salesforce', 1],
    ['finacial', 'financial', 1],
    ['isreal', 'israel', 1],
    ['kitten', 'sitting', 3],
    ['same', 'same', 0],
  ])('%s -> %s = %d', (a, b, d) => {
    expect(distance(a, b, 5)).toBe(d);
  });
  it('stops past the limit', () => {
    expect(distance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
  });
});

describe('Speller', () => {
  const speller = new Speller(new Set(['salesforce', 'israel', 'ireland', 'offices']), [
    'salesforce',
    'israel',
    'ireland',
  ]);
  it('corrects to the one nearest word', () => {
    expect(speller.correct('salesfroce')).toBe('salesforce');
    expect(speller.correct('isreal')).toBe('israel');
  });
  it('leaves known, short and far words alone', () => {
    expect(speller.correct('offices')).toBeUndefined();
    // Five letters: only a swap.
    expect(speller.correct('isral')).toBeUndefined();
    expect(speller.correct('isrrael')).toBe('israel');
    expect(speller.correct('irel')).toBeUndefined();
    expect(speller.correct('zzzzzzz')).toBeUndefined();
  });
  it('leaves a word that is as near to two known words', () => {
    const two = new Speller(new Set(), ['marker', 'market']);
    expect(two.correct('markey')).toBeUndefined();
  });
});

describe('misspellings in a sentence', () => {
  it.each([
    [
      'companies using salesfroce',
      { technologies: { all: ['salesforce'] } },
      [{ from: 'salesfroce', to: 'salesforce' }],
    ],
    [
      'finacial services companies in Isreal',
      { industry: ['financial_services'], country: ['IL'] },
      [
        { from: 'finacial', to: 'financial' },
        { from: 'isreal', to: 'israel' },
      ],
    ],
    [
      'helthcare startups',
      { industry: ['healthcare'], employees: { min: 1, max: 50 } },
      [{ from: 'helthcare', to: 'healthcare' }],
    ],
  ])('%s', (sentence, filters, corrections) => {
    const read = interpretQuery(sentence);
    expect(read.filters).toEqual(filters);
    expect(read.corrections).toEqual(corrections);
    expect(read.unused_words).toEqual([]);
  });

  it('never corrects common words into filters', () => {
    for (const sentence of [
      'leading companies in Sweden',
      'green companies in Sweden',
      'branding agencies in Sweden',
    ]) {
      const read = interpretQuery(sentence);
      expect([sentence, read.corrections]).toEqual([sentence, []]);
      expect(read.filters).toMatchObject({ country: ['SE'] });
      expect(Object.keys(read.filters)).toEqual(['country']);
    }
  });

  it('reports no correction no filter used, and keeps the word as written', () => {
    const read = interpretQuery('companies with offices in London');
    expect(read.filters).toEqual({ city: ['London'] });
    expect(read.corrections).toEqual([]);
    expect(read.unused_words).toEqual(['offices']);
  });
});
