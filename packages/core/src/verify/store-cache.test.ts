import type { Database } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { type LocalSmtp, startLocalSmtp } from '../../testing/verify/smtp-server.js';
import { createDatabaseCache } from './store-cache.js';
import { createVerifier, type VerifierConfig } from './verifier.js';

let database: Database;
let dns: LocalDns;
let strict: LocalSmtp;
let catchAll: LocalSmtp;
const ports = new Map<string, number>();

beforeAll(async () => {
  database = await createTestDatabase();
  strict = await startLocalSmtp({
    rcpt: (address) => (address.startsWith('jane@') ? undefined : [550, '5.1.1 User unknown']),
  });
  catchAll = await startLocalSmtp();
  ports.set('mx.strict.test', strict.port);
  ports.set('mx.any.test', catchAll.port);
  dns = await startLocalDns({
    // Our HELO and MAIL FROM domain resolve, as a strict server checks.
    'verifier.test': { a: ['127.0.0.1'] },
    'strict.test': { mx: [[10, 'mx.strict.test']] },
    'mx.strict.test': { a: ['127.0.0.1'] },
    'any.test': { mx: [[10, 'mx.any.test']] },
    'mx.any.test': { a: ['127.0.0.1'] },
    'broken.test': { rcode: 'SERVFAIL' },
  });
});

afterAll(async () => {
  await Promise.all([dns?.close(), strict?.close(), catchAll?.close()]);
  await database?.close();
});

const config = (): VerifierConfig => ({
  heloName: 'verifier.test',
  mailFrom: 'probe@verifier.test',
  dnsServers: dns.servers,
  smtpPortFor: (host) => ports.get(host),
  allowPrivate: ['127.0.0.1'],
  timeouts: { dnsMs: 300, connectMs: 500, commandMs: 1_000 },
  cache: createDatabaseCache(database),
});

describe('database verification cache', () => {
  it('shares results, DNS facts and catch-all decisions between verifiers (instances, restarts)', async () => {
    const first = createVerifier(config());
    const [jane, nobody, anyone] = await first.verify([
      'jane@strict.test',
      'nobody@strict.test',
      'x@any.test',
    ]);
    expect(jane).toMatchObject({ status: 'deliverable', cached: false });
    expect(nobody).toMatchObject({ status: 'undeliverable', reason: 'mailbox_not_found' });
    expect(anyone).toMatchObject({ status: 'risky', reason: 'accept_all', flags: { accept_all: true } });
    const sessions = strict.sessions + catchAll.sessions;
    // Each instance checks its own identity once (verifier.test); the domains' MX come from the database.
    const mxQueries = () => dns.queries.filter((q) => q.startsWith('MX ') && q !== 'MX verifier.test').length;
    const queries = mxQueries();

    const second = createVerifier(config());
    const again = await second.verify(['jane@strict.test', 'nobody@strict.test', 'x@any.test']);
    expect(again.map((r) => [r.status, r.cached])).toEqual([
      ['deliverable', true],
      ['undeliverable', true],
      ['risky', true],
    ]);
    expect(strict.sessions + catchAll.sessions).toBe(sessions);

    // A new address on a known domain: DNS and the catch-all decision come from the database.
    const probesBefore = catchAll.rcpts.length;
    const [other] = await second.verify(['y@any.test']);
    expect(other).toMatchObject({ status: 'risky', domain: { accept_all: { value: true, cached: true } } });
    expect(catchAll.rcpts.length - probesBefore).toBe(1); // only y@, no new probe
    expect(mxQueries()).toBe(queries); // host addresses are looked up per session
  });

  it('never stores unknown results or temporary DNS failures', async () => {
    const verifier = createVerifier(config());
    const [failed] = await verifier.verify(['a@broken.test']);
    expect(failed).toMatchObject({ status: 'unknown', reason: 'dns_error' });
    const cache = createDatabaseCache(database);
    expect(await cache.getDomain('broken.test')).toBeUndefined();
    expect(await cache.getAddress('a@broken.test')).toBeUndefined();
    await cache.setAddress(
      'b@broken.test',
      { ...(failed as NonNullable<typeof failed>), email: 'b@broken.test' },
      60_000,
    );
    expect(await cache.getAddress('b@broken.test')).toBeUndefined();
  });

  it('expires entries after their time to live', async () => {
    let now = Date.now();
    const cache = createDatabaseCache(database, { now: () => now });
    await cache.setDomain('ttl.test', { kind: 'null_mx' }, 1_000);
    await cache.setCatchAll('ttl.test', { acceptAll: false, checkedAt: new Date(now).toISOString() }, 5_000);
    expect(await cache.getDomain('ttl.test')).toEqual({ kind: 'null_mx' });
    now += 2_000;
    expect(await cache.getDomain('ttl.test')).toBeUndefined();
    expect(await cache.getCatchAll('ttl.test')).toMatchObject({ acceptAll: false });
    now += 4_000;
    expect(await cache.getCatchAll('ttl.test')).toBeUndefined();
  });

  it('reads a batch of addresses at once, each until its time to live', async () => {
    let now = Date.now();
    const cache = createDatabaseCache(database, { now: () => now });
    const verdict = (email: string) =>
      ({
        email,
        status: 'undeliverable',
        reason: 'rejected',
        checked_at: new Date(now).toISOString(),
      }) as never;
    await cache.setAddresses?.([['a"b@batch.test', verdict('a"b@batch.test')]], 1_000);
    await cache.setAddresses?.([['c@batch.test', verdict('c@batch.test')]], 5_000);
    const read = (emails: string[]) => cache.getAddresses?.(emails) ?? new Map();
    const both = await read(['a"b@batch.test', 'c@batch.test', 'none@batch.test']);
    expect([...both.keys()].sort()).toEqual(['a"b@batch.test', 'c@batch.test']);
    expect(both.get('c@batch.test')).toMatchObject({ email: 'c@batch.test', status: 'undeliverable' });
    now += 2_000;
    expect([...(await read(['a"b@batch.test', 'c@batch.test'])).keys()]).toEqual(['c@batch.test']);
  });
});
