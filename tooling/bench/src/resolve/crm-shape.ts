import type { PersonRecord } from '../../../../packages/core/src/resolve/types.js';

/**
 * Synthetic people (generatePeople: a company holds a few dozen people) remapped onto `companies`
 * employers, as a CRM export is: hundreds or thousands of people per company, so the blocking keys
 * of one company (first name, surname, initials at the employer) fill up as the file goes on. Every
 * original company maps to one of the first `companies` originals (by order of first appearance);
 * its name, domain and work addresses are rewritten in every record, so a person keeps one employer
 * (or a job changer two) and the generator's truth stays true.
 */
export const crmShaped = (records: PersonRecord[], companies: number): PersonRecord[] => {
  const hostOf = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/.*$/, '');
  const stem = (name: string) =>
    name
      .toLowerCase()
      .replace(/,? (inc\.?|llc|ltd|gmbh|corp|co\.|corporation)$/, '')
      .trim();
  // Original companies by domain, in order of first appearance, with their (uncased) name.
  const order = new Map<string, number>();
  const names: { domain: string; name: string }[] = [];
  const byName = new Map<string, string>();
  const domainOf = (r: PersonRecord): string | null => {
    if (r.companyDomain) return hostOf(r.companyDomain);
    const at = r.email?.trim().toLowerCase().split('@')[1];
    // A work address is at the company's domain; personal addresses are at a free mail domain.
    if (at && order.has(at)) return at;
    return r.companyName ? (byName.get(stem(r.companyName)) ?? null) : null;
  };
  for (const r of records) {
    if (!r.companyDomain) continue;
    const domain = hostOf(r.companyDomain);
    if (order.has(domain)) continue;
    order.set(domain, order.size);
    const name = r.companyName ? stem(r.companyName) : domain;
    names.push({ domain, name });
    if (!byName.has(name)) byName.set(name, domain);
  }
  const targets = names.slice(0, Math.max(1, companies));
  const targetOf = (domain: string) =>
    targets[(order.get(domain) ?? 0) % targets.length] as (typeof targets)[number];
  const swap = (text: string, from: string, to: string) =>
    text.replace(new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), (hit) =>
      hit === hit.toUpperCase() ? to.toUpperCase() : to,
    );
  return records.map((r) => {
    const domain = domainOf(r);
    if (!domain || !order.has(domain)) return r;
    const original = names[order.get(domain) as number] as (typeof names)[number];
    const target = targetOf(domain);
    const title = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
    return {
      ...r,
      companyDomain: r.companyDomain
        ? swap(r.companyDomain, original.domain, target.domain)
        : r.companyDomain,
      companyName: r.companyName ? swap(r.companyName, original.name, title(target.name)) : r.companyName,
      email: r.email ? swap(r.email, `@${original.domain}`, `@${target.domain}`) : r.email,
    };
  });
};

/** The first `max` records of each person (by the generator's truth), up to `rows` records in all. */
export const atMostPerPerson = (
  records: PersonRecord[],
  truth: Map<string, string>,
  max: number,
  rows: number,
): PersonRecord[] => {
  const seen = new Map<string, number>();
  const out: PersonRecord[] = [];
  for (const r of records) {
    if (out.length >= rows) break;
    const entity = truth.get(r.recordId) ?? r.recordId;
    const n = seen.get(entity) ?? 0;
    if (n >= max) continue;
    seen.set(entity, n + 1);
    out.push(r);
  }
  return out;
};

/** A synthetic record as the import's CSV columns (empty fields left out). */
export const personFields = (r: PersonRecord): Record<string, string> => {
  const out: Record<string, string> = {};
  const put = (k: string, v: string | null | undefined) => {
    if (v) out[k] = v;
  };
  put('first_name', r.firstName);
  put('last_name', r.lastName);
  put('full_name', r.fullName);
  put('email', r.email);
  put('phone', r.phone);
  put('linkedin_url', r.linkedinUrl);
  put('company_name', r.companyName);
  put('company_domain', r.companyDomain);
  put('title', r.title);
  put('city', r.city);
  put('country', r.country);
  return out;
};
