import { describe, expect, it } from 'vitest';
import { parseStreetAddress } from './street-address.js';

describe('parseStreetAddress', () => {
  it('folds abbreviations, directions and ordinals so spellings of one place agree', () => {
    const a = parseStreetAddress('2929 West 19th Street');
    const b = parseStreetAddress('2929 W. 19TH ST.');
    expect(a).toEqual({ number: '2929', street: ['19'], streetKey: '19', direction: 'w', unit: null });
    expect(b).toEqual(a);
    expect(parseStreetAddress('1312 S Racine Avenue')?.streetKey).toBe('racine');
    expect(parseStreetAddress('1312 S. RACINE')?.streetKey).toBe('racine');
    expect(parseStreetAddress('1900 W. VanBuren')?.streetKey).toBe('vanburen');
    expect(parseStreetAddress('1900 West Van Buren Street')?.streetKey).toBe('vanburen');
  });

  it('keeps the unit apart from the street and the first number of a range', () => {
    expect(parseStreetAddress('2141 South Tan Court 1st Floor')).toMatchObject({
      number: '2141',
      streetKey: 'tan',
      unit: '1st floor',
    });
    expect(parseStreetAddress('500 Main St, Suite 200')).toMatchObject({ number: '500', unit: 'suite 200' });
    expect(parseStreetAddress('12-14 High Street')).toMatchObject({ number: '12', streetKey: 'high' });
    expect(parseStreetAddress('Court Street')).toMatchObject({ number: null, streetKey: 'court' });
  });

  it('returns null for nothing', () => {
    expect(parseStreetAddress('')).toBeNull();
    expect(parseStreetAddress(null)).toBeNull();
    expect(parseStreetAddress(' , ')).toBeNull();
  });
});
