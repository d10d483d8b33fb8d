import { describe, expect, it } from 'vitest';
import { compileRule, hostSuffixPattern, patternCount } from './compile.js';
import { techRules } from './rules.js';
import { techCategories } from './types.js';

describe('rules file', () => {
  it('covers at least 150 technologies', () => {
    expect(techRules.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique slugs and names', () => {
    const slugs = techRules.map((r) => r.slug);
    expect(slugs.filter((s, i) => slugs.indexOf(s) !== i)).toEqual([]);
    const names = techRules.map((r) => r.name.toLowerCase());
    expect(names.filter((s, i) => names.indexOf(s) !== i)).toEqual([]);
  });

  it('uses kebab-case slugs and known categories', () => {
    for (const rule of techRules) {
      expect(rule.slug, rule.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(techCategories, rule.slug).toContain(rule.category);
    }
  });

  it('gives every rule at least one pattern', () => {
    expect(techRules.filter((r) => patternCount(r) === 0).map((r) => r.slug)).toEqual([]);
  });

  it('compiles every pattern', () => {
    for (const rule of techRules) expect(() => compileRule(rule), rule.slug).not.toThrow();
  });

  it('writes DNS patterns as host suffixes, not regular expressions', () => {
    for (const rule of techRules) {
      for (const host of [
        ...(rule.mx ?? []),
        ...(rule.spf ?? []),
        ...(rule.ns ?? []),
        ...(rule.cname ?? []),
      ]) {
        expect(host, rule.slug).toMatch(/^[a-z0-9_*-]+(\.[a-z0-9_*-]+)+$/);
      }
      for (const prefix of rule.txt ?? []) expect(prefix.length, rule.slug).toBeGreaterThan(3);
    }
  });

  it('spans the B2B categories the issue asks for', () => {
    const used = new Set(techRules.map((r) => r.category));
    for (const category of [
      'email',
      'crm',
      'marketing-automation',
      'analytics',
      'chat',
      'cdn',
      'hosting',
      'payments',
    ] as const) {
      expect(used).toContain(category);
    }
    expect(used.has('js-framework') && used.has('security') && used.has('dns') && used.has('identity')).toBe(
      true,
    );
  });
});

describe('host suffix patterns', () => {
  it('match on label boundaries only', () => {
    const google = hostSuffixPattern('aspmx.l.google.com');
    expect(google.test('aspmx.l.google.com')).toBe(true);
    expect(google.test('alt1.aspmx.l.google.com.')).toBe(true);
    expect(google.test('evilaspmx.l.google.com')).toBe(false);
    expect(google.test('aspmx.l.google.com.evil.net')).toBe(false);
  });

  it('let * stand for part of a label', () => {
    const route53 = hostSuffixPattern('awsdns-*.com');
    expect(route53.test('ns-1234.awsdns-12.com')).toBe(true);
    expect(route53.test('ns-1234.awsdns-12.org')).toBe(false);
    expect(route53.test('awsdns-1.evil.com')).toBe(false);
  });
});
