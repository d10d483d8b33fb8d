import { describe, expect, it } from 'vitest';
import { createAllowList, isPrivateAddress, orderMx } from './dns.js';
import { providerForHost, providerForMx } from './provider.js';

describe('orderMx', () => {
  it('sorts by preference and shuffles hosts of equal preference', () => {
    const hosts = [
      { host: 'c', preference: 20 },
      { host: 'a1', preference: 10 },
      { host: 'a2', preference: 10 },
    ];
    const seen = new Set<string>();
    let seed = 0;
    for (let i = 0; i < 20; i++) {
      // A small deterministic generator: each run orders the equal pair differently.
      const random = () => {
        seed = (seed * 9301 + 49297) % 233280;
        return seed / 233280;
      };
      const ordered = orderMx(hosts, random).map((h) => h.host);
      expect(ordered[2]).toBe('c');
      seen.add(ordered.join(','));
    }
    expect(seen).toEqual(new Set(['a1,a2,c', 'a2,a1,c']));
  });
});

describe('private addresses', () => {
  it('knows private, loopback, link-local and mapped ranges', () => {
    for (const ip of [
      '10.1.2.3',
      '127.0.0.1',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('allow-lists single addresses and ranges', () => {
    const allowed = createAllowList(['127.0.0.1', '10.9.0.0/16']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
    expect(allowed('10.9.3.4')).toBe(true);
    expect(allowed('10.8.3.4')).toBe(false);
  });
});

describe('providers', () => {
  it('recognises the big mail hosts from MX names', () => {
    expect(providerForHost('aspmx.l.google.com')).toBe('google');
    expect(providerForHost('acme-com.mail.protection.outlook.com')).toBe('microsoft365');
    expect(providerForHost('hotmail-com.olc.protection.outlook.com')).toBe('microsoft_consumer');
    expect(providerForHost('mta7.am0.yahoodns.net.')).toBe('yahoo');
    expect(providerForHost('mx.zoho.eu')).toBe('zoho');
    expect(providerForHost('mx0a-00123.pphosted.com')).toBe('proofpoint');
    expect(providerForHost('eu-smtp-inbound-1.mimecast.com')).toBe('mimecast');
    expect(providerForHost('mail.acme.com')).toBeNull();
    expect(providerForHost('notgoogle.com')).toBeNull();
    expect(providerForMx(['mail.acme.com', 'alt1.aspmx.l.google.com'])).toBe('google');
  });
});
