import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns, type ZoneEntry } from '../../testing/verify/dns-server.js';
import { type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { suggestDomain } from './typo.js';
import { createVerifier } from './verifier.js';

// Companies whose domains are one edit from a consumer mail domain, and those consumer domains.
const COMPANIES = ['ge.com', 'aon.com', 'cloud.com', 'gm.com', 'man.com', 'msc.com'];
const CONSUMER = ['me.com', 'aol.com', 'icloud.com', 'gmx.com', 'msn.com', 'gmail.com', 'acme.com'];

let dns: LocalDns;
let server: ScriptedSmtp;

beforeAll(async () => {
  server = await startScriptedSmtp();
  const zone: Record<string, ZoneEntry> = {
    'verifier.test': { a: ['127.0.0.1'] },
    'mx.mail.test': { a: ['127.0.0.1'] },
    // Receives nothing: an A-less, MX-less name.
    'parked.com': {},
  };
  for (const domain of [...COMPANIES, ...CONSUMER]) zone[domain] = { mx: [[10, 'mx.mail.test']] };
  dns = await startLocalDns(zone);
});

afterAll(async () => {
  await Promise.all([dns?.close(), server?.close()]);
});

describe('typo suggestions', () => {
  it('has candidates for the company domains (so the DNS condition is what keeps them)', () => {
    expect(COMPANIES.map(suggestDomain)).toEqual([
      'me.com',
      'aol.com',
      'icloud.com',
      'gmx.com',
      'msn.com',
      'msn.com',
    ]);
  });

  it('suggest only when the typed domain receives no mail and the suggestion does', async () => {
    const verifier = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'verify@verifier.test',
      dnsServers: dns.servers,
      smtpPort: server.port,
      allowPrivate: ['127.0.0.1'],
      timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
    });
    const companies = await verifier.verify(COMPANIES.map((domain) => `jane@${domain}`));
    expect(companies.map((r) => r.suggestion)).toEqual(COMPANIES.map(() => null));
    expect(companies.every((r) => r.status !== 'undeliverable')).toBe(true);

    const [gmial, acme, yahooo, parked] = await verifier.verify([
      'jane@gmial.com', // no such domain; gmail.com receives mail
      'jane@acme.con', // no such domain; acme.com receives mail
      'jane@yahooo.com', // no such domain, and yahoo.com does not resolve here: no suggestion
      'jane@parked.com', // no MX, no A; its candidate (none) aside, nothing to offer
    ]);
    expect(gmial).toMatchObject({
      suggestion: 'jane@gmail.com',
      status: 'undeliverable',
      reason: 'no_domain',
    });
    expect(acme).toMatchObject({ suggestion: 'jane@acme.com', reason: 'no_domain' });
    expect(yahooo).toMatchObject({ suggestion: null, reason: 'no_domain' });
    expect(parked).toMatchObject({ suggestion: null, reason: 'no_mx' });
  });
});
