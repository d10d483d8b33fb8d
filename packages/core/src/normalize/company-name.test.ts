import { describe, expect, it } from 'vitest';
import { companyNameKey, normalizeCompanyName } from './company-name.js';

describe('normalizeCompanyName', () => {
  it.each([
    ['Acme Inc', 'acme'],
    ['Acme, Inc.', 'acme'],
    ['ACME LLC', 'acme'],
    ['Acme Ltd.', 'acme'],
    ['Acme Limited', 'acme'],
    ['Siemens AG', 'siemens'],
    ['Müller GmbH', 'muller'],
    ['Müller GmbH & Co. KG', 'muller'],
    ['Société Générale S.A.', 'societe generale'],
    ['Koninklijke Philips N.V.', 'koninklijke philips'],
    ['Booking Holdings B.V.', 'booking holdings'],
    ['Capgemini SAS', 'capgemini'],
    ['Dupont SARL', 'dupont'],
    ['Atlassian Pty Ltd', 'atlassian'],
    ['Tesco PLC', 'tesco'],
    ['Swift Networks, Corporation', 'swift networks'],
    ['Acme Corp.', 'acme'],
    ['Acme Co.', 'acme'],
    ['Sony K.K.', 'sony'],
    ['Nokia Oyj', 'nokia'],
    ['Nokia Oy', 'nokia'],
    ['Volvo AB', 'volvo'],
    ['Equinor AS', 'equinor'],
    ['Fiat S.p.A.', 'fiat'],
    ['Ferrero Srl', 'ferrero'],
    ['The Home Depot, Inc.', 'home depot'],
    ['Johnson & Johnson', 'johnson and johnson'],
    ['AT&T Inc.', 'at and t'],
    ['Ben & Jerry’s', 'ben and jerrys'],
  ])('%s -> %s', (raw, key) => {
    expect(normalizeCompanyName(raw)).toBe(key);
  });
  it('never strips the whole name', () => {
    expect(normalizeCompanyName('The Company')).toBe('company');
    expect(normalizeCompanyName('AG')).toBe('ag');
    expect(normalizeCompanyName('')).toBe('');
  });
  it('gives a space-free key', () => {
    expect(companyNameKey('Iron Logistics, LLC')).toBe(companyNameKey('IronLogistics'));
  });
});
