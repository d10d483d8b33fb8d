import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { fqdnProblem } from './identity.js';
import { createVerifier, type VerifierConfig } from './verifier.js';

let dns: LocalDns;
let strict: ScriptedSmtp;

beforeAll(async () => {
  // A stock strict Postfix: reject_non_fqdn_helo_hostname, reject_unknown_sender_domain, both
  // delayed to RCPT (smtpd_delay_reject = yes), so they read like verdicts on the mailbox.
  strict = await startScriptedSmtp({
    handle: (command, session) => {
      const helo = session.commands.find((c) => /^(EHLO|HELO) /i.test(c))?.slice(5) ?? '';
      const from = /<([^>]*)>/.exec(session.commands.find((c) => c.startsWith('MAIL')) ?? '')?.[1] ?? '';
      if (command.startsWith('RCPT')) {
        if (!helo.includes('.'))
          return `504 5.5.2 <${helo}>: Helo command rejected: need fully-qualified hostname\r\n`;
        if (!['verifier.test', 'mail.verifier.test'].includes(from.slice(from.indexOf('@') + 1)))
          return `550 5.1.8 <${from}>: Sender address rejected: Domain not found\r\n`;
        return command.includes('<jane@') ? defaultReply(command) : '550 5.1.1 User unknown\r\n';
      }
      return defaultReply(command);
    },
  });
  dns = await startLocalDns({
    'verifier.test': { mx: [[10, 'mail.verifier.test']] },
    'mail.verifier.test': { a: ['127.0.0.1'] },
    'flaky.test': { rcode: 'SERVFAIL' },
    'acme.test': { mx: [[10, 'mx.acme.test']] },
    'mx.acme.test': { a: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await Promise.all([dns?.close(), strict?.close()]);
});

const config = (identity: Pick<VerifierConfig, 'heloName' | 'mailFrom'>): VerifierConfig => ({
  ...identity,
  dnsServers: dns.servers,
  smtpPort: strict.port,
  allowPrivate: ['127.0.0.1'],
  timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
});

describe('the verifier identity', () => {
  it('reads fully qualified names', () => {
    expect(fqdnProblem('mail.verifier.test')).toBeNull();
    expect(fqdnProblem('mail.example.com.')).toBeNull();
    expect(fqdnProblem('3f9a1c2b7d4e')).toMatch(/not fully qualified/);
    expect(fqdnProblem('localhost')).toMatch(/not fully qualified/);
    expect(fqdnProblem('build.localdomain')).toMatch(/private name/);
    expect(fqdnProblem('verifier.internal')).toMatch(/private name/);
    expect(fqdnProblem('192.0.2.10')).toMatch(/top-level domain/);
    expect(fqdnProblem('under_score.example.com')).toMatch(/not a valid host name/);
  });

  it('refuses SMTP checks with a bare HELO name: unknown/sender_misconfigured, no connection', async () => {
    const verifier = createVerifier(config({ heloName: '3f9a1c2b7d4e', mailFrom: 'verify@3f9a1c2b7d4e' }));
    const before = strict.connections;
    const [jane, nodomain] = await verifier.verify(['jane@acme.test', 'jane@missing.test']);
    expect(jane).toMatchObject({ status: 'unknown', reason: 'sender_misconfigured', smtp: null });
    // What needs no SMTP is still answered.
    expect(nodomain).toMatchObject({ status: 'undeliverable', reason: 'no_domain' });
    expect(strict.connections).toBe(before);
    const problems = await verifier.checkIdentity();
    expect(problems).toEqual([
      'VERIFY_HELO_NAME "3f9a1c2b7d4e" is not fully qualified (it needs a dot and a top-level domain)',
      'the domain of VERIFY_MAIL_FROM "verify@3f9a1c2b7d4e" is not fully qualified (it needs a dot and a top-level domain)',
    ]);
  });

  it('refuses names that do not resolve', async () => {
    const verifier = createVerifier(
      config({ heloName: 'ghost.verifier.test', mailFrom: 'verify@nowhere.test' }),
    );
    const [jane] = await verifier.verify(['jane@acme.test']);
    expect(jane).toMatchObject({ status: 'unknown', reason: 'sender_misconfigured' });
    expect(await verifier.checkIdentity()).toEqual([
      'VERIFY_HELO_NAME "ghost.verifier.test" does not exist in DNS',
      'the domain of VERIFY_MAIL_FROM "verify@nowhere.test" does not exist in DNS',
    ]);
  });

  it('passes a temporary DNS failure (checked again later) and still never reads it as a verdict', async () => {
    const verifier = createVerifier(config({ heloName: 'flaky.test', mailFrom: 'verify@flaky.test' }));
    expect(await verifier.checkIdentity()).toEqual([]);
    const [jane] = await verifier.verify(['jane@acme.test']);
    // The strict server refuses the sender domain at RCPT: about us, not about jane.
    expect(jane).toMatchObject({ status: 'unknown', reason: 'sender_rejected' });
  });

  it('verifies with a fully qualified identity that resolves', async () => {
    const verifier = createVerifier(
      config({ heloName: 'mail.verifier.test', mailFrom: 'verify@verifier.test' }),
    );
    expect(await verifier.checkIdentity()).toEqual([]);
    const [jane, nobody] = await verifier.verify(['jane@acme.test', 'nobody@acme.test']);
    expect(jane).toMatchObject({ status: 'deliverable', reason: 'accepted' });
    expect(nobody).toMatchObject({ status: 'undeliverable', reason: 'mailbox_not_found' });
  });
});
