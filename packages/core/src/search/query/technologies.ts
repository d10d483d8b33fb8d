import { PhraseIndex } from './phrases.js';

/** One technology the reader can recognize; the technographics catalog supplies the real list. */
export interface TechnologyTerm {
  name: string;
  slug: string;
  aliases?: readonly string[];
}

/** A technology category ("a CRM", "marketing automation"). */
export interface TechnologyCategoryTerm {
  name: string;
  slug: string;
  aliases?: readonly string[];
}

/** A value as stored in the data, so that the reader finds it by its own name. */
export type StoredPlace =
  | { kind: 'city' | 'region'; name: string; country: string }
  | { kind: 'country'; code: string; name: string };

/** Vocabulary plugged into the reader. Reuse the same object across calls: its index is cached. */
export interface QueryVocab {
  technologies: readonly TechnologyTerm[];
  categories?: readonly TechnologyCategoryTerm[];
  /**
   * Stored technologies (`company_technologies` names and slugs): read before `technologies`
   * when a name is in both, so a filter names the slug the data carries.
   */
  storedTechnologies?: readonly TechnologyTerm[];
  /** Stored industry texts with the industry id each reads as ("human resources" -> hr_tech). */
  industries?: readonly { name: string; id: string }[];
  /** Stored cities, regions and countries, read by their stored spelling ("Bengaluru"). */
  places?: readonly StoredPlace[];
  /** Stored company tags ("saas", "b2b"). */
  tags?: readonly string[];
}

const tech = (name: string, slug: string, ...aliases: string[]): TechnologyTerm => ({ name, slug, aliases });

/** A small default list so the reader works (and is tested) without the catalog. */
export const defaultTechnologies: readonly TechnologyTerm[] = [
  tech('Salesforce', 'salesforce', 'Salesforce CRM', 'Sales Cloud'),
  tech('HubSpot', 'hubspot', 'Hubspot CRM'),
  tech('Stripe', 'stripe'),
  tech('Shopify', 'shopify', 'Shopify Plus'),
  tech('Marketo', 'marketo'),
  tech('Pardot', 'pardot'),
  tech('Zendesk', 'zendesk'),
  tech('Intercom', 'intercom'),
  tech('Segment', 'segment'),
  tech('Google Analytics', 'google-analytics', 'GA4'),
  tech('Google Tag Manager', 'google-tag-manager', 'GTM'),
  tech('WordPress', 'wordpress'),
  tech('React', 'react', 'React.js', 'ReactJS'),
  tech('Amazon Web Services', 'aws', 'AWS', 'Amazon AWS'),
  tech('Google Cloud', 'google-cloud', 'GCP', 'Google Cloud Platform'),
  tech('Microsoft Azure', 'azure', 'Azure'),
  tech('Cloudflare', 'cloudflare'),
  tech('Snowflake', 'snowflake'),
  tech('Slack', 'slack'),
  tech('Microsoft 365', 'microsoft-365', 'Office 365', 'O365', 'Outlook'),
  tech('Microsoft Teams', 'microsoft-teams', 'MS Teams'),
  tech('Google Workspace', 'google-workspace', 'G Suite', 'GSuite', 'Gmail'),
  tech('Magento', 'magento', 'Adobe Commerce'),
  tech('WooCommerce', 'woocommerce'),
  tech('BigCommerce', 'bigcommerce'),
  tech('Mailchimp', 'mailchimp'),
  tech('Klaviyo', 'klaviyo'),
  tech('Okta', 'okta'),
  tech('Workday', 'workday'),
  tech('SAP', 'sap'),
  tech('Kubernetes', 'kubernetes', 'k8s'),
  tech('Datadog', 'datadog'),
  tech('Twilio', 'twilio'),
];

export const defaultTechnologyCategories: readonly TechnologyCategoryTerm[] = [
  { name: 'CRM', slug: 'crm', aliases: ['a CRM', 'customer relationship management'] },
  {
    name: 'Marketing automation',
    slug: 'marketing-automation',
    aliases: ['a marketing automation platform'],
  },
  { name: 'Payments', slug: 'payments', aliases: ['a payment processor', 'payment processing'] },
  { name: 'E-commerce platform', slug: 'ecommerce', aliases: ['an e-commerce platform', 'a shop system'] },
  { name: 'Analytics', slug: 'analytics', aliases: ['web analytics'] },
  { name: 'CMS', slug: 'cms', aliases: ['a CMS', 'content management system'] },
  { name: 'Help desk', slug: 'support', aliases: ['a help desk', 'helpdesk', 'customer support software'] },
  { name: 'Cloud hosting', slug: 'hosting', aliases: ['a cloud provider', 'cloud hosting'] },
];

/** Business-model tags read before any data is stored ("SaaS" is a tag, not the software industry). */
export const defaultTags: readonly string[] = ['saas', 'b2b', 'b2c', 'marketplace'];

export const defaultVocab: QueryVocab = {
  technologies: defaultTechnologies,
  categories: defaultTechnologyCategories,
  tags: defaultTags,
};

export type TechHit = { kind: 'tech' | 'category'; slug: string; name: string };

const cache = new WeakMap<QueryVocab, PhraseIndex<TechHit>>();

/** The phrase index of a vocabulary, built on first use and kept while the vocabulary lives. */
export const techIndexOf = (vocab: QueryVocab): PhraseIndex<TechHit> => {
  const cached = cache.get(vocab);
  if (cached) return cached;
  const index = new PhraseIndex<TechHit>();
  for (const t of vocab.storedTechnologies ?? []) {
    const hit: TechHit = { kind: 'tech', slug: t.slug, name: t.name };
    for (const name of [t.name, ...(t.aliases ?? [])]) index.add(name, hit, 'any', true);
  }
  for (const t of vocab.technologies) {
    const hit: TechHit = { kind: 'tech', slug: t.slug, name: t.name };
    for (const name of [t.name, ...(t.aliases ?? [])]) index.add(name, hit);
  }
  for (const c of vocab.categories ?? []) {
    const hit: TechHit = { kind: 'category', slug: c.slug, name: c.name };
    for (const name of [c.name, ...(c.aliases ?? [])]) index.add(name, hit);
  }
  cache.set(vocab, index);
  return index;
};
