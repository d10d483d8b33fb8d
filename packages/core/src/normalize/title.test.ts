import { describe, expect, it } from 'vitest';
import { normalizeTitle } from './title.js';

describe('normalizeTitle', () => {
  it.each([
    ['CEO', 'cxo', 'executive'],
    ['Chief Executive Officer', 'cxo', 'executive'],
    ['CTO', 'cxo', 'engineering'],
    ['Chief Financial Officer', 'cxo', 'finance'],
    ['CMO', 'cxo', 'marketing'],
    ['Founder & CEO', 'owner', 'executive'],
    ['Owner', 'owner', 'executive'],
    ['Managing Partner', 'partner', 'executive'],
    ['VP of Sales', 'vp', 'sales'],
    ['Vice President, Sales', 'vp', 'sales'],
    ['SVP Marketing', 'vp', 'marketing'],
    ['Sr. VP, Engineering', 'vp', 'engineering'],
    ['Head of People', 'director', 'hr'],
    ['Director of Engineering', 'director', 'engineering'],
    ['Senior Director, Product', 'director', 'product'],
    ['HR Manager', 'manager', 'hr'],
    ['Mktg Mgr', 'manager', 'marketing'],
    ['Customer Success Manager', 'manager', 'customer_success'],
    ['Sr. Software Engineer', 'senior', 'engineering'],
    ['Lead Data Scientist', 'senior', 'data'],
    ['Principal Designer', 'senior', 'design'],
    ['Junior Accountant', 'entry', 'finance'],
    ['Marketing Intern', 'entry', 'marketing'],
    ['Software Engineer', null, 'engineering'],
    ['Account Executive', null, 'sales'],
    ['General Counsel', null, 'legal'],
    ['IT Administrator', null, 'it'],
    ['Operations Analyst', null, 'operations'],
  ])('%s -> %s / %s', (raw, seniority, department) => {
    const t = normalizeTitle(raw);
    expect(t?.seniority).toBe(seniority);
    expect(t?.department).toBe(department);
  });
  it('lists every department it sees', () => {
    expect(normalizeTitle('VP Sales & Marketing')?.departments).toEqual(['sales', 'marketing']);
  });
  it('expands abbreviations in the normalized form', () => {
    expect(normalizeTitle('Sr. Mgr, Ops')?.normalized).toBe('senior manager operations');
  });
  it('is null for empty titles', () => {
    expect(normalizeTitle('  ')).toBeNull();
    expect(normalizeTitle(null)).toBeNull();
  });
});
