import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createMemoryCache } from './cache.js';
import type { VerifyResult } from './types.js';
import { createVerifier, type VerifierConfig } from './verifier.js';

const MAIL_FROM = 'verify@verifier.test';
// The replies of servers that refuse our sender, word for word, by the recipient's domain.
const REFUSALS: Record<string, string> = {
  'postfix.test': `550 5.1.8 <${MAIL_FROM}>: Sender address rejected: Domain not found`,
  'owned.test': '553 5.7.1 Sender address rejected: not owned by user',
  'exim.test': '550 Sender verify failed',
};

let dns: LocalDns;
let rcptServer: ScriptedSmtp;
let mailServer: ScriptedSmtp;

beforeAll(async () => {
  rcptServer = await startScriptedSmtp({
    handle: (command) => {
      const domain = /^RCPT TO:<[^@]*@([^>]+)>/i.exec(command)?.[1];
      const refusal = domain ? REFUSALS[domain] : undefined;
      return refusal ? `${refusal}\r\n` : defaultReply(command);
    },
  });
  mailServer = await startScriptedSmtp({
    handle: (command) =>
      command.startsWith('MAIL')
        ? '553 5.7.1 Sender address rejected: not owned by user\r\n'
        : defaultReply(command),
  });
  const zone: Record<string, { mx?: Array<[number, string]>; a?: string[] }> = {
    'verifier.test': { a: ['127.0.0.1'] },
    'mail.test': { mx: [[10, 'mx.mail.test']] },
    'mx.mail.test': { a: ['127.0.0.1'] },
  };
  for (const domain of Object.keys(REFUSALS)) {
    zone[domain] = { mx: [[10, `mx.${domain}`]] };
    zone[`mx.${domain}`] = { a: ['127.0.0.1'] };
  }
  dns = await startLocalDns(zone);
});

afterAll(async () => {
  await Promise.all([dns?.close(), rcptServer?.close(), mailServer?.close()]);
});

const config = (overrides: Partial<VerifierConfig> = {}): VerifierConfig => ({
  heloName: 'verifier.test',
  mailFrom: MAIL_FROM,
  dnsServers: dns.servers,
  smtpPortFor: (host) => (host === 'mx.mail.test' ? mailServer.port : rcptServer.port),
  allowPrivate: ['127.0.0.1'],
  timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
  ...overrides,
});

const rcpts = (server: ScriptedSmtp) => server.commands.filter((c) => c.startsWith('RCPT')).length;

describe('replies about our sender', () => {
  it('answer unknown/sender_rejected, never a mailbox verdict, and stop asking', async () => {
    const cache = createMemoryCache();
    const verifier = createVerifier(config({ cache }));
    for (const [domain, refusal] of Object.entries(REFUSALS)) {
      const before = rcpts(rcptServer);
      const results = await verifier.verify([`jane@${domain}`, `bob@${domain}`]);
      for (const result of results) {
        expect(result).toMatchObject({ status: 'unknown', reason: 'sender_rejected', cached: false });
        expect(result.domain?.accept_all.value).toBeNull();
        expect(result.smtp).toMatchObject({ stage: 'rcpt', code: Number(refusal.slice(0, 3)) });
      }
      // One RCPT: the refusal is about us, the next recipient would get the same.
      expect(rcpts(rcptServer) - before).toBe(1);
      // Not a catch-all fact, not a cached verdict.
      expect(await cache.getCatchAll(domain)).toBeUndefined();
      expect(await cache.getAddress(`jane@${domain}`)).toBeUndefined();
    }
    // Asked again: the server is asked again (nothing was cached).
    const before = rcpts(rcptServer);
    const [again] = await verifier.verify(['jane@exim.test']);
    expect(again).toMatchObject({ reason: 'sender_rejected', cached: false });
    expect(rcpts(rcptServer) - before).toBe(1);
  });

  it('reads a refusal at MAIL FROM as sender_rejected', async () => {
    const verifier = createVerifier(config());
    const [result] = await verifier.verify(['jane@mail.test']);
    expect(result).toMatchObject({
      status: 'unknown',
      reason: 'sender_rejected',
      smtp: { stage: 'mail', code: 553, enhanced_code: '5.7.1' },
    });
    expect(mailServer.commands.some((c) => c.startsWith('RCPT'))).toBe(false);
  });

  it('never serves a cached mailbox verdict that came from a refusal of our sender', async () => {
    const cache = createMemoryCache();
    // What an older verifier stored: the Postfix sender refusal read as "mailbox not found".
    const legacy: VerifyResult = {
      input: 'jane@postfix.test',
      email: 'jane@postfix.test',
      status: 'undeliverable',
      reason: 'mailbox_not_found',
      score: 0,
      flags: { role: false, free: false, disposable: false, accept_all: false },
      suggestion: null,
      domain: null,
      smtp: {
        host: 'mx.postfix.test',
        port: 25,
        tls: false,
        stage: 'rcpt',
        code: 550,
        enhanced_code: '5.1.8',
        message: `<${MAIL_FROM}>: Sender address rejected: Domain not found`,
        attempts: 1,
      },
      retry_after_s: null,
      checked_at: new Date().toISOString(),
      duration_ms: 1,
      cached: false,
    };
    await cache.setAddress('jane@postfix.test', legacy, 60_000);
    const before = rcpts(rcptServer);
    const [result] = await createVerifier(config({ cache })).verify(['jane@postfix.test']);
    expect(result).toMatchObject({ status: 'unknown', reason: 'sender_rejected', cached: false });
    expect(rcpts(rcptServer) - before).toBe(1);
  });
});
