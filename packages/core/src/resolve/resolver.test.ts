import { describe, expect, it } from 'vitest';
import { DossierError } from '../errors.js';
import { defaultPersonModel } from './model.js';
import { createResolver } from './resolver.js';
import type { PersonRecord } from './types.js';

let seq = 0;
const rec = (fields: Partial<PersonRecord>): PersonRecord => ({ recordId: `t${++seq}`, ...fields });

// A little background population so priors and term frequencies look like a real list.
const background = (n: number): PersonRecord[] => {
  const firsts = ['anna', 'ben', 'carl', 'dina', 'emil', 'fay', 'gus', 'hana', 'ivo', 'jade', 'kurt', 'lena'];
  const lasts = [
    'ames',
    'boyle',
    'crane',
    'drake',
    'eaton',
    'frost',
    'grove',
    'hale',
    'irwin',
    'judd',
    'knox',
  ];
  return Array.from({ length: n }, (_, i) =>
    rec({
      firstName: firsts[i % firsts.length],
      lastName: `${lasts[(i * 7) % lasts.length]}${Math.floor(i / 40)}`,
      email: `p${i}@bg${i % 30}.example`,
      companyName: `Background ${i % 30}`,
      city: 'Leeds',
    }),
  );
};

const sameEntity = (r: ReturnType<typeof createResolver>, a: PersonRecord, b: PersonRecord) =>
  r.entityOf(a.recordId) === r.entityOf(b.recordId);

describe('createResolver: hard cases', () => {
  it('joins variants of one person (case, nickname, typo, formats)', () => {
    const r = createResolver();
    const a = rec({
      firstName: 'Robert',
      lastName: 'Kowalczyk',
      email: 'robert.k@acme-robotics.example',
      phone: '+1 512 555 0199',
      companyName: 'Acme Robotics, Inc.',
      city: 'Austin',
      title: 'VP Sales',
    });
    const b = rec({
      firstName: 'BOB',
      lastName: 'kowalczyk',
      phone: '(512) 555-0199',
      companyName: 'ACME ROBOTICS',
      title: 'Vice President, Sales',
    });
    const c = rec({
      fullName: 'Robert Kowalcyzk',
      email: ' Robert.K@ACME-ROBOTICS.example ',
      companyDomain: 'https://www.acme-robotics.example/about',
    });
    r.addBatch([...background(200), a, b, c]);
    expect(sameEntity(r, a, b)).toBe(true);
    expect(sameEntity(r, a, c)).toBe(true);
  });

  it('keeps namesakes at the same company apart', () => {
    const r = createResolver();
    const a1 = rec({
      firstName: 'Olga',
      lastName: 'Murphy',
      email: 'olga.murphy@zenith.example',
      linkedinUrl: 'linkedin.com/in/olga-murphy-5295',
      companyName: 'Zenith Industries',
      city: 'Berlin',
      title: 'VP of Sales',
    });
    const a2 = rec({
      firstName: 'Olga',
      lastName: 'Murphy',
      email: 'olga.murphy@zenith.example',
      phone: '+49 30 7186217',
      companyName: 'Zenith Industries GmbH',
      title: 'VP Sales',
    });
    const b1 = rec({
      firstName: 'Olga',
      lastName: 'Murphy',
      email: 'omurphy@zenith.example',
      linkedinUrl: 'https://www.linkedin.com/in/OLGA-MURPHY-5295-794/',
      companyName: 'Zenith Industries',
      city: 'Berlin',
      title: 'Software Engineer',
    });
    const b2 = rec({
      firstName: 'olga',
      lastName: 'MURPHY',
      phone: '0049 30 3634220',
      linkedinUrl: 'linkedin.com/in/olga-murphy-5295-794',
      companyName: 'Zenith Industries',
      city: 'Berlin',
      title: 'Software Engineer',
    });
    r.addBatch([...background(200), a1, a2, b1, b2]);
    expect(sameEntity(r, a1, a2)).toBe(true);
    expect(sameEntity(r, b1, b2)).toBe(true);
    expect(sameEntity(r, a1, b1)).toBe(false);
    expect(sameEntity(r, a2, b2)).toBe(false);
  });

  it('never merges two different LinkedIn profiles or two work addresses at one domain', () => {
    const r = createResolver();
    const x = rec({
      firstName: 'Sam',
      lastName: 'Lee',
      linkedinUrl: 'linkedin.com/in/sam-lee-1',
      companyName: 'Orbit',
      phone: '+44 20 7946 0001',
      city: 'London',
    });
    const y = rec({
      firstName: 'Sam',
      lastName: 'Lee',
      linkedinUrl: 'linkedin.com/in/sam-lee-2',
      companyName: 'Orbit',
      phone: '+44 20 7946 0001',
      city: 'London',
    });
    const p = rec({
      firstName: 'Kim',
      lastName: 'Park',
      email: 'kpark@orbit.example',
      companyName: 'Orbit',
      city: 'London',
    });
    const q = rec({
      firstName: 'Kim',
      lastName: 'Park',
      email: 'kim.park@orbit.example',
      companyName: 'Orbit',
      city: 'London',
    });
    r.addBatch([...background(100), x, y, p, q]);
    expect(sameEntity(r, x, y)).toBe(false);
    expect(sameEntity(r, p, q)).toBe(false);
    expect(r.scorePair(x.recordId, y.recordId)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('joins a job changer through a personal email, a phone or a profile', () => {
    const r = createResolver();
    const old1 = rec({
      firstName: 'David',
      lastName: 'Castro',
      email: 'davidcastro716@gmail.com',
      companyName: 'Summit Robotics',
      city: 'Berlin',
      title: 'CSM',
    });
    const new1 = rec({
      firstName: 'David',
      lastName: 'Castro',
      email: 'davidcastro716@gmail.com',
      companyName: 'Ember Software',
      title: 'Customer Success Manager',
    });
    const old2 = rec({
      firstName: 'Lauren',
      lastName: 'Morales',
      phone: '1-617-289-4831',
      companyName: 'Quantum Health',
      email: 'lmorales2@quantum.example',
    });
    const new2 = rec({
      firstName: 'Lauren',
      lastName: 'Morales',
      phone: '(617) 289-4831',
      companyName: 'Red Solutions',
      email: 'lauren.morales@red.example',
    });
    const old3 = rec({
      firstName: 'Henry',
      lastName: 'Gonzalez',
      linkedinUrl: 'https://de.linkedin.com/in/henry-gonzalez/',
      companyName: 'Atlas Data',
    });
    const new3 = rec({
      firstName: 'Henry',
      lastName: 'Gonzalez',
      linkedinUrl: 'linkedin.com/in/Henry-Gonzalez?trk=x',
      companyName: 'Harbor Logistics',
    });
    r.addBatch([...background(200), old1, new1, old2, new2, old3, new3]);
    expect(sameEntity(r, old1, new1)).toBe(true);
    expect(sameEntity(r, old2, new2)).toBe(true);
    expect(sameEntity(r, old3, new3)).toBe(true);
  });

  it('leaves a bare record that matches two namesakes equally on its own', () => {
    const r = createResolver();
    const a = [
      rec({
        firstName: 'Scott',
        lastName: 'Fox',
        email: 'scottfox94@proton.me',
        linkedinUrl: 'linkedin.com/in/scott-fox-9909',
        companyName: 'Summit Bio',
        title: 'CFO',
      }),
      rec({
        firstName: 'Scott',
        lastName: 'Fox',
        email: 'scottfox94@proton.me',
        companyName: 'Summit Bio Inc',
        title: 'Chief Financial Officer',
      }),
    ];
    const b = [
      rec({
        firstName: 'Scott',
        lastName: 'Fox',
        email: 'sfox@summitbio.example',
        linkedinUrl: 'linkedin.com/in/scott-fox-9909-421',
        companyName: 'Summit Bio',
        title: 'Director of Engineering',
      }),
      rec({
        firstName: 'Scott',
        lastName: 'Fox',
        email: 'sfox@summitbio.example',
        companyName: 'SUMMIT BIO',
        title: 'Engineering Director',
      }),
    ];
    const bare = rec({ firstName: 'Scott', lastName: 'Fox', companyName: 'Summit Bio' });
    r.addBatch([...background(200), ...a, ...b, bare]);
    expect(sameEntity(r, a[0] as PersonRecord, a[1] as PersonRecord)).toBe(true);
    expect(sameEntity(r, b[0] as PersonRecord, b[1] as PersonRecord)).toBe(true);
    expect(sameEntity(r, a[0] as PersonRecord, b[0] as PersonRecord)).toBe(false);
    expect(sameEntity(r, bare, a[0] as PersonRecord)).toBe(false);
    expect(sameEntity(r, bare, b[0] as PersonRecord)).toBe(false);
    expect(r.stats().rejectedAsAmbiguous).toBeGreaterThan(0);
  });

  it('gives a key shared by many different people no weight', () => {
    const r = createResolver();
    const people = ['Ann Ames', 'Bo Boyle', 'Cy Crane', 'Di Drake', 'Ed Eaton'].map((name) =>
      rec({
        fullName: name,
        phone: '+1 212 555 0100',
        email: 'info@switchboard.example',
        companyName: 'Switchboard',
      }),
    );
    r.addBatch([...background(100), ...people]);
    const entities = new Set(people.map((p) => r.entityOf(p.recordId)));
    expect(entities.size).toBe(people.length);
  });

  it('does not link on a common name alone', () => {
    const r = createResolver();
    const a = rec({ firstName: 'John', lastName: 'Smith', companyName: 'Alpha', city: 'Leeds' });
    const b = rec({ firstName: 'John', lastName: 'Smith', companyName: 'Beta', city: 'York' });
    r.addBatch([...background(200), a, b]);
    expect(sameEntity(r, a, b)).toBe(false);
  });
});

describe('createResolver: incremental use', () => {
  it('resolves one record against the index and keeps merged ids resolving', () => {
    const r = createResolver();
    r.addBatch(background(150));
    const first = r.resolveOne(
      rec({
        firstName: 'Priya',
        lastName: 'Natarajan',
        email: 'priya.n@lattice.example',
        companyName: 'Lattice',
      }),
    );
    expect(first.isNew).toBe(true);
    // Same name at another employer in another city, with nothing shared: a separate entity for now.
    const second = r.resolveOne(
      rec({
        firstName: 'Priya',
        lastName: 'Natarajan',
        phone: '+91 80 4811 9630',
        companyName: 'Granite Bio',
        city: 'Bangalore',
        title: 'CTO',
      }),
    );
    expect(second.isNew).toBe(true);
    // A record carrying both identifiers bridges the two entities: the older id survives.
    const bridge = r.resolveOne(
      rec({
        firstName: 'Priya',
        lastName: 'Natarajan',
        email: 'priya.n@lattice.example',
        phone: '080 4811 9630',
        country: 'IN',
      }),
    );
    expect(bridge.isNew).toBe(false);
    expect(bridge.entityId).toBe(first.entityId);
    expect(bridge.score).toBeGreaterThan(0);
    expect(r.entityOf(second.recordId)).toBe(first.entityId);
    expect(r.survivorOf(second.entityId)).toBe(first.entityId);
    expect(r.stats().records).toBe(153);
  });

  it('rejects duplicate and missing record ids', () => {
    const r = createResolver();
    r.addBatch([{ recordId: 'a1', firstName: 'A' }]);
    expect(() => r.addBatch([{ recordId: 'a1', firstName: 'B' }])).toThrow(DossierError);
    expect(() => r.addBatch([{ recordId: '', firstName: 'B' }])).toThrow(DossierError);
  });
});

describe('createResolver: model', () => {
  it('learns weights by EM on a large enough batch and can reuse them as config', () => {
    const r = createResolver({ minTrainRecords: 100 });
    r.addBatch(background(300));
    expect(r.stats().trained).toBe(true);
    const model = JSON.parse(JSON.stringify(r.model()));
    const again = createResolver({ model });
    again.addBatch(background(10));
    expect(again.stats().trained).toBe(false);
    expect(again.model()).toEqual(model);
  });

  it('rejects a malformed model', () => {
    const bad = { ...defaultPersonModel(), m: [[0.5]] };
    expect(() => createResolver({ model: bad })).toThrow(DossierError);
    expect(() => createResolver({ threshold: 1 })).toThrow(DossierError);
  });
});
