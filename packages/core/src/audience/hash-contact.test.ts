import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../testing/audience-helpers.js';
import { isDossierError } from '../errors.js';
import { hashAudience, hashContact } from './hash-contact.js';
import { type AudienceNetwork, audienceNetworks } from './networks.js';
import { audienceContactSchema } from './schema.js';

describe('hashContact', () => {
  it('treats empty and blank fields as absent, on every network', () => {
    for (const network of audienceNetworks) {
      const result = hashContact(network, {
        email: '   ',
        phone: '',
        first_name: ' ',
        country: '',
        external_id: '',
      });
      expect(result, network).toEqual({ identifiers: {}, rejected: [] });
    }
  });

  it('reports invalid values with a reason and never hashes them, on every network', () => {
    for (const network of audienceNetworks) {
      const result = hashContact(network, { email: 'not-an-email', phone: 'n/a' });
      expect(result.identifiers, network).toEqual({});
      expect(
        result.rejected.map((r) => r.field),
        network,
      ).toEqual(['email', 'phone']);
      for (const { reason } of result.rejected) expect(reason.length).toBeGreaterThan(5);
    }
  });

  it('hashes several emails, dropping those that normalize the same', () => {
    const result = hashContact('google', {
      email: ['Ann.Lee@gmail.com', 'annlee+shop@gmail.com', 'ann@work.example'],
    });
    expect(result.identifiers.hashed_email).toEqual([
      sha256Hex('annlee@gmail.com'),
      sha256Hex('ann@work.example'),
    ]);
  });

  it('uses the contact country as the default phone region', () => {
    const fr = hashContact('meta', { phone: '06 12 34 56 78', country: 'FR' });
    expect(fr.identifiers.ph).toBe(sha256Hex('33612345678'));
    // A country the network does not take is still used to read the phone, so it is not reported.
    expect(hashContact('tiktok', { phone: '06 12 34 56 78', country: 'FR' }).rejected).toEqual([]);
  });

  it('refuses an unknown network with invalid_request', () => {
    try {
      hashContact('myspace' as AudienceNetwork, { email: 'a@example.com' });
      expect.unreachable();
    } catch (error) {
      expect(isDossierError(error) && error.code).toBe('invalid_request');
    }
  });
});

describe('hashAudience', () => {
  it('keeps order and counts contacts per identifier and per rejected field', () => {
    const { results, summary } = hashAudience('meta', [
      { email: 'a@example.com', phone: '+1 650 555 1212' },
      { email: 'b@example.com', first_name: 'Bo' },
      { email: 'bad', phone: '' },
      {},
    ]);
    expect(results).toHaveLength(4);
    expect(results[1]?.identifiers.em).toBe(sha256Hex('b@example.com'));
    expect(summary).toEqual({
      contacts: 4,
      usable: 2,
      identifiers: { em: 2, ph: 1, fn: 1 },
      rejected: { email: 1 },
    });
  });
});

describe('audienceContactSchema', () => {
  it('accepts one value or a list for email and phone, and refuses unknown fields', () => {
    const parsed = audienceContactSchema.parse({ email: ['a@example.com'], phone: '1' });
    expect(parsed).toEqual({ email: ['a@example.com'], phone: '1' });
    expect(audienceContactSchema.safeParse({ email: 'a@example.com', nickname: 'x' }).success).toBe(false);
    expect(audienceContactSchema.safeParse({ email: 42 }).success).toBe(false);
  });
});
