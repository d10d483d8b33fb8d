import { parseIpAddress } from '../ip/lookup-ip.js';
import { companyDomain } from '../normalize/domain.js';
import type { Executor } from '../shared/sql-rows.js';
import { companiesByDomain, companiesWithIds, rangesOfIps } from './store.js';

/** How a row names its company: an id, a domain (any alias) or a visitor IP address. */
export interface CompanyRef {
  company?: string | null;
  domain?: string | null;
  ip?: string | null;
}

export type Resolved = { companyId: string } | { reason: string };

/**
 * Resolves many rows at once (three queries at most, whatever the count). IPs go through the stored
 * ranges as `lookupIp` does (longest prefix wins); an ISP, hosting or other non-company range is no
 * company and the row is rejected with the range's type.
 */
export async function resolveCompanies(db: Executor, refs: CompanyRef[]): Promise<Resolved[]> {
  // A feed names the same companies over and over: each distinct spelling is parsed once a call.
  const parsed = new Map<string, string | null>();
  const domainOf = (raw: string) => {
    let domain = parsed.get(raw);
    if (domain === undefined) {
      domain = companyDomain(raw);
      parsed.set(raw, domain);
    }
    return domain;
  };
  const ids = new Set<string>();
  const domains = new Set<string>();
  const ips = new Set<string>();
  for (const ref of refs) {
    if (ref.company?.trim()) ids.add(ref.company.trim());
    else if (ref.domain?.trim()) {
      const d = domainOf(ref.domain);
      if (d) domains.add(d);
    } else if (ref.ip?.trim()) {
      const ip = parseIpAddress(ref.ip);
      if (ip) ips.add(ip);
    }
  }
  const byId = new Set<string>();
  const byDomain = new Map<string, Resolved>();
  const byIp = new Map<string, { type: string; companyId: string | null }>();
  if (ids.size) {
    const rows = await companiesWithIds(db, [...ids]);
    for (const r of rows) byId.add(r.id);
  }
  if (domains.size) {
    const rows = await companiesByDomain(db, [...domains]);
    // One answer object per company, shared by its rows (a batch names the same companies many times).
    for (const r of rows) byDomain.set(r.domain, { companyId: r.company_id });
  }
  if (ips.size) {
    const rows = await rangesOfIps(db, [...ips]);
    for (const r of rows) byIp.set(r.ip, { type: r.type, companyId: r.company_id });
  }
  return refs.map((ref): Resolved => {
    const id = ref.company?.trim();
    if (id) return byId.has(id) ? { companyId: id } : { reason: `company: no company has the id ${id}` };
    if (ref.domain?.trim()) {
      const d = domainOf(ref.domain);
      if (!d) return { reason: 'domain: not a company domain' };
      return byDomain.get(d) ?? { reason: `domain: no company is known for ${d}` };
    }
    if (ref.ip?.trim()) {
      const ip = parseIpAddress(ref.ip);
      if (!ip) return { reason: 'ip: not an IP address' };
      const range = byIp.get(ip);
      if (!range) return { reason: `ip: ${ip} is in no known range` };
      if (range.type !== 'company' || !range.companyId)
        return { reason: `ip: ${ip} belongs to a ${range.type} range, not a company` };
      return { companyId: range.companyId };
    }
    return { reason: 'one of company, domain or ip is required' };
  });
}
