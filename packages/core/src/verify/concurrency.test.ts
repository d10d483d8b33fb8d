import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns, type ZoneEntry } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createVerifier } from './verifier.js';

let dns: LocalDns;
let server: ScriptedSmtp;
let shared: ScriptedSmtp;

beforeAll(async () => {
  // Unknown users are refused, so the probe decides "not catch-all".
  const handle = (command: string) =>
    command.startsWith('RCPT') && !/<(a|b|c)@/.test(command)
      ? '550 5.1.1 User unknown\r\n'
      : defaultReply(command);
  server = await startScriptedSmtp({ delayMs: 20, handle });
  shared = await startScriptedSmtp({ delayMs: 20, handle });
  const zone: Record<string, ZoneEntry> = {
    'verifier.test': { a: ['127.0.0.1'] },
    'mx.shared.test': { a: ['127.0.0.1'] },
  };
  for (let i = 0; i < 6; i++) {
    zone[`d${i}.test`] = { mx: [[10, `mx.d${i}.test`]] };
    zone[`mx.d${i}.test`] = { a: ['127.0.0.1'] };
    zone[`s${i}.test`] = { mx: [[10, 'mx.shared.test']] };
  }
  dns = await startLocalDns(zone);
});

afterAll(async () => {
  await Promise.all([dns?.close(), server?.close(), shared?.close()]);
});

describe('verifying a list', () => {
  it('opens one session and sends one probe per domain, domains in parallel up to the cap', async () => {
    const verifier = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'probe@verifier.test',
      dnsServers: dns.servers,
      smtpPortFor: (host) => (host === 'mx.shared.test' ? shared.port : server.port),
      allowPrivate: ['127.0.0.0/8'],
      domainConcurrency: 2,
    });
    // Interleaved on purpose: grouping by domain must not depend on input order.
    const emails = ['a', 'b', 'c'].flatMap((l) => Array.from({ length: 6 }, (_, i) => `${l}@d${i}.test`));
    const results = await verifier.verify(emails);
    expect(results.every((r) => r.status === 'deliverable' && r.flags.accept_all === false)).toBe(true);
    expect(server.connections).toBe(6);
    expect(verifier.stats().peakSessions).toBe(2);
    // The server may briefly see a closing session next to the two new ones.
    expect(server.maxActive).toBeLessThanOrEqual(3);
    expect(server.commands.filter((c) => c.startsWith('RCPT'))).toHaveLength(6 * 4);
    expect(server.commands.filter((c) => c.startsWith('MAIL'))).toHaveLength(6);
    expect(server.commands.some((c) => c.startsWith('DATA'))).toBe(false);
    expect(verifier.stats()).toMatchObject({ sessions: 6, probes: 6, connections: 6 });
  });

  it('caps connections per MX host across domains that share it', async () => {
    const verifier = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'probe@verifier.test',
      dnsServers: dns.servers,
      smtpPortFor: () => shared.port,
      allowPrivate: ['127.0.0.1'],
      domainConcurrency: 6,
      perHostConnections: 1,
    });
    const results = await verifier.verify(Array.from({ length: 6 }, (_, i) => `a@s${i}.test`));
    expect(results.every((r) => r.status === 'deliverable')).toBe(true);
    expect(shared.connections).toBe(6);
    expect(shared.maxActive).toBe(1);
  });
});
