import { type DemoIndustry, industries } from './industries.js';
import { companyWords, slugPart } from './names.js';
import type { PhoneBook } from './phones.js';
import { cities, type DemoCity, legalSuffixes, publicSuffixes } from './places.js';
import type { Rng } from './random.js';
import { exclusiveCategories, technologies } from './technologies.js';
import { daysBefore } from './time.js';
import type { DemoCompany, DemoCompanyTechnology } from './types.js';

export const emailPatterns = ['first.last', 'flast', 'first', 'firstl', 'first_last'] as const;
export type EmailPattern = (typeof emailPatterns)[number];

export const employeeRanges = [
  { label: '1-10', min: 1, max: 10, weight: 8 },
  { label: '11-50', min: 11, max: 50, weight: 22 },
  { label: '51-200', min: 51, max: 200, weight: 27 },
  { label: '201-500', min: 201, max: 500, weight: 17 },
  { label: '501-1000', min: 501, max: 1000, weight: 10 },
  { label: '1001-5000', min: 1001, max: 5000, weight: 10 },
  { label: '5001-10000', min: 5001, max: 10000, weight: 4 },
  { label: '10001+', min: 10001, max: 120000, weight: 2 },
] as const;

export const revenueRanges = [
  { label: '$0-1M', max: 1e6 },
  { label: '$1M-10M', max: 1e7 },
  { label: '$10M-50M', max: 5e7 },
  { label: '$50M-100M', max: 1e8 },
  { label: '$100M-500M', max: 5e8 },
  { label: '$500M-1B', max: 1e9 },
  { label: '$1B+', max: Number.POSITIVE_INFINITY },
] as const;

export const employeeRangeOf = (count: number): string =>
  employeeRanges.find((r) => count <= r.max)?.label ?? '10001+';

const revenueRangeOf = (revenue: number): string =>
  revenueRanges.find((r) => revenue < r.max)?.label ?? '$1B+';

/** A company as generated, with what people generation needs but the database does not store. */
export interface CompanyPlan {
  row: DemoCompany;
  domains: string[];
  hq: DemoCity;
  /** Other office cities. */
  offices: DemoCity[];
  pattern: EmailPattern;
  /** A catch-all mail server: its addresses can only be `accept_all`. */
  acceptAll: boolean;
  technologies: DemoCompanyTechnology[];
}

const cityWeights = cities.map((c) => c.weight);
const industryWeights = industries.map((i) => i.weight);
const words = [...new Set(companyWords)].filter((w) => w !== 'Northwind');

const NORTHWIND = {
  name: 'Northwind Traders',
  industry: 'e-commerce',
  employees: 1840,
  founded: 1994,
  city: 'Seattle',
  aliases: ['northwindtraders.example', 'northwind-traders.example'],
  tech: [
    'microsoft-365',
    'salesforce',
    'hubspot',
    'stripe',
    'cloudflare',
    'aws',
    'segment',
    'zendesk',
    'react',
    'shopify',
  ],
  description:
    'Northwind Traders imports and distributes specialty foods and beverages to retailers, restaurants and ' +
    'online shops, with a wholesale ordering portal for business customers.',
};

const describe = (rng: Rng, name: string, industry: DemoIndustry, hq: DemoCity, founded: number): string => {
  const offer = rng.pick(industry.offers);
  const buyer = rng.pick(industry.buyers);
  return rng.pick([
    `${name} provides ${offer} for ${buyer}. Founded in ${founded} and based in ${hq.city}.`,
    `${name} delivers ${offer} for ${buyer} from its headquarters in ${hq.city}.`,
    `Since ${founded}, ${name} has offered ${offer} to ${buyer} in ${hq.country === 'US' ? 'North America' : 'its region'} and beyond.`,
  ]);
};

const pickTechnologies = (rng: Rng, count: number, employees: number): typeof technologies => {
  const chosen: typeof technologies = [];
  const categories = new Set<string>();
  // Larger companies lean to Microsoft 365, smaller ones to Google Workspace.
  const mail = rng.chance(employees > 1000 ? 0.6 : 0.3) ? 'microsoft-365' : 'google-workspace';
  const take = (slug: string) => {
    const tech = technologies.find((t) => t.slug === slug);
    if (!tech || chosen.includes(tech)) return;
    chosen.push(tech);
    categories.add(tech.category);
  };
  take(mail);
  while (chosen.length < count) {
    const pool = technologies.filter(
      (t) => !chosen.includes(t) && !(exclusiveCategories.has(t.category) && categories.has(t.category)),
    );
    if (pool.length === 0) break;
    take(
      rng.weighted(
        pool,
        pool.map((t) => t.weight),
      ).slug,
    );
  }
  return chosen;
};

const legalName = (rng: Rng, name: string, country: string, type: string): string => {
  if (type === 'nonprofit') return name;
  if (type === 'partnership') return `${name} LLP`;
  const suffix =
    (type === 'public' && publicSuffixes[country]) || rng.pick(legalSuffixes[country] ?? ['Ltd.']);
  return `${name} ${suffix}`;
};

const companyType = (rng: Rng, industry: string, employees: number): string => {
  if (industry === 'nonprofit') return 'nonprofit';
  if ((industry === 'legal services' || industry === 'consulting') && rng.chance(0.35)) return 'partnership';
  const publicShare = employees > 5000 ? 0.7 : employees > 1000 ? 0.3 : employees > 500 ? 0.08 : 0;
  return rng.chance(publicShare) ? 'public' : 'private';
};

export interface CompanyOptions {
  count: number;
  asOf: Date;
  rng: Rng;
  phones: PhoneBook;
  /** Every domain handed out so far (companies, aliases, ISPs); kept unique. */
  taken: Set<string>;
}

/** Northwind Traders first, then `count - 1` generated companies. */
export const generateCompanies = (options: CompanyOptions): CompanyPlan[] => {
  const { count, asOf, rng, phones, taken } = options;
  const plans: CompanyPlan[] = [];
  const names = new Set<string>();
  const asOfYear = asOf.getUTCFullYear();

  const add = (input: {
    name: string;
    domain: string;
    aliases: string[];
    industry: DemoIndustry;
    employees: number;
    founded: number;
    hq: DemoCity;
    tech?: string[];
    description?: string;
  }) => {
    const { name, domain, aliases, industry, employees, founded, hq } = input;
    names.add(name);
    for (const d of [domain, ...aliases]) taken.add(d);
    const type = companyType(rng, industry.name, employees);
    const revenue = employees * (60_000 + rng.float() * 340_000);
    const officeCount =
      employees > 5000 ? rng.int(2, 4) : employees > 500 ? rng.int(1, 2) : rng.chance(0.2) ? 1 : 0;
    const offices = rng.sample(
      cities.filter((c) => c.city !== hq.city),
      officeCount,
    );
    const slug = domain.replace(/\.example$/, '');
    const handle = slug.replace(/-/g, '').slice(0, 15);
    const techCount = Math.min(12, Math.max(3, Math.round(3 + Math.log10(employees) * 2 + rng.int(-1, 2))));
    const picked = input.tech
      ? input.tech.map((s) => technologies.find((t) => t.slug === s)).filter((t) => t !== undefined)
      : pickTechnologies(rng, techCount, employees);
    const tags = [...industry.tags];
    if (type === 'public') tags.push('public-company');
    if (type === 'private' && founded >= 2012 && employees <= 1000) tags.push('venture-backed');
    if (offices.some((o) => o.country !== hq.country)) tags.push('international');
    const row: DemoCompany = {
      id: `cmp_${rng.base62(20)}`,
      domain,
      name,
      legalName: legalName(rng, name, hq.country, type),
      description: input.description ?? describe(rng, name, industry, hq, founded),
      industry: industry.name,
      employeeCount: employees,
      employeeRange: employeeRangeOf(employees),
      revenueRange: revenueRangeOf(revenue),
      foundedYear: founded,
      type,
      country: hq.country,
      region: hq.region,
      city: hq.city,
      locations: [
        { city: hq.city, region: hq.region, country: hq.country, hq: true },
        ...offices.map((o) => ({ city: o.city, region: o.region, country: o.country, hq: false })),
      ],
      phone: phones.next(hq, 'office'),
      socials: {
        linkedin: `https://www.linkedin.com/company/${slug}`,
        twitter: `https://twitter.com/${handle}`,
      },
      tags,
      techSlugs: picked.map((t) => t.slug).sort(),
    };
    const small = employees <= 50;
    const plan: CompanyPlan = {
      row,
      domains: [domain, ...aliases],
      hq,
      offices,
      pattern: small
        ? rng.weighted(emailPatterns, [3, 1, 3, 1, 1])
        : rng.weighted(emailPatterns, [6, 3, 0, 1, 1]),
      acceptAll: rng.chance(0.1),
      technologies: [],
    };
    plan.technologies = picked.map((t) => {
      const firstSeen = daysBefore(
        asOf,
        rng.int(60, Math.max(61, Math.min(3000, (asOfYear - founded) * 365))),
      );
      return {
        companyId: row.id,
        slug: t.slug,
        name: t.name,
        category: t.category,
        detectedBy: t.detectedBy,
        firstSeen,
        lastSeen: daysBefore(asOf, rng.int(0, 20)),
        numSources: rng.int(1, 4),
      };
    });
    plans.push(plan);
  };

  const northwindHq = cities.find((c) => c.city === NORTHWIND.city) as DemoCity;
  add({
    name: NORTHWIND.name,
    domain: 'northwind.example',
    aliases: NORTHWIND.aliases,
    industry: industries.find((i) => i.name === NORTHWIND.industry) as DemoIndustry,
    employees: NORTHWIND.employees,
    founded: NORTHWIND.founded,
    hq: northwindHq,
    tech: NORTHWIND.tech,
    description: NORTHWIND.description,
  });

  while (plans.length < count) {
    const industry = rng.weighted(industries, industryWeights);
    const word = rng.pick(words);
    const suffix = rng.pick(industry.suffixes);
    const single = rng.chance(0.12);
    const name = single ? word : `${word} ${suffix}`;
    const a = slugPart(word);
    const b = slugPart(suffix);
    const domain = single ? `${a}.example` : rng.chance(0.7) ? `${a}-${b}.example` : `${a}${b}.example`;
    if (names.has(name) || taken.has(domain)) continue;
    const aliasCandidates = rng
      .shuffle(
        single
          ? [`get${a}.example`, `${a}hq.example`, `${a}-app.example`]
          : [`${a}${b}.example`, `${a}-${b}.example`, `get${a}.example`, `${a}-hq.example`],
      )
      .filter((d) => d !== domain && !taken.has(d));
    const aliasCount = rng.weighted([0, 1, 2], [60, 30, 10]);
    const band = rng.weighted(
      employeeRanges,
      employeeRanges.map((r) => r.weight),
    );
    // Log-uniform inside the band, so small counts are as common as in real data.
    const employees = Math.round(
      Math.exp(Math.log(band.min) + rng.float() * (Math.log(band.max) - Math.log(band.min))),
    );
    const oldest = employees > 5000 ? 1950 : employees > 500 ? 1975 : 1995;
    const founded = rng.int(oldest, Math.min(asOfYear - 1, 2023));
    add({
      name,
      domain,
      aliases: aliasCandidates.slice(0, aliasCount),
      industry,
      employees,
      founded,
      hq: rng.weighted(cities, cityWeights),
    });
  }
  return plans;
};
