import { describe, expect, it } from 'vitest';
import { interpretQuery } from './interpret.js';
import { companySearchFilters, peopleSearchFilters } from './schema.js';

// Words from every part of the vocabulary, numbers and punctuation, mixed at random.
const POOL = (
  'fintech SaaS Germany German US us UK London Berlin Labs Capital Group Bank of America in at of for with ' +
  'using on not without Salesforce HubSpot Stripe slack and or , - + $ 10M 50 200 1,000 10k 2015 2010s ' +
  'founded since after before between to over under fewer than more employees people revenue startups ' +
  'mid-size enterprise small companies VPs VP sales marketing CTOs heads head senior software engineers ' +
  'verified email mobile number "Paris Capital" called Texas the a website public nonprofits DACH it IT ' +
  '2100 1600 10,000,000 0 99999999999999 $ 5.5 e-commerce Inc. 3M'
).split(' ');

// A small deterministic generator so a failure can be reproduced.
const random = (seed: number) => () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

describe('interpretQuery on random sentences', () => {
  it('never throws and always produces valid filters from words of the sentence', () => {
    const next = random(42);
    for (let n = 0; n < 1500; n++) {
      const length = 1 + Math.floor(next() * 12);
      const words = Array.from({ length }, () => POOL[Math.floor(next() * POOL.length)] as string);
      const sentence = words.join(next() < 0.5 ? ' ' : '  ');
      const entity = next() < 0.5 ? 'companies' : 'people';
      const read = interpretQuery(sentence, entity);
      const schema = entity === 'people' ? peopleSearchFilters : companySearchFilters;
      const parsed = schema.safeParse(read.filters);
      if (!parsed.success) throw new Error(`${sentence}: ${parsed.error.message}`);
      const lower = sentence.toLowerCase();
      for (const m of read.matched) expect(sentence).toContain(m.text);
      for (const word of read.leftover.split(' ').filter(Boolean)) expect(lower).toContain(word);
    }
  });
});
