import { describe, expect, it } from 'vitest';
import { countryCode } from './country.js';

describe('countryCode', () => {
  it('reads codes, English names for every assigned code, other languages and common variants', () => {
    const cases: [string, string | undefined][] = [
      ['de', 'DE'],
      ['UK', 'GB'],
      ['DEU', 'DE'],
      ['USA', 'US'],
      ['U.S.A.', 'US'],
      ['United States of America', 'US'],
      ['Germany', 'DE'],
      ['Deutschland', 'DE'],
      ['Vereinigtes Königreich', 'GB'],
      ['Royaume-Uni', 'GB'],
      ['España', 'ES'],
      ['Italia', 'IT'],
      ['Korea, Republic of', 'KR'],
      ['South Korea', 'KR'],
      ['Czech Republic', 'CZ'],
      ['Türkiye', 'TR'],
      ['Holland', 'NL'],
      ['Côte d’Ivoire', 'CI'],
      ['Bosnia & Herzegovina', 'BA'],
      ['Narnia', undefined],
      ['XX', undefined],
      ['', undefined],
    ];
    for (const [text, code] of cases) expect(countryCode(text), text).toBe(code);
  });

  it('knows the English name of every code libphonenumber knows', async () => {
    const { getCountries } = await import('libphonenumber-js/max');
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of getCountries()) expect(countryCode(names.of(code)), code).toBe(code);
  });
});
