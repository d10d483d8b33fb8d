import { type FieldIssue, invalid } from '../errors.js';
import { parseIpAddress } from '../ip/lookup-ip.js';
import { normalizeDomain } from '../normalize/domain.js';
import { normalizeEmail } from '../normalize/email.js';
import { parseLinkedInUrl } from '../normalize/linkedin.js';
import { normalizePhone } from '../normalize/phone.js';
import type { RecordInput } from './schema.js';

/** The identifiers of one record, normalized; what could not be read is a 422 naming it. */
export interface Identifiers {
  domain?: string;
  email?: string;
  linkedin?: string;
  phone?: string;
  ip?: string;
  name?: { first?: string; last?: string; full?: string };
  company?: string;
  personId?: string;
}

export const needed =
  'give at least one of `domain`, `email`, `linkedin_url`, `phone`, `ip`, `person_id`, `company`, ' +
  'or `name` (or `first_name` and `last_name`) with `company` or `domain`';

export function readIdentifiers(input: RecordInput): Identifiers {
  const issues: FieldIssue[] = [];
  const out: Identifiers = {};
  if (input.domain !== undefined) {
    const domain = normalizeDomain(input.domain);
    if (domain) out.domain = domain;
    else issues.push({ path: 'domain', message: 'must be a domain name such as northwind.example' });
  }
  if (input.email !== undefined) {
    const email = normalizeEmail(input.email);
    if (email) out.email = email;
    else issues.push({ path: 'email', message: 'not a valid email address' });
  }
  if (input.linkedin_url !== undefined) {
    const profile = parseLinkedInUrl(input.linkedin_url);
    if (profile?.kind === 'person') out.linkedin = profile.slug;
    else
      issues.push({
        path: 'linkedin_url',
        message: profile
          ? 'is a company page; give a person profile (linkedin.com/in/...)'
          : 'not a LinkedIn profile URL',
      });
  }
  if (input.phone !== undefined) {
    const phone = normalizePhone(input.phone, input.country);
    if (phone) out.phone = phone.e164;
    else
      issues.push({
        path: 'phone',
        message: 'not a phone number (use E.164, e.g. +14155550112, or give `country`)',
      });
  }
  if (input.ip !== undefined) {
    const ip = parseIpAddress(input.ip);
    if (ip) out.ip = ip;
    else issues.push({ path: 'ip', message: 'not an IPv4 or IPv6 address' });
  }
  if (input.person_id !== undefined) out.personId = input.person_id;
  if (input.company !== undefined) out.company = input.company;
  if (input.name !== undefined || input.first_name !== undefined || input.last_name !== undefined) {
    if (input.name === undefined && (input.first_name === undefined || input.last_name === undefined)) {
      issues.push({
        path: input.first_name === undefined ? 'first_name' : 'last_name',
        message: 'give both `first_name` and `last_name`, or `name`',
      });
    } else if (out.domain === undefined && out.company === undefined && input.domain === undefined) {
      issues.push({
        path: input.name !== undefined ? 'name' : 'last_name',
        message: 'needs `company` or `domain`',
      });
    } else {
      out.name =
        input.name !== undefined ? { full: input.name } : { first: input.first_name, last: input.last_name };
    }
  }
  if (issues.length) throw invalid(issues);
  if (Object.keys(out).length === 0) throw invalid([{ path: '', message: `nothing to match on: ${needed}` }]);
  return out;
}
