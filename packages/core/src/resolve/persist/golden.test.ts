import { describe, expect, it } from 'vitest';
import { preparePerson } from '../prepare.js';
import { goldenRecord } from './golden.js';
import type { EntityRecord } from './link.js';
import { asPersonRecord, type PersonValue } from './person-value.js';

let clock = 0;
const record = (value: Partial<PersonValue>, trust = 0.5, sourceId?: string): EntityRecord => {
  const v = { fullName: '', ...value } as PersonValue;
  return {
    sourceId,
    value: v,
    trust,
    seenAt: new Date(2026, 0, 1, 0, 0, clock++),
    prepared: preparePerson(asPersonRecord('r', v), 0),
  };
};
const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((x, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]),
      );

/** The golden record of the same records arriving in every order (each order seen later = newer). */
const everyOrder = (values: [Partial<PersonValue>, number?][]) =>
  permutations(values).map((order) => {
    const records = order.map(([v, trust]) => record(v, trust));
    return goldenRecord(records);
  });

const crm: Partial<PersonValue> = {
  firstName: 'Jürgen',
  lastName: 'Müller',
  fullName: 'Jürgen Müller',
  companyName: 'Contoso GmbH',
  companyDomain: 'contoso.example',
  title: 'CTO',
  city: 'Berlin',
  country: 'DE',
};

describe('goldenRecord (survivorship)', () => {
  it('a list without an employer never blanks the employer, in any order', () => {
    for (const g of everyOrder([[crm], [{ firstName: 'Jürgen', lastName: 'Müller', title: 'Open to work' }]]))
      expect(g).toMatchObject({ companyDomain: 'contoso.example', title: 'CTO' });
  });

  it('a company name alone does not replace the same job with its domain; spellings of one employer pick the same value in any order', () => {
    const results = everyOrder([
      [crm],
      [{ ...crm, companyName: 'Contoso', companyDomain: undefined, title: 'Chief Technology Officer' }],
      [{ ...crm, companyName: 'Contoso' }],
      [{ ...crm }],
      [{ ...crm, companyName: 'Contoso' }],
    ]);
    expect(new Set(results.map((g) => JSON.stringify(g))).size).toBe(1);
    expect(results[0]).toMatchObject({ companyDomain: 'contoso.example', title: 'CTO' });
  });

  it('damaged text is never chosen, even from a more trusted or newer record', () => {
    for (const g of everyOrder([
      [crm, 0.5],
      [
        { ...crm, firstName: 'J\uFFFDrgen', lastName: 'M\uFFFDller', fullName: 'J\uFFFDrgen M\uFFFDller' },
        0.9,
      ],
    ]))
      expect(g).toMatchObject({ firstName: 'Jürgen', lastName: 'Müller', fullName: 'Jürgen Müller' });
    const g = goldenRecord([
      record(crm),
      record({ ...crm, companyName: '[object Object]', companyDomain: undefined }, 0.9),
    ]);
    expect(g.companyName).toBe('Contoso GmbH');
  });

  it('a more trusted source wins over more confirmations and newer records', () => {
    const g = goldenRecord([
      record({ ...crm, title: 'Chief Technology Officer' }, 0.9),
      record(crm),
      record(crm),
    ]);
    expect(g.title).toBe('Chief Technology Officer');
  });

  it('a different employer at equal evidence is a job change: the newer record wins', () => {
    const g = goldenRecord([
      record(crm),
      record({ ...crm, companyName: 'Fabrikam', companyDomain: 'fabrikam.example', title: 'CEO' }),
    ]);
    expect(g.companyDomain).toBe('fabrikam.example');
  });

  it("a source's newer record supersedes its own older one: what it no longer says is no confirmation", () => {
    const g = goldenRecord([
      record(crm, 0.5, 'crm'),
      record(crm, 0.9, 'vendor'),
      record({ ...crm, title: 'SVP Engineering' }, 0.9, 'vendor'),
    ]);
    expect(g.title).toBe('SVP Engineering');
    // Without sources the two CTO records would confirm each other.
    expect(
      goldenRecord([record(crm, 0.9), record(crm, 0.9), record({ ...crm, title: 'SVP Engineering' }, 0.9)])
        .title,
    ).toBe('CTO');
  });
});
