import { valuesOf } from '../../ingest/header-map.js';
import type { Check } from '../../ingest/kind.js';
import { normalizeGender, normalizeIdentityNumber, parseBirthDate } from '../../normalize/birth-date.js';
import { normalizeCompanyName } from '../../normalize/company-name.js';
import { countryCode } from '../../normalize/country.js';
import { companyDomain } from '../../normalize/domain.js';
import { hasPublicSuffix, type NormalizedEmail, parseEmail } from '../../normalize/email.js';
import { parseLinkedInUrl } from '../../normalize/linkedin.js';
import { displayCase, isHonorific, isNameSuffix, normalizePersonName } from '../../normalize/person-name.js';
import { normalizePhone } from '../../normalize/phone.js';
import { normalizeTitle } from '../../normalize/title.js';
import type { PersonRecord } from '../types.js';

/**
 * One normalized record about a person, as stored in `source_records.payload`: the resolver reads it
 * back as a PersonRecord, so the persisted graph is scored on exactly what the sources said.
 */
export interface PersonValue {
  firstName?: string;
  lastName?: string;
  fullName: string;
  email?: string;
  emailType?: 'work' | 'personal';
  /** E.164. */
  phone?: string;
  /** Digits of a number that is not valid E.164 for its country: kept for matching, not stored as a phone. */
  phoneDigits?: string;
  linkedinUrl?: string;
  companyName?: string;
  companyDomain?: string;
  title?: string;
  seniority?: string;
  department?: string;
  city?: string;
  region?: string;
  country?: string;
  /** More addresses and E.164 numbers the same record gave (Secondary Email, Mobile Phone, ...). */
  otherEmails?: string[];
  otherPhones?: string[];
  middleName?: string;
  nativeName?: string;
  /** ISO date of birth, possibly partial (`YYYY-MM`, `YYYY`). */
  dob?: string;
  gender?: 'female' | 'male' | 'other';
  /** Street line of the postal address. */
  address?: string;
  postcode?: string;
  /** Identity numbers, upper-case letters and digits: personal data, never logged nor shown whole. */
  ssn?: string;
  passport?: string;
  driversLicense?: string;
  nationalId?: string;
}

/** The personal attributes of a value, stored in `person_attributes` and shown only to `pii` keys. */
export const PERSONAL_FIELDS = [
  'middleName',
  'nativeName',
  'dob',
  'gender',
  'address',
  'postcode',
  'ssn',
  'passport',
  'driversLicense',
  'nationalId',
] as const satisfies readonly (keyof PersonValue)[];

/** ISO 3166 alpha-2 from a code or a country name (see normalize/country.ts). */
export { countryCode };

const drop = <T extends object>(value: T): T =>
  Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as T;

/**
 * Text that failed to decode or to flatten: a replacement character (a Windows-1252 file read as
 * UTF-8), UTF-8 read as Windows-1252 ("JÃ¼rgen"), or a JavaScript object's string form. Never stored.
 */
export const isDamaged = (text: string | undefined): boolean =>
  !!text && (/\uFFFD|\[object [A-Za-z]*\]/.test(text) || /[ÃÂ][\u0080-\u00BF]/.test(text));

/** Cells that mean "nothing": a placeholder is not a value. */
const BLANK = /^(?:-+|n\/?a|none|null|undefined|unknown|tbd|\?+|\.+|#n\/a)$/i;

/** A cell's values: several columns of one field, and several values in one cell ("a@x.com; b@y.com"). */
const cells = (text: string | undefined, split: RegExp | null): string[] => {
  const out: string[] = [];
  for (const cell of valuesOf(text))
    for (const part of split ? cell.split(split) : [cell]) {
      const v = part.trim();
      if (v && !BLANK.test(v) && !out.includes(v)) out.push(v);
    }
  return out;
};

/** "Munich, Bavaria, Germany" or "Austin, TX": city, region and country where they can be told. */
export const parseLocation = (text: string | undefined) => {
  const parts = (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: { city?: string; region?: string; country?: string } = {};
  if (parts.length === 0) return out;
  const country = countryCode(parts[parts.length - 1]);
  if (country && parts.length > 1) {
    out.country = country;
    parts.pop();
  } else if (country && parts.length === 1) {
    out.country = country;
    return out;
  }
  // "Greater Munich Metropolitan Area", "San Francisco Bay Area": a region of cities, not one city.
  const area = (p: string) => /\b(area|region|metropolitan|greater)\b/i.test(p);
  if (parts.length >= 2) {
    if (!area(parts[0] as string)) out.city = parts[0];
    out.region = parts[1];
  } else if (parts.length === 1 && !area(parts[0] as string) && out.country) out.city = parts[0];
  return out;
};

export interface PersonCheckNotes {
  notes: string[];
}

/**
 * Normalizes a mapped row. A person needs a name or at least one identifier (email, phone, LinkedIn).
 * Several values of one field (columns or one cell) are split: the first usable one is the record's,
 * the other emails and phones are kept as more of the person's contacts. A value that failed to parse
 * or decode is never stored: a damaged name or title is dropped (with a note), an email column with no
 * address in it rejects the row, and a salutation ("Herr", "Dr.") is never a job title.
 */
export const checkPerson = (f: Record<string, string>): Check<PersonValue> => {
  const notes: string[] = [];
  const clean = (field: string, text: string | undefined) => {
    const values = cells(text, null);
    const good = values.filter((v) => !isDamaged(v));
    if (good.length < values.length) notes.push(`${field}: undecodable text dropped`);
    return good;
  };
  const firstRaw = clean('first_name', f.first_name)[0];
  const lastRaw = clean('last_name', f.last_name)[0];
  const fullRaw = clean('full_name', f.full_name)[0];
  const middle = clean('middle_name', f.middle_name)[0];
  const name = normalizePersonName({
    first: firstRaw && !isHonorific(firstRaw) ? firstRaw : undefined,
    last: lastRaw,
    full: fullRaw,
  });
  const location = parseLocation(clean('location', f.location)[0]);
  const country = countryCode(clean('country', f.country)[0]) ?? location.country;
  if (f.country && !country) notes.push('country: not a known country');

  const emailCells = cells(f.email, /\s*:::\s*|[;,\s]+/);
  const emails: NormalizedEmail[] = [];
  for (const raw of emailCells) {
    const parsed = parseEmail(raw);
    if (parsed && hasPublicSuffix(parsed.domain)) {
      if (!emails.some((e) => e.email === parsed.email)) emails.push(parsed);
    } else notes.push('email: an extra value that is not an address');
  }
  if (emailCells.length && !emails.length)
    return {
      ok: false,
      reason: parseEmail(emailCells[0])
        ? `not an email address (no such domain ending): ${emailCells[0]}`
        : `not an email address: ${emailCells[0]}`,
    };
  // Work addresses first: the record's own email is its best identifier.
  const email = emails.find((e) => !e.isFreeMail) ?? emails[0];

  const phoneCells = cells(f.phone, /\s*(?::::|[;|/])\s*|\s+or\s+/i);
  const phones: string[] = [];
  let firstPhone: ReturnType<typeof normalizePhone> = null;
  let digits = '';
  for (const raw of phoneCells) {
    const parsed = normalizePhone(raw, country);
    if (parsed?.valid) {
      if (!phones.includes(parsed.e164)) phones.push(parsed.e164);
      firstPhone ??= parsed;
    } else if (parsed) {
      firstPhone ??= parsed;
    } else if (!digits) digits = raw.replace(/\D/g, '');
  }
  if (phoneCells.length && !firstPhone && digits.length < 7)
    return { ok: false, reason: `not a phone number: ${phoneCells[0]}` };
  const phone = phones[0] ? { e164: phones[0] } : firstPhone;

  let profile: ReturnType<typeof parseLinkedInUrl> = null;
  // Not split on commas: a Sales Navigator link carries them.
  for (const raw of cells(f.linkedin_url, /\s*[;|]\s*|\s+/)) {
    const parsed = parseLinkedInUrl(raw);
    // linkedin.com/in/ACwAA...: the member id form; the same person's public slug differs, so it
    // would read as another person's profile.
    if (parsed?.kind === 'person' && /^ac[ow]aa[a-z0-9_-]{20,}$/i.test(parsed.slug)) {
      notes.push('linkedin_url: a member id link, not the public profile');
      continue;
    }
    if (parsed?.kind === 'person') {
      profile ??= parsed;
      continue;
    }
    // A Sales Navigator or Recruiter link is LinkedIn's internal id, not the person's profile.
    if (/linkedin\.com\/(sales|talent|recruiter)\//i.test(raw))
      notes.push('linkedin_url: a Sales Navigator link, not a profile');
    else if (parsed?.kind === 'company') notes.push('linkedin_url: a company page, not a profile');
    else return { ok: false, reason: `not a LinkedIn profile URL: ${raw}` };
  }

  let domain: string | null = null;
  for (const raw of cells(f.company_domain, /\s*[;|]\s*|\s+/)) {
    domain = companyDomain(raw);
    if (domain) break;
    notes.push('company_domain: not a company domain (a profile page or free mail)');
  }
  const fullName = [name.first, middle && !name.middle ? displayCase(middle) : name.middle, name.last]
    .filter(Boolean)
    .join(' ');
  if (!fullName && !email && !phone && !digits && !profile)
    return { ok: false, reason: 'a person needs a name, email, phone or LinkedIn URL' };
  const dob = f.dob ? parseBirthDate(f.dob, { country }) : null;
  // The value stays out of the reason: a date of birth is personal data, and reasons reach logs and files.
  if (f.dob && !dob)
    return {
      ok: false,
      reason: 'dob is not a date of birth (YYYY-MM-DD, DD/MM/YYYY, YYYYMMDD, YYYY-MM or YYYY)',
    };
  const titles = clean('title', f.title);
  const titleText = titles.find((t) => !isHonorific(t) && !isNameSuffix(t));
  if (titles.length && !titleText) notes.push('title: a salutation, not a job title');
  const title = normalizeTitle(titleText);
  const companyName = clean('company_name', f.company_name)[0];
  const city = clean('city', f.city)[0] ?? location.city;
  const region = clean('region', f.region)[0] ?? location.region;
  const others = emails.filter((e) => e !== email).map((e) => e.email);
  return {
    ok: true,
    notes,
    value: drop({
      firstName: name.first || undefined,
      lastName: name.last || undefined,
      // No name is invented: an email-only record has none (its local part is not a name).
      fullName,
      email: email?.email,
      emailType: email ? (email.isFreeMail ? 'personal' : 'work') : undefined,
      otherEmails: others.length ? others : undefined,
      phone: phone?.e164,
      phoneDigits: phone ? undefined : digits || undefined,
      otherPhones: phones.length > 1 ? phones.filter((p) => p !== phone?.e164) : undefined,
      linkedinUrl: profile?.url,
      companyName,
      companyDomain: domain ?? (email && !email.isFreeMail ? companyDomain(email.domain) : null) ?? undefined,
      title: titleText,
      seniority: title?.seniority ?? undefined,
      department: title?.department ?? undefined,
      city,
      region,
      country,
      middleName: middle || name.middle || undefined,
      nativeName: f.native_name?.trim() || undefined,
      dob: dob ?? undefined,
      gender: normalizeGender(f.gender) ?? undefined,
      address: f.address?.trim() || undefined,
      postcode: f.postcode?.trim().toUpperCase() || undefined,
      ssn: normalizeIdentityNumber(f.ssn) ?? undefined,
      passport: normalizeIdentityNumber(f.passport) ?? undefined,
      driversLicense: normalizeIdentityNumber(f.drivers_license) ?? undefined,
      nationalId: normalizeIdentityNumber(f.national_id) ?? undefined,
    }) as PersonValue,
  };
};

/** The resolver's view of a stored value. */
export const asPersonRecord = (recordId: string, v: PersonValue): PersonRecord => ({
  recordId,
  firstName: v.firstName,
  lastName: v.lastName,
  // fullName may be a fallback (an email's local part), never a name to compare.
  email: v.email,
  otherEmails: v.otherEmails,
  phone: v.phone ?? v.phoneDigits,
  linkedinUrl: v.linkedinUrl,
  companyName: v.companyName,
  companyDomain: v.companyDomain,
  title: v.title,
  city: v.city,
  country: v.country,
  middleName: v.middleName,
  nativeName: v.nativeName,
  dob: v.dob,
  gender: v.gender,
  address: v.address,
  state: v.region,
  postcode: v.postcode,
  ssn: v.ssn,
  passport: v.passport,
  driversLicense: v.driversLicense,
  nationalId: v.nationalId,
});

/** A stable key for an employer: its domain, else its normalized name. */
export const employerKey = (v: Pick<PersonValue, 'companyDomain' | 'companyName'>): string | null =>
  v.companyDomain ?? (v.companyName ? `name:${normalizeCompanyName(v.companyName)}` : null);
