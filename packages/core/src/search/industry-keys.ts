import { type IndustryId, industries } from './query/index.js';

/**
 * `companies.industry` is free text (`Data & Analytics`, `e-commerce`); the filter takes closed ids.
 * They meet on a normalized key: the database keeps `industry_key` (a generated column: lower case,
 * `&` -> `and`, punctuation -> one space) and a filter id becomes the keys of its label and synonyms.
 */
export const industryKey = (text: string): string =>
  text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Common stored spellings (LinkedIn-style and the demo data's) that are no synonym for the reader.
const EXTRA: Partial<Record<IndustryId, string[]>> = {
  software: ['computer software', 'software development', 'internet software'],
  it_services: ['information technology', 'information technology and services', 'it and services'],
  data_analytics: ['data and analytics', 'analytics'],
  financial_services: ['financial', 'finance and banking'],
  marketing_advertising: ['marketing', 'marketing and advertising'],
  media: ['media and entertainment', 'online media', 'broadcast media'],
  entertainment: ['media and entertainment'],
  hr_tech: ['human resources', 'human resources services', 'hr'],
  staffing_recruiting: ['staffing and recruiting'],
  legal: ['legal', 'law practice'],
  healthcare: ['hospital and health care', 'health', 'health and wellness'],
  biotech: ['biotechnology'],
  nonprofit: ['non profit', 'nonprofit organization management', 'non profit organization'],
  government: ['government', 'government administration', 'public sector'],
  education: ['education management', 'higher education'],
  telecommunications: ['telecommunication'],
  logistics: ['logistics and supply chain'],
  renewable_energy: ['renewables and environment'],
};

const keysById = new Map<IndustryId, string[]>(
  industries.map((industry) => [
    industry.id,
    [
      ...new Set(
        [
          industry.id.replaceAll('_', ' '),
          industry.label,
          ...industry.synonyms,
          ...(EXTRA[industry.id] ?? []),
        ]
          .map((s) => industryKey(s.replace(/^\^/, '')))
          .filter(Boolean),
      ),
    ],
  ]),
);

const idByKey = new Map<string, IndustryId>();
for (const [id, keys] of keysById) for (const key of keys) if (!idByKey.has(key)) idByKey.set(key, id);

/** Every stored form an industry id matches. */
export const industryKeysOf = (ids: readonly IndustryId[]): string[] => [
  ...new Set(ids.flatMap((id) => keysById.get(id) ?? [])),
];

/** The industry id a stored industry text reads as, if any. */
export const industryIdOf = (text: string | null | undefined): IndustryId | null =>
  text ? (idByKey.get(industryKey(text)) ?? null) : null;
