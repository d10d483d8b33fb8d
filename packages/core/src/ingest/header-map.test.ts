import { describe, expect, it } from 'vitest';
import { applyMapping, flattenRecord, MULTI, mapHeaders, unknownMapTargets } from './header-map.js';
import { peopleKind } from './people-kind.js';

describe('header mapping', () => {
  it("reads several columns of one field in priority order: the field's own name, then aliases in table order", () => {
    const { mapping, unknown } = mapHeaders(
      ['Job Title', 'Title', 'E-mail 2 Address', 'E-mail Address', 'Favourite Colour'],
      peopleKind.aliases,
    );
    expect(Object.entries(mapping)).toEqual([
      ['Title', 'title'],
      ['Job Title', 'title'],
      ['E-mail Address', 'email'],
      ['E-mail 2 Address', 'email'],
    ]);
    expect(unknown).toEqual(['Favourite Colour']);
    expect(applyMapping({ Title: 'Herr', 'Job Title': 'CTO' }, mapping).title).toBe(`Herr${MULTI}CTO`);
  });

  it('an explicit map wins, "ignore" leaves a column out, and an unknown field is an error naming the nearest', () => {
    const { mapping, unknown } = mapHeaders(['Mail', 'Website'], peopleKind.aliases, {
      Mail: 'email',
      Website: 'ignore',
    });
    expect(mapping).toEqual({ Mail: 'email' });
    expect(unknown).toEqual(['Website']);
    expect(unknownMapTargets({ A: 'emial', B: 'company', C: 'ignore' }, peopleKind.aliases)).toEqual([
      '--map A=emial: no field "emial"; did you mean email?',
      '--map B=company: no field "company"; did you mean company_name?',
    ]);
  });

  it('flattens nested JSON by documented paths and never yields "[object Object]"', () => {
    const flat = flattenRecord({
      id: 7,
      properties: { email: 'a@b.example', firstname: { value: 'Ann' } },
      organization: { name: 'Acme', address: { city: 'Oslo' } },
      phone_numbers: [{ sanitized_number: '+4712345678' }, { sanitized_number: '+4787654321' }],
      tags: ['x', 'y'],
    });
    expect(flat).toEqual({
      id: 7,
      email: 'a@b.example',
      firstname: 'Ann',
      'organization.name': 'Acme',
      'organization.address.city': 'Oslo',
      'phone_numbers.sanitized_number': `+4712345678${MULTI}+4787654321`,
      tags: `x${MULTI}y`,
    });
    expect(applyMapping({ company: { name: 'Acme' } }, { company: 'company_name' })).toEqual({});
  });
});
