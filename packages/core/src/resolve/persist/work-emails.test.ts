import { describe, expect, it } from 'vitest';
import { defaultPersonModel } from '../model.js';
import { type Entity, linkBatch } from './link.js';
import { checkPerson, type PersonValue } from './person-value.js';

const value = (fields: Record<string, string>): PersonValue => {
  const checked = checkPerson(fields);
  if (!checked.ok) throw new Error(checked.reason);
  return checked.value;
};

const link = (rows: Record<string, string>[]) => {
  const entities = new Map<string, Entity>();
  const keyIndex = new Map<string, Set<string>>();
  let n = 0;
  return rows.map(
    (row) =>
      linkBatch([{ value: value(row), trust: 0.5, seenAt: new Date() }], entities, keyIndex, {
        model: defaultPersonModel(),
        priorRecords: 1000,
        graphPersons: Math.max(1, entities.size),
        newEntityId: () => `per_${n++}`,
      }).linked[0]?.entityId,
  );
};

const lena = {
  first_name: 'Lena',
  last_name: 'Schäfer',
  company_name: 'Contoso GmbH',
  city: 'Berlin',
  country: 'DE',
};

describe('two work addresses at one company', () => {
  it('are one person when the records share a phone or a LinkedIn profile', () => {
    const [a, b] = link([
      { ...lena, email: 'lena.schaefer@contoso.example', phone: '+49 30 1234568' },
      { ...lena, email: 'l.schaefer@contoso.example', phone: '030 1234568' },
    ]);
    expect(a).toBe(b);
    const [c, d] = link([
      {
        ...lena,
        email: 'lena.schaefer@contoso.example',
        linkedin_url: 'linkedin.com/in/lena-schaefer-example',
      },
      {
        ...lena,
        email: 'l.schaefer@contoso.example',
        linkedin_url: 'https://www.linkedin.com/in/lena-schaefer-example/',
      },
    ]);
    expect(c).toBe(d);
  });

  it('are two colleagues on names alone, and with different phones', () => {
    const [a, b] = link([
      { ...lena, email: 'lena.schaefer@contoso.example' },
      { ...lena, email: 'l.schaefer@contoso.example' },
    ]);
    expect(a).not.toBe(b);
    const [c, d] = link([
      { ...lena, email: 'lena.schaefer@contoso.example', phone: '+49 30 1234568' },
      { ...lena, email: 'l.schaefer@contoso.example', phone: '+49 30 1234569' },
    ]);
    expect(c).not.toBe(d);
  });
});
