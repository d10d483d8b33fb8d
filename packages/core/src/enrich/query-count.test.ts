import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichContext, seedEnrichFixtures } from '../../testing/enrich-fixtures.js';
import { insertPerson } from '../../testing/person-fixtures.js';
import { saveCompany } from '../company/store.js';
import { useInstanceSecret } from '../privacy/secret.js';
import { suppress } from '../privacy/suppression.js';
import { runOperation } from '../run-operation.js';
import { enrichOperation } from './enrich.js';

// Statements per enrichOperation, counted through the database's query log: the common requests are one
// statement each however many contacts come back, so a return to a query per contact (N+1) fails.
let database: Database;
let ids: Awaited<ReturnType<typeof seedEnrichFixtures>>;
let statements: string[] = [];
const size = 25;

beforeAll(async () => {
  // As every server runs (createAccess sets it): the suppression list can be read.
  useInstanceSecret('a-test-instance-secret-of-32-characters!');
  database = await createTestDatabase({ logQuery: (q) => statements.push(q) });
  ids = await seedEnrichFixtures(database);
  const big = await saveCompany(database.db, { domain: 'bigco.example', name: 'Big Co' });
  for (let i = 0; i < size; i++)
    await insertPerson(database.db, {
      companyId: big,
      companyName: 'Big Co',
      first: `Ann${i}`,
      last: `Lee${i}`,
      title: i % 2 ? 'VP Sales' : 'Engineer',
      emails: [{ email: `ann${i}@bigco.example` }],
      phones: [{ e164: `+1415555${String(1000 + i)}`, type: 'mobile' }],
      linkedin: `ann-lee-${i}`,
    });
});
afterAll(async () => {
  await database.close();
});

/** Runs enrichOperation and returns how many statements it sent, with its output. */
async function count(input: Record<string, unknown>) {
  statements = [];
  const out = (await runOperation(enrichOperation as never, enrichContext(database), input)) as {
    contacts?: unknown[];
    results?: unknown[];
  };
  return { n: statements.length, out };
}

describe('statements per enrich', () => {
  it('answers a domain with one statement, however many contacts', async () => {
    const few = await count({ domain: 'bigco.example', limit: 2 });
    const many = await count({
      domain: 'bigco.example',
      limit: size,
      fields: 'email,mobile,socials,history',
    });
    expect(few.out.contacts).toHaveLength(2);
    expect(many.out.contacts).toHaveLength(size);
    expect(few.n).toBe(1);
    expect(many.n).toBe(1);
    // Filters and requirements change the statement's parameters, not the number of statements.
    const filtered = await count({
      domain: 'bigco.example',
      seniority: 'vp',
      titles: 'sales',
      required: 'mobile',
    });
    expect(filtered.out.contacts).toHaveLength(10);
    expect(filtered.n).toBe(1);
  });

  it('adds one statement for the email finder when a contact has no stored address', async () => {
    // Robert Lee at Northwind has no address: the company's statement brings the addresses stored
    // at the domain (its kept list says a contact lacks one), and the finder's guess is checked
    // against the suppression list.
    expect((await count({ domain: 'northwind.example', fields: 'email' })).n).toBe(2);
    expect((await count({ domain: 'northwind.example', fields: 'mobile,headcount' })).n).toBe(1);
  });

  // Each answer is one statement: the identifiers a caller sends are checked against the suppression list
  // inside it (privacy/suppression.ts, suppressionHashes). A person id is checked against the erasures first (one
  // more statement; privacy/gone.ts): enrichment never brings an erased or suppressed person back.
  it('answers an email, a LinkedIn URL or a phone with one statement, a person id with the erasure check', async () => {
    for (const [input, statementsExpected] of [
      [{ email: 'ann3@bigco.example' }, 1],
      [{ linkedin_url: 'https://www.linkedin.com/in/ann-lee-4' }, 1],
      [{ phone: '+14155551005' }, 1],
      [{ person_id: 'per_mergedaway' }, 2],
      [{ person_id: ids.mary, fields: 'history,technologies' }, 2],
      [
        {
          email: 'ann3@bigco.example',
          linkedin_url: 'https://www.linkedin.com/in/ann-lee-3',
          phone: '+14155551003',
        },
        1,
      ],
    ] as const) {
      const { n, out } = await count(input);
      expect(out.contacts, JSON.stringify(input)).toHaveLength(1);
      expect(n, JSON.stringify(input)).toBe(statementsExpected);
    }
  });

  it('finds no one behind a suppressed identifier, in that same one statement', async () => {
    await suppress(database.db, ['email:ann7@bigco.example'], 'test');
    statements = [];
    await expect(
      runOperation(enrichOperation as never, enrichContext(database), { email: 'ann7@bigco.example' }),
    ).rejects.toThrow(/No person matched email/);
    expect(statements).toHaveLength(1);
    // The same person by an identifier that is not listed is still found.
    expect(
      (await count({ linkedin_url: 'https://www.linkedin.com/in/ann-lee-7' })).out.contacts,
    ).toHaveLength(1);
    // One listed identifier among several: no one.
    await expect(
      runOperation(enrichOperation as never, enrichContext(database), {
        email: 'ann7@bigco.example',
        phone: '+14155551007',
      }),
    ).rejects.toThrow(/No person matched/);
  });

  it('adds one lookup per company hint given beside a person identifier', async () => {
    expect((await count({ email: 'ann3@bigco.example', domain: 'bigco.example' })).n).toBe(2);
    expect(
      (await count({ email: 'jsmith@northwind.example', domain: 'northwind.example', ip: '192.0.2.5' })).n,
    ).toBe(3);
  });

  it('costs one statement per record in bulk', async () => {
    const records = Array.from({ length: 10 }, (_, i) => ({ email: `ann${i}@bigco.example` }));
    const { n, out } = await count({ records });
    expect(out.results).toHaveLength(10);
    expect(n).toBe(10);
  });
});
