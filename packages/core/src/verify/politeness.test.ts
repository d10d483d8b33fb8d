import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns, type ZoneEntry } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createVerifier, type VerifierConfig } from './verifier.js';

const DEFERRED =
  '421 4.7.0 [TSS04] Messages from 127.0.0.1 temporarily deferred due to volume; see https://help.example/421';

let dns: LocalDns;
let shared: ScriptedSmtp;
let rcptDefer: ScriptedSmtp;
let greetDefer: ScriptedSmtp;
let refusing: ScriptedSmtp;
const ports = new Map<string, number>();

beforeAll(async () => {
  shared = await startScriptedSmtp({ delayMs: 30 });
  rcptDefer = await startScriptedSmtp({
    handle: (command) => (command.startsWith('RCPT') ? `${DEFERRED}\r\n` : defaultReply(command)),
  });
  greetDefer = await startScriptedSmtp({ greeting: `${DEFERRED}\r\n` });
  refusing = await startScriptedSmtp({
    greeting:
      '554 5.7.1 mx1.refusing.test ESMTP not accepting connections from 127.0.0.1 by local policy\r\n',
  });
  const zone: Record<string, ZoneEntry> = { 'verifier.test': { a: ['127.0.0.1'] } };
  // Ten domains, ten MX names, one server: what the cap is about.
  for (let i = 0; i < 10; i++) {
    zone[`d${i}.test`] = { mx: [[10, `mx${i}.shared.test`]] };
    zone[`mx${i}.shared.test`] = { a: ['127.0.0.1'] };
    ports.set(`mx${i}.shared.test`, shared.port);
  }
  for (const [name, server] of [
    ['volume', rcptDefer],
    ['yahoo', greetDefer],
  ] as const) {
    for (const domain of ['a', 'b', 'c']) {
      zone[`${domain}.${name}.test`] = { mx: [[10, `mx.${domain}.${name}.test`]] };
      zone[`mx.${domain}.${name}.test`] = { a: ['127.0.0.1'] };
      ports.set(`mx.${domain}.${name}.test`, server.port);
    }
  }
  zone['refusing.test'] = {
    mx: [
      [10, 'mx1.refusing.test'],
      [20, 'mx2.refusing.test'],
    ],
  };
  zone['mx1.refusing.test'] = { a: ['127.0.0.1'] };
  zone['mx2.refusing.test'] = { a: ['127.0.0.1'] };
  ports.set('mx1.refusing.test', refusing.port);
  ports.set('mx2.refusing.test', refusing.port);
  dns = await startLocalDns(zone);
});

afterAll(async () => {
  await Promise.all([
    dns?.close(),
    shared?.close(),
    rcptDefer?.close(),
    greetDefer?.close(),
    refusing?.close(),
  ]);
});

const config = (overrides: Partial<VerifierConfig> = {}): VerifierConfig => ({
  heloName: 'verifier.test',
  mailFrom: 'verify@verifier.test',
  dnsServers: dns.servers,
  smtpPortFor: (host) => ports.get(host),
  allowPrivate: ['127.0.0.1'],
  timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
  ...overrides,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The QUIT is sent, not awaited: give it a moment to arrive.
const settle = async (server: ScriptedSmtp) => {
  for (let i = 0; i < 20 && !server.commands.length; i++) await sleep(25);
  await sleep(50);
};

describe('politeness', () => {
  it('caps connections per IP address, not per MX name', async () => {
    const verifier = createVerifier(config({ perHostConnections: 3, domainConcurrency: 10 }));
    const results = await verifier.verify(Array.from({ length: 10 }, (_, i) => `jane@d${i}.test`));
    expect(results.every((r) => r.status === 'risky' && r.reason === 'accept_all')).toBe(true);
    expect(shared.connections).toBe(10);
    expect(shared.maxActive).toBeLessThanOrEqual(3);
  });

  it('backs off a host after "421 ... deferred due to volume" at RCPT, instead of reconnecting', async () => {
    const verifier = createVerifier(config({ deferBackoffMs: 1_000 }));
    const first = await verifier.verify(['jane@a.volume.test', 'bob@a.volume.test', 'ann@a.volume.test']);
    for (const result of first) {
      expect(result).toMatchObject({ status: 'unknown', reason: 'temporary_failure', retry_after_s: 1 });
      expect(result.smtp).toMatchObject({ stage: 'rcpt', code: 421, enhanced_code: '4.7.0' });
    }
    expect(rcptDefer.connections).toBe(1);
    expect(rcptDefer.commands.filter((c) => c.startsWith('RCPT'))).toHaveLength(1);
    // Another domain on the same server, during the backoff: not contacted.
    const [during] = await verifier.verify(['jane@b.volume.test']);
    expect(during).toMatchObject({ status: 'unknown', reason: 'temporary_failure', retry_after_s: 1 });
    expect(rcptDefer.connections).toBe(1);
    // After it, the server is asked again.
    await sleep(1_100);
    await verifier.verify(['jane@c.volume.test']);
    expect(rcptDefer.connections).toBe(2);
  });

  it('backs off after a 421 greeting, and says QUIT', async () => {
    const verifier = createVerifier(config({ deferBackoffMs: 60_000 }));
    const [first] = await verifier.verify(['jane@a.yahoo.test']);
    expect(first).toMatchObject({ status: 'unknown', reason: 'temporary_failure', retry_after_s: 60 });
    expect(first?.smtp).toMatchObject({ stage: 'connect', code: 421 });
    const [second] = await verifier.verify(['jane@b.yahoo.test']);
    expect(second).toMatchObject({ reason: 'temporary_failure' });
    await settle(greetDefer);
    expect(greetDefer.connections).toBe(1);
    expect(greetDefer.commands).toEqual(['QUIT']);
  });

  it('after a 554 greeting sends no HELO: QUIT, and no other MX', async () => {
    const verifier = createVerifier(config());
    const [result] = await verifier.verify(['jane@refusing.test']);
    expect(result).toMatchObject({
      status: 'unknown',
      reason: 'blocked',
      smtp: { stage: 'connect', code: 554 },
    });
    await settle(refusing);
    expect(refusing.connections).toBe(1);
    expect(refusing.commands).toEqual(['QUIT']);
  });
});
