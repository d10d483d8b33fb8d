import { describe, expect, it } from 'vitest';
import { interpretQuery } from './interpret.js';
import { knownCityCount, knownCountries } from './places.js';
import { companySearchFilters, peopleSearchFilters } from './schema.js';
import type { QueryVocab } from './technologies.js';

type Row = [sentence: string, filters: Record<string, unknown>, leftover?: string];

const EUROPE =
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE GB CH NO IS'.split(' ');

const companies: Row[] = [
  // The issue's own example.
  [
    'fintech companies in Germany with 50 to 200 employees that use Salesforce',
    {
      industry: ['fintech'],
      country: ['DE'],
      employees: { min: 50, max: 200 },
      technologies: { all: ['salesforce'] },
    },
    '',
  ],
  ['SaaS companies in the UK', { tags: ['saas'], country: ['GB'] }, ''],
  ['SaaS in Germany', { tags: ['saas'], country: ['DE'] }, ''],
  ['software companies, not SaaS', { industry: ['software'], exclude: { tags: ['saas'] } }, ''],
  ['German logistics firms', { industry: ['logistics'], country: ['DE'] }, ''],
  [
    'healthtech startups in NYC',
    { industry: ['healthtech'], city: ['New York'], employees: { min: 1, max: 50 } },
    '',
  ],
  ['e-commerce companies in Britain', { industry: ['ecommerce'], country: ['GB'] }, ''],
  ['ecommerce brands in the United Kingdom', { industry: ['ecommerce'], country: ['GB'] }, 'brands'],
  ['companies in the USA with 50-200 employees', { country: ['US'], employees: { min: 50, max: 200 } }, ''],
  ['American insurers', { industry: ['insurance'], country: ['US'] }, ''],
  ['companies that help us grow', {}, 'help grow'],
  ['US banks', { industry: ['banking'], country: ['US'] }, ''],
  ['companies with over 1,000 people', { employees: { min: 1001 } }, ''],
  ['more than 500 employees in France', { employees: { min: 501 }, country: ['FR'] }, ''],
  ['agencies with fewer than 50', { employees: { max: 49 } }, 'agencies'],
  ['between 10 and 20 employees', { employees: { min: 10, max: 20 } }, ''],
  ['companies with 1000+ employees', { employees: { min: 1000 } }, ''],
  ['10k employees or more', { employees: { min: 10000 } }, ''],
  ['headcount of 50 to 200', { employees: { min: 50, max: 200 } }, ''],
  ['up to 25 staff', { employees: { max: 25 } }, ''],
  [
    'mid-size manufacturers in Italy',
    { industry: ['manufacturing'], country: ['IT'], employees: { min: 201, max: 1000 } },
    '',
  ],
  ['mid-market software companies', { industry: ['software'], employees: { min: 201, max: 1000 } }, ''],
  ['enterprise companies in Japan', { employees: { min: 1001 }, country: ['JP'] }, ''],
  ['enterprise software vendors', { industry: ['software'] }, 'vendors'],
  ['small businesses in Texas', { employees: { min: 1, max: 200 }, region: ['Texas'] }, ''],
  ['small fintech companies', { industry: ['fintech'], employees: { min: 1, max: 200 } }, ''],
  ['SMBs in Canada', { employees: { min: 1, max: 1000 }, country: ['CA'] }, ''],
  ['companies using Salesforce', { technologies: { all: ['salesforce'] } }, ''],
  ['companies on HubSpot', { technologies: { all: ['hubspot'] } }, ''],
  ['shops that use Stripe and Shopify', { technologies: { all: ['stripe', 'shopify'] } }, 'shops'],
  ['companies using Marketo or Pardot', { technologies: { any: ['marketo', 'pardot'] } }, ''],
  [
    'companies using Salesforce, HubSpot and Zendesk',
    { technologies: { all: ['salesforce', 'hubspot', 'zendesk'] } },
    '',
  ],
  ['companies not using HubSpot', { technologies: { none: ['hubspot'] } }, ''],
  [
    'startups that don’t use Stripe',
    { employees: { min: 1, max: 50 }, technologies: { none: ['stripe'] } },
    '',
  ],
  ['Shopify stores in Australia', { technologies: { all: ['shopify'] }, country: ['AU'] }, ''],
  ['companies using a CRM', { technologies: { categories: ['crm'] } }, ''],
  ['logistics companies founded after 2015', { industry: ['logistics'], founded: { min: 2016 } }, ''],
  ['founded in 2010', { founded: { min: 2010, max: 2010 } }, ''],
  ['agtech companies since 2018', { industry: ['agriculture'], founded: { min: 2018 } }, ''],
  ['banks founded before 1900', { industry: ['banking'], founded: { max: 1899 } }, ''],
  [
    'startups founded in the 2010s',
    { employees: { min: 1, max: 50 }, founded: { min: 2010, max: 2019 } },
    '',
  ],
  ['established between 1990 and 2000', { founded: { min: 1990, max: 2000 } }, ''],
  ['software companies with revenue over $10M', { industry: ['software'], revenue: { min: 10_000_000 } }, ''],
  [
    'retailers with $5-50M in revenue',
    { industry: ['retail'], revenue: { min: 5_000_000, max: 50_000_000 } },
    '',
  ],
  ['public companies in Spain', { type: ['public'], country: ['ES'] }, ''],
  ['nonprofits in Kenya', { type: ['nonprofit'], country: ['KE'] }, ''],
  [
    'privately held biotech in Switzerland',
    { type: ['private'], industry: ['biotech'], country: ['CH'] },
    '',
  ],
  ['fintechs in the DACH region', { industry: ['fintech'], country: ['DE', 'AT', 'CH'] }, 'region'],
  ['cybersecurity companies in Tel Aviv', { industry: ['cybersecurity'], city: ['Tel Aviv'] }, ''],
  [
    'AI startups in München',
    { industry: ['artificial_intelligence'], city: ['Munich'], employees: { min: 1, max: 50 } },
    '',
  ],
  ['IT services companies in India', { industry: ['it_services'], country: ['IN'] }, ''],
  ['Brazilian payments companies', { industry: ['fintech'], country: ['BR'] }, ''],
  ['companies in São Paulo or Buenos Aires', { city: ['São Paulo', 'Buenos Aires'] }, ''],
  ['software companies in California', { industry: ['software'], region: ['California'] }, ''],
  ['companies with a website in Ireland', { has_domain: true, country: ['IE'] }, ''],
  // Over-reading traps: names, bare technologies, lower-case words.
  ['Berlin Labs in London', { city: ['London'] }, 'berlin labs'],
  [
    'Fintech Companies In Berlin Using Salesforce',
    { industry: ['fintech'], city: ['Berlin'], technologies: { all: ['salesforce'] } },
    '',
  ],
  [
    'London Fintech Startups',
    { industry: ['fintech'], city: ['London'], employees: { min: 1, max: 50 } },
    '',
  ],
  ['Paris Hilton', {}, 'paris hilton'],
  ['berlin labs in london', { city: ['London'] }, 'berlin labs'],
  ['Salesforce consultants', {}, 'salesforce consultants'],
  ['Salesforce consultants using HubSpot', { technologies: { all: ['hubspot'] } }, 'salesforce consultants'],
  ['HubSpot partner agencies in Denver', { city: ['Denver'] }, 'hubspot partner agencies'],
  ['Boston Consulting Group', {}, 'boston consulting group'],
  ['"Paris Capital" investment firms', { industry: ['investment_management'] }, 'paris capital'],
  ['a company called Texas Roadhouse', {}, 'texas roadhouse'],
  ['London Stock Exchange listed firms', {}, 'london stock exchange listed'],
  ['Singapore Airlines', {}, 'singapore airlines'],
  ['companies outside Germany', { exclude: { country: ['DE'] } }, ''],
  // Negations are exclusions, never the positive filter.
  ['companies not in the US', { exclude: { country: ['US'] } }, ''],
  ['companies outside of the US or Canada', { exclude: { country: ['US', 'CA'] } }, ''],
  ['non-US software companies', { industry: ['software'], exclude: { country: ['US'] } }, ''],
  ['companies excluding manufacturing', { exclude: { industry: ['manufacturing'] } }, ''],
  [
    'excluding retail, energy and logistics companies in France',
    { exclude: { industry: ['retail', 'energy', 'logistics'] }, country: ['FR'] },
    '',
  ],
  [
    'companies using Salesforce but not Intercom',
    { technologies: { all: ['salesforce'], none: ['intercom'] } },
    '',
  ],
  ['companies except public companies', { exclude: { type: ['public'] } }, ''],
  ['fintechs other than Brazilian ones', { industry: ['fintech'], exclude: { country: ['BR'] } }, ''],
  ['companies in Germany and not in Berlin', { country: ['DE'], exclude: { city: ['Berlin'] } }, ''],
  ['excluding Shopify stores', { technologies: { none: ['shopify'] } }, ''],
  ['not startups', {}, 'startups'],
  ['companies not founded before 2000', {}, 'founded before 2000'],
  ['tell it to me straight', {}, 'tell straight'],
  ['new turkey recipes', {}, 'new turkey recipes'],
  ['Polish software houses', { industry: ['software'], country: ['PL'] }, 'houses'],
  ['polish your search', {}, 'polish'],
  ['companies with slack time', {}, 'slack time'],
  ['companies with Slack', { technologies: { all: ['slack'] } }, ''],
  ['Bank of America', {}, 'bank of america'],
  ['American Express', {}, 'american express'],
  ['B2B SaaS in Europe', { tags: ['b2b', 'saas'], country: [...EUROPE] }, ''],
  ['companies founded 2012-2016', { founded: { min: 2012, max: 2016 } }, ''],
  ['revenue between $10M and $50M', { revenue: { min: 10_000_000, max: 50_000_000 } }, ''],
  ['about 300 employees', { employees: { min: 240, max: 360 } }, ''],
  [
    'companies with 50–200 employees in Amsterdam',
    { employees: { min: 50, max: 200 }, city: ['Amsterdam'] },
    '',
  ],
  [
    'companies using HubSpot and not using Salesforce',
    { technologies: { all: ['hubspot'], none: ['salesforce'] } },
    '',
  ],
  ['in 2010', {}, '2010'],
  [
    'healthtech companies in America with 50 to 200 people',
    { industry: ['healthtech'], country: ['US'], employees: { min: 50, max: 200 } },
    '',
  ],
  ['startups with 10-20 employees', { employees: { min: 10, max: 20 } }, 'startups'],
  ['companies founded after 2100', {}, 'founded after 2100'],
  ['over 20,000,000 employees', {}, 'over 20,000,000'],
  ['companies with more than 50 offices', {}, 'more 50 offices'],
  ['fewer than 50 in Germany', { employees: { max: 49 }, country: ['DE'] }, ''],
  ['companies in Germany, France and Spain', { country: ['DE', 'FR', 'ES'] }, ''],
  ['companies in Georgia', { region: ['Georgia'] }, ''],
];

const people: Row[] = [
  [
    'VPs of sales at those companies with a verified email',
    { seniority: ['vp'], department: ['sales'], has_verified_email: true },
    '',
  ],
  ['CTOs', { title: ['cto', 'chief technology officer'], seniority: ['cxo'] }, ''],
  [
    'ctos at fintech startups',
    {
      title: ['cto', 'chief technology officer'],
      seniority: ['cxo'],
      company: { industry: ['fintech'], employees: { min: 1, max: 50 } },
    },
    '',
  ],
  ['heads of marketing', { seniority: ['director'], department: ['marketing'] }, ''],
  ['software engineers in Berlin', { title: ['software engineer'], city: ['Berlin'] }, ''],
  ['senior software engineers', { seniority: ['senior'], title: ['software engineer'] }, ''],
  [
    'VP Engineering at companies using AWS',
    { seniority: ['vp'], department: ['engineering'], company: { technologies: { all: ['aws'] } } },
    '',
  ],
  [
    'marketing directors in France',
    { seniority: ['director'], department: ['marketing'], country: ['FR'] },
    '',
  ],
  ['VPs of sales and marketing', { seniority: ['vp'], department: ['sales', 'marketing'] }, ''],
  [
    'head of people at SaaS companies',
    { seniority: ['director'], department: ['hr'], company: { tags: ['saas'] } },
    '',
  ],
  [
    'CFOs at German companies with more than 500 employees',
    {
      title: ['cfo', 'chief financial officer'],
      seniority: ['cxo'],
      company: { country: ['DE'], employees: { min: 501 } },
    },
    '',
  ],
  [
    'engineering managers in London at fintechs',
    {
      seniority: ['manager'],
      department: ['engineering'],
      city: ['London'],
      company: { industry: ['fintech'] },
    },
    '',
  ],
  ['founders with a mobile number', { title: ['founder'], has_mobile: true }, ''],
  ['data scientists at Boston Consulting Group', { title: ['data scientist'] }, 'boston consulting group'],
  [
    'c-level executives at enterprise companies in the Nordics',
    { seniority: ['cxo'], company: { employees: { min: 1001 }, country: ['SE', 'NO', 'DK', 'FI', 'IS'] } },
    '',
  ],
  ['recruiters', { title: ['recruiter'] }, ''],
  ['people with over 10 years of experience', {}, 'over 10 years experience'],
  ['hr managers', { seniority: ['manager'], department: ['hr'] }, ''],
  ['it directors', { seniority: ['director'] }, ''],
  ['IT directors in the US', { seniority: ['director'], department: ['it'], country: ['US'] }, ''],
  ['junior developers', { seniority: ['entry'], title: ['developer'] }, ''],
  [
    'partners at law firms in New York',
    { seniority: ['partner'], company: { industry: ['legal'], city: ['New York'] } },
    '',
  ],
  [
    'decision makers at mid-market SaaS companies',
    {
      seniority: ['cxo', 'vp', 'director'],
      company: { tags: ['saas'], employees: { min: 201, max: 1000 } },
    },
    '',
  ],
  ['Jordan Smith', {}, 'jordan smith'],
  ['Salesforce consultants in Chicago', { city: ['Chicago'] }, 'salesforce consultants'],
  [
    'people in Paris working at startups in London',
    { city: ['Paris'], company: { employees: { min: 1, max: 50 }, city: ['London'] } },
    '',
  ],
  [
    'CEO and founders of climate tech startups in the Nordics',
    {
      title: ['ceo', 'chief executive officer', 'founder'],
      seniority: ['cxo'],
      company: {
        industry: ['renewable_energy'],
        employees: { min: 1, max: 50 },
        country: ['SE', 'NO', 'DK', 'FI', 'IS'],
      },
    },
    '',
  ],
  ['product managers at Google', { title: ['product manager'] }, 'google'],
  ['engineers using React', { title: ['engineer'], company: { technologies: { all: ['react'] } } }, ''],
  [
    'heads of marketing not in the US',
    { seniority: ['director'], department: ['marketing'], exclude: { country: ['US'] } },
    '',
  ],
  ['engineers but not managers', { title: ['engineer'], exclude: { seniority: ['manager'] } }, ''],
  [
    'CTOs at companies outside the US',
    {
      title: ['cto', 'chief technology officer'],
      seniority: ['cxo'],
      company: { exclude: { country: ['US'] } },
    },
    '',
  ],
  [
    'executives other than CEOs',
    { seniority: ['cxo'], exclude: { title: ['ceo', 'chief executive officer'] } },
    '',
  ],
  [
    'VPs not at fintech companies',
    { seniority: ['vp'], company: { exclude: { industry: ['fintech'] } } },
    '',
  ],
];

const check = (entity: 'companies' | 'people', [sentence, filters, leftover]: Row) => {
  const read = interpretQuery(sentence, entity);
  expect(read.filters).toEqual(filters);
  if (leftover !== undefined) expect(read.leftover).toBe(leftover);
  // Whatever the reader produces must pass the request schema.
  const schema = entity === 'people' ? peopleSearchFilters : companySearchFilters;
  expect(schema.safeParse(read.filters).success).toBe(true);
};

describe('interpretQuery: companies', () => {
  it.each(companies)('%s', (...row) => check('companies', row));
});

describe('interpretQuery: people', () => {
  it.each(people)('%s', (...row) => check('people', row));
});

describe('interpretQuery details', () => {
  it('has a table of at least 50 sentences', () => {
    expect(companies.length + people.length).toBeGreaterThanOrEqual(50);
  });

  it('knows at least 60 countries and 100 cities', () => {
    expect(knownCountries.size).toBeGreaterThanOrEqual(60);
    expect(knownCityCount).toBeGreaterThanOrEqual(100);
  });

  it('reports what it read, with the words as written', () => {
    const read = interpretQuery('Fintech companies in Germany that use Salesforce');
    expect(read.matched).toEqual([
      { text: 'use Salesforce', filter: 'technologies.all', value: ['salesforce'] },
      { text: 'Fintech', filter: 'industry', value: 'fintech' },
      { text: 'Germany', filter: 'country', value: 'DE' },
    ]);
  });

  it('prefixes company filters for people', () => {
    const read = interpretQuery('CTOs at startups in Berlin', 'people');
    expect(read.matched.map((m) => m.filter)).toEqual([
      'title',
      'seniority',
      'company.employees',
      'company.city',
    ]);
  });

  it('does not read people words for companies', () => {
    expect(interpretQuery('VPs of sales', 'companies').filters).toEqual({});
  });

  it('takes its technologies from the vocabulary it is given', () => {
    const vocab: QueryVocab = {
      technologies: [{ name: 'Acme CRM', slug: 'acme-crm', aliases: ['AcmeCRM'] }],
    };
    expect(interpretQuery('companies using AcmeCRM', 'companies', vocab).filters).toEqual({
      technologies: { all: ['acme-crm'] },
    });
    expect(interpretQuery('companies using Salesforce', 'companies', vocab).filters).toEqual({});
  });
});
