export const techCategories = [
  'email',
  'email-delivery',
  'email-security',
  'productivity',
  'collaboration',
  'crm',
  'marketing-automation',
  'abm-intent',
  'analytics',
  'advertising',
  'tag-manager',
  'session-replay',
  'product-adoption',
  'chat',
  'support',
  'survey',
  'cdn',
  'hosting',
  'dns',
  'web-server',
  'payments',
  'ecommerce',
  'cms',
  'js-framework',
  'js-library',
  'backend-framework',
  'ab-testing',
  'security',
  'consent',
  'identity',
  'video',
  'scheduling',
  'hr-ats',
  'monitoring',
  'search',
  'media',
  'fonts',
  'reviews',
  'esignature',
  'certificates',
  'seo',
] as const;
export type TechCategory = (typeof techCategories)[number];

/**
 * One technology and how to see it. DNS patterns (`mx`, `spf`, `ns`, `cname`) are host-name suffixes
 * where `*` stands for any run of letters, digits and dashes (`awsdns-*.com`). `txt` entries are
 * case-insensitive prefixes of a TXT record. Everything else is a case-insensitive regular expression
 * source: `script` against script and iframe `src`, `link` against link `href`, `html` against the
 * page text, `meta` against the content of the named meta tag, `headers` against the value of the
 * named response header (empty: the header being present is enough), `cookies` against cookie names
 * (anchored at the start), `jsonld` against the text of JSON-LD blocks.
 */
export interface TechRule {
  name: string;
  slug: string;
  category: TechCategory;
  mx?: string[];
  spf?: string[];
  txt?: string[];
  ns?: string[];
  cname?: string[];
  script?: string[];
  link?: string[];
  html?: string[];
  meta?: Record<string, string>;
  headers?: Record<string, string>;
  cookies?: string[];
  jsonld?: string[];
}

export type DetectedBy =
  | 'mx'
  | 'spf'
  | 'txt'
  | 'ns'
  | 'cname'
  | 'html'
  | 'script'
  | 'header'
  | 'cookie'
  | 'meta'
  | 'jsonld';

export interface Detection {
  name: string;
  slug: string;
  category: TechCategory;
  detected_by: DetectedBy;
  /** The record, URL, header or snippet that matched (shortened). */
  evidence: string;
}
