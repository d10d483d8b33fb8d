import type { Db } from '@dossier/db';
import type { StoredCompany } from '../company/company-json.js';
import { findCompanyByDomain } from '../company/store.js';
import { DossierError } from '../errors.js';
import { type IpMatch, lookupIp } from '../ip/lookup-ip.js';
import { throwIfErased } from '../privacy/gone.js';
import type { Identifier } from '../privacy/identifiers.js';
import { suppressedAmong, suppressionHashes } from '../privacy/suppression.js';
import type { Verifier } from '../verify/verifier.js';
import { companyHas, companyView } from './company-view.js';
import { bestEmail, buildContact } from './contact.js';
import { type FoundEmail, findEmails } from './email-finder.js';
import { findCompanyByText } from './find-company-by-text.js';
import { peopleByName } from './find-people.js';
import { type Identifiers, readIdentifiers } from './identifiers.js';
import { parseRequired, type Requirable, type Requirement, satisfies } from './required.js';
import {
  type Contact,
  defaultFields,
  type EnrichField,
  type Enrichment,
  type RecordInput,
} from './schema.js';
import {
  type ContactFilters,
  type ContactPerson,
  companyWithContacts,
  findCandidates,
  type KnownAddress,
  type LookupOptions,
} from './store.js';

export interface EnrichDeps {
  db: Db;
  /** Checks inferred addresses live; absent: they come back as `guessed`. */
  verifier?: Verifier;
  /** Unmasked emails and phones (the caller's key has the `pii` scope). */
  pii: boolean;
}

type Result = Omit<Enrichment, 'credits_used' | 'metadata'>;
/** A result with what the controls need: the full company and the contact limit. */
interface Draft {
  result: Result;
  company: StoredCompany | null;
  limit?: number;
}

/** How much each identifier alone says "this is the person". */
const weight = { person_id: 1, email: 0.99, linkedin_url: 0.98, phone: 0.95, name: 0.9 } as const;
type PersonKey = keyof typeof weight;

const round = (n: number) => Math.round(n * 100) / 100;
const notFound = (message: string) => new DossierError('not_found', message);

/**
 * Enriches one record: a person (and their company) or a company (and its contacts). The common
 * requests are one statement each (a domain; an email, LinkedIn URL, phone or person id alone);
 * each further identifier (a second company hint, an IP, a name) adds one indexed lookup.
 */
export async function enrichRecord(deps: EnrichDeps, input: RecordInput): Promise<Result> {
  const fields = new Set<EnrichField>(input.fields?.length ? input.fields : defaultFields);
  const required = input.required ? parseRequired(input.required) : null;
  const ids = readIdentifiers(input);
  const options: LookupOptions = {
    history: fields.has('history'),
    // `required` may test technologies even when they are not shown.
    technologies: fields.has('technologies') || !!required?.some((all) => all.includes('technologies')),
    addresses: fields.has('email'),
  };
  const personKeys = (['person_id', 'email', 'linkedin_url', 'phone', 'name'] as const).filter((k) =>
    k === 'person_id' ? ids.personId : k === 'linkedin_url' ? ids.linkedin : ids[k],
  );
  const draft = personKeys.length
    ? await enrichPerson(deps, ids, personKeys, fields, options)
    : await enrichCompany(deps, ids, input, fields, required, options);
  const { result, given } = draft;
  const ipMatch = given.ipMatch;
  if (ids.ip && ipMatch) result.ip = ipView(ids.ip, ipMatch);
  if (ids.ip && personKeys.length) {
    if (ipMatch?.company && ipMatch.company.id === draft.company?.id) result.match.matched_on.push('ip');
    else result.match.unmatched.push('ip');
  }
  return applyControls(draft, input.min_confidence, required, personKeys.length > 0);
}

const ipView = (address: string, m: IpMatch) => ({
  address,
  range: m.range,
  type: m.type,
  asn: m.asn,
  as_name: m.as_name,
  confidence: m.confidence,
});

/** What the company hints of a record found: `domain`, `company` (a name or a domain) and `ip`. */
interface Given {
  domainCompany: StoredCompany | null;
  textCompany: StoredCompany | null;
  /** The range holding `ip`; its company is set only for ranges of type company. */
  ipMatch: IpMatch | null;
}

/** The lookups for the company hints given; none given, no query. */
async function lookupGiven(db: Db, ids: Identifiers): Promise<Given> {
  const [domainCompany, textCompany, ipMatch] = await Promise.all([
    ids.domain ? findCompanyByDomain(db, ids.domain) : null,
    ids.company ? findCompanyByText(db, ids.company) : null,
    ids.ip ? lookupIp(db, ids.ip) : null,
  ]);
  return { domainCompany, textCompany, ipMatch };
}

async function enrichPerson(
  deps: EnrichDeps,
  ids: Identifiers,
  keys: readonly PersonKey[],
  fields: ReadonlySet<EnrichField>,
  options: LookupOptions,
): Promise<Draft & { given: Given }> {
  const { db } = deps;
  if (ids.personId) await throwIfErased(db, ids.personId);
  // A suppressed identifier finds no one: enrichment never brings a suppressed person back.
  const asked = [
    ids.email && `email:${ids.email}`,
    ids.phone && `phone:${ids.phone}`,
    ids.linkedin && `linkedin:${ids.linkedin}`,
  ].filter(Boolean) as Identifier[];
  // The candidates' statement checks the list itself; without the instance secret it is checked first.
  const hashes = suppressionHashes(asked);
  if (hashes === null && (await suppressedAmong(db, asked)).size)
    throw notFound(`No person matched ${keys.join(', ')}`);
  const suppressed = hashes ?? undefined;
  const lookup = (nameIds?: string[]) =>
    findCandidates(
      db,
      {
        personId: ids.personId,
        email: ids.email,
        linkedin: ids.linkedin,
        phone: ids.phone,
        nameIds,
        suppressed,
      },
      options,
    );
  let given: Given;
  let candidates: Awaited<ReturnType<typeof findCandidates>>;
  if (keys.includes('name')) {
    // A name is looked up at the company the record names: that lookup comes first.
    given = await lookupGiven(db, ids);
    const placeAt = given.domainCompany ?? given.textCompany;
    candidates = await lookup(placeAt && ids.name ? await peopleByName(db, placeAt.id, ids.name) : []);
  } else {
    [given, candidates] = await Promise.all([lookupGiven(db, ids), lookup()]);
  }
  if (candidates.length === 0) throw notFound(`No person matched ${keys.join(', ')}`);
  const placeAt = given.domainCompany ?? given.textCompany;
  const hits = keys.map((key): [PersonKey, string[]] => [
    key,
    candidates.filter((c) => c.keys.includes(key)).map((c) => c.person.id),
  ]);

  const scored = candidates.map(({ person, company: current }) => {
    let miss = 1;
    const matchedOn: string[] = [];
    const unmatched: string[] = [];
    for (const [key, list] of hits) {
      if (list.includes(person.id)) {
        // Several people behind one identifier (namesakes, a shared line) split its weight.
        miss *= 1 - weight[key] / list.length;
        matchedOn.push(key);
      } else unmatched.push(key);
    }
    let confidence = 1 - miss;
    // Each identifier that points elsewhere makes this candidate less likely.
    confidence *= 0.6 ** unmatched.length;
    for (const [key, company] of [
      ['domain', given.domainCompany],
      ['company', given.textCompany],
    ] as const) {
      if (!(key === 'domain' ? ids.domain : ids.company)) continue;
      const worksThere = company && person.company?.id === company.id;
      if (worksThere) {
        matchedOn.push(key);
        // A name was looked up at this very company: its agreement adds nothing new.
        if (!matchedOn.includes('name')) confidence = 1 - (1 - confidence) * 0.5;
      } else {
        unmatched.push(key);
        confidence *= 0.7;
      }
    }
    return { person, current, confidence: round(confidence), matchedOn, unmatched };
  });
  scored.sort((a, b) => b.confidence - a.confidence || a.person.id.localeCompare(b.person.id));
  const top = scored[0] as (typeof scored)[number];
  // Namesakes fit equally: all of them come back and the match says it is ambiguous.
  const chosen = scored.filter((s) => s.confidence >= top.confidence - 0.05).slice(0, 5);
  const company = top.current ?? placeAt;
  const found = await inferEmails(
    deps,
    company,
    chosen.map((s) => s.person),
    fields,
  );
  const domains = company ? [company.domain, ...company.alias_domains] : [];
  const contacts = chosen.map((s) =>
    buildContact(s.person, {
      fields,
      domains,
      pii: deps.pii,
      matchConfidence: s.confidence,
      found: found.get(s.person.id),
    }),
  );
  return {
    given,
    company,
    result: {
      company: company?.name ?? null,
      company_profile: company ? companyView(company, fields) : null,
      contacts,
      match: {
        entity: 'person',
        matched_on: top.matchedOn,
        unmatched: top.unmatched,
        confidence: top.confidence,
        ambiguous: chosen.length > 1,
      },
    },
  };
}

async function enrichCompany(
  deps: EnrichDeps,
  ids: Identifiers,
  input: RecordInput,
  fields: ReadonlySet<EnrichField>,
  required: Requirement | null,
  options: LookupOptions,
): Promise<Draft & { given: Given }> {
  const { db } = deps;
  const limit = input.limit ?? 10;
  const filters: ContactFilters = {
    titles: input.titles,
    seniority: input.seniority,
    department: input.department,
    // Requirements drop contacts after loading: look further so `limit` can still be met.
    limit: required ? Math.min(limit * 5, 500) : limit,
  };
  let given: Given;
  let found: Awaited<ReturnType<typeof companyWithContacts>> = null;
  if (ids.domain && !ids.company && !ids.ip) {
    // The common case, a domain alone: the company and its contacts in one statement.
    found = await companyWithContacts(db, { domain: ids.domain }, filters, options);
    given = { domainCompany: found?.company ?? null, textCompany: null, ipMatch: null };
  } else {
    given = await lookupGiven(db, ids);
    const pick = given.domainCompany ?? given.textCompany ?? given.ipMatch?.company;
    if (pick) found = await companyWithContacts(db, { id: pick.id }, filters, options);
  }
  const { ipMatch } = given;
  if (!found) {
    if (ids.ip && ipMatch && !ids.domain && !ids.company)
      throw notFound(
        `${ids.ip} is in ${ipMatch.range}, a${ipMatch.type === 'isp' ? 'n' : ''} ${ipMatch.type} range` +
          `${ipMatch.as_name ? ` (${ipMatch.as_name})` : ''}: it does not say which company the visitor is from`,
      );
    const what = ids.domain ?? ids.company ?? ids.ip;
    throw notFound(`No company is known for ${what}`);
  }
  const { company, people: list } = found;
  const matchedOn: string[] = [];
  const unmatched: string[] = [];
  let miss = 1;
  for (const [key, hint, w] of [
    ['domain', given.domainCompany, 0.99],
    ['company', given.textCompany, 0.9],
    ['ip', ipMatch?.company ?? null, ipMatch?.confidence ?? 0],
  ] as const) {
    if (!ids[key]) continue;
    if (hint && hint.id === company.id) {
      matchedOn.push(key);
      miss *= 1 - w;
    } else unmatched.push(key);
  }
  const confidence = round((1 - miss) * 0.6 ** unmatched.filter((k) => k !== 'ip').length);
  const emails = await inferEmails(deps, company, list, fields, found.known);
  const domains = [company.domain, ...company.alias_domains];
  const contacts = list.map((person) =>
    buildContact(person, {
      fields,
      domains,
      pii: deps.pii,
      matchConfidence: confidence,
      found: emails.get(person.id),
    }),
  );
  return {
    given,
    company,
    limit,
    result: {
      company: company.name,
      company_profile: companyView(company, fields),
      contacts,
      match: { entity: 'company', matched_on: matchedOn, unmatched, confidence, ambiguous: false },
    },
  };
}

/** People at the company with no usable stored address get one inferred, when email was asked for. */
async function inferEmails(
  deps: EnrichDeps,
  company: StoredCompany | null,
  list: ContactPerson[],
  fields: ReadonlySet<EnrichField>,
  known?: KnownAddress[],
): Promise<Map<string, FoundEmail>> {
  if (!company || !fields.has('email')) return new Map();
  const domains = [company.domain, ...company.alias_domains];
  const targets = list
    .filter((p) => p.company?.id === company.id && !bestEmail(p, domains))
    .map((p) => ({ personId: p.id, first: p.first_name, last: p.last_name }));
  // Never an address on the suppression list, nor a probe of one (see findEmails).
  return findEmails(deps.db, deps.verifier, company, targets, known);
}

const contactHas = (contact: Contact, field: Requirable): boolean => {
  switch (field) {
    case 'email':
      return contact.email != null && contact.email_status !== 'invalid';
    case 'mobile':
      return contact.mobile != null;
    case 'direct_dial':
      return contact.direct_dial != null;
    case 'phone':
      return contact.mobile != null || contact.direct_dial != null;
    case 'linkedin_url':
      return contact.linkedin_url != null;
    case 'title':
      return contact.title != null;
    case 'location':
      return !!contact.location && (contact.location.city != null || contact.location.country != null);
    default:
      return false;
  }
};

/** min_confidence and required: what falls short is no match (404), as People Data Labs does it. */
function applyControls(
  { result: out, company: profile, limit }: Draft,
  minConfidence: number | undefined,
  required: Requirement | null,
  personMatch: boolean,
): Result {
  if (minConfidence !== undefined && out.match.confidence < minConfidence)
    throw notFound(
      `The best match has confidence ${out.match.confidence}, below min_confidence ${minConfidence}`,
    );
  let contacts = out.contacts;
  if (minConfidence !== undefined) contacts = contacts.filter((c) => c.confidence >= minConfidence);
  if (required) {
    const companyOnly = satisfies(required, (f) => companyHas(profile, f));
    contacts = contacts.filter((c) => satisfies(required, (f) => contactHas(c, f) || companyHas(profile, f)));
    if (contacts.length === 0 && (personMatch || !companyOnly))
      throw notFound('No match has the required fields');
  }
  if (personMatch && contacts.length === 0)
    throw notFound(`No contact reaches min_confidence ${minConfidence}`);
  return { ...out, contacts: limit ? contacts.slice(0, limit) : contacts };
}
