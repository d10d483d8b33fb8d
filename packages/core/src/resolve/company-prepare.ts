import { normalizeCompanyName } from '../normalize/company-name.js';
import { companyDomain } from '../normalize/domain.js';
import { parseLinkedInUrl } from '../normalize/linkedin.js';
import { parseStreetAddress, type StreetAddress } from '../normalize/street-address.js';
import { foldForCompare } from '../normalize/text.js';

/** One input record about an organisation (a company, or one site of it). Every field but the id is optional. */
export interface CompanyRecord {
  recordId: string;
  name?: string | null;
  domain?: string | null;
  linkedinUrl?: string | null;
  phone?: string | null;
  /** Street line: number, street, unit ("1312 S. Racine Ave., Suite 2"). */
  address?: string | null;
  city?: string | null;
  /** State, province or region. */
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
  /** Registry identifiers: equal ones decide a match, different ones of one kind forbid it. */
  lei?: string | null;
  duns?: string | null;
  vat?: string | null;
  companyNumber?: string | null;
}

export const REGISTRY_IDS = ['lei', 'duns', 'vat', 'companyNumber'] as const;

export interface PreparedCompany {
  index: number;
  recordId: string;
  /** Normalised name, legal form gone ("Acme Robotics, Inc." -> "acme robotics"). */
  name: string;
  /** The name without spaces. */
  nameKey: string;
  /** Distinct name tokens. */
  tokens: string[];
  /**
   * The part of the name after a separator ("Chicago Commons - Guadalupano Center" -> "guadalupano center"):
   * scraped and registry names often write "parent - site", and the site part names the place.
   */
  siteName: string;
  domain: string | null;
  slug: string | null;
  /** All digits of the phone when it carries an area code (10 digits or more). */
  phoneFull: string | null;
  /** The last 7 digits: the subscriber number, which survives a missing area or country code. */
  phone7: string | null;
  address: StreetAddress | null;
  /** House number + the street's first letters: the blocking key of a place. */
  addressKey: string | null;
  postcode: string;
  city: string;
  state: string;
  country: string;
  /** Registry ids by kind (lei, duns, vat, companyNumber), upper-case alphanumerics. */
  ids: Record<string, string>;
  /** The place this record stands for: its address key, else its name (counts distinct sites per value). */
  siteKey: string;
}

const SEPARATOR = /\s+[-–—:|/]\s+|\s*[–—|]\s*/;

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

const cleanId = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Postcodes compare on their first part: US ZIP+4 keeps the five digits, others drop spaces. */
const cleanPostcode = (s: string | null | undefined): string => {
  const t = foldForCompare(s ?? '').replace(/ /g, '');
  return /^\d{9}$/.test(t) ? t.slice(0, 5) : /^\d{5}\d{4}$/.test(t) ? t.slice(0, 5) : t;
};

export const prepareCompany = (r: CompanyRecord, index: number): PreparedCompany => {
  const name = normalizeCompanyName(r.name);
  const parts = (r.name ?? '').split(SEPARATOR);
  const siteName = parts.length > 1 ? normalizeCompanyName(parts.slice(1).join(' ')) : '';
  const page = parseLinkedInUrl(r.linkedinUrl);
  const phone = digits(r.phone);
  const address = parseStreetAddress(r.address);
  const addressKey =
    address?.number && address.streetKey ? `${address.number}|${address.streetKey.slice(0, 3)}` : null;
  const ids: Record<string, string> = {};
  for (const kind of REGISTRY_IDS) {
    const v = cleanId(r[kind]);
    if (v.length >= 4) ids[kind] = v;
  }
  const nameKey = name.replace(/ /g, '');
  return {
    index,
    recordId: r.recordId,
    name,
    nameKey,
    tokens: [...new Set(name.split(' ').filter(Boolean))],
    siteName,
    domain: companyDomain(r.domain),
    slug: page?.kind === 'company' ? page.slug : null,
    phoneFull: phone.length >= 10 ? phone : null,
    phone7: phone.length >= 7 ? phone.slice(-7) : null,
    address,
    addressKey,
    postcode: cleanPostcode(r.postcode),
    city: foldForCompare(r.city ?? ''),
    state: foldForCompare(r.state ?? ''),
    country: foldForCompare(r.country ?? ''),
    ids,
    siteKey: addressKey ? `a:${addressKey}` : `n:${nameKey}`,
  };
};

const pick = (row: Record<string, string | undefined>, ...names: string[]): string | null => {
  for (const n of names) {
    const v = row[n]?.trim();
    if (v) return v;
  }
  return null;
};

/** A company record from a row with the usual snake_case columns (those of testdata/er-public among them). */
export const companyFromRow = (row: Record<string, string | undefined>): CompanyRecord => ({
  recordId: pick(row, 'record_id', 'id') ?? '',
  name: pick(row, 'company_name', 'name', 'organization', 'organisation'),
  domain: pick(row, 'company_domain', 'domain', 'website', 'url'),
  linkedinUrl: pick(row, 'linkedin_url', 'company_linkedin'),
  phone: pick(row, 'phone', 'phone_number', 'telephone'),
  address: pick(row, 'address', 'street', 'address_1', 'address1', 'street_address'),
  city: pick(row, 'city', 'town'),
  state: pick(row, 'state', 'region', 'province'),
  postcode: pick(row, 'zip', 'postcode', 'postal_code', 'zipcode', 'zip_code'),
  country: pick(row, 'country', 'country_code'),
  lei: pick(row, 'lei'),
  duns: pick(row, 'duns'),
  vat: pick(row, 'vat', 'vat_number'),
  companyNumber: pick(row, 'company_number', 'registration_number'),
});
