import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../../testing/resolver-lab/dev-set.js';
import { generatePeople } from '../../testing/resolver-lab/index.js';
import { defaultBlockingPasses } from './blocking.js';
import { hashKey } from './hash.js';
import { preparePerson } from './prepare.js';
import type { PersonRecord } from './types.js';

// The resolver blocks on `hashes` when a pass has it: it must give exactly hashKey of each of
// `keys`, in order (duplicates included), or candidate pairs and so links would change.
const set = (name: string) =>
  loadLabelledSet(fileURLToPath(new URL(`../../../../testdata/${name}`, import.meta.url))).records;

const edgeCases: PersonRecord[] = [
  { recordId: 'a', firstName: '𝓐lice', lastName: '𝔅rown', companyName: 'Acme', city: 'Paris' },
  { recordId: 'b', firstName: 'Ann', lastName: 'Lee', companyDomain: 'acme.com', email: 'ann@acme.co.uk' },
  { recordId: 'c', fullName: 'Jo', dob: '1970-01-02', postcode: 'AB1 2CD', address: '12 High St' },
  { recordId: 'd', firstName: 'Bob', lastName: 'Smith', companyName: 'Acme', companyDomain: 'acme.com' },
  { recordId: 'e', firstName: '42', lastName: '!!', dob: '1980', ssn: '123-45-6789', passport: 'X1' },
  {
    recordId: 'f',
    email: 'john.smith@gmail.com',
    otherEmails: ['j.smith@example.org'],
    phone: '+1 555 0100 200',
  },
  {
    recordId: 'g',
    firstName: 'William',
    lastName: 'Wu',
    driversLicense: 'D1',
    nationalId: 'N2',
    city: 'Lyon',
  },
];

describe('blocking passes hash their keys without building them', () => {
  const people = [
    ...edgeCases,
    ...set('resolution-dev'),
    ...set('er-public/fake-1000'),
    ...set('er-public/febrl3'),
    ...generatePeople({ records: 3000, seed: 5 }).records,
  ].map((record, i) => preparePerson(record, i));
  for (const pass of defaultBlockingPasses) {
    it(`${pass.name}: hashes equal hashKey of keys`, () => {
      expect(pass.hashes).toBeDefined();
      let keys = 0;
      for (const p of people) {
        const out: number[] = [];
        pass.hashes?.(p, out);
        const want = pass.keys(p).map(hashKey);
        keys += want.length;
        expect(out, `${pass.name} ${p.recordId}`).toEqual(want);
      }
      expect(keys).toBeGreaterThan(0);
    });
  }
});
