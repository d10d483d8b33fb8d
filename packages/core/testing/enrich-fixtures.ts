import { type Database, entityRedirects, ipRanges } from '@dossier/db';
import { saveCompany } from '../src/company/store.js';
import { type Context, silentLogger } from '../src/context.js';
import type { Scope } from '../src/scopes.js';
import type { Verifier } from '../src/verify/verifier.js';
import { insertPerson } from './person-fixtures.js';

/** An operation context; `pii` decides whether emails and phones come back unmasked. */
export const enrichContext = (
  database: Database,
  options: { pii?: boolean; verifier?: Verifier; scopes?: Scope[] } = {},
): Context => ({
  db: database,
  caller: {
    orgId: 'org_test',
    projectId: 'prj_test',
    keyId: 'key_test',
    scopes: new Set(
      options.scopes ??
        (['enrich', 'person', 'company', ...(options.pii === false ? [] : ['pii'])] as Scope[]),
    ),
  },
  requestId: 'req_test',
  log: silentLogger,
  now: () => new Date(),
  verifier: options.verifier,
});

/** One company with namesakes, a person without an address, IP ranges and a merged id. */
export async function seedEnrichFixtures(database: Database) {
  const db = database.db;
  const northwind = await saveCompany(db, {
    domain: 'northwind.example',
    name: 'Northwind Traders',
    legalName: 'Northwind Traders, Inc.',
    industry: 'wholesale',
    employeeCount: 180,
    revenueRange: '$10M-$50M',
    country: 'US',
    city: 'Seattle',
    aliasDomains: ['northwind-traders.example'],
    technologies: [{ slug: 'salesforce', name: 'Salesforce', category: 'crm' }],
  });
  const lyric = await saveCompany(db, { domain: 'lyric-logistics.example', name: 'Lyric Logistics' });
  const at = { companyId: northwind, companyName: 'Northwind Traders' };
  const john = await insertPerson(db, {
    ...at,
    first: 'John',
    last: 'Smith',
    title: 'VP Sales',
    city: 'Seattle',
    country: 'US',
    emails: [
      { email: 'jsmith@northwind.example', numSources: 3 },
      { email: 'john.smith@mail.example', type: 'personal', status: 'valid' },
    ],
    phones: [{ e164: '+14155550101', type: 'mobile' }],
    linkedin: 'john-smith-nw',
    pastJobs: [
      { companyName: 'Contoso', title: 'Account Executive', startedAt: '2018-01-01', endedAt: '2023-02-01' },
    ],
  });
  const john2 = await insertPerson(db, {
    ...at,
    first: 'John',
    last: 'Smith',
    title: 'Software Engineer',
    emails: [{ email: 'jsmith2@northwind.example' }],
  });
  const mary = await insertPerson(db, {
    ...at,
    first: 'Mary',
    last: 'Brown',
    title: 'Chief Marketing Officer',
    emails: [{ email: 'mbrown@northwind.example' }],
    phones: [{ e164: '+14155550102', type: 'direct' }],
  });
  const kim = await insertPerson(db, {
    ...at,
    first: 'Kim',
    last: 'Chen',
    title: 'Engineering Manager',
    emails: [{ email: 'kchen@northwind.example', status: 'valid' }],
  });
  const robert = await insertPerson(db, {
    ...at,
    first: 'Robert',
    last: 'Lee',
    title: 'Director of Finance',
  });
  const mbrown = await insertPerson(db, {
    companyId: lyric,
    companyName: 'Lyric Logistics',
    first: 'Maya',
    last: 'Brown',
    title: 'Chief Executive Officer',
    emails: [{ email: 'mbrown@lyric-logistics.example' }],
  });
  await db.insert(ipRanges).values([
    { cidr: '192.0.2.0/28', companyId: northwind, domain: 'northwind.example', type: 'company', asn: 64500 },
    { cidr: '2001:db8:100::/48', companyId: northwind, domain: 'northwind.example', type: 'company' },
    {
      cidr: '203.0.113.0/26',
      domain: 'isp.example',
      type: 'isp',
      asn: 64496,
      asName: 'HARBORLINK (fictional)',
    },
  ]);
  await db.insert(entityRedirects).values({ fromId: 'per_mergedaway', toId: john });
  return { northwind, lyric, john, john2, mary, kim, robert, mbrown };
}

/**
 * What `fn` returns inside a transaction that is then rolled back: a rebuild of kept copies (contact
 * cards, contact lists) to compare with what the triggers kept, leaving nothing behind.
 */
export async function inRolledBack<T>(
  database: Database,
  fn: (tx: Database['db']) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      result = await fn(tx as unknown as Database['db']);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  return result as T;
}
