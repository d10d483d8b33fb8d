import { describe, expect, it } from 'vitest';
import { createCompanyResolver } from './company-resolver.js';

describe('createCompanyResolver', () => {
  it('joins on domain, LinkedIn page and name, and keeps different domains apart', () => {
    const r = createCompanyResolver();
    const out = r.addBatch([
      { recordId: 'c1', name: 'Acme Robotics, Inc.', domain: 'https://www.acme-robotics.example/about' },
      { recordId: 'c2', name: 'ACME ROBOTICS', domain: 'acme-robotics.example' },
      { recordId: 'c3', name: 'The Acme Robotics Corp', country: 'US' },
      { recordId: 'c4', name: 'Acme Robotics GmbH', domain: 'acme-robotics.example.de' },
      { recordId: 'c5', name: 'Globex', linkedinUrl: 'https://www.linkedin.com/company/globex/' },
      {
        recordId: 'c6',
        name: 'Globex Corporation',
        linkedinUrl: 'linkedin.com/company/GLOBEX',
        domain: 'globex.example',
      },
      { recordId: 'c7', name: 'Acme Robotcs', country: 'US' },
      { recordId: 'c8', name: 'Acme Robotcs', country: 'FR' },
    ]);
    const e = Object.fromEntries(out.map((a) => [a.recordId, a.entityId]));
    expect(e.c2).toBe(e.c1);
    expect(e.c3).toBe(e.c1);
    expect(e.c4).not.toBe(e.c1);
    expect(e.c6).toBe(e.c5);
    expect(e.c7).toBe(e.c1);
    expect(r.entityOf('c7')).toBe(e.c1);
    expect(r.resolveOne({ recordId: 'c9', name: 'Globex Corp.' }).entityId).toBe(e.c5);
  });
});
