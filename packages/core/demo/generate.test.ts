import { describe, expect, it } from 'vitest';
import { parseLinkedInUrl } from '../src/normalize/linkedin.js';
import { normalizePhone } from '../src/normalize/phone.js';
import { normalizeTitle } from '../src/normalize/title.js';
import { generateDemoData } from './generate.js';
import { DOCUMENTATION_ASNS, DOCUMENTATION_BLOCKS } from './ip-ranges.js';
import { FICTIONAL_PHONE } from './phones.js';

const asOf = new Date('2026-11-22T15:30:00Z');
const data = generateDemoData(1, asOf);
const DAY = 86_400_000;

/** [first, last] address of a CIDR as big integers, IPv4 and IPv6 alike. */
const span = (cidr: string): [bigint, bigint, 4 | 6] => {
  const [address = '', bits = ''] = cidr.split('/');
  const prefix = Number(bits);
  let value = 0n;
  let width = 32;
  if (address.includes(':')) {
    width = 128;
    const [head = '', tail = ''] = address.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
    for (const g of groups) value = (value << 16n) + BigInt(Number.parseInt(g, 16));
  } else {
    for (const octet of address.split('.')) value = (value << 8n) + BigInt(Number(octet));
  }
  const size = 1n << BigInt(width - prefix);
  expect(value % size, `${cidr} is aligned`).toBe(0n);
  return [value, value + size - 1n, width === 32 ? 4 : 6];
};

const hostOf = (email: string) => email.slice(email.indexOf('@') + 1);

// Node 20 has no Map.groupBy.
const groupBy = <T>(items: T[], key: (item: T) => string): Map<string, T[]> => {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
};

describe('generateDemoData', () => {
  it('is deterministic for a seed and a day', () => {
    const again = generateDemoData(1, new Date('2026-11-22T01:00:00Z'));
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
    expect(data.asOf.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // Another day moves the recent activity but keeps who is who.
    const later = generateDemoData(1, new Date('2026-11-29T00:00:00Z'));
    expect(later.companies).toEqual(data.companies);
    expect(later.people).toEqual(data.people);
    expect(later.signals[0]?.occurredAt).not.toEqual(data.signals[0]?.occurredAt);
  });

  it('keeps the examples the documentation uses (seed 1, any day)', () => {
    const domains = new Set(data.companyDomains.map((d) => d.domain));
    for (const d of [
      'northwind.example',
      'northwindtraders.example',
      'amber-partners.example',
      'lyric-logistics.example',
    ])
      expect(domains.has(d), d).toBe(true);
    const personOf = (email: string) => {
      const row = data.personEmails.find((e) => e.email === email);
      return data.people.find((p) => p.id === row?.personId);
    };
    expect(personOf('jsmith@northwind.example')?.fullName).toBe('John Smith');
    expect(personOf('jsmith2@northwind.example')?.fullName).toBe('John Smith');
    expect(personOf('mbrown@lyric-logistics.example')?.title).toBe('Chief Executive Officer');
    const lyric = data.companies.find((c) => c.domain === 'lyric-logistics.example');
    expect(data.ipRanges.filter((r) => r.companyId === lyric?.id).map((r) => r.cidr)).toEqual([
      '198.51.100.96/28',
      '2001:db8:116::/48',
    ]);
  });

  it('has about 500 companies and 5,000 people, Northwind Traders first', () => {
    expect(data.companies).toHaveLength(500);
    expect(data.people.length).toBeGreaterThan(4500);
    expect(data.people.length).toBeLessThan(5600);
    const [northwind] = data.companies;
    expect(northwind).toMatchObject({ domain: 'northwind.example', name: 'Northwind Traders' });
    expect(new Set(data.companies.map((c) => c.industry)).size).toBeGreaterThanOrEqual(24);
    expect(new Set(data.companies.map((c) => c.country)).size).toBeGreaterThanOrEqual(18);
    expect(new Set(data.companies.map((c) => c.domain)).size).toBe(500);
    expect(new Set(data.companies.map((c) => c.name)).size).toBe(500);
    // Bigger companies have more people on file.
    const staff = (id: string) => data.people.filter((p) => p.companyId === id).length;
    const small = data.companies.filter((c) => (c.employeeCount ?? 0) <= 50);
    const large = data.companies.filter((c) => (c.employeeCount ?? 0) > 1000);
    const mean = (list: typeof small) => list.reduce((a, c) => a + staff(c.id), 0) / list.length;
    expect(mean(large)).toBeGreaterThan(mean(small) * 3);
  });

  it('puts every domain under .example', () => {
    const domains = [
      ...data.companies.map((c) => c.domain),
      ...data.companyDomains.map((d) => d.domain),
      ...data.personEmails.map((e) => hostOf(e.email)),
      ...data.ipRanges.flatMap((r) => (r.domain ? [r.domain] : [])),
      ...data.jobPostings.map((j) => new URL(j.url ?? '').hostname),
    ];
    expect(domains.length).toBeGreaterThan(10_000);
    for (const domain of domains) expect(domain).toMatch(/^[a-z0-9-]+\.example$/);
  });

  it('gives each company coherent firmographics, technologies and 0-2 aliases', () => {
    const ranges = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000', '10001+'];
    const bounds = [10, 50, 200, 500, 1000, 5000, 10000, Number.POSITIVE_INFINITY];
    for (const c of data.companies) {
      const count = c.employeeCount ?? 0;
      expect(c.employeeRange).toBe(ranges[bounds.findIndex((b) => count <= b)]);
      expect(c.revenueRange).toMatch(/^\$(0-1M|1M-10M|10M-50M|50M-100M|100M-500M|500M-1B|1B\+)$/);
      expect(c.legalName?.startsWith(c.name)).toBe(true);
      expect(c.socials?.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/);
      expect(c.techSlugs?.length).toBeGreaterThanOrEqual(3);
      expect(c.techSlugs?.length).toBeLessThanOrEqual(12);
      const techs = data.companyTechnologies.filter((t) => t.companyId === c.id);
      expect(techs.map((t) => t.slug).sort()).toEqual(c.techSlugs);
      expect(techs.filter((t) => t.category === 'email')).toHaveLength(1);
      const aliases = data.companyDomains.filter((d) => d.companyId === c.id && !d.isPrimary);
      expect(aliases.length).toBeLessThanOrEqual(2);
      expect(data.companyDomains.filter((d) => d.companyId === c.id && d.isPrimary)).toEqual([
        { domain: c.domain, companyId: c.id, isPrimary: true },
      ]);
    }
    expect(new Set(data.companyDomains.map((d) => d.domain)).size).toBe(data.companyDomains.length);
    expect(data.companyDomains.length).toBeGreaterThan(600);
  });

  it('keeps two different John Smiths at Northwind, and other namesake pairs', () => {
    const northwind = data.companies[0]?.id;
    const johns = data.people.filter((p) => p.companyId === northwind && p.fullName === 'John Smith');
    expect(johns).toHaveLength(2);
    const emails = johns.map(
      (j) => data.personEmails.find((e) => e.personId === j.id && e.type === 'work')?.email,
    );
    expect(new Set(emails).size).toBe(2);
    const pairs = new Map<string, number>();
    for (const p of data.people)
      pairs.set(`${p.companyId}/${p.fullName}`, (pairs.get(`${p.companyId}/${p.fullName}`) ?? 0) + 1);
    expect([...pairs.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(8);
  });

  it('hands out unique contact points in reserved forms', () => {
    const emails = data.personEmails.map((e) => e.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(data.personEmails.some((e) => e.type === 'personal' && hostOf(e.email) === 'mail.example')).toBe(
      true,
    );
    const statuses = new Set(data.personEmails.map((e) => e.status));
    expect([...statuses].sort()).toEqual(['accept_all', 'invalid', 'unknown', 'valid', 'verified']);

    const phones = [...data.personPhones.map((p) => p.e164), ...data.companies.map((c) => c.phone ?? '')];
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones.filter((p) => !FICTIONAL_PHONE.test(p))).toEqual([]);
    // libphonenumber is slow: every 7th number is enough to catch a malformed block.
    const misread = phones.filter((phone, i) => {
      if (i % 7 !== 0) return false;
      const parsed = normalizePhone(phone);
      // Ofcom's drama mobiles are the one reserved block libphonenumber calls invalid.
      return parsed?.e164 !== phone || (!phone.startsWith('+447700900') && !parsed.valid);
    });
    expect(misread).toEqual([]);
    expect(phones.some((p) => p.startsWith('+447700900'))).toBe(true);
    expect(phones.some((p) => p.startsWith('+1'))).toBe(true);

    const linkedin = data.personProfiles.filter((p) => p.network === 'linkedin');
    expect(linkedin.length).toBeGreaterThan(data.people.length * 0.75);
    expect(new Set(linkedin.map((p) => p.handle)).size).toBe(linkedin.length);
    const badUrls = linkedin.filter(
      (p) =>
        p.url !== `https://www.linkedin.com/in/${p.handle}` || parseLinkedInUrl(p.url)?.slug !== p.handle,
    );
    expect(badUrls).toEqual([]);
  });

  it('uses titles that the title normalizer reads back the same way', () => {
    for (const p of data.people) {
      const n = normalizeTitle(p.title);
      if (n?.seniority !== null || p.seniority !== 'entry')
        expect(n?.seniority, p.title ?? '').toBe(p.seniority);
      // A few C-level titles have no functional area in the normalizer's tables.
      if (!(p.seniority === 'cxo' && n?.department === 'executive'))
        expect(n?.department, p.title ?? '').toBe(p.department);
    }
  });

  it('gives each person one current job and an earlier history that ends before it', () => {
    const byPerson = groupBy(data.employment, (e) => e.personId);
    const companyIds = new Set(data.companies.map((c) => c.id));
    let withHistory = 0;
    const problems: string[] = [];
    for (const p of data.people) {
      const jobs = byPerson.get(p.id) ?? [];
      const current = jobs.filter((j) => j.isCurrent);
      if (current.length !== 1 || current[0]?.companyId !== p.companyId)
        problems.push(`${p.id}: current job`);
      const past = jobs.filter((j) => !j.isCurrent);
      if (past.length > 0) withHistory++;
      if (past.length > 3) problems.push(`${p.id}: ${past.length} past jobs`);
      for (const j of past) {
        const ok =
          companyIds.has(j.companyId ?? '') &&
          j.companyId !== p.companyId &&
          (j.endedAt ?? '') <= (current[0]?.startedAt ?? '') &&
          (j.startedAt ?? '') < (j.endedAt ?? '');
        if (!ok) problems.push(`${p.id}: past job at ${j.companyId} ${j.startedAt}..${j.endedAt}`);
      }
    }
    expect(problems).toEqual([]);
    expect(withHistory).toBeGreaterThan(data.people.length / 2);
  });

  it('has recent job changes backed by the person history', () => {
    expect(data.jobChanges).toHaveLength(40);
    const northwind = data.companies[0]?.id;
    expect(data.jobChanges.some((j) => j.toCompanyId === northwind)).toBe(true);
    for (const change of data.jobChanges) {
      const person = data.people.find((p) => p.id === change.personId);
      expect(person?.companyId).toBe(change.toCompanyId);
      const jobs = data.employment.filter((e) => e.personId === change.personId);
      const current = jobs.find((e) => e.isCurrent);
      expect(Date.parse(current?.startedAt ?? '')).toBeGreaterThan(data.asOf.getTime() - 90 * DAY);
      expect(
        jobs.some(
          (e) => !e.isCurrent && e.companyId === change.fromCompanyId && e.title === change.fromTitle,
        ),
      ).toBe(true);
      expect((change.detectedAt as Date).getTime()).toBeLessThanOrEqual(data.asOf.getTime());
      // The same person stays reachable across the move: a personal address and a mobile.
      expect(data.personEmails.some((e) => e.personId === change.personId && e.type === 'personal')).toBe(
        true,
      );
      expect(data.personPhones.some((e) => e.personId === change.personId && e.type === 'mobile')).toBe(true);
    }
  });

  it('carves IP ranges out of the documentation blocks only, without overlaps', () => {
    const blocks = DOCUMENTATION_BLOCKS.map(span);
    const spans = data.ipRanges.map((r) => span(r.cidr));
    for (const [i, [first, last, family]] of spans.entries()) {
      const inside = blocks.some(([bf, bl, bfam]) => bfam === family && first >= bf && last <= bl);
      expect(inside, data.ipRanges[i]?.cidr).toBe(true);
    }
    // Sorted by start, each range must end before the next one of its family begins.
    for (const family of [4, 6]) {
      const sorted = spans.filter((x) => x[2] === family).sort((a, b) => (a[0] < b[0] ? -1 : 1));
      for (let i = 1; i < sorted.length; i++)
        expect((sorted[i - 1]?.[1] ?? 0n) < (sorted[i]?.[0] ?? 0n)).toBe(true);
    }
    for (const r of data.ipRanges) {
      expect(DOCUMENTATION_ASNS).toContain(r.asn);
      expect(r.type === 'company').toBe(r.companyId !== null);
    }
    const company = data.ipRanges.filter((r) => r.type === 'company');
    expect(company.filter((r) => !r.cidr.includes(':')).length).toBeGreaterThanOrEqual(40);
    expect(company.filter((r) => r.cidr.includes(':')).length).toBeGreaterThanOrEqual(250);
    expect(data.ipRanges.filter((r) => r.type === 'isp').length).toBeGreaterThan(0);
    expect(data.ipRanges.filter((r) => r.type === 'hosting').length).toBeGreaterThan(0);
    expect(company.find((r) => r.cidr === '192.0.2.0/28')?.domain).toBe('northwind.example');
    expect(company.find((r) => r.cidr === '2001:db8:100::/48')?.domain).toBe('northwind.example');
  });

  it('shows about 20 companies surging on a topic in the last week', () => {
    const now = data.asOf.getTime();
    const weekOf = (d: Date) => Math.floor((now - d.getTime()) / (7 * DAY));
    const tally = new Map<string, number[]>();
    for (const s of data.signals) {
      const week = weekOf(s.occurredAt);
      if (week < 0 || week >= 16)
        throw new Error(`signal outside the 16 weeks: ${s.occurredAt.toISOString()}`);
      const key = `${s.companyId}/${s.topic}`;
      const weeks = tally.get(key) ?? Array(16).fill(0);
      weeks[week]++;
      tally.set(key, weeks);
    }
    expect(new Set(data.signals.map((s) => s.companyId)).size).toBe(150);
    expect(new Set(data.signals.map((s) => s.topic)).size).toBeGreaterThan(40);
    const surging = new Set<string>();
    for (const [key, weeks] of tally) {
      const baseline = weeks.slice(1, 13).reduce((a, b) => a + b, 0) / 12;
      if ((weeks[0] ?? 0) >= Math.max(10, baseline * 3)) surging.add(key.split('/')[0] ?? '');
    }
    expect(surging.size).toBeGreaterThanOrEqual(17);
    expect(surging.size).toBeLessThanOrEqual(25);
    expect(surging.has(data.companies[0]?.id ?? '')).toBe(true);
  });

  it('shows about 15 companies with a hiring spike in the last 30 days', () => {
    const now = data.asOf.getTime();
    const byCompany = groupBy(data.jobPostings, (j) => j.companyId);
    let spiking = 0;
    for (const postings of byCompany.values()) {
      const age = postings.map((p) => (now - (p.postedAt as Date).getTime()) / DAY);
      expect(age.filter((a) => a < 0 || a >= 240)).toEqual([]);
      const recent = age.filter((a) => a < 30).length;
      const monthly = age.filter((a) => a >= 30 && a < 210).length / 6;
      if (recent >= Math.max(6, monthly * 3)) spiking++;
    }
    expect(byCompany.size).toBe(200);
    expect(spiking).toBeGreaterThanOrEqual(12);
    expect(spiking).toBeLessThanOrEqual(20);
    const urls = data.jobPostings.map((j) => j.url);
    expect(new Set(urls).size).toBe(urls.length);
  });
});
