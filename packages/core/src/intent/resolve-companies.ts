import { sql } from 'drizzle-orm';
import { parseIpAddress } from '../ip/lookup-ip.js';
import { companyDomain } from '../normalize/domain.js';
import { type Executor, run, textArray } from '../shared/sql-rows.js';

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
    const rows = await run<{ id: string }>(
      db,
      sql`select id from companies where id = any(${textArray([...ids])}::text[])`,
    );
    for (const r of rows) byId.add(r.id);
  }
  if (domains.size) {
    const rows = await run<{ domain: string; company_id: string }>(
      db,
      sql`select d.domain, d.company_id from unnest(${textArray([...domains])}::text[]) as q(domain)
          cross join lateral (
            select q.domain, coalesce(
              (select company_id from company_domains where domain = q.domain),
              (select id from companies where domain = q.domain)) as company_id
          ) d where d.company_id is not null`,
    );
    // One answer object per company, shared by its rows (a batch names the same companies many times).
    for (const r of rows) byDomain.set(r.domain, { companyId: r.company_id });
  }
  if (ips.size) {
    const rows = await run<{ ip: string; type: string; company_id: string | null }>(
      db,
      sql`select q.ip, r.type, r.company_id from unnest(${textArray([...ips])}::text[]) as q(ip)
          cross join lateral (
            select type, company_id from ip_ranges where cidr >>= q.ip::inet order by masklen(cidr) desc limit 1
          ) r`,
    );
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
