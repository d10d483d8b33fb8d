import { describe, expect, it } from 'vitest';
import { normalized, sha256Hex } from '../../testing/audience-helpers.js';
import { hashContact } from './hash-contact.js';

describe('google', () => {
  it('applies the gmail rule to gmail.com and googlemail.com only', () => {
    expect(normalized('google', 'email', 'Jefferson.Loves.Hiking@gmail.com')).toBe(
      'jeffersonloveshiking@gmail.com',
    );
    expect(normalized('google', 'email', 'Cloudy.SanFrancisco+shopping@googlemail.com')).toBe(
      'cloudysanfrancisco@googlemail.com',
    );
    expect(normalized('google', 'email', 'user.name+NYC@Example.com')).toBe('user.name+nyc@example.com');
    expect(normalized('google', 'email', ' quinn y @example.com ')).toBe('quinny@example.com');
  });

  it('formats phones as E.164 with the plus sign', () => {
    expect(normalized('google', 'phone', '(800)555-0100', 'US')).toBe('+18005550100');
    expect(normalized('google', 'phone', '+44-113-496-0987')).toBe('+441134960987');
    expect(normalized('google', 'phone', '441134960987')).toBe('+441134960987');
    expect(normalized('google', 'phone', '030 123456', 'DE')).toBe('+4930123456');
    expect(normalized('google', 'phone', '+abc-DEF')).toMatch(/^invalid/);
  });

  it('drops name prefixes and suffixes the way Google does', () => {
    expect(normalized('google', 'first_name', ' Mrs. Alex ')).toBe('alex');
    expect(normalized('google', 'first_name', 'Dr. Alex')).toBe('alex');
    expect(normalized('google', 'first_name', 'Alex Dr.')).toBe('alex dr.');
    expect(normalized('google', 'first_name', 'Mralex')).toBe('mralex');
    expect(normalized('google', 'first_name', 'Mr.')).toMatch(/^invalid/);
    expect(normalized('google', 'last_name', ' Quinn, Jr. ')).toBe('quinn');
    expect(normalized('google', 'last_name', 'quinn, jr., dds')).toBe('quinn');
    expect(normalized('google', 'last_name', 'Quinn Sr.')).toBe('quinn');
    expect(normalized('google', 'last_name', 'Boardds')).toBe('boardds');
    expect(normalized('google', 'last_name', 'Quinn-Alex')).toBe('quinn-alex');
    expect(normalized('google', 'last_name', 'MÜLLER')).toBe('müller');
  });

  it('hashes in lowercase hex and sends country and zip unhashed', () => {
    const result = hashContact('google', {
      email: 'Alex@Example.com',
      phone: '+1 800 555 0100',
      first_name: 'Alex',
      last_name: 'Quinn',
      country: 'us',
      zip: ' 94043 ',
    });
    expect(result.identifiers).toEqual({
      hashed_email: sha256Hex('alex@example.com'),
      hashed_phone_number: sha256Hex('+18005550100'),
      hashed_first_name: sha256Hex('alex'),
      hashed_last_name: sha256Hex('quinn'),
      country_code: 'US',
      postal_code: '94043',
    });
    expect(result.rejected).toEqual([]);
  });

  it('refuses a partial mailing address and fields Customer Match does not take', () => {
    const result = hashContact('google', {
      email: 'a@example.com',
      first_name: 'Alex',
      city: 'Paris',
      dob: '1990-01-02',
    });
    expect(Object.keys(result.identifiers)).toEqual(['hashed_email']);
    expect(result.rejected.map((r) => r.field).sort()).toEqual(['city', 'dob', 'first_name']);
  });

  it('sends CRM ids and mobile ids unhashed', () => {
    const result = hashContact('google', {
      external_id: ' crm-42 ',
      maid: 'AECE52E7-03EE-455A-B3C4-E57283966239',
    });
    expect(result.identifiers).toEqual({
      third_party_user_id: 'crm-42',
      mobile_id: 'aece52e7-03ee-455a-b3c4-e57283966239',
    });
  });
});
