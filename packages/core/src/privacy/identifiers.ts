import { invalid } from '../errors.js';
import { normalizeEmail } from '../normalize/email.js';
import { parseLinkedInUrl } from '../normalize/linkedin.js';
import { normalizePhone } from '../normalize/phone.js';

export type IdentifierKind = 'email' | 'phone' | 'linkedin';

/** A person identifier as privacy requests use it: `kind:value`, normalized like the graph stores it. */
export type Identifier = `${IdentifierKind}:${string}`;

export type RequestTarget = { kind: 'person'; id: string } | { kind: IdentifierKind; identifier: Identifier };

export const emailIdentifier = (email: string | null | undefined): Identifier | null => {
  const normal = normalizeEmail(email);
  return normal ? `email:${normal}` : null;
};

export const phoneIdentifier = (phone: string | null | undefined, country?: string): Identifier | null => {
  if (!phone) return null;
  const normal = normalizePhone(phone, country);
  return normal ? `phone:${normal.e164}` : null;
};

export const linkedinIdentifier = (url: string | null | undefined): Identifier | null => {
  const profile = parseLinkedInUrl(url);
  return profile?.kind === 'person' ? `linkedin:${profile.slug}` : null;
};

export const identifierValue = (identifier: Identifier): string =>
  identifier.slice(identifier.indexOf(':') + 1);
export const identifierKind = (identifier: Identifier): IdentifierKind =>
  identifier.slice(0, identifier.indexOf(':')) as IdentifierKind;

/** Reads what a privacy request names: a person id, an email, a phone in E.164 or a LinkedIn profile URL. */
export function parseTarget(text: string, path = 'identifier'): RequestTarget {
  const value = text.trim();
  if (/^per_[A-Za-z0-9]{1,40}$/.test(value)) return { kind: 'person', id: value };
  if (value.includes('@')) {
    const email = emailIdentifier(value);
    if (email) return { kind: 'email', identifier: email };
  } else if (/linkedin\./i.test(value)) {
    const profile = linkedinIdentifier(value);
    if (profile) return { kind: 'linkedin', identifier: profile };
  } else if (/^\+?[\d\s().-]{6,}$/.test(value)) {
    const phone = phoneIdentifier(value.startsWith('+') ? value : `+${value}`);
    if (phone) return { kind: 'phone', identifier: phone };
  }
  throw invalid([
    {
      path,
      message:
        'must be a person id (per_...), an email address, a phone number in E.164 (+...) or a LinkedIn profile URL',
    },
  ]);
}

/** Every identifier a person record carries, as suppression checks and erasure compare them. */
export function recordIdentifiers(value: {
  email?: string;
  otherEmails?: string[];
  phone?: string;
  otherPhones?: string[];
  linkedinUrl?: string;
}): Identifier[] {
  const out: Identifier[] = [];
  for (const email of [value.email, ...(value.otherEmails ?? [])]) if (email) out.push(`email:${email}`);
  for (const phone of [value.phone, ...(value.otherPhones ?? [])]) if (phone) out.push(`phone:${phone}`);
  const profile = value.linkedinUrl ? linkedinIdentifier(value.linkedinUrl) : null;
  if (profile) out.push(profile);
  return out;
}
