import { isIP } from 'node:net';
import type { Db, ipRanges } from '@dossier/db';
import { mostSpecificRange } from './store.js';

export type IpRangeType = (typeof ipRanges.$inferSelect)['type'];

export interface IpMatch {
  range: string;
  type: IpRangeType;
  asn: number | null;
  as_name: string | null;
  /** The company, only for ranges of type `company`: an ISP or host is never the visitor's company. */
  company: { id: string; domain: string; name: string } | null;
  /** How sure we are that the visitor belongs to `company`: narrower ranges are surer. */
  confidence: number;
}

/** Canonical text of an IPv4 or IPv6 address, or null when it is not one. */
export function parseIpAddress(input: string): string | null {
  const value = input.trim().replace(/^\[|\]$/g, '');
  return isIP(value) ? value.toLowerCase() : null;
}

const prefixLength = (cidr: string) => Number(cidr.split('/')[1] ?? 0);

/** A /32 (or /128) is one host; a /16 could be anyone on a campus or a carrier. */
function confidenceFor(type: IpRangeType, cidr: string): number {
  if (type !== 'company') return 0;
  const v6 = cidr.includes(':');
  const hostBits = (v6 ? 128 : 32) - prefixLength(cidr) - (v6 ? 64 : 0);
  return Math.round(Math.max(0.5, Math.min(0.99, 0.99 - Math.max(0, hostBits) * 0.025)) * 100) / 100;
}

/** The most specific stored range containing the address (longest prefix wins; GiST index). */
export async function lookupIp(db: Db, ip: string): Promise<IpMatch | null> {
  const row = await mostSpecificRange(db, ip);
  if (!row) return null;
  const company =
    row.type === 'company' && row.companyId && row.domain && row.name
      ? { id: row.companyId, domain: row.domain, name: row.name }
      : null;
  return {
    range: row.range,
    type: row.type,
    asn: row.asn,
    as_name: row.asName,
    company,
    confidence: company ? confidenceFor(row.type, row.range) : 0,
  };
}
