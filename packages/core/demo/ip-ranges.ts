import type { CompanyPlan } from './companies.js';
import type { Rng } from './random.js';
import type { DemoIpRange } from './types.js';

/** The address blocks reserved for documentation (RFC 5737, RFC 3849): never routed on the internet. */
export const DOCUMENTATION_BLOCKS = [
  '192.0.2.0/24',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '2001:db8::/32',
] as const;

/** AS numbers reserved for documentation (RFC 5398). */
export const DOCUMENTATION_ASNS = [
  ...Array.from({ length: 16 }, (_, i) => 64496 + i),
  ...Array.from({ length: 16 }, (_, i) => 65536 + i),
];

const ISP = {
  asn: 64496,
  asName: 'HARBORLINK-BROADBAND (fictional)',
  domain: 'harborlink-broadband.example',
};
const HOSTING = { asn: 64497, asName: 'STRATUSHOST-CLOUD (fictional)', domain: 'stratushost.example' };

/** The domains the non-company ranges name; the company generator must not hand them out. */
export const networkDomains = [ISP.domain, HOSTING.domain];

/** IPv4 prefixes for companies: /28s and /29s carved from the three documentation /24s. */
const ipv4CompanyBlocks = (): string[] => {
  const out: string[] = [];
  for (let i = 0; i < 16; i++) out.push(`192.0.2.${i * 16}/28`);
  for (let i = 0; i < 8; i++) out.push(`198.51.100.${i * 16}/28`);
  for (let i = 4; i < 8; i++) out.push(`203.0.113.${i * 16}/28`);
  for (let i = 16; i < 32; i++) out.push(`203.0.113.${i * 8}/29`);
  return out;
};

export interface IpRangeOptions {
  rng: Rng;
  companies: CompanyPlan[];
  /** How many companies get an IPv6 /48. */
  ipv6Companies: number;
}

/**
 * Northwind gets 192.0.2.0/28 and 2001:db8:100::/48; other companies get the rest, larger ones first in line.
 * One ISP range and one hosting range are not companies (reverse IP must not name a visitor's company from them).
 */
export const generateIpRanges = ({ rng, companies, ipv6Companies }: IpRangeOptions): DemoIpRange[] => {
  const ranges: DemoIpRange[] = [
    {
      cidr: '203.0.113.0/26',
      companyId: null,
      domain: ISP.domain,
      type: 'isp',
      asn: ISP.asn,
      asName: ISP.asName,
      source: 'demo',
    },
    {
      cidr: '2001:db8:ff00::/40',
      companyId: null,
      domain: ISP.domain,
      type: 'isp',
      asn: ISP.asn,
      asName: ISP.asName,
      source: 'demo',
    },
    {
      cidr: '198.51.100.128/25',
      companyId: null,
      domain: HOSTING.domain,
      type: 'hosting',
      asn: HOSTING.asn,
      asName: HOSTING.asName,
      source: 'demo',
    },
    {
      cidr: '2001:db8:fe00::/40',
      companyId: null,
      domain: HOSTING.domain,
      type: 'hosting',
      asn: HOSTING.asn,
      asName: HOSTING.asName,
      source: 'demo',
    },
  ];
  const [northwind, ...rest] = companies;
  if (!northwind) return ranges;
  // Weighted shuffle: bigger companies are likelier to own address space.
  const queue = [
    northwind,
    ...rest
      .map((c) => ({ c, key: rng.float() ** (1 / Math.log10(10 + (c.row.employeeCount ?? 1))) }))
      .sort((a, b) => b.key - a.key)
      .map((x) => x.c),
  ];
  const ownAsns = DOCUMENTATION_ASNS.filter((a) => a !== ISP.asn && a !== HOSTING.asn);
  const asnOf = new Map<CompanyPlan, { asn: number; asName: string }>();
  const upstream = (c: CompanyPlan) => {
    let found = asnOf.get(c);
    if (!found) {
      // Large companies announce their own AS; the rest sit behind the fictional ISP.
      const own = (c.row.employeeCount ?? 0) > 1000 ? ownAsns.shift() : undefined;
      const asName = `${c.row.domain.replace(/\.example$/, '').toUpperCase()}-AS`;
      found = own ? { asn: own, asName } : { asn: ISP.asn, asName: ISP.asName };
      asnOf.set(c, found);
    }
    return found;
  };
  const companyRange = (c: CompanyPlan, cidr: string): DemoIpRange => ({
    cidr,
    companyId: c.row.id,
    domain: c.row.domain,
    type: 'company',
    ...upstream(c),
    source: 'demo',
  });
  for (const [i, cidr] of ipv4CompanyBlocks().entries()) {
    const c = queue[i];
    if (c) ranges.push(companyRange(c, cidr));
  }
  for (let i = 0; i < Math.min(ipv6Companies, queue.length); i++) {
    const c = queue[i] as CompanyPlan;
    ranges.push(companyRange(c, `2001:db8:${(0x100 + i).toString(16)}::/48`));
  }
  return ranges;
};
