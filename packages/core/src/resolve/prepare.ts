import { getDomain, getDomainWithoutSuffix } from 'tldts';
import { normalizeCompanyName } from '../normalize/company-name.js';
import { companyDomain } from '../normalize/domain.js';
import { matchKeyOfParsed, parseEmail } from '../normalize/email.js';
import { parseLinkedInUrl } from '../normalize/linkedin.js';
import { personNameKeys } from '../normalize/person-name.js';
import { foldForCompare } from '../normalize/text.js';
import { normalizeTitle } from '../normalize/title.js';
import { charMask } from './jaro-winkler.js';
import { addressKey, alnumKey, genderKey, parseDate } from './person-fields.js';
import type { PersonRecord, PreparedPerson } from './types.js';

// Role mailboxes reach a team, not a person.
const ROLE_LOCALS = new Set([
  'info',
  'contact',
  'hello',
  'sales',
  'support',
  'admin',
  'office',
  'team',
  'hr',
  'jobs',
  'careers',
  'marketing',
  'billing',
  'accounts',
  'help',
  'enquiries',
  'inquiries',
  'mail',
  'noreply',
  'no-reply',
  'webmaster',
  'press',
  'media',
  'service',
  'kontakt',
  'bonjour',
  'hallo',
  'legal',
  'finance',
]);

// Values repeat a lot in real lists (companies, titles, cities); cache their normalization.
class Memo<T> {
  private map = new Map<string, T>();
  constructor(
    private readonly fn: (key: string) => T,
    private readonly max = 200_000,
  ) {}
  get(key: string): T {
    let value = this.map.get(key);
    if (value === undefined && !this.map.has(key)) {
      value = this.fn(key);
      if (this.map.size >= this.max) this.map.clear();
      this.map.set(key, value);
    }
    return value as T;
  }
}

const companyNameMemo = new Memo((raw) => {
  const name = normalizeCompanyName(raw);
  const key = name.replace(/ /g, '');
  return { name, key, mask: charMask(key), head: name.split(' ')[0] ?? '' };
});
const NO_COMPANY = { name: '', key: '', mask: 0, head: '' };
// A domain and its label ("acme.co.uk" -> "acme") in one entry: one lookup a domain per record.
const labelOf = (domain: string) => (getDomainWithoutSuffix(domain) ?? domain).replace(/[-.]/g, '');
const domainMemo = new Memo((raw) => {
  const domain = companyDomain(raw);
  return domain ? { domain, label: labelOf(domain) } : null;
});
const emailDomainMemo = new Memo((host) => {
  const domain = getDomain(host) || host;
  return { domain, label: labelOf(domain) };
});
const titleMemo = new Memo((raw) => {
  const title = normalizeTitle(raw);
  return title ? { title, tokens: title.normalized.split(' ').filter((t) => t.length > 2) } : null;
});
const placeMemo = new Memo((raw) => foldForCompare(raw));
const dateMemo = new Memo((raw) => parseDate(raw));
const nameKeyMemo = new Memo((raw) => foldForCompare(raw).replace(/ /g, ''));
const tokenMemo = new Memo((raw) =>
  foldForCompare(raw)
    .split(' ')
    .filter((t) => t.length > 0),
);

const EMPTY: string[] = [];

const addToken = (out: string[], t: string) => {
  if (t.length > 1 && !out.includes(t)) out.push(t);
};
const addTokensOf = (out: string[], raw: string | null | undefined) => {
  if (raw) for (const t of tokenMemo.get(raw)) addToken(out, t);
};

/**
 * Every name token of a record, deduplicated: names split differently still meet here. No closure per
 * call: under tsx every closure created is wrapped to keep its name, and an import prepares each
 * candidate's records on every batch (about 190 ms of a tenth's 11 s of Node CPU late in a
 * 120,000-row CRM file).
 */
const nameTokensOf = (record: PersonRecord, first: string, last: string): string[] => {
  const out: string[] = [];
  addToken(out, first);
  addToken(out, last);
  addTokensOf(out, record.firstName);
  addTokensOf(out, record.lastName);
  addTokensOf(out, record.fullName);
  addTokensOf(out, record.middleName);
  return out.length ? out : EMPTY;
};

/** Match keys of the other addresses: a role mailbox (info@) identifies no one and is left out. */
const otherEmailKeysOf = (emails: readonly string[] | null | undefined, own: string | null): string[] => {
  if (!emails?.length) return EMPTY;
  const out: string[] = [];
  for (const raw of emails) {
    const parsed = parseEmail(raw);
    if (!parsed || ROLE_LOCALS.has(parsed.local.split('+')[0] ?? '')) continue;
    const key = matchKeyOfParsed(parsed);
    if (key && key !== own && !out.includes(key)) out.push(key);
  }
  return out.length ? out : EMPTY;
};

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

const phoneKeyOf = (raw: string | null | undefined): string | null => {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-8) : null;
};

const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'gb',
  'united kingdom': 'gb',
  usa: 'us',
  'united states': 'us',
};

/** Normalizes one record for resolution. `index` is its position in the resolver. */
export const preparePerson = (record: PersonRecord, index: number): PreparedPerson => {
  const name = personNameKeys({ first: record.firstName, last: record.lastName, full: record.fullName });
  const email = parseEmail(record.email);
  const emailKey = email ? matchKeyOfParsed(email) : null;
  const local = email?.local.split('+')[0] ?? '';
  const emailSite = email ? emailDomainMemo.get(email.domain) : null;
  const emailDomain = emailSite ? emailSite.domain : null;
  const domains: string[] = [];
  const domainLabels: string[] = [];
  const site = record.companyDomain ? domainMemo.get(record.companyDomain.trim().toLowerCase()) : null;
  const explicit = site ? site.domain : null;
  if (site) {
    domains.push(site.domain);
    domainLabels.push(site.label);
  }
  if (email && !email.isFreeMail && emailSite && emailDomain && emailDomain !== explicit) {
    domains.push(emailSite.domain);
    domainLabels.push(emailSite.label);
  }
  const titled = record.title ? titleMemo.get(record.title.trim()) : null;
  const title = titled ? titled.title : null;
  const company = record.companyName ? companyNameMemo.get(record.companyName) : NO_COMPANY;
  const country = record.country ? placeMemo.get(record.country) : '';
  const slug = parseLinkedInUrl(record.linkedinUrl);
  const dob = record.dob ? dateMemo.get(record.dob) : null;
  const address = record.address ? addressKey(record.address) : null;
  const city = record.city ? placeMemo.get(record.city) : '';
  return {
    index,
    recordId: record.recordId,
    first: name.firstKey,
    last: name.lastKey,
    firstMask: charMask(name.firstKey),
    lastMask: charMask(name.lastKey),
    formal: name.formalFirst,
    emailKey,
    otherEmailKeys: otherEmailKeysOf(record.otherEmails, emailKey),
    emailDomain,
    emailLocal: ROLE_LOCALS.has(local) ? '' : local,
    emailFree: email?.isFreeMail ?? false,
    emailRole: ROLE_LOCALS.has(local),
    phoneKey: phoneKeyOf(record.phone),
    linkedinSlug: slug?.kind === 'person' ? slug.slug : null,
    domains,
    domainLabels,
    employerFromEmail: !explicit && !company.name && domains.length > 0,
    companyKey: company.key,
    companyMask: company.mask,
    cityMask: charMask(city),
    companyHead: company.head,
    titleKey: title?.normalized ?? '',
    titleTokens: titled ? titled.tokens : [],
    seniority: title?.seniority ?? null,
    department: title?.department ?? null,
    city,
    country: COUNTRY_ALIASES[country] ?? country,
    middle: record.middleName ? nameKeyMemo.get(record.middleName) : '',
    nameTokens: nameTokensOf(record, name.firstKey, name.lastKey),
    nativeName: record.nativeName ? nameKeyMemo.get(record.nativeName) : '',
    dobY: dob?.y ?? 0,
    dobM: dob?.m ?? 0,
    dobD: dob?.d ?? 0,
    dobKey: dob?.d ? `${dob.y}${pad2(dob.m)}${pad2(dob.d)}` : '',
    gender: genderKey(record.gender),
    addressNumber: address?.number ?? '',
    addressTokens: address?.tokens ?? EMPTY,
    addressFlat: address ? address.tokens.join('') : '',
    state: record.state ? placeMemo.get(record.state) : '',
    postcode: alnumKey(record.postcode),
    ssn: alnumKey(record.ssn),
    passport: alnumKey(record.passport),
    driversLicense: alnumKey(record.driversLicense),
    nationalId: alnumKey(record.nationalId),
  };
};

/** Maps a CSV row with the usual snake_case columns to a PersonRecord. */
export const personFromRow = (row: Record<string, string | undefined>): PersonRecord => ({
  recordId: row.record_id ?? row.id ?? '',
  source: row.source,
  firstName: row.first_name,
  lastName: row.last_name,
  fullName: row.full_name ?? row.name,
  email: row.email,
  phone: row.phone,
  linkedinUrl: row.linkedin_url ?? row.linkedin,
  companyName: row.company_name ?? row.company,
  companyDomain: row.company_domain ?? row.domain ?? row.website,
  title: row.title ?? row.job_title,
  middleName: row.middle_name,
  nativeName: row.native_name,
  dob: row.dob ?? row.date_of_birth ?? row.birth_date,
  gender: row.gender ?? row.sex,
  address: row.address ?? row.street ?? row.address_1,
  city: row.city,
  state: row.state ?? row.region,
  postcode: row.postcode ?? row.zip ?? row.postal_code,
  country: row.country,
  ssn: row.ssn,
  passport: row.passport,
  driversLicense: row.drivers_license,
  nationalId: row.national_id,
});
