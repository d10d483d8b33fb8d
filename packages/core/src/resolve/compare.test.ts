import { describe, expect, it } from 'vitest';
import {
  C_COMPANY,
  C_EMAIL,
  C_FIRST,
  C_LAST,
  C_LINKEDIN,
  C_PHONE,
  C_TITLE,
  COMPARISON_COUNT,
  comparePeople,
  emailTypo,
  noSharedKeys,
  peopleConflict,
} from './compare.js';
import { preparePerson } from './prepare.js';
import type { PersonRecord } from './types.js';

const prep = (r: Partial<PersonRecord>, i = 0) => preparePerson({ recordId: `r${i}`, ...r }, i);
const levelsOf = (a: Partial<PersonRecord>, b: Partial<PersonRecord>) => {
  const out = new Int8Array(COMPARISON_COUNT);
  const conflict = comparePeople(prep(a, 0), prep(b, 1), noSharedKeys, out);
  return { out, conflict };
};

describe('comparePeople', () => {
  it('grades first names: exact, nickname, typo, different real names, initial', () => {
    expect(levelsOf({ firstName: 'Anna' }, { firstName: 'ANNA' }).out[C_FIRST]).toBe(0);
    expect(levelsOf({ firstName: 'Robert' }, { firstName: 'Bobby' }).out[C_FIRST]).toBe(1);
    expect(levelsOf({ firstName: 'Jessica' }, { firstName: 'Jesica' }).out[C_FIRST]).toBe(2);
    expect(levelsOf({ firstName: 'Daniel' }, { firstName: 'Danielle' }).out[C_FIRST]).toBe(3);
    expect(levelsOf({ firstName: 'J.' }, { firstName: 'John' }).out[C_FIRST]).toBe(4);
    expect(levelsOf({ firstName: 'Olga' }, { firstName: 'Priya' }).out[C_FIRST]).toBe(5);
    expect(levelsOf({ firstName: 'Olga' }, {}).out[C_FIRST]).toBe(-1);
  });

  it('grades last names with folding and typos', () => {
    expect(levelsOf({ lastName: 'Müller' }, { lastName: 'MULLER' }).out[C_LAST]).toBe(0);
    expect(levelsOf({ lastName: 'Gardner' }, { lastName: 'Gadrner' }).out[C_LAST]).toBe(1);
    expect(levelsOf({ lastName: 'Smith' }, { lastName: 'Jones' }).out[C_LAST]).toBe(3);
  });

  it('matches companies by domain, by name against a domain, and fuzzily', () => {
    expect(
      levelsOf({ companyDomain: 'https://www.acme.io/about' }, { email: 'x@mail.acme.io' }).out[C_COMPANY],
    ).toBe(0);
    expect(
      levelsOf({ companyName: 'Iron Logistics, LLC' }, { companyDomain: 'ironlogistics.com' }).out[C_COMPANY],
    ).toBe(1);
    expect(levelsOf({ companyName: 'Pixel Software' }, { email: 'a@pixelhq.com' }).out[C_COMPANY]).toBe(2);
    expect(levelsOf({ companyName: 'Pixel Software' }, { companyName: 'Zenith Energy' }).out[C_COMPANY]).toBe(
      3,
    );
    // Free mail says nothing about the employer.
    expect(levelsOf({ email: 'a@gmail.com' }, { email: 'b@gmail.com' }).out[C_COMPANY]).toBe(-1);
  });

  it('compares titles by normalized form, then by seniority and department', () => {
    expect(levelsOf({ title: 'VP of Sales' }, { title: 'vp of sales' }).out[C_TITLE]).toBe(0);
    expect(levelsOf({ title: 'HR Manager' }, { title: 'People Operations Manager' }).out[C_TITLE]).toBe(1);
    expect(levelsOf({ title: 'CTO' }, { title: 'Growth Marketer' }).out[C_TITLE]).toBe(2);
  });

  it('treats identifiers exactly, and flags hard conflicts', () => {
    const same = levelsOf(
      { email: 'Jane+x@Acme.io', phone: '+1 (512) 555-0199', linkedinUrl: 'uk.linkedin.com/in/jane' },
      { email: 'jane@acme.io', phone: '512.555.0199', linkedinUrl: 'https://www.linkedin.com/in/JANE/' },
    );
    expect([same.out[C_EMAIL], same.out[C_PHONE], same.out[C_LINKEDIN], same.conflict]).toEqual([
      0,
      0,
      0,
      false,
    ]);
    expect(
      levelsOf({ linkedinUrl: 'linkedin.com/in/a' }, { linkedinUrl: 'linkedin.com/in/b' }).conflict,
    ).toBe(true);
    expect(levelsOf({ email: 'jdoe@acme.io' }, { email: 'john.doe@acme.io' }).conflict).toBe(true);
    // Personal addresses and role mailboxes are not conflicts.
    expect(levelsOf({ email: 'jdoe@gmail.com' }, { email: 'john.doe@gmail.com' }).conflict).toBe(false);
    expect(levelsOf({ email: 'info@acme.io' }, { email: 'john.doe@acme.io' }).conflict).toBe(false);
    expect(peopleConflict(prep({ email: 'jdoe@acme.io' }), prep({ email: 'j.doe@acme.io' }, 1))).toBe(true);
  });
});

describe('emailTypo', () => {
  // The rules as regular expressions, as they were first written: the code checks them by hand.
  const reference = (x: string, y: string): boolean => {
    const lx = x.slice(0, x.indexOf('@'));
    const ly = y.slice(0, y.indexOf('@'));
    if (lx !== ly && (lx.replace(/\d+$/, '') === ly || ly.replace(/\d+$/, '') === lx)) return false;
    if (lx !== ly && lx.replace(/[._-]/g, '') === ly.replace(/[._-]/g, '')) return false;
    return emailTypo(x, y);
  };

  it('refuses mailboxes that only add digits or punctuation, like the regular expressions', () => {
    const locals = [
      'jsmith',
      'jsmith2',
      'jsmith22',
      'j.smith',
      'j_smith',
      'j-smi.th',
      'jsmitn',
      '2',
      '',
      '.',
      'js1mith',
    ];
    for (const a of locals)
      for (const b of locals)
        for (const d of ['@acme.com', '@acme.co']) {
          const x = `${a}@acme.com`;
          const y = `${b}${d}`;
          expect(emailTypo(x, y), `${x} ${y}`).toBe(reference(x, y));
        }
    expect(emailTypo('jsmith@acme.com', 'jsmith2@acme.com')).toBe(false);
    expect(emailTypo('jsmith@acme.com', 'j.smith@acme.com')).toBe(false);
    expect(emailTypo('jsmith@acme.com', 'jsmitn@acme.com')).toBe(true);
  });
});
