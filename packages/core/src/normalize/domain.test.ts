import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { companyDomain, domainFromEmail, normalizeDomain } from './domain.js';

describe('normalizeDomain', () => {
  it.each([
    ['https://www.pixelhq.com/about', 'pixelhq.com'],
    ['GOLDENHQ.CO', 'goldenhq.co'],
    ['www.tundra-systems.io', 'tundra-systems.io'],
    ['http://shop.example.co.uk:8080/x?y=1', 'example.co.uk'],
    ['acme.com.au', 'acme.com.au'],
    ['jane@mail.acme.de', 'acme.de'],
    ['https://Bücher.de', 'xn--bcher-kva.de'],
    ['//cdn.acme.io/path', 'acme.io'],
  ])('%s -> %s', (raw, domain) => {
    expect(normalizeDomain(raw)).toBe(domain);
  });
  it('returns null when there is no registrable domain', () => {
    expect(normalizeDomain('')).toBeNull();
    expect(normalizeDomain('localhost')).toBeNull();
    expect(normalizeDomain('co.uk')).toBeNull();
    expect(normalizeDomain('http://')).toBeNull();
  });
});

describe('domainFromEmail', () => {
  it('takes the registrable domain of a work address', () => {
    expect(domainFromEmail('Jane@EU.Acme.co.uk')).toBe('acme.co.uk');
  });
  it('never turns free mail into a company domain', () => {
    expect(domainFromEmail('jane@gmail.com')).toBeNull();
    expect(domainFromEmail('jane@yahoo.co.uk')).toBeNull();
    expect(domainFromEmail('jane@gmail.com', { allowFreeMail: true })).toBe('gmail.com');
    expect(companyDomain('https://outlook.com')).toBeNull();
    expect(companyDomain('https://acme.com')).toBe('acme.com');
  });
  it('is null for invalid addresses', () => {
    expect(domainFromEmail('nope')).toBeNull();
  });
});

describe('company domains are never profile pages', () => {
  it('a LinkedIn or Facebook page of a company is not its domain; the site itself still is', async () => {
    const { companyDomain, isProfilePage } = await import('./domain.js');
    expect(companyDomain('https://www.linkedin.com/company/contoso-example')).toBeNull();
    expect(companyDomain('https://www.linkedin.com/sales/company/1001')).toBeNull();
    expect(companyDomain('facebook.com/contoso')).toBeNull();
    expect(companyDomain('linkedin.com')).toBe('linkedin.com');
    expect(companyDomain('https://www.contoso.example/about')).toBe('contoso.example');
    expect(isProfilePage('https://linkedin.com/')).toBe(false);
  });
});

describe('a bare host name skips URL parsing', () => {
  // What the URL parser would make of the same text: the fast path must agree with it.
  const parsed = (raw: string) => {
    const value = raw.trim().toLowerCase();
    try {
      return getDomain(new URL(`http://${value}`).hostname, { allowPrivateDomains: false }) || null;
    } catch {
      return null;
    }
  };
  it.each([
    'northwind.example',
    'Shop.Example.co.uk',
    'a-b--c.example',
    '-lead.example',
    'trail-.example',
    'x1.y2.com',
    '1.2.3.4',
    '1.2.3',
    'acme.0x1f',
    'host.123',
    'a..b.com',
    'xn--bcher-kva.de',
    'xn--zz.com',
    'acme.com.',
    'localhost',
    'co.uk',
  ])('%s as the URL parser reads it', (raw) => {
    expect(normalizeDomain(raw)).toBe(parsed(raw));
  });
});
