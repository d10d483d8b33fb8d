import { maskEmail, maskPhone } from '../shared/mask.js';
import type { FoundEmail } from './email-finder.js';
import { type Contact, type EnrichField, emailStatuses } from './schema.js';
import type { ContactPerson } from './store.js';

type EmailStatus = (typeof emailStatuses)[number];

/** How much an address's status says the contact can be reached. */
const emailTrust: Record<EmailStatus, number> = {
  verified: 0.97,
  valid: 0.9,
  accept_all: 0.75,
  unknown: 0.6,
  guessed: 0.5,
  invalid: 0.2,
};

const asStatus = (value: string): EmailStatus =>
  (emailStatuses as readonly string[]).includes(value) ? (value as EmailStatus) : 'unknown';

/** `email` ends `@` and one of `domains`. (A loop: no `@domain` string or closure per check.) */
function atDomains(email: string, domains: readonly string[]): boolean {
  for (const d of domains) {
    const at = email.length - d.length - 1;
    if (at >= 0 && email.charCodeAt(at) === 64 && email.endsWith(d)) return true;
  }
  return false;
}

/**
 * The stored address to show: usable, at the company's domain first, work before personal. One pass
 * (enrich by domain asks it twice per listed contact: who needs the finder, and the contact itself).
 */
export function bestEmail(person: ContactPerson, domains: readonly string[]) {
  let work: ContactPerson['emails'][number] | null = null;
  let usable: ContactPerson['emails'][number] | null = null;
  for (const e of person.emails) {
    if (e.status === 'invalid') continue;
    if (e.type === 'work') {
      if (atDomains(e.email, domains)) return e;
      work ??= e;
    }
    usable ??= e;
  }
  return work ?? usable;
}

/** The first usable number of a type. (Module-level: a closure per contact costs a function each time.) */
const usablePhone = (person: ContactPerson, type: 'mobile' | 'direct') =>
  person.phones.find((p) => p.type === type && p.status !== 'invalid');

export interface ContactOptions {
  fields: ReadonlySet<EnrichField>;
  /** The company's domains (primary and aliases), to prefer addresses there. */
  domains: readonly string[];
  pii: boolean;
  /** How sure the match is that this is the person asked about (1 when listing a company). */
  matchConfidence: number;
  found?: FoundEmail;
}

export function buildContact(person: ContactPerson, options: ContactOptions): Contact {
  const { fields, pii } = options;
  const stored = fields.has('email') ? bestEmail(person, options.domains) : null;
  const email = stored
    ? {
        email: stored.email,
        status: asStatus(stored.status),
        confidence: emailTrust[asStatus(stored.status)],
      }
    : fields.has('email') && options.found
      ? { email: options.found.email, status: options.found.status, confidence: options.found.confidence }
      : null;
  const mobile = fields.has('mobile') ? (usablePhone(person, 'mobile')?.number ?? null) : null;
  const direct = fields.has('direct_dial') ? (usablePhone(person, 'direct')?.number ?? null) : null;
  const linkedin = person.profiles.find((p) => p.network === 'linkedin');
  const dataConfidence = fields.has('email') ? (email?.confidence ?? 0.6) : 0.95;
  const contact: Contact = {
    person_id: person.id,
    name: person.full_name,
    first_name: person.first_name,
    last_name: person.last_name,
    title: person.title,
    seniority: person.seniority,
    department: person.department,
    linkedin_url: linkedin?.url ?? null,
    email: email ? (pii ? email.email : maskEmail(email.email)) : null,
    email_status: email?.status ?? null,
    mobile: mobile && !pii ? maskPhone(mobile) : mobile,
    direct_dial: direct && !pii ? maskPhone(direct) : direct,
    confidence: Math.round(options.matchConfidence * dataConfidence * 100) / 100,
    company_domain: person.company?.domain ?? null,
  };
  if (fields.has('location')) contact.location = person.location;
  if (fields.has('socials'))
    contact.socials = Object.fromEntries(person.profiles.map((p) => [p.network, p.url]));
  if (fields.has('history')) contact.history = person.employment;
  return contact;
}
