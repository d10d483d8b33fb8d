import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { type LocalSmtp, startLocalSmtp } from '../../testing/verify/smtp-server.js';
import { startLocalSocks5 } from '../../testing/verify/socks5-server.js';
import { retryGreylisted } from './greylist.js';
import { verifyResultSchema } from './schema.js';
import { createVerifier, type VerifierConfig } from './verifier.js';

const LOOPBACK = ['127.0.0.1'];
let dns: LocalDns;
const servers: Record<string, LocalSmtp> = {};
const ports = new Map<string, number>();

const RULES: Record<string, [number, string]> = {
  blocked: [550, '5.7.1 Service unavailable; Client host [192.0.2.1] blocked using Spamhaus'],
  nosuch: [550, '5.7.1 No such user!'],
  ms: [550, '5.4.1 Recipient address rejected: Access denied. AS(201806281)'],
  outlook: [550, '5.5.0 Requested action not taken: mailbox unavailable'],
  rate: [
    450,
    '4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered',
  ],
  full: [452, '4.2.2 The email account that you tried to reach is over quota'],
  disabled: [550, '5.2.1 The email account that you tried to reach is disabled'],
};
const KNOWN = new Set(['jane', 'info', 'new', 'bob']);

const local = (address: string) => address.slice(0, address.indexOf('@'));

beforeAll(async () => {
  servers.acme = await startLocalSmtp({
    starttls: true,
    rcpt: (address) =>
      RULES[local(address)] ?? (KNOWN.has(local(address)) ? undefined : [550, '5.1.1 User unknown']),
  });
  servers.catchall = await startLocalSmtp();
  servers.grey = await startLocalSmtp({
    rcpt: (_address, { attempt }) =>
      attempt === 1 ? [451, '4.7.1 Greylisted, please try again later'] : undefined,
  });
  servers.forever = await startLocalSmtp({
    rcpt: () => [450, '4.2.0 Greylisted, see https://example.test/greylist'],
  });
  servers.fallback = await startLocalSmtp({
    rcpt: (address) => (local(address) === 'jane' ? undefined : [550, '5.1.1 No such user']),
  });
  servers.yahoo = await startLocalSmtp();
  servers.secondary = await startLocalSmtp({
    rcpt: (address) => (local(address) === 'jane' ? undefined : [550, '5.1.1 No such user']),
  });
  ports.set('mx.acme.test', servers.acme.port);
  ports.set('mx.catchall.test', servers.catchall.port);
  ports.set('mx.grey.test', servers.grey.port);
  ports.set('fallback.test', servers.fallback.port);
  ports.set('mta5.am0.yahoodns.net', servers.yahoo.port);
  ports.set('mx2.walk.test', servers.secondary.port);
  ports.set('mx1.walk.test', 1);
  ports.set('ms1-test.mail.protection.outlook.com', servers.catchall.port);
  ports.set('ms2-test.mail.protection.outlook.com', servers.catchall.port); // nothing listens on port 1: MX1 is down
  dns = await startLocalDns({
    // Our HELO and MAIL FROM domain resolve, as a strict server checks.
    'verifier.test': { a: ['127.0.0.1'] },
    'acme.test': { mx: [[10, 'mx.acme.test']] },
    'mx.acme.test': { a: ['127.0.0.1'] },
    'catchall.test': { mx: [[5, 'mx.catchall.test']] },
    'mx.catchall.test': { a: ['127.0.0.1'] },
    'grey.test': { mx: [[5, 'mx.grey.test']] },
    'mx.grey.test': { a: ['127.0.0.1'] },
    'fallback.test': { a: ['127.0.0.1'] },
    'walk.test': {
      mx: [
        [20, 'mx2.walk.test'],
        [10, 'mx1.walk.test'],
      ],
    },
    'mx1.walk.test': { a: ['127.0.0.1'] },
    'mx2.walk.test': { a: ['127.0.0.1'] },
    'nullmx-dot.test': { mx: [[0, '.']] },
    'nullmx-empty.test': { mx: [[0, '']] },
    'nomail.test': {},
    'servfail.test': { rcode: 'SERVFAIL' },
    'private.test': { mx: [[10, 'mx.private.test']] },
    'mx.private.test': { a: ['10.0.0.5'] },
    'ymail.test': { mx: [[1, 'mta5.am0.yahoodns.net']] },
    'mta5.am0.yahoodns.net': { a: ['127.0.0.1'] },
    'mailinator.com': { mx: [[10, 'mx.acme.test']] },
    // Receives mail, so a typed gmial.com (no such domain) gets it as a suggestion.
    'gmail.com': { mx: [[5, 'gmail-smtp-in.l.google.com']] },
    'ms1.test': { mx: [[10, 'ms1-test.mail.protection.outlook.com']] },
    'ms2.test': { mx: [[10, 'ms2-test.mail.protection.outlook.com']] },
    'ms1-test.mail.protection.outlook.com': { a: ['127.0.0.1'] },
    'ms2-test.mail.protection.outlook.com': { a: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await Promise.all([dns?.close(), ...Object.values(servers).map((server) => server.close())]);
});

const config = (overrides: Partial<VerifierConfig> = {}): VerifierConfig => ({
  heloName: 'verifier.test',
  mailFrom: 'probe@verifier.test',
  dnsServers: dns.servers,
  smtpPortFor: (host) => ports.get(host),
  allowPrivate: LOOPBACK,
  timeouts: { dnsMs: 500, connectMs: 500, commandMs: 1_000 },
  ...overrides,
});

const mxQueries = (domain: string) => dns.queries.filter((q) => q === `MX ${domain}`).length;

describe('createVerifier', () => {
  it('verifies a domain in one session with one catch-all probe', async () => {
    const verifier = createVerifier(config());
    const before = servers.acme?.sessions ?? 0;
    const results = await verifier.verify([
      ' jane@ACME.test ',
      'nobody@acme.test',
      'info@acme.test',
      'not an email',
      'jane@acme.test',
    ]);
    for (const result of results) verifyResultSchema.parse(result);
    const [jane, nobody, info, bad, again] = results;
    expect(jane).toMatchObject({
      input: ' jane@ACME.test ',
      email: 'jane@acme.test',
      status: 'deliverable',
      reason: 'accepted',
      cached: false,
    });
    expect(jane?.flags).toEqual({ role: false, free: false, disposable: false, accept_all: false });
    expect(jane?.score).toBeGreaterThan(90);
    expect(jane?.domain).toMatchObject({
      name: 'acme.test',
      mx_source: 'mx',
      mx: [{ host: 'mx.acme.test', preference: 10 }],
      accept_all: { value: false, cached: false },
    });
    expect(jane?.smtp).toMatchObject({
      host: 'mx.acme.test',
      tls: true,
      stage: 'rcpt',
      code: 250,
      attempts: 1,
    });
    expect(nobody).toMatchObject({ status: 'undeliverable', reason: 'mailbox_not_found' });
    expect(nobody?.smtp).toMatchObject({ code: 550, enhanced_code: '5.1.1', message: 'User unknown' });
    expect(info).toMatchObject({ status: 'deliverable', flags: { role: true } });
    expect(info?.score).toBeLessThan(jane?.score ?? 0);
    expect(bad).toMatchObject({
      status: 'undeliverable',
      reason: 'invalid_syntax',
      email: null,
      domain: null,
    });
    expect(again).toMatchObject({ input: 'jane@acme.test', status: 'deliverable' });
    expect((servers.acme?.sessions ?? 0) - before).toBe(1);
    expect(verifier.stats()).toMatchObject({ sessions: 1, probes: 1, rcptCommands: 4 });
  });

  it('reuses the cache: DNS, catch-all and definitive address results', async () => {
    const verifier = createVerifier(config());
    await verifier.verify(['jane@acme.test']);
    const mxBefore = mxQueries('acme.test');
    const results = await verifier.verify(['jane@acme.test', 'bob@acme.test']);
    expect(results[0]).toMatchObject({ status: 'deliverable', cached: true });
    expect(results[1]).toMatchObject({ status: 'deliverable', cached: false });
    expect(results[1]?.domain?.accept_all).toMatchObject({ value: false, cached: true });
    expect(mxQueries('acme.test')).toBe(mxBefore);
    expect(verifier.stats()).toMatchObject({ sessions: 2, probes: 1, dnsLookups: 1 });
  });

  it('classifies the provider replies the issue lists', async () => {
    const verifier = createVerifier(config());
    const emails = ['blocked', 'nosuch', 'ms', 'outlook', 'rate', 'full', 'disabled'].map(
      (l) => `${l}@acme.test`,
    );
    const results = await verifier.verify(emails);
    expect(results.map((r) => `${r.status}:${r.reason}`)).toEqual([
      'unknown:blocked',
      'undeliverable:mailbox_not_found',
      'undeliverable:mailbox_not_found',
      'undeliverable:mailbox_not_found',
      'deliverable:accepted',
      'risky:mailbox_full',
      'undeliverable:disabled',
    ]);
  });

  it('reports catch-all domains as risky accept_all', async () => {
    const verifier = createVerifier(config());
    const [result] = await verifier.verify(['anyone@catchall.test']);
    expect(result).toMatchObject({ status: 'risky', reason: 'accept_all', flags: { accept_all: true } });
    expect(result?.domain?.accept_all.value).toBe(true);
    expect(servers.catchall?.rcpts).toHaveLength(2);
  });

  it('answers greylisted with retry_after_s, and a retry later gets the verdict', async () => {
    const verifier = createVerifier(config());
    const first = await verifier.verify(['jane@grey.test']);
    expect(first[0]).toMatchObject({ status: 'unknown', reason: 'greylisted', retry_after_s: 300 });
    const waits: number[] = [];
    const retried = await retryGreylisted(verifier, first, { sleep: async (ms) => void waits.push(ms) });
    expect(retried[0]).toMatchObject({ status: 'deliverable', reason: 'accepted', retry_after_s: null });
    expect(waits).toEqual([300_000]);
  });

  it('stops retrying a greylisting server after three retries over 5 to 15 minutes', async () => {
    const verifier = createVerifier(config());
    const first = await verifier.verify(['always@grey.test']);
    const waits: number[] = [];
    const forever = createVerifier(
      config({ smtpPortFor: (host) => (host === 'mx.grey.test' ? servers.forever?.port : ports.get(host)) }),
    );
    const retried = await retryGreylisted(forever, first, { sleep: async (ms) => void waits.push(ms) });
    expect(retried[0]).toMatchObject({ status: 'unknown', reason: 'greylisted', retry_after_s: null });
    expect(waits).toEqual([300_000, 600_000, 900_000]);
    expect(forever.stats().sessions).toBe(3);
  });

  it('falls back to the A record when there is no MX', async () => {
    const verifier = createVerifier(config());
    const [jane, other] = await verifier.verify(['jane@fallback.test', 'x@fallback.test']);
    expect(jane).toMatchObject({
      status: 'deliverable',
      domain: { mx_source: 'a', mx: [{ host: 'fallback.test', preference: 0 }] },
    });
    expect(other).toMatchObject({ status: 'undeliverable', reason: 'mailbox_not_found' });
  });

  it('walks MX hosts in preference order when the first is down', async () => {
    const verifier = createVerifier(config());
    const [jane] = await verifier.verify(['jane@walk.test']);
    expect(jane?.domain?.mx.map((m) => m.host)).toEqual(['mx1.walk.test', 'mx2.walk.test']);
    expect(jane).toMatchObject({ status: 'deliverable', smtp: { host: 'mx2.walk.test', attempts: 2 } });
  });

  it('reads null MX given as "." and as empty, and a domain with no mail host', async () => {
    const verifier = createVerifier(config());
    const results = await verifier.verify(['a@nullmx-dot.test', 'a@nullmx-empty.test', 'a@nomail.test']);
    expect(results.map((r) => `${r.status}:${r.reason}`)).toEqual([
      'undeliverable:null_mx',
      'undeliverable:null_mx',
      'undeliverable:no_mx',
    ]);
    expect(verifier.stats().sessions).toBe(0);
  });

  it('tells no such domain from a temporary DNS failure, which is never cached', async () => {
    const verifier = createVerifier(config({ ttlMs: { dnsFailure: 0 } }));
    const [missing, failing] = await verifier.verify(['jane@missing.test', 'jane@servfail.test']);
    expect(missing).toMatchObject({ status: 'undeliverable', reason: 'no_domain' });
    expect(failing).toMatchObject({ status: 'unknown', reason: 'dns_error' });
    const before = mxQueries('servfail.test');
    await verifier.verify(['jane@servfail.test', 'jane@missing.test']);
    expect(mxQueries('servfail.test')).toBeGreaterThan(before);
    expect(verifier.stats().dnsLookups).toBe(3);
  });

  it('looks a temporarily failing domain up once per failure window, answering unknown meanwhile', async () => {
    let now = 1_000_000;
    const verifier = createVerifier(config({ ttlMs: { dnsFailure: 30_000 }, now: () => now }));
    const before = mxQueries('servfail.test');
    // A burst at once shares the one lookup in flight; the next ones within the window do none.
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) => verifier.verify([`p${i}@servfail.test`, 'jane@missing.test'])),
    );
    now += 10_000;
    const later = await Promise.all(
      Array.from({ length: 5 }, (_, i) => verifier.verify([`q${i}@servfail.test`])),
    );
    const answers = [...burst.map(([first]) => first), ...later.map(([first]) => first)];
    expect(answers).toHaveLength(10);
    for (const answer of answers) expect(answer).toMatchObject({ status: 'unknown', reason: 'dns_error' });
    expect(burst.map(([, second]) => second?.reason)).toEqual(Array(5).fill('no_domain'));
    expect(mxQueries('servfail.test') - before).toBe(1);
    expect(verifier.stats().dnsLookups).toBe(2); // servfail.test and missing.test, once each

    // After the window: a new lookup, and still no verdict from a failure.
    now += 20_001;
    const [again] = await verifier.verify(['r@servfail.test']);
    expect(again).toMatchObject({ status: 'unknown', reason: 'dns_error' });
    expect(mxQueries('servfail.test') - before).toBe(2);
  });

  it('never contacts an MX on a private address unless allow-listed', async () => {
    const strict = createVerifier(config({ allowPrivate: [] }));
    const before = servers.acme?.sessions ?? 0;
    const [priv, loop] = await strict.verify(['jane@private.test', 'jane@acme.test']);
    expect(priv).toMatchObject({ status: 'unknown', reason: 'private_mx' });
    expect(loop).toMatchObject({ status: 'unknown', reason: 'private_mx' });
    expect(servers.acme?.sessions).toBe(before);
  });

  it('never reports Yahoo-style accept-everything providers deliverable', async () => {
    const verifier = createVerifier(config());
    const [result] = await verifier.verify(['jane@ymail.test']);
    expect(result).toMatchObject({
      status: 'unknown',
      reason: 'provider_unverifiable',
      domain: { provider: 'yahoo' },
    });
    expect(servers.yahoo?.sessions).toBe(0);
  });

  it('flags disposable domains and suggests typo fixes without deciding on them', async () => {
    const verifier = createVerifier(config());
    const [disposable, typo] = await verifier.verify(['jane@mailinator.com', 'jane@gmial.com']);
    expect(disposable).toMatchObject({ status: 'risky', reason: 'disposable', flags: { disposable: true } });
    expect(typo).toMatchObject({
      suggestion: 'jane@gmail.com',
      status: 'undeliverable',
      reason: 'no_domain',
    });
  });

  it('goes through the configured SOCKS5 proxy from the configured source address', async () => {
    const proxy = await startLocalSocks5();
    try {
      const verifier = createVerifier(
        config({ socksProxy: { host: '127.0.0.1', port: proxy.port }, sourceAddress: '127.0.0.1' }),
      );
      const [jane] = await verifier.verify(['jane@acme.test']);
      expect(jane).toMatchObject({ status: 'deliverable' });
      expect(proxy.connects).toEqual([`127.0.0.1:${servers.acme?.port}`]);
    } finally {
      await proxy.close();
    }
  });

  it('paces sessions per provider', async () => {
    const verifier = createVerifier(config({ providerPaceMs: { microsoft365: 150 } }));
    const started = Date.now();
    const results = await verifier.verify(['a@ms1.test', 'a@ms2.test']);
    expect(results.map((r) => r.domain?.provider)).toEqual(['microsoft365', 'microsoft365']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });
});
