import { normalizeCompanyName } from '../normalize/company-name.js';
import { companyDomain } from '../normalize/domain.js';
import { parseLinkedInUrl } from '../normalize/linkedin.js';
import { foldForCompare } from '../normalize/text.js';
import { jaroWinkler } from './jaro-winkler.js';

export interface CompanyRecord {
  recordId: string;
  name?: string | null;
  domain?: string | null;
  linkedinUrl?: string | null;
  city?: string | null;
  country?: string | null;
}

export interface CompanyResolverOptions {
  /** Jaro-Winkler similarity of name keys that counts as the same name (with the same country). */
  nameSimilarity?: number;
}

interface PreparedCompany {
  domain: string | null;
  slug: string | null;
  nameKey: string;
  country: string;
}

/**
 * A simpler resolver for companies. The registrable domain and the LinkedIn company page are the
 * identifiers; two records with different domains never merge (subsidiaries and namesakes keep their
 * own entity). Records without a domain join on their name key when the names agree (exactly, or
 * closely in the same country) and the entity they join has no conflicting LinkedIn page.
 */
export const createCompanyResolver = (options: CompanyResolverOptions = {}) => {
  const similarity = options.nameSimilarity ?? 0.95;
  const entities: { id: string; domain: string | null; slug: string | null; country: string }[] = [];
  const byDomain = new Map<string, number>();
  const bySlug = new Map<string, number>();
  const byName = new Map<string, number[]>();
  const byRecord = new Map<string, number>();

  const prepare = (r: CompanyRecord): PreparedCompany => {
    const page = parseLinkedInUrl(r.linkedinUrl);
    return {
      domain: companyDomain(r.domain),
      slug: page?.kind === 'company' ? page.slug : null,
      nameKey: normalizeCompanyName(r.name).replace(/ /g, ''),
      country: r.country ? foldForCompare(r.country) : '',
    };
  };

  const compatible = (e: (typeof entities)[number], p: PreparedCompany) =>
    !(e.domain && p.domain && e.domain !== p.domain) && !(e.slug && p.slug && e.slug !== p.slug);

  const findEntity = (p: PreparedCompany): number | undefined => {
    const viaDomain = p.domain ? byDomain.get(p.domain) : undefined;
    if (viaDomain !== undefined) return viaDomain;
    const viaSlug = p.slug ? bySlug.get(p.slug) : undefined;
    if (viaSlug !== undefined && compatible(entities[viaSlug] as (typeof entities)[number], p))
      return viaSlug;
    if (!p.nameKey) return undefined;
    for (const e of byName.get(p.nameKey) ?? [])
      if (compatible(entities[e] as (typeof entities)[number], p)) return e;
    // Near-identical names (typos) only within one country, to keep namesakes abroad apart.
    if (!p.country) return undefined;
    const prefix = p.nameKey.slice(0, 3);
    for (const [key, list] of byName) {
      if (!key.startsWith(prefix) || jaroWinkler(key, p.nameKey) < similarity) continue;
      for (const e of list) {
        const entity = entities[e] as (typeof entities)[number];
        if (entity.country === p.country && compatible(entity, p)) return e;
      }
    }
    return undefined;
  };

  const add = (record: CompanyRecord): { recordId: string; entityId: string } => {
    const p = prepare(record);
    let e = findEntity(p);
    if (e === undefined) {
      e = entities.length;
      entities.push({ id: record.recordId, domain: p.domain, slug: p.slug, country: p.country });
    }
    const entity = entities[e] as (typeof entities)[number];
    if (p.domain && !entity.domain) entity.domain = p.domain;
    if (p.slug && !entity.slug) entity.slug = p.slug;
    if (p.country && !entity.country) entity.country = p.country;
    if (entity.domain) byDomain.set(entity.domain, e);
    if (entity.slug) bySlug.set(entity.slug, e);
    if (p.nameKey) {
      const list = byName.get(p.nameKey) ?? [];
      if (!list.includes(e)) list.push(e);
      byName.set(p.nameKey, list);
    }
    byRecord.set(record.recordId, e);
    return { recordId: record.recordId, entityId: entity.id };
  };

  return {
    addBatch: (records: CompanyRecord[]) => records.map(add),
    resolveOne: add,
    entityOf: (recordId: string): string | undefined => {
      const e = byRecord.get(recordId);
      return e === undefined ? undefined : entities[e]?.id;
    },
  };
};
