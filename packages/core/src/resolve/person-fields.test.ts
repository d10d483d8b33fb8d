import { describe, expect, it } from 'vitest';
import {
  C_ADDRESS,
  C_DOB,
  C_FIRST,
  C_ID,
  C_LAST,
  C_POSTCODE,
  comparePeople,
  noSharedKeys,
} from './compare.js';
import { addressKey, alnumKey, genderKey, parseDate, withinOneEdit } from './person-fields.js';
import { preparePerson } from './prepare.js';
import type { PersonRecord } from './types.js';

const levels = (a: Partial<PersonRecord>, b: Partial<PersonRecord>) => {
  const out = new Int8Array(16);
  comparePeople(
    preparePerson({ recordId: 'a', ...a }, 0),
    preparePerson({ recordId: 'b', ...b }, 1),
    noSharedKeys,
    out,
  );
  return out;
};

describe('identity fields', () => {
  it('parses dates of birth in the common layouts, partial dates and years alone', () => {
    expect(parseDate('1971-06-24')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('1971-06-24T00:00:00Z')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('19710624')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('24/06/1971')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('06/24/1971')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('24.06.71')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('24 Jun 1971')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('June 24, 1971')).toEqual({ y: 1971, m: 6, d: 24 });
    expect(parseDate('1971-06')).toEqual({ y: 1971, m: 6, d: 0 });
    expect(parseDate('06/1971')).toEqual({ y: 1971, m: 6, d: 0 });
    expect(parseDate('1971')).toEqual({ y: 1971, m: 0, d: 0 });
    expect(parseDate('not a date')).toEqual({ y: 0, m: 0, d: 0 });
    expect(parseDate('1971-13-40')).toEqual({ y: 0, m: 0, d: 0 });
  });

  it('normalizes addresses, postcodes, ids and gender', () => {
    expect(addressKey('12b Main St.')).toEqual({ number: '12b', tokens: ['main', 'street'] });
    expect(addressKey('7 Wallaby Pl')).toEqual({ number: '7', tokens: ['wallaby', 'place'] });
    expect(alnumKey(' sw1a-1aa ')).toBe('SW1A1AA');
    expect(alnumKey('123-45-6789')).toBe('123456789');
    expect([genderKey('Female'), genderKey('M'), genderKey('x')]).toEqual(['f', 'm', '']);
    expect(withinOneEdit('martha', 'marhta')).toBe(true);
    expect(withinOneEdit('martha', 'marta')).toBe(true);
    expect(withinOneEdit('martha', 'mrtah')).toBe(false);
  });

  it('grades dates of birth: exact, day and month swapped, one off, same year-month, same year, else', () => {
    const dob = (x: string, y: string) => levels({ dob: x }, { dob: y })[C_DOB];
    expect(dob('1971-06-24', '24/06/1971')).toBe(0);
    expect(dob('1971-06-04', '1971-04-06')).toBe(1);
    expect(dob('1971-06-24', '1971-06-25')).toBe(2);
    expect(dob('1971-06-30', '1971-07-01')).toBe(2);
    expect(dob('1971-06-24', '1917-06-24')).toBe(2);
    expect(dob('1971-06-24', '1971-06-11')).toBe(3);
    expect(dob('1971-06-24', '1971-09-11')).toBe(4);
    expect(dob('1971', '1971-09-11')).toBe(4);
    expect(dob('1971-06-24', '1985-02-07')).toBe(5);
    expect(dob('', '1985-02-07')).toBe(-1);
  });

  it('matches names swapped between the fields or a lone name in the other field', () => {
    const swapped = levels({ firstName: 'Isla', lastName: 'Hall' }, { firstName: 'Hall', lastName: 'Isla' });
    expect([swapped[C_FIRST], swapped[C_LAST]]).toEqual([2, 1]);
    const lone = levels({ firstName: 'Dean' }, { firstName: 'Evie', lastName: 'Dean' });
    expect([lone[C_FIRST], lone[C_LAST]]).toEqual([-1, 0]);
  });

  it('grades addresses, postcodes and identity numbers', () => {
    expect(levels({ address: '12 Main St' }, { address: '12 main street' })[C_ADDRESS]).toBe(0);
    expect(levels({ address: '12 Main St' }, { address: '12 mainn street' })[C_ADDRESS]).toBe(1);
    expect(levels({ address: '12 Main St' }, { address: '40 Park Rd' })[C_ADDRESS]).toBe(3);
    expect(levels({ postcode: '2119' }, { postcode: '2118' })[C_POSTCODE]).toBe(1);
    expect(levels({ ssn: '123-45-6789' }, { ssn: '123456789' })[C_ID]).toBe(0);
    expect(levels({ nationalId: '1804974' }, { nationalId: '1804947' })[C_ID]).toBe(1);
    expect(levels({ passport: 'X123' }, { nationalId: 'X123' })[C_ID]).toBe(-1);
    expect(levels({ nationalId: '1804974' }, { nationalId: '5551234' })[C_ID]).toBe(2);
  });
});
