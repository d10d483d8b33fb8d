import { describe, expect, it } from 'vitest';
import { formalNames, isNicknameOf, nicknameGroupCount } from './nicknames.js';
import { displayCase, normalizePersonName, splitFullName } from './person-name.js';
import { foldDiacritics, foldForCompare } from './text.js';

describe('splitFullName', () => {
  it('splits first, middle and last', () => {
    expect(splitFullName('Mary Ann Smith')).toEqual({ first: 'Mary', middle: 'Ann', last: 'Smith' });
    expect(splitFullName('Smith, John')).toEqual({ first: 'John', middle: '', last: 'Smith' });
    expect(splitFullName('Madonna')).toEqual({ first: 'Madonna', middle: '', last: '' });
  });
  it('removes honorifics and suffixes', () => {
    expect(splitFullName('Dr. Jane Doe PhD')).toEqual({ first: 'Jane', middle: '', last: 'Doe' });
    expect(splitFullName('Mr John Smith, Jr.')).toEqual({ first: 'John', middle: '', last: 'Smith' });
    expect(splitFullName('Prof. Ada Lovelace III')).toEqual({ first: 'Ada', middle: '', last: 'Lovelace' });
  });
  it('keeps surname particles', () => {
    expect(splitFullName('Ludwig van Beethoven').last).toBe('van Beethoven');
    expect(splitFullName('Maria de la Cruz').last).toBe('de la Cruz');
  });
});

describe('normalizePersonName', () => {
  it('fixes case and builds folded keys', () => {
    const n = normalizePersonName({ first: 'JOSÉ', last: "o'brien" });
    expect(n).toMatchObject({ first: 'José', last: "O'Brien", firstKey: 'jose', lastKey: 'obrien' });
  });
  it('splits a full name put into the first-name field', () => {
    expect(normalizePersonName({ first: 'Dylan RODRIGUEZ', last: '' })).toMatchObject({
      first: 'Dylan',
      last: 'Rodriguez',
    });
    expect(normalizePersonName({ full: 'Dr. Zoë Ødegård' })).toMatchObject({
      firstKey: 'zoe',
      lastKey: 'odegard',
    });
  });
  it('folds Unicode names for comparison', () => {
    expect(normalizePersonName({ first: 'Jürgen', last: 'Müller' }).lastKey).toBe('muller');
    expect(normalizePersonName({ first: 'Łukasz', last: 'Straße' })).toMatchObject({
      firstKey: 'lukasz',
      lastKey: 'strasse',
    });
    expect(normalizePersonName({ first: 'François', last: 'Lefèvre-Dupont' }).lastKey).toBe('lefevredupont');
    expect(foldDiacritics('Ångström Čapek Nuñez')).toBe('Angstrom Capek Nunez');
    expect(foldForCompare('  Renée  O’Connor ')).toBe('renee oconnor');
  });
  it('knows the formal names behind nicknames', () => {
    expect(normalizePersonName({ first: 'Bob', last: 'Smith' }).formalFirst).toEqual(['robert']);
    expect(displayCase('mcdonald')).toBe('McDonald');
  });
});

describe('nicknames', () => {
  it('has at least 150 name groups', () => {
    expect(nicknameGroupCount()).toBeGreaterThanOrEqual(150);
  });
  it.each([
    ['robert', 'bob'],
    ['bobby', 'rob'],
    ['william', 'bill'],
    ['will', 'liam'],
    ['elizabeth', 'liz'],
    ['beth', 'lizzie'],
    ['margaret', 'peggy'],
    ['richard', 'dick'],
    ['katherine', 'kate'],
    ['james', 'jim'],
    ['alexander', 'sandy'],
  ])('%s ~ %s', (a, b) => {
    expect(isNicknameOf(a, b)).toBe(true);
    expect(isNicknameOf(b, a)).toBe(true);
  });
  it('does not link unrelated names', () => {
    expect(isNicknameOf('robert', 'william')).toBe(false);
    expect(isNicknameOf('bob', 'bill')).toBe(false);
    expect(isNicknameOf('zelda', 'zora')).toBe(false);
    expect(isNicknameOf('zelda', 'zelda')).toBe(true);
  });
  it('lists every formal name of an ambiguous short form', () => {
    expect(formalNames('al')).toEqual(expect.arrayContaining(['albert', 'alan', 'alexander', 'alfred']));
    expect(formalNames('unknownname')).toEqual(['unknownname']);
  });
});
