import type { Db, ipRanges } from '@dossier/db';
import { normalizeDomain } from '../normalize/domain.js';
import { canonicalCidr, rangeToCidrs } from './cidr.js';
import type { IpRangeType } from './lookup-ip.js';
import { domainOwners, upsertIpRanges } from './store.js';

/** One range as read from a file, before it is tied to a company. */
export type IpRangeRow = Pick<typeof ipRanges.$inferSelect, 'cidr' | 'type' | 'domain' | 'asn' | 'asName'>;

export interface ParsedRanges {
  rows: IpRangeRow[];
  /** Lines that could not be read, 1-based, with why. */
  errors: Array<{ line: number; message: string }>;
}

const types: readonly IpRangeType[] = ['company', 'isp', 'hosting', 'education', 'government'];

/** `cidr,domain,type` per line (a header line is skipped); type defaults to company. */
export function parseRangeCsv(text: string): ParsedRanges {
  const out: ParsedRanges = { rows: [], errors: [] };
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || (index === 0 && /^cidr\s*,/i.test(line))) continue;
    const parsed = csvRow(line);
    if (typeof parsed === 'string') out.errors.push({ line: index + 1, message: parsed });
    else out.rows.push(parsed);
  }
  return out;
}

/** One CSV line as a row, or why it is not one. */
function csvRow(line: string): IpRangeRow | string {
  const [cidrText = '', domainText = '', typeText = ''] = line
    .split(',')
    .map((p) => p.trim().replace(/^"|"$/g, ''));
  const cidr = canonicalCidr(cidrText);
  const type = (typeText.toLowerCase() || 'company') as IpRangeType;
  const domain = domainText ? normalizeDomain(domainText) : null;
  if (!cidr) return `not a CIDR: ${cidrText}`;
  if (!types.includes(type)) return `unknown type ${typeText}; use ${types.join(', ')}`;
  if (domainText && !domain) return `not a domain: ${domainText}`;
  if (type === 'company' && !domain) return 'a company range needs a domain';
  return { cidr, type, domain, asn: null, asName: null };
}

/**
 * What kind of network an AS is, from its description. ip2asn data names networks, not
 * visitors' employers, so it never yields `company`: an ISP or a host is not who is visiting.
 */
export function classifyNetwork(description: string): Exclude<IpRangeType, 'company'> {
  const d = description.toLowerCase();
  if (
    /universit|college|school|academ|\bedu\b|research and education|\bren\b|institute of technology/.test(d)
  )
    return 'education';
  if (
    /government|ministry|federal|\bgov\b|municipal|county of|state of |department of|military|defen[cs]e|\barmy\b|\bnavy\b/.test(
      d,
    )
  )
    return 'government';
  if (
    /amazon|\baws\b|google|microsoft|azure|digitalocean|linode|akamai|\bovh|hetzner|vultr|oracle|alibaba|tencent|cloudflare|fastly|hosting|\bhost|data ?cent(er|re)|colo|server|cloud|\bvps\b|leaseweb|scaleway|contabo|rackspace/.test(
      d,
    )
  )
    return 'hosting';
  return 'isp';
}

/**
 * The ip2asn TSV (`range_start range_end AS_number country_code AS_description`, tab-separated):
 * each range becomes the CIDR blocks that cover it exactly; unrouted ranges (AS 0) are skipped.
 */
export function parseIp2asn(text: string): ParsedRanges {
  const out: ParsedRanges = { rows: [], errors: [] };
  text.split(/\r?\n/).forEach((raw, index) => {
    if (!raw.trim()) return;
    const [start = '', end = '', asText = '', , description = ''] = raw.split('\t');
    const asn = Number(asText);
    if (!Number.isInteger(asn) || asn < 0) {
      out.errors.push({ line: index + 1, message: `not an AS number: ${asText}` });
      return;
    }
    if (asn === 0) return;
    const cidrs = rangeToCidrs(start, end);
    if (!cidrs) {
      out.errors.push({ line: index + 1, message: `not an address range: ${start} - ${end}` });
      return;
    }
    const asName = description.trim() || null;
    const type = classifyNetwork(asName ?? '');
    for (const cidr of cidrs) out.rows.push({ cidr, type, domain: null, asn, asName });
  });
  return out;
}

export interface ImportReport {
  /** Ranges written (new or replaced). */
  written: number;
  /** Company ranges whose domain named a stored company. */
  linked: number;
  /** Company ranges whose domain is not known here (stored, but name no company until it is). */
  unlinked: number;
}

const batchSize = 1000;

/** Stores ranges, replacing any with the same CIDR; company ranges are tied to their company by domain. */
export async function importIpRanges(db: Db, rows: IpRangeRow[], source: string): Promise<ImportReport> {
  const report: ImportReport = { written: 0, linked: 0, unlinked: 0 };
  // The last line for a CIDR wins, as a later correction should.
  const unique = [...new Map(rows.map((r) => [r.cidr, r])).values()];
  for (let i = 0; i < unique.length; i += batchSize) {
    const batch = unique.slice(i, i + batchSize);
    const domains = [
      ...new Set(batch.filter((r) => r.type === 'company' && r.domain).map((r) => r.domain as string)),
    ];
    const owners = await domainOwners(db, domains);
    const values = batch.map((r) => {
      const companyId = r.type === 'company' && r.domain ? (owners.get(r.domain) ?? null) : null;
      if (r.type === 'company') {
        if (companyId) report.linked++;
        else report.unlinked++;
      }
      return {
        cidr: r.cidr,
        type: r.type,
        domain: r.domain,
        asn: r.asn,
        asName: r.asName,
        companyId,
        source,
      };
    });
    await upsertIpRanges(db, values);
    report.written += values.length;
  }
  return report;
}
