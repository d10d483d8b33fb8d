import { countryCode } from '../normalize/country.js';
import { isProfilePage, normalizeDomain } from '../normalize/domain.js';
import { parseLinkedInUrl } from '../normalize/linkedin.js';
import { normalizePhone } from '../normalize/phone.js';
import { moneyRange, parseHeadcount } from '../normalize/ranges.js';
import { isDamaged } from '../resolve/persist/person-value.js';
import { INT4_MAX } from '../shared/ranges.js';
import { techRules } from '../technographics/rules.js';
import { valuesOf } from './header-map.js';
import type { ImportKind } from './kind.js';
import { storeCompanies } from './store-companies.js';

export interface CompanyRecord {
  domain: string;
  name: string;
  aliases: string[];
  industry?: string;
  employeeCount?: number;
  /** A headcount bucket as exported ("51-200", "5000+"), when the file gives a range rather than a count. */
  employeeRange?: string;
  revenueRange?: string;
  foundedYear?: number;
  type?: string;
  country?: string;
  region?: string;
  city?: string;
  description?: string;
  phone?: string;
  linkedin?: string;
  tags: string[];
  technologies: string[];
}

const list = (text: string | undefined) =>
  valuesOf(text)
    .join(';')
    .split(/[;|,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Known technologies by slug or lower-cased name, so an import names them as scans do. */
const catalog = new Map<string, { slug: string; name: string; category: string }>();
for (const rule of techRules) {
  catalog.set(rule.slug, rule);
  catalog.set(rule.name.toLowerCase(), rule);
}
const technology = (name: string) =>
  catalog.get(name.toLowerCase()) ?? catalog.get(slug(name)) ?? { slug: slug(name), name, category: 'other' };

/** Companies keyed by domain: a row without a usable domain is rejected, never guessed. */
export const companiesKind: ImportKind<CompanyRecord> = {
  name: 'companies',
  multiValue: true,
  // Header spellings per field, as CRM and data-vendor account exports write them (HubSpot,
  // Salesforce, Apollo, ZoomInfo, Pipedrive) and nested JSON paths. Several columns of one field are
  // all read, in this order; the first usable value wins.
  aliases: {
    domain: [
      'company domain name',
      'domain',
      'company_domain',
      'company domain',
      'primary_domain',
      'website',
      'website url',
      'company website',
      'company_website',
      'url',
      'homepage',
      'web',
      'web address',
      'website_url',
      'organization - website',
      'properties.domain',
    ],
    name: [
      'company',
      'company_name',
      'company name',
      'account name',
      'organization',
      'organisation',
      'organization name',
      'organization - name',
      'organisation - name',
      'account',
      'account_name',
      'company name for emails',
      'firma',
      'unternehmen',
    ],
    aliases: ['alias_domains', 'other_domains'],
    industry: ['sector', 'vertical', 'primary industry', 'branche', 'organization - industry'],
    employees: [
      'employee_count',
      'number of employees',
      'no. of employees',
      '# employees',
      'employees',
      'headcount',
      'employees_count',
      'estimated_num_employees',
      'employee range',
      'company size',
      'size',
      'staff',
      'organization - number of employees',
      'mitarbeiter',
    ],
    revenue_range: [
      'revenue',
      'annual_revenue',
      'annual revenue',
      'revenue range',
      'revenue range (in usd)',
      'annualrevenue',
    ],
    revenue_thousands: ['revenue (in 000s usd)', 'revenue (in 000s)', 'revenue in thousands'],
    founded: ['founded_year', 'founded year', 'year_founded', 'year founded', 'founded_in', 'founded'],
    type: ['company_type', 'ownership', 'company type'],
    country: [
      'country_code',
      'country',
      'country/region',
      'billing country',
      'hq_country',
      'hq country',
      'company country',
      'shipping country',
      'land',
    ],
    region: [
      'state',
      'state/region',
      'province',
      'billing state/province',
      'billing state',
      'hq_state',
      'hq state',
      'company state',
      'bundesland',
    ],
    city: ['hq_city', 'hq city', 'billing city', 'company city', 'town', 'ort', 'stadt'],
    // Read by `dossier resolve --kind companies` (sites are told apart by address); not stored on import.
    address: ['street', 'street_address', 'address_1', 'address1', 'address_line_1', 'hq_address'],
    postcode: ['zip', 'zipcode', 'zip_code', 'postal_code', 'post_code'],
    lei: ['lei_code'],
    duns: ['duns_number'],
    vat: ['vat_number', 'vat_id'],
    company_number: ['registration_number', 'registry_number', 'companies_house_number'],
    description: [
      'about',
      'summary',
      'company description',
      'short description',
      'seo description',
      'description',
    ],
    phone: [
      'phone_number',
      'phone number',
      'telephone',
      'switchboard',
      'company phone',
      'company hq phone',
      'hq phone',
      'main phone',
      'telefon',
    ],
    linkedin_url: [
      'linkedin',
      'company_linkedin',
      'linkedin company page',
      'company linkedin url',
      'linkedin company profile url',
      'linkedin url',
      'linkedin_url',
    ],
    tags: ['keywords', 'labels'],
    technologies: ['tech', 'tech_stack', 'tech stack', 'technographics', 'technologies'],
  },
  check(f) {
    const notes: string[] = [];
    const first = (text: string | undefined) => valuesOf(text)[0];
    let domain: string | null = null;
    for (const raw of valuesOf(f.domain)) {
      domain = isProfilePage(raw) ? null : normalizeDomain(raw);
      if (domain) break;
      notes.push('domain: not a company domain (a profile page)');
    }
    if (!domain)
      return {
        ok: false,
        reason: f.domain ? `not a domain: ${first(f.domain)}` : 'a company needs a domain or website',
      };
    let employees: number | undefined;
    let employeeRange: string | undefined;
    for (const raw of valuesOf(f.employees)) {
      const parsed = parseHeadcount(raw);
      // An integer column: a count beyond int4 would fail the whole write in PostgreSQL.
      if (!parsed || (parsed.count ?? 0) > INT4_MAX)
        return { ok: false, reason: `employees is not a number or range: ${raw}` };
      if (parsed.count !== undefined) employees ??= parsed.count;
      employeeRange ??= parsed.range;
    }
    const founded = first(f.founded) ? Number(first(f.founded)) : undefined;
    if (founded !== undefined && !(Number.isInteger(founded) && founded >= 1600 && founded <= 2100)) {
      return { ok: false, reason: `founded is not a year: ${first(f.founded)}` };
    }
    let revenue: string | undefined;
    for (const raw of valuesOf(f.revenue_range)) {
      revenue = moneyRange(raw);
      if (revenue) break;
      notes.push('revenue_range: not an amount or range');
    }
    const thousands = first(f.revenue_thousands);
    if (!revenue && thousands) revenue = moneyRange(thousands, 1000);
    const countryText = first(f.country);
    const country = countryCode(countryText);
    if (countryText && !country) notes.push('country: not a known country');
    const linkedin = valuesOf(f.linkedin_url)
      .map(parseLinkedInUrl)
      .find((p) => p?.kind === 'company');
    const name = valuesOf(f.name).find((n) => !isDamaged(n));
    return {
      ok: true,
      notes,
      value: {
        domain,
        name: name || domain,
        aliases: list(f.aliases)
          .map(normalizeDomain)
          .filter((d): d is string => !!d && d !== domain),
        industry: first(f.industry),
        employeeCount: employees,
        employeeRange,
        revenueRange: revenue,
        foundedYear: founded,
        type: first(f.type)?.toLowerCase(),
        country,
        region: first(f.region),
        city: first(f.city),
        description: first(f.description),
        phone: valuesOf(f.phone)
          .map((p) => normalizePhone(p, country))
          .find((p) => p?.valid)?.e164,
        linkedin: linkedin ? `https://www.${linkedin.url}` : undefined,
        tags: list(f.tags),
        technologies: list(f.technologies),
      },
    };
  },
  store: (db, records) => storeCompanies(db, records, technology),
};
