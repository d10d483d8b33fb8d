import type { ScanResult } from '../technographics/scan-domain.js';
import { type CompanyProfile, employeeRange } from './profile.js';

type Technology = CompanyProfile['technologies'][number];

/** Stored technologies, confirmed or extended by a live scan; each says where it came from. */
export function mergeTechnologies(stored: Technology[], scan: ScanResult): Technology[] {
  const bySlug = new Map(stored.map((t) => [t.slug, { ...t }]));
  for (const live of scan.technologies) {
    const known = bySlug.get(live.slug);
    const evidence = live.signals.map((s) => s.detected_by);
    if (known) {
      known.source = 'both';
      known.live_detected_by = evidence;
      known.last_seen = scan.fetched_at;
    } else {
      bySlug.set(live.slug, {
        name: live.name,
        slug: live.slug,
        category: live.category,
        detected_by: live.detected_by,
        source: 'live',
        live_detected_by: evidence,
        first_seen: scan.fetched_at,
        last_seen: scan.fetched_at,
      });
    }
  }
  return [...bySlug.values()].sort(
    (a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name),
  );
}

/** True when a scan found anything worth a profile. */
export const scanFoundSomething = (scan: ScanResult): boolean =>
  scan.technologies.length > 0 || !!scan.organization?.name || !!scan.meta?.og.site_name;

const year = (text: string | null) => {
  const match = text ? /\b(1[6-9]\d\d|20\d\d)\b/.exec(text) : null;
  return match ? Number(match[1]) : null;
};

/** A profile from what the homepage says of itself, for a domain we hold nothing on. */
export function profileFromScan(scan: ScanResult): CompanyProfile {
  const org = scan.organization;
  const address = org?.address;
  const country =
    address?.country && /^[A-Za-z]{2}$/.test(address.country) ? address.country.toUpperCase() : null;
  const hq = { city: address?.locality ?? null, region: address?.region ?? null, country };
  return {
    id: null,
    domain: scan.domain,
    name: org?.name ?? scan.meta?.og.site_name ?? scan.domain,
    legal_name: org?.legal_name ?? null,
    description: org?.description ?? scan.meta?.description ?? null,
    industry: null,
    employee_count: null,
    employee_range: employeeRange(null),
    revenue_range: null,
    founded_year: year(org?.founding_date ?? null),
    type: null,
    headquarters: hq,
    locations: hq.city || hq.country ? [{ ...hq, hq: true }] : [],
    phone: org?.telephone ?? null,
    socials: Object.fromEntries(
      Object.entries(org?.socials ?? {}).filter(([, v]) => typeof v === 'string'),
    ) as Record<string, string>,
    alias_domains: [],
    tags: [],
    technologies: mergeTechnologies([], scan),
  };
}
