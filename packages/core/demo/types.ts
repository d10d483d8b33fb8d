import type {
  companies,
  companyDomains,
  companyTechnologies,
  employment,
  ipRanges,
  jobChanges,
  jobPostings,
  people,
  personEmails,
  personPhones,
  personProfiles,
  signals,
  sources,
} from '@dossier/db';

export type DemoSource = typeof sources.$inferInsert & { id: string; name: 'demo' };
export type DemoCompany = typeof companies.$inferInsert & { id: string };
export type DemoCompanyDomain = typeof companyDomains.$inferInsert;
export type DemoCompanyTechnology = typeof companyTechnologies.$inferInsert;
export type DemoPerson = typeof people.$inferInsert & { id: string };
export type DemoPersonEmail = typeof personEmails.$inferInsert;
export type DemoPersonPhone = typeof personPhones.$inferInsert;
export type DemoPersonProfile = typeof personProfiles.$inferInsert;
export type DemoEmployment = typeof employment.$inferInsert;
export type DemoIpRange = typeof ipRanges.$inferInsert;
export type DemoSignal = typeof signals.$inferInsert;
export type DemoJobPosting = typeof jobPostings.$inferInsert;
export type DemoJobChange = typeof jobChanges.$inferInsert;

/** The whole demo set, rows ready to insert. Same seed and `asOf`: the same rows, ids included. */
export interface DemoData {
  seed: number;
  /** Start of the UTC day everything recent is measured from. */
  asOf: Date;
  source: DemoSource;
  companies: DemoCompany[];
  companyDomains: DemoCompanyDomain[];
  companyTechnologies: DemoCompanyTechnology[];
  people: DemoPerson[];
  personEmails: DemoPersonEmail[];
  personPhones: DemoPersonPhone[];
  personProfiles: DemoPersonProfile[];
  employment: DemoEmployment[];
  ipRanges: DemoIpRange[];
  signals: DemoSignal[];
  jobPostings: DemoJobPosting[];
  jobChanges: DemoJobChange[];
}

/** Rows inserted per table by one load (all zero when the demo was already there). */
export type DemoCounts = Record<Exclude<keyof DemoData, 'seed' | 'asOf'>, number>;
