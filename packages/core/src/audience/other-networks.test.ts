import { describe, expect, it } from 'vitest';
import { normalized, sha1Hex, sha256Base64, sha256Hex } from '../../testing/audience-helpers.js';
import { hashContact } from './hash-contact.js';

describe('uid2', () => {
  it('applies the gmail rule to gmail.com only and encodes base64 of the raw digest', () => {
    // Published in IABTechLab/uid2docs gs-normalization-encoding.md.
    for (const raw of ['JANE.SAOIRSE@gmail.com', 'Jane.Saoirse@gmail.com', 'JaneSaoirse+Work@gmail.com']) {
      expect(hashContact('uid2', { email: raw }).identifiers).toEqual({
        email_hash: 'ku4mBX7Z3qJTXWyLFB1INzkyR2WZGW4ANSJUiW21iI8=',
      });
    }
    expect(hashContact('uid2', { email: 'JaneSaoirse+Work@example.com' }).identifiers.email_hash).toBe(
      'KKruSBUjDNO069iMUVImVQZm6RrAGZKeOtrD9mwogYA=',
    );
    expect(normalized('uid2', 'email', 'Jane.Doe+x@googlemail.com')).toBe('jane.doe+x@googlemail.com');
  });

  it('hashes E.164 phones with the plus sign', () => {
    expect(normalized('uid2', 'phone', '1 (234) 567-8901', 'US')).toBe('+12345678901');
    expect(hashContact('uid2', { phone: '+1 234 567 8901' }).identifiers.phone_hash).toBe(
      'EObwtHBUqDNZR33LNSMdtt5cafsYFuGmuY4ZLenlue4=',
    );
    expect(normalized('uid2', 'phone', '(02) 1234 5678', 'AU')).toBe('+61212345678');
  });

  it('takes only email and phone', () => {
    const result = hashContact('uid2', { email: 'a@example.com', first_name: 'Ann' });
    expect(result.rejected).toEqual([{ field: 'first_name', reason: 'uid2 does not take first_name' }]);
  });
});

describe('snapchat', () => {
  it('matches the examples in the Conversions API parameters', () => {
    expect(hashContact('snapchat', { email: 'Person@Example.com' }).identifiers.em).toBe(
      '542d240129883c019e106e3b1b2d3f3cb3537c43c425364de8e951d5a3083345',
    );
    expect(normalized('snapchat', 'phone', '+44 844 412 4653')).toBe('448444124653');
    expect(normalized('snapchat', 'phone', '0044 844 412 4653')).toBe('448444124653');
    expect(normalized('snapchat', 'phone', '0844 412 4653', 'GB')).toBe('448444124653');
    expect(normalized('snapchat', 'email', 'first.last+x@gmail.com')).toBe('first.last+x@gmail.com');
  });
});

describe('tiktok', () => {
  it('sends phones as digits with the country code', () => {
    expect(normalized('tiktok', 'phone', '(657)777-0000', 'US')).toBe('16577770000');
    expect(normalized('tiktok', 'phone', '374-93-828222')).toBe('37493828222');
    expect(normalized('tiktok', 'phone', '+86 138 0013 8000')).toBe('8613800138000');
  });

  it('lower-cases emails without spaces and keeps plus tags', () => {
    expect(normalized('tiktok', 'email', ' JohnDoe @Gmail.com')).toBe('johndoe@gmail.com');
    expect(normalized('tiktok', 'email', 'john.doe+tag@gmail.com')).toBe('john.doe+tag@gmail.com');
  });

  it('does not take names', () => {
    expect(hashContact('tiktok', { first_name: 'Ann' }).rejected[0]?.reason).toBe(
      'tiktok does not take first_name',
    );
  });
});

describe('linkedin', () => {
  it('hashes the email and sends names and country as plain text', () => {
    const result = hashContact('linkedin', {
      email: ' Mike@Example.com ',
      first_name: '  Mike ',
      last_name: 'Smith',
      country: 'us',
      phone: '+1 650 555 1212',
    });
    expect(result.identifiers).toEqual({
      SHA256_EMAIL: sha256Hex('mike@example.com'),
      firstName: 'Mike',
      lastName: 'Smith',
      country: 'US',
    });
    expect(result.rejected).toEqual([{ field: 'phone', reason: 'linkedin does not take phone' }]);
  });

  it('refuses names longer than LinkedIn takes', () => {
    expect(normalized('linkedin', 'first_name', 'x'.repeat(36))).toMatch(/^invalid/);
  });
});

describe('x', () => {
  it('hashes lower-cased emails and device ids, and sends the partner id plain', () => {
    const result = hashContact('x', {
      email: 'Support@Twitter.com ',
      maid: '4B61639E-47CC-4056-A16A-C8217E029462',
      external_id: 'p-1',
    });
    expect(result.identifiers).toEqual({
      email: sha256Hex('support@twitter.com'),
      device_id: sha256Hex('4b61639e-47cc-4056-a16a-c8217e029462'),
      partner_user_id: 'p-1',
    });
  });
});

describe('x handles and ids', () => {
  it('hashes handles lower case without the @, from a bare name, an @name or a profile URL', () => {
    for (const raw of [
      '@AdsAPI',
      'AdsAPI',
      ' adsapi ',
      'https://x.com/AdsAPI',
      'https://twitter.com/AdsAPI/',
    ]) {
      expect(normalized('x', 'handle', raw), raw).toBe('adsapi');
    }
    expect(hashContact('x', { handle: '@AdsAPI' }).identifiers).toEqual({ handle: sha256Hex('adsapi') });
  });

  it('refuses what cannot be a handle', () => {
    for (const raw of ['@', 'two words', 'a'.repeat(16), 'ads-api', 'https://x.com/']) {
      expect(normalized('x', 'handle', raw), raw).toMatch(/^invalid/);
    }
  });

  it('hashes Twitter ids as decimal digits and refuses anything else', () => {
    expect(normalized('x', 'twitter_id', ' 0783214 ')).toBe('783214');
    expect(hashContact('x', { twitter_id: '783214' }).identifiers).toEqual({
      twitter_id: sha256Hex('783214'),
    });
    for (const raw of ['@AdsAPI', '12ab', '-5', '0', '99999999999999999999']) {
      expect(normalized('x', 'twitter_id', raw), raw).toMatch(/^invalid/);
    }
  });

  it('is taken by X only: other networks reject the fields with a reason', () => {
    const result = hashContact('meta', { email: 'a@b.example', handle: 'AdsAPI', twitter_id: '783214' });
    expect(result.rejected).toEqual([
      { field: 'handle', reason: 'meta does not take handle' },
      { field: 'twitter_id', reason: 'meta does not take twitter_id' },
    ]);
  });
});

describe('pinterest', () => {
  it('hashes every field, digits-only phones and f/m/n gender', () => {
    expect(normalized('pinterest', 'phone', '+1 (650) 555-1212')).toBe('16505551212');
    expect(normalized('pinterest', 'gender', 'n')).toBe('n');
    expect(normalized('pinterest', 'first_name', ' ÉMILIE ')).toBe('émilie');
    const result = hashContact('pinterest', { email: 'A@B.example', city: 'New York', country: 'US' });
    expect(result.identifiers).toEqual({
      em: sha256Hex('a@b.example'),
      ct: sha256Hex('newyork'),
      country: sha256Hex('us'),
    });
  });
});

describe('microsoft', () => {
  it('takes hashed emails only', () => {
    const result = hashContact('microsoft', {
      email: 'Test@Contoso.com',
      phone: '+1 650 555 1212',
      country: 'US',
    });
    expect(result.identifiers).toEqual({ Email: sha256Hex('test@contoso.com') });
    expect(result.rejected.map((r) => r.field)).toEqual(['phone', 'country']);
  });
});

describe('liveramp', () => {
  it('hashes emails with SHA-256 and 10-digit phones with SHA-1', () => {
    const result = hashContact('liveramp', { email: 'MyName@liveramp.com ', phone: '+1 (555) 123-4567' });
    expect(result.identifiers).toEqual({
      'EMAIL_SHA-256': sha256Hex('myname@liveramp.com'),
      'PHONE_SHA-1': sha1Hex('5551234567'),
    });
    expect(normalized('liveramp', 'phone', '(650) 555-1212')).toBe('6505551212');
  });

  it('refuses phones that are not 10-digit US numbers', () => {
    expect(normalized('liveramp', 'phone', '+44 20 7183 8750')).toMatch(/^invalid/);
  });

  it('sends names and postal fields as plain text', () => {
    const result = hashContact('liveramp', {
      first_name: ' Ann ',
      last_name: 'Lee',
      city: 'Menlo Park',
      state: 'california',
      zip: '94025-1234',
      country: 'US',
    });
    expect(result.identifiers).toEqual({
      FIRSTNAME: 'Ann',
      LASTNAME: 'Lee',
      CITY: 'Menlo Park',
      STATE: 'CA',
      ZIP: '940251234',
    });
  });
});

describe('encodings', () => {
  it('uses each network encoding for the same email', () => {
    const email = 'user@example.com';
    expect(hashContact('uid2', { email }).identifiers.email_hash).toBe(sha256Base64(email));
    expect(hashContact('meta', { email }).identifiers.em).toBe(sha256Hex(email));
    expect(hashContact('liveramp', { email }).identifiers['EMAIL_SHA-256']).toBe(sha256Hex(email));
  });
});
