import { metaContent, type ScannedPage } from './html-scan.js';

export interface OrganizationAddress {
  street?: string;
  locality?: string;
  region?: string;
  postal_code?: string;
  country?: string;
  /** When the page gives the address as one string. */
  formatted?: string;
}

export type SocialNetwork =
  | 'linkedin'
  | 'twitter'
  | 'facebook'
  | 'instagram'
  | 'youtube'
  | 'github'
  | 'crunchbase'
  | 'tiktok';

export interface OrganizationInfo {
  name: string | null;
  legal_name: string | null;
  description: string | null;
  url: string | null;
  logo: string | null;
  /** `sameAs` links as given. */
  same_as: string[];
  /** Social profile URLs by network, from `sameAs` first, then from links on the page. */
  socials: Partial<Record<SocialNetwork, string>>;
  address: OrganizationAddress | null;
  telephone: string | null;
  email: string | null;
  founding_date: string | null;
  /** Where the name and description came from. */
  source: 'jsonld' | 'meta';
}

export interface PageMeta {
  title: string | null;
  description: string | null;
  /** `og:*` properties without the prefix (`title`, `description`, `image`, `site_name`, `url`, `type`). */
  og: Record<string, string>;
  /** `twitter:*` properties without the prefix. */
  twitter: Record<string, string>;
}

export const extractMeta = (page: ScannedPage): PageMeta => {
  const og: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  for (const { name, content } of page.meta) {
    if (!content) continue;
    if (name.startsWith('og:')) og[name.slice(3)] ??= content;
    else if (name.startsWith('twitter:')) twitter[name.slice(8)] ??= content;
  }
  return { title: page.title, description: metaContent(page, 'description'), og, twitter };
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
};

const orgTypes = new Set([
  'organization',
  'corporation',
  'localbusiness',
  'onlinebusiness',
  'onlinestore',
  'ngo',
  'professionalservice',
  'store',
  'airline',
  'bank',
  'consortium',
]);
const isOrgType = (type: unknown) =>
  asArray(type).some((t) => {
    const name = typeof t === 'string' ? t.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase() : '';
    return orgTypes.has(name) || name.endsWith('organization');
  });

/** Every object in the JSON-LD blocks, nested ones included (`@graph`, `publisher`, ...). */
const collectNodes = (blocks: string[]): Json[] => {
  const nodes: Json[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 8) return;
    if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (isObject(value)) {
      nodes.push(value);
      for (const child of Object.values(value)) if (typeof child === 'object') visit(child, depth + 1);
    }
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, '')), 0);
    } catch {
      // A broken block is skipped; the others still count.
    }
  }
  return nodes;
};

const socialHosts: Array<[SocialNetwork, RegExp]> = [
  ['linkedin', /^https?:\/\/([a-z]{2,3}\.)?(www\.)?linkedin\.com\/(company|school|showcase)\/[^/?#]+/i],
  ['twitter', /^https?:\/\/(www\.|mobile\.)?(twitter|x)\.com\/(?!intent|share|home)[A-Za-z0-9_]{1,15}\/?$/i],
  ['facebook', /^https?:\/\/([a-z]+\.)?facebook\.com\/(?!sharer|share|dialog|plugins)[^?#]+/i],
  ['instagram', /^https?:\/\/(www\.)?instagram\.com\/[A-Za-z0-9_.]+\/?$/i],
  ['youtube', /^https?:\/\/(www\.)?youtube\.com\/(@|c\/|channel\/|user\/)[^/?#]+/i],
  ['github', /^https?:\/\/(www\.)?github\.com\/[A-Za-z0-9-]+\/?$/i],
  ['crunchbase', /^https?:\/\/(www\.)?crunchbase\.com\/organization\/[^/?#]+/i],
  ['tiktok', /^https?:\/\/(www\.)?tiktok\.com\/@[^/?#]+/i],
];

const socialsFrom = (urls: string[], into: Partial<Record<SocialNetwork, string>>) => {
  for (const url of urls) {
    for (const [network, pattern] of socialHosts) {
      if (!into[network] && pattern.test(url.trim())) into[network] = url.trim();
    }
  }
};

const addressOf = (value: unknown): OrganizationAddress | null => {
  const first = asArray(value)[0];
  if (typeof first === 'string') return first.trim() ? { formatted: first.trim() } : null;
  if (!isObject(first)) return null;
  const country = isObject(first.addressCountry)
    ? text(first.addressCountry.name)
    : text(first.addressCountry);
  const address: OrganizationAddress = {};
  const street = text(first.streetAddress);
  const locality = text(first.addressLocality);
  const region = text(first.addressRegion);
  const postal = text(first.postalCode);
  if (street) address.street = street;
  if (locality) address.locality = locality;
  if (region) address.region = region;
  if (postal) address.postal_code = postal;
  if (country) address.country = country;
  return Object.keys(address).length ? address : null;
};

const fieldCount = (node: Json) =>
  ['name', 'description', 'logo', 'sameAs', 'address', 'telephone', 'foundingDate', 'url'].filter(
    (k) => k in node,
  ).length;

/**
 * The company as the page describes itself: the richest JSON-LD Organization (or subtype), with meta
 * tags filling what it lacks; null when the page says nothing usable.
 */
export const extractOrganization = (page: ScannedPage): OrganizationInfo | null => {
  const nodes = collectNodes(page.jsonLd);
  const byId = new Map<string, Json>();
  for (const node of nodes) if (typeof node['@id'] === 'string') byId.set(node['@id'], node);
  const resolve = (value: unknown): unknown =>
    isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1
      ? (byId.get(value['@id']) ?? value)
      : value;
  const orgs = nodes.filter((node) => isOrgType(node['@type'])).sort((a, b) => fieldCount(b) - fieldCount(a));
  const org = orgs[0];
  const meta = extractMeta(page);
  const socials: OrganizationInfo['socials'] = {};

  if (org) {
    const logo = resolve(org.logo);
    const sameAs = asArray(org.sameAs).filter((v): v is string => typeof v === 'string');
    socialsFrom(sameAs, socials);
    socialsFrom(page.anchors, socials);
    return {
      name: text(org.name) ?? meta.og.site_name ?? null,
      legal_name: text(org.legalName),
      description: text(org.description) ?? meta.description ?? meta.og.description ?? null,
      url: text(org.url) ?? meta.og.url ?? null,
      logo: text(logo) ?? (isObject(logo) ? (text(logo.url) ?? text(logo.contentUrl)) : null),
      same_as: sameAs,
      socials,
      address: addressOf(resolve(org.address)),
      telephone: text(org.telephone),
      email: text(org.email)?.replace(/^mailto:/i, '') ?? null,
      founding_date: text(org.foundingDate),
      source: 'jsonld',
    };
  }
  const name = meta.og.site_name ?? null;
  const description = meta.description ?? meta.og.description ?? null;
  socialsFrom(page.anchors, socials);
  if (!name && !description && !Object.keys(socials).length) return null;
  return {
    name,
    legal_name: null,
    description,
    url: meta.og.url ?? null,
    logo: null,
    same_as: [],
    socials,
    address: null,
    telephone: null,
    email: null,
    founding_date: null,
    source: 'meta',
  };
};
