import { companies, companyDomains, type Db, ipRanges } from '@dossier/db';
import { eq, inArray, sql } from 'drizzle-orm';

/** A stored range as `importIpRanges` writes it. */
export type NewIpRange = Pick<
  typeof ipRanges.$inferInsert,
  'cidr' | 'type' | 'domain' | 'asn' | 'asName' | 'companyId' | 'source'
>;

/** The company id owning each of `domains` that names a stored company. */
export const domainOwners = async (db: Db, domains: string[]): Promise<Map<string, string>> => {
  if (!domains.length) return new Map();
  const rows = await db
    .select({ domain: companyDomains.domain, companyId: companyDomains.companyId })
    .from(companyDomains)
    .where(inArray(companyDomains.domain, domains));
  return new Map(rows.map((r) => [r.domain, r.companyId]));
};

/** Writes ranges, replacing any stored with the same CIDR. */
export const upsertIpRanges = async (db: Db, values: NewIpRange[]): Promise<void> => {
  await db
    .insert(ipRanges)
    .values(values)
    .onConflictDoUpdate({
      target: ipRanges.cidr,
      set: {
        type: sql`excluded.type`,
        domain: sql`excluded.domain`,
        asn: sql`excluded.asn`,
        asName: sql`excluded.as_name`,
        companyId: sql`excluded.company_id`,
        source: sql`excluded.source`,
      },
    });
};

/** The most specific stored range containing the address (longest prefix wins; GiST index), with its company. */
export const mostSpecificRange = async (db: Db, ip: string) => {
  const [row] = await db
    .select({
      range: sql<string>`${ipRanges.cidr}::text`,
      type: ipRanges.type,
      asn: ipRanges.asn,
      asName: ipRanges.asName,
      companyId: companies.id,
      domain: companies.domain,
      name: companies.name,
    })
    .from(ipRanges)
    .leftJoin(companies, eq(companies.id, ipRanges.companyId))
    .where(sql`${ipRanges.cidr} >>= ${ip}::inet`)
    .orderBy(sql`masklen(${ipRanges.cidr}) desc`)
    .limit(1);
  return row;
};
