import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  cidr,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';
import {
  companySearchFacets,
  companySearchVector,
  industryKey,
  personSearchVector,
  revenueMax,
  revenueMin,
} from './search.js';

/** Provenance carried by every stored value. */
const provenance = () => ({
  firstSeen: ts('first_seen').notNull().defaultNow(),
  lastSeen: ts('last_seen').notNull().defaultNow(),
  numSources: integer('num_sources').notNull().default(1),
});

export const sources = pgTable('sources', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 0..1; the golden record prefers values from more trusted sources. */
  trust: real('trust').notNull().default(0.5),
  createdAt: createdAt(),
});

export const sourceRecords = pgTable(
  'source_records',
  {
    id: text('id').primaryKey(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id),
    kind: text('kind').notNull(),
    /** SHA-256 of the normalized payload: importing the same row twice is a no-op. */
    hash: text('hash').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The entity (per_/cmp_/...) this record was resolved into. */
    entityId: text('entity_id'),
    importId: text('import_id'),
    rowNumber: integer('row_number'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('source_records_source_hash_key').on(t.sourceId, t.hash),
    index('source_records_entity_idx').on(t.entityId),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    domain: text('domain').notNull().unique(),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    description: text('description'),
    industry: text('industry'),
    employeeCount: integer('employee_count'),
    employeeRange: text('employee_range'),
    revenueRange: text('revenue_range'),
    foundedYear: integer('founded_year'),
    type: text('type'),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    locations:
      jsonb('locations').$type<Array<{ city?: string; region?: string; country?: string; hq?: boolean }>>(),
    phone: text('phone'),
    socials: jsonb('socials').$type<Record<string, string>>(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Technology slugs, denormalized from company_technologies for search filters. */
    techSlugs: text('tech_slugs').array().notNull().default(sql`'{}'::text[]`),
    /** Categories of company_technologies rows, kept by a trigger, for search filters. */
    techCategories: text('tech_categories').array().notNull().default(sql`'{}'::text[]`),
    industryKey: industryKey(),
    revenueMin: revenueMin(),
    revenueMax: revenueMax(),
    searchTsv: companySearchVector(),
    searchFacets: companySearchFacets(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('companies_tech_slugs_idx').using('gin', t.techSlugs),
    index('companies_tech_categories_idx').using('gin', t.techCategories),
    index('companies_tags_idx').using('gin', t.tags),
    // Facets and search vector in one GIN index: filters and text intersect in one scan.
    index('companies_search_idx').using('gin', t.searchFacets, t.searchTsv),
    index('companies_industry_key_idx').on(t.industryKey),
    index('companies_country_idx').on(t.country),
    index('companies_city_idx').on(sql`lower(${t.city})`),
    index('companies_employee_count_idx').on(t.employeeCount),
    index('companies_founded_year_idx').on(t.foundedYear),
  ],
);

/** Every domain a company answers to, the primary one included. */
export const companyDomains = pgTable(
  'company_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [index('company_domains_company_idx').on(t.companyId)],
);

export const companyTechnologies = pgTable(
  'company_technologies',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    detectedBy: text('detected_by').notNull(),
    ...provenance(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.slug] }), index('company_technologies_slug_idx').on(t.slug)],
);

export const people = pgTable(
  'people',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    title: text('title'),
    seniority: text('seniority'),
    department: text('department'),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    searchTsv: personSearchVector(),
    /**
     * Search facets (`ps:vp`, `pv:1`, `cc:DE`, `ct:salesforce`, ...): the person's own filter values,
     * their contact flags and their current company's, in one GIN-indexed array so people search
     * needs no join. Kept by triggers (packages/db/sql/search-facets.sql) on people, companies, emails and phones.
     */
    searchFacets: text('search_facets').array().notNull().default(sql`'{}'::text[]`),
    /** The current company's numbers, copied by the same triggers for range filters. */
    companyEmployeeCount: integer('company_employee_count'),
    companyFoundedYear: integer('company_founded_year'),
    companyRevenueMin: doublePrecision('company_revenue_min'),
    companyRevenueMax: doublePrecision('company_revenue_max'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A company's people most senior first (`dossier_seniority_rank`, packages/db/sql/expressions.sql): its first
    // contacts are the first entries, whatever the company's size.
    index('people_company_idx').on(t.companyId, sql`dossier_seniority_rank(${t.seniority})`, t.id),
    // Facets and search vector in one GIN index: filters and title words intersect in one scan.
    index('people_search_idx').using('gin', t.searchFacets, t.searchTsv),
    index('people_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
    index('people_seniority_idx').on(t.seniority),
    index('people_department_idx').on(t.department),
    index('people_country_idx').on(t.country),
    index('people_city_idx').on(sql`lower(${t.city})`),
  ],
);

export const personEmails = pgTable(
  'person_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    type: text('type').$type<'work' | 'personal'>().notNull(),
    status: text('status').notNull().default('unknown'),
    verifiedAt: ts('verified_at'),
    ...provenance(),
  },
  (t) => [
    uniqueIndex('person_emails_person_email_key').on(t.personId, t.email),
    index('person_emails_email_idx').on(t.email),
  ],
);

export const personPhones = pgTable(
  'person_phones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    e164: text('e164').notNull(),
    type: text('type').$type<'mobile' | 'direct' | 'office'>().notNull(),
    status: text('status').notNull().default('unknown'),
    ...provenance(),
  },
  (t) => [
    uniqueIndex('person_phones_person_phone_key').on(t.personId, t.e164),
    index('person_phones_e164_idx').on(t.e164),
  ],
);

/**
 * Personal attributes of a person (from its golden record): one row per person that has any. Kept out
 * of `people`, the search table, and shown only to keys with the `pii` scope; identity numbers are
 * stored for matching and never returned whole.
 */
export const personAttributes = pgTable('person_attributes', {
  personId: text('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  middleName: text('middle_name'),
  nativeName: text('native_name'),
  /** ISO date of birth, possibly partial: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`. */
  dob: text('dob'),
  gender: text('gender'),
  address: text('address'),
  postcode: text('postcode'),
  ssn: text('ssn'),
  passport: text('passport'),
  driversLicense: text('drivers_license'),
  nationalId: text('national_id'),
  updatedAt: updatedAt(),
});

export const personProfiles = pgTable(
  'person_profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    /** Canonical handle, e.g. the LinkedIn slug. */
    handle: text('handle').notNull(),
    url: text('url').notNull(),
    ...provenance(),
  },
  (t) => [
    uniqueIndex('person_profiles_person_key').on(t.personId, t.network, t.handle),
    index('person_profiles_handle_idx').on(t.network, t.handle),
  ],
);

/**
 * Each person's emails, phones and profiles as enrich shows them, one row per person with any, kept
 * by statement triggers on the three tables (packages/db/sql/intent.sql). A domain enrich reads ten of these
 * by primary key instead of thirty child lookups; the source of truth stays in the tables above.
 */
export const personContactCards = pgTable('person_contact_cards', {
  personId: text('person_id').primaryKey(),
  emails: json('emails').notNull(),
  phones: json('phones').notNull(),
  profiles: json('profiles').notNull(),
});

/**
 * Each company's first contacts as enrich lists them by default (most senior first, then by id; at
 * most ten, `contactListSize` in core), every one with its person fields and contact card, as one
 * JSON array: an enrich by domain reads this row instead of ranking the company's people and reading
 * ten cards. Kept by statement triggers on people and the cards, and by people imports at the end of
 * each batch (packages/db/sql/contact-read-model.sql); the people and card tables stay the source of truth.
 */
export const companyContactLists = pgTable('company_contact_lists', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  contacts: json('contacts').notNull(),
  /** The listed people, in order: a change to anyone else changes the list only by ranking into it. */
  personIds: text('person_ids').array().notNull(),
  /** The last listed person's rank and id when the list is full (ten), else null: who ranks after it stays out. */
  cutoffRank: integer('cutoff_rank'),
  cutoffId: text('cutoff_id'),
  /**
   * Where in `contacts` the first contact without a usable address is (0 = the first; none, or every
   * one invalid), null when all have one: enrich by domain reads the addresses the email finder
   * learns from in the same statement only when a contact it shows needs one.
   */
  firstWithoutEmail: smallint('first_without_email'),
});

export const employment = pgTable(
  'employment',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    title: text('title'),
    seniority: text('seniority'),
    department: text('department'),
    startedAt: date('started_at'),
    endedAt: date('ended_at'),
    isCurrent: boolean('is_current').notNull().default(false),
    ...provenance(),
  },
  (t) => [index('employment_person_idx').on(t.personId), index('employment_company_idx').on(t.companyId)],
);

/** A merged entity's old id keeps resolving to its survivor. */
export const entityRedirects = pgTable(
  'entity_redirects',
  {
    fromId: text('from_id').primaryKey(),
    toId: text('to_id').notNull(),
    mergedAt: ts('merged_at').notNull().defaultNow(),
  },
  // A merge re-points every redirect to the merged-away id (mergeInto in core's resolve/persist/
  // write.ts), and an erasure follows redirects back to a person: both look up by target.
  (t) => [index('entity_redirects_to_idx').on(t.toId)],
);

export const ipRanges = pgTable(
  'ip_ranges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cidr: cidr('cidr').notNull(),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
    domain: text('domain'),
    type: text('type').$type<'company' | 'isp' | 'hosting' | 'education' | 'government'>().notNull(),
    asn: integer('asn'),
    asName: text('as_name'),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ip_ranges_cidr_gist_idx').using('gist', sql`${t.cidr} inet_ops`),
    uniqueIndex('ip_ranges_cidr_key').on(t.cidr),
  ],
);

export const signals = pgTable('signals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /**
   * No foreign key and no index: writers resolve companies first, the insert
   * trigger checks the statement's distinct companies at once, and a statement trigger on `companies`
   * deletes a deleted company's signals. Raw signals are only read whole (`intent_rebuild`).
   */
  companyId: text('company_id').notNull(),
  topic: text('topic').notNull(),
  occurredAt: ts('occurred_at').notNull(),
  weight: real('weight').notNull().default(1),
  source: text('source'),
  /**
   * Bulk imports (`intent_signals_inserted` in packages/db/sql/intent.sql): the importing transaction's id. Its batch's id range is parked in
   * `intent_pending_batches`, and the merge reads the batch's signals back by id, checking this column
   * (another writer's ids may fall inside the range). Null for pushed signals.
   */
  importBatch: bigint('import_batch', { mode: 'number' }),
  createdAt: createdAt(),
});

export const jobPostings = pgTable(
  'job_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    department: text('department'),
    location: text('location'),
    postedAt: ts('posted_at').notNull(),
    closedAt: ts('closed_at'),
    url: text('url'),
    source: text('source'),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_postings_company_time_idx').on(t.companyId, t.postedAt),
    uniqueIndex('job_postings_company_url_key').on(t.companyId, t.url),
  ],
);

/** Produced by identity resolution when a person's current company changes. */
export const jobChanges = pgTable(
  'job_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    fromCompanyId: text('from_company_id').references(() => companies.id, { onDelete: 'set null' }),
    toCompanyId: text('to_company_id').references(() => companies.id, { onDelete: 'set null' }),
    fromTitle: text('from_title'),
    toTitle: text('to_title'),
    isPromotion: boolean('is_promotion').notNull().default(false),
    confidence: doublePrecision('confidence').notNull(),
    detectedAt: ts('detected_at').notNull().defaultNow(),
  },
  (t) => [
    index('job_changes_to_company_idx').on(t.toCompanyId, t.detectedAt),
    index('job_changes_person_idx').on(t.personId),
  ],
);

export const emailVerifications = pgTable('email_verifications', {
  email: text('email').primaryKey(),
  domain: text('domain').notNull(),
  status: text('status').notNull(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  checkedAt: ts('checked_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const domainVerifications = pgTable('domain_verifications', {
  domain: text('domain').primaryKey(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  checkedAt: ts('checked_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Cached live technographics scans. */
export const domainScans = pgTable('domain_scans', {
  domain: text('domain').primaryKey(),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  fetchedAt: ts('fetched_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const jobRuns = pgTable(
  'job_runs',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id'),
    kind: text('kind').notNull(),
    status: text('status').$type<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>().notNull(),
    idempotencyKey: text('idempotency_key'),
    input: jsonb('input').$type<Record<string, unknown>>(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('job_runs_idempotency_key').on(t.orgId, t.kind, t.idempotencyKey),
    index('job_runs_status_idx').on(t.status, t.lockedUntil),
  ],
);

/** One row per unit of work inside a job (an address, a contact): results survive restarts. */
export const jobItems = pgTable(
  'job_items',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    input: jsonb('input').notNull(),
    status: text('status').$type<'pending' | 'done' | 'retry'>().notNull().default('pending'),
    result: jsonb('result'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: ts('not_before'),
    /**
     * Keyed hashes (HMAC with the instance secret) of the person ids, identifiers and hashed
     * identifiers the item holds, so erasure and access requests find a person's items by index
     * (packages/core/src/privacy/job-subjects.ts). Null: not indexed yet (written before the column,
     * or without the secret); `indexJobItems` fills them and erasure reads those items as text meanwhile.
     * Collated "C" (set in its migration): the GIN index compares bytes, not by locale.
     */
    subjects: text('subjects').array(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.seq] }),
    index('job_items_pending_idx').on(t.jobId, t.status),
    index('job_items_subjects_idx').using('gin', t.subjects),
    index('job_items_unindexed_idx').on(t.jobId).where(sql`${t.subjects} is null`),
  ],
);

/**
 * The subjects of job items that name many people (an audience item of 1,000 contacts), kept apart
 * from `job_items`: saving an item's result updates its row, and every update of a row inserts all
 * its GIN entries again, a few per verify item but thousands per audience item. Such an item has
 * `job_items.subjects` empty at submit (what a result adds goes there), and its list here
 * (packages/core/src/jobs/store.ts `submitJob`, `SUBJECTS_APART`).
 */
export const jobItemSubjectLists = pgTable(
  'job_item_subjects',
  {
    jobId: text('job_id').notNull(),
    seq: integer('seq').notNull(),
    /** Collated "C" (set in its migration), as `job_items.subjects`. */
    subjects: text('subjects').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.seq] }),
    foreignKey({ columns: [t.jobId, t.seq], foreignColumns: [jobItems.jobId, jobItems.seq] }).onDelete(
      'cascade',
    ),
    index('job_item_subjects_idx').using('gin', t.subjects),
  ],
);
