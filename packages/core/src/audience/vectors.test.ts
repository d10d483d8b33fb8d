import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashContact, normalizeIdentifier } from './hash-contact.js';
import { type AudienceField, type AudienceNetwork, audienceNetworks } from './networks.js';

interface VectorCase {
  network: string;
  identifier: string;
  raw: string[];
  country?: string;
  normalized: string;
  sha256_hex?: string;
  sha256_base64?: string;
  sha1_hex?: string;
  source: string;
}

// The published vectors are kept in the repository's testdata folder (see testdata/README.md).
const file = new URL('../../../../testdata/audience-vectors.json', import.meta.url);
const { cases } = JSON.parse(readFileSync(file, 'utf8')) as { cases: VectorCase[] };

// Google uses a name only as part of a full address, so the round trip through hashContact
// completes the address around the field under test.
const GOOGLE_ADDRESS: Record<string, string> = {
  first_name: 'Alex',
  last_name: 'Quinn',
  country: 'US',
  zip: '94043',
};
const completeFor = (network: string, field: string): Record<string, string> =>
  network === 'google' && field in GOOGLE_ADDRESS ? GOOGLE_ADDRESS : {};

const digest = (algorithm: 'sha256' | 'sha1', text: string, encoding: 'hex' | 'base64') =>
  createHash(algorithm).update(text, 'utf8').digest(encoding);

describe('published audience vectors', () => {
  it('has cases to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const vector of cases) {
    const network = vector.network as AudienceNetwork;
    const field = vector.identifier as AudienceField;
    describe(`${vector.network} ${vector.identifier} -> ${vector.normalized}`, () => {
      it('names a known network', () => {
        expect(audienceNetworks).toContain(network);
      });

      it('hashes the normalized form to the published values', () => {
        if (vector.sha256_hex) expect(digest('sha256', vector.normalized, 'hex')).toBe(vector.sha256_hex);
        if (vector.sha256_base64)
          expect(digest('sha256', vector.normalized, 'base64')).toBe(vector.sha256_base64);
        if (vector.sha1_hex) expect(digest('sha1', vector.normalized, 'hex')).toBe(vector.sha1_hex);
      });

      for (const raw of vector.raw) {
        it(`normalizes ${JSON.stringify(raw)} and encodes it in the network's encoding`, () => {
          const result = normalizeIdentifier(network, field, raw, vector.country);
          expect(result).toMatchObject({ normalized: vector.normalized });
          if (!('key' in result)) throw new Error(result.reason);
          const expected = [vector.sha256_hex, vector.sha256_base64, vector.sha1_hex].filter(Boolean);
          expect(expected).toContain(result.value);

          const contact = {
            ...completeFor(network, field),
            [field]: raw,
            ...(vector.country ? { country: vector.country } : {}),
          };
          const hashed = hashContact(network, contact);
          expect(hashed.identifiers[result.key]).toBe(result.value);
        });
      }
    });
  }
});
