import type { DemoData } from './types.js';

/**
 * The demo rows of a few companies (by domain): their people with emails, phones, profiles and
 * jobs, their technologies, and the IP ranges that belong to them or to no company. Signals, job
 * postings and job changes stay out. Loading the whole set takes seconds on the embedded database;
 * a test that needs two companies loads this instead.
 */
export function demoSubset(data: DemoData, domains: string[]): DemoData {
  const companies = data.companies.filter((c) => domains.includes(c.domain as string));
  const companyIds = new Set(companies.map((c) => c.id));
  const people = data.people.filter((p) => p.companyId && companyIds.has(p.companyId));
  const personIds = new Set(people.map((p) => p.id));
  const ofPerson = <T extends { personId: string }>(rows: T[]) =>
    rows.filter((r) => personIds.has(r.personId));
  return {
    ...data,
    companies,
    companyDomains: data.companyDomains.filter((d) => companyIds.has(d.companyId)),
    companyTechnologies: data.companyTechnologies.filter((t) => companyIds.has(t.companyId)),
    people,
    personEmails: ofPerson(data.personEmails),
    personPhones: ofPerson(data.personPhones),
    personProfiles: ofPerson(data.personProfiles),
    employment: ofPerson(data.employment).map((e) => ({
      ...e,
      companyId: e.companyId && companyIds.has(e.companyId) ? e.companyId : null,
    })),
    ipRanges: data.ipRanges.filter((r) => !r.companyId || companyIds.has(r.companyId)),
    signals: [],
    jobPostings: [],
    jobChanges: [],
  };
}
