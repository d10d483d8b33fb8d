import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichContext } from '../../testing/enrich-fixtures.js';
import { insertPerson } from '../../testing/person-fixtures.js';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { type LocalSmtp, startLocalSmtp } from '../../testing/verify/smtp-server.js';
import { saveCompany } from '../company/store.js';
import { useInstanceSecret } from '../privacy/secret.js';
import { suppress } from '../privacy/suppression.js';
import { runOperation } from '../run-operation.js';
import { createDatabaseCache } from '../verify/store-cache.js';
import { createVerifier } from '../verify/verifier.js';
import { enrichOperation } from './enrich.js';

let database: Database;
let statements: string[] = [];
let smtp: LocalSmtp;
let dns: LocalDns;
const ids: Record<string, string> = {};
// The mailboxes that exist; every other address (the catch-all probe included) is refused.
const mailboxes = new Set([
  'ann.ortiz@acme.test',
  'ben.ng@acme.test',
  'carl.diaz@acme.test',
  'dora.kim@acme.test',
  'gail.rowe@acme.test',
]);

beforeAll(async () => {
  [database, smtp, dns] = await Promise.all([
    createTestDatabase({ logQuery: (q) => statements.push(q) }),
    startLocalSmtp({
      rcpt: (address) => (mailboxes.has(address.toLowerCase()) ? undefined : [550, '5.1.1 No such user']),
    }),
    startLocalDns({
      'verifier.test': { a: ['127.0.0.1'] },
      'acme.test': { mx: [[10, 'mx.acme.test']] },
      'mx.acme.test': { a: ['127.0.0.1'] },
    }),
  ]);
  const db = database.db;
  const acme = await saveCompany(db, { domain: 'acme.test', name: 'Acme' });
  const at = { companyId: acme, companyName: 'Acme' };
  await insertPerson(db, { ...at, first: 'Ann', last: 'Ortiz', emails: [{ email: 'ann.ortiz@acme.test' }] });
  await insertPerson(db, { ...at, first: 'Ben', last: 'Ng', emails: [{ email: 'ben.ng@acme.test' }] });
  await insertPerson(db, { ...at, first: 'Eve', last: 'Park', emails: [{ email: 'epark@acme.test' }] });
  ids.carl = await insertPerson(db, { ...at, first: 'Carl', last: 'Diaz', title: 'CFO' });
  ids.dora = await insertPerson(db, { ...at, first: 'Dora', last: 'Kim', title: 'CTO' });
  ids.fred = await insertPerson(db, { ...at, first: 'Fred', last: 'Moss', title: 'COO' });
  ids.gail = await insertPerson(db, { ...at, first: 'Gail', last: 'Rowe', title: 'CMO' });
});
afterAll(async () => {
  await Promise.all([database.close(), smtp.close(), dns.close()]);
});

const verifier = () =>
  createVerifier({
    heloName: 'verifier.test',
    mailFrom: 'probe@verifier.test',
    dnsServers: dns.servers,
    smtpPort: smtp.port,
    allowPrivate: ['127.0.0.1'],
    timeouts: { dnsMs: 500, connectMs: 500, commandMs: 1_000 },
  });

const contactOf = async (personId: string, withVerifier: boolean) => {
  const ctx = enrichContext(database, withVerifier ? { verifier: verifier() } : {});
  const out = (await runOperation(enrichOperation as never, ctx, {
    person_id: personId,
    fields: 'email',
  })) as {
    contacts: Array<{ email: string | null; email_status: string | null; confidence: number }>;
  };
  return out.contacts[0];
};

describe('the email finder', () => {
  it('infers an address from the pattern the domain uses, as guessed without a verifier', async () => {
    const carl = await contactOf(ids.carl as string, false);
    expect(carl).toMatchObject({ email: 'carl.diaz@acme.test', email_status: 'guessed' });
    expect(carl?.confidence).toBeLessThan(0.6);
  });

  it('checks the candidates live and says verified, with a higher confidence', async () => {
    const before = smtp.rcpts.length;
    const dora = await contactOf(ids.dora as string, true);
    expect(dora).toMatchObject({ email: 'dora.kim@acme.test', email_status: 'verified' });
    expect(dora?.confidence).toBeGreaterThan(0.9);
    expect(smtp.rcpts.slice(before)).toContain('dora.kim@acme.test');
  });

  it('gives no address when the server refuses every candidate', async () => {
    const fred = await contactOf(ids.fred as string, true);
    expect(fred).toMatchObject({ email: null, email_status: null });
  });

  it('neither returns nor probes an address on the suppression list', async () => {
    useInstanceSecret('email-finder-test-secret');
    await suppress(database.db, ['email:gail.rowe@acme.test'], 'test');
    const before = smtp.rcpts.length;
    for (const withVerifier of [true, false]) {
      const gail = await contactOf(ids.gail as string, withVerifier);
      expect(gail).toMatchObject({ email: null, email_status: null });
    }
    expect(smtp.rcpts.slice(before).filter((r) => r.startsWith('gail') || r.startsWith('growe'))).toEqual([]);
  });
});

describe('the email finder with the database cache', () => {
  it('checks the suppression list and reads the cached verdicts in one statement', async () => {
    useInstanceSecret('email-finder-test-secret');
    const shared = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'probe@verifier.test',
      dnsServers: dns.servers,
      smtpPort: smtp.port,
      allowPrivate: ['127.0.0.1'],
      timeouts: { dnsMs: 500, connectMs: 500, commandMs: 1_000 },
      cache: createDatabaseCache(database),
    });
    const ask = async () =>
      (
        (await runOperation(enrichOperation as never, enrichContext(database, { verifier: shared }), {
          person_id: ids.dora,
          fields: 'email',
        })) as { contacts: unknown[] }
      ).contacts[0];
    const first = await ask();
    expect(first).toMatchObject({ email: 'dora.kim@acme.test', email_status: 'verified' });
    const probes = smtp.rcpts.length;
    statements = [];
    expect(await ask()).toEqual(first);
    expect(smtp.rcpts.length).toBe(probes);
    const cacheReads = statements.filter((q) => q.includes('email_verifications'));
    expect(cacheReads).toHaveLength(1);
    expect(cacheReads[0]).toContain('privacy_suppressions');
  });
});
