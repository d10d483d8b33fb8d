import type { Check } from '../../ingest/kind.js';
import { normalizeCompanyName } from '../../normalize/company-name.js';
import { companyDomain } from '../../normalize/domain.js';
import { parseEmail } from '../../normalize/email.js';
import { parseLinkedInUrl } from '../../normalize/linkedin.js';
import { normalizePersonName } from '../../normalize/person-name.js';
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
}

const COUNTRY_NAMES: Record<string, string> = {
  uk: 'GB',
  'united kingdom': 'GB',
  england: 'GB',
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  germany: 'DE',
  deutschland: 'DE',
  france: 'FR',
  spain: 'ES',
  italy: 'IT',
  netherlands: 'NL',
  canada: 'CA',
  australia: 'AU',
  india: 'IN',
  brazil: 'BR',
  japan: 'JP',
  ireland: 'IE',
  switzerland: 'CH',
  austria: 'AT',
  sweden: 'SE',
};

/** ISO 3166 alpha-2 from a code or a common country name; undefined when unknown. */
export const countryCode = (raw: string | undefined): string | undefined => {
  if (!raw) return undefined;
  const text = raw.trim();
  if (/^[a-z]{2}$/i.test(text)) return text.toUpperCase() === 'UK' ? 'GB' : text.toUpperCase();
  return COUNTRY_NAMES[text.toLowerCase()];
};

const drop = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

/**
 * Normalizes a mapped row. A person needs a name or at least one identifier (email, phone, LinkedIn);
 * a value present but unusable (a malformed email) rejects the row rather than being guessed.
 */
export const checkPerson = (f: Record<string, string>): Check<PersonValue> => {
  const name = normalizePersonName({ first: f.first_name, last: f.last_name, full: f.full_name });
  const country = countryCode(f.country);
  const email = f.email ? parseEmail(f.email) : null;
  if (f.email && !email) return { ok: false, reason: `not an email address: ${f.email}` };
  const phone = f.phone ? normalizePhone(f.phone, country) : null;
  const digits = f.phone?.replace(/\D/g, '') ?? '';
  if (f.phone && !phone && digits.length < 7) return { ok: false, reason: `not a phone number: ${f.phone}` };
  const profile = f.linkedin_url ? parseLinkedInUrl(f.linkedin_url) : null;
  if (f.linkedin_url && profile?.kind !== 'person')
    return { ok: false, reason: `not a LinkedIn profile URL: ${f.linkedin_url}` };
  const domain = f.company_domain ? companyDomain(f.company_domain) : null;
  const fullName = [name.first, name.middle, name.last].filter(Boolean).join(' ');
  if (!fullName && !email && !phone && !digits && !profile)
    return { ok: false, reason: 'a person needs a name, email, phone or LinkedIn URL' };
  const title = normalizeTitle(f.title);
  return {
    ok: true,
    value: drop({
      firstName: name.first || undefined,
      lastName: name.last || undefined,
      fullName: fullName || email?.local || profile?.slug || phone?.e164 || '',
      email: email?.email,
      emailType: email ? (email.isFreeMail ? 'personal' : 'work') : undefined,
      phone: phone?.e164,
      phoneDigits: phone ? undefined : digits || undefined,
      linkedinUrl: profile?.url,
      companyName: f.company_name?.trim() || undefined,
      companyDomain: domain ?? (email && !email.isFreeMail ? companyDomain(email.domain) : null) ?? undefined,
      title: f.title?.trim() || undefined,
      seniority: title?.seniority ?? undefined,
      department: title?.department ?? undefined,
      city: f.city?.trim() || undefined,
      region: f.region?.trim() || undefined,
      country,
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
  phone: v.phone ?? v.phoneDigits,
  linkedinUrl: v.linkedinUrl,
  companyName: v.companyName,
  companyDomain: v.companyDomain,
  title: v.title,
  city: v.city,
  country: v.country,
});

/** A stable key for an employer: its domain, else its normalized name. */
export const employerKey = (v: Pick<PersonValue, 'companyDomain' | 'companyName'>): string | null =>
  v.companyDomain ?? (v.companyName ? `name:${normalizeCompanyName(v.companyName)}` : null);
