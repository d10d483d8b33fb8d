import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns, type ZoneEntry } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createVerifier, type VerifierConfig } from './verifier.js';

// Real servers' replies, word for word; `{rcpt}` is the address asked about, echoed as servers do.
const POSTFIX_UNKNOWN =
  '550 5.1.1 <{rcpt}>: Recipient address rejected: User unknown in virtual mailbox table';
const BY_DOMAIN: Record<string, string> = {
  'acme.test': POSTFIX_UNKNOWN,
  'disabled-veterans.test': POSTFIX_UNKNOWN,
  'sendmail.test': '550 <{rcpt}>... User unknown',
  'qmail.test': '553 sorry, your mail was administratively denied (#5.7.1)',
  'exim.test': '550 Administrative prohibition',
  'qmail-unknown.test': '550 sorry, no mailbox here by that name. (#5.1.1)',
};

let dns: LocalDns;
let server: ScriptedSmtp;

beforeAll(async () => {
  server = await startScriptedSmtp({
    handle: (command) => {
      const rcpt = /^RCPT TO:<([^>]+)>/i.exec(command)?.[1];
      if (!rcpt || rcpt.startsWith('jane@')) return defaultReply(command);
      const reply = BY_DOMAIN[rcpt.slice(rcpt.indexOf('@') + 1)] ?? POSTFIX_UNKNOWN;
      return `${reply.replace('{rcpt}', rcpt)}\r\n`;
    },
  });
  const zone: Record<string, ZoneEntry> = { 'verifier.test': { a: ['127.0.0.1'] } };
  for (const domain of Object.keys(BY_DOMAIN)) {
    zone[domain] = { mx: [[10, `mx.${domain}`]] };
    zone[`mx.${domain}`] = { a: ['127.0.0.1'] };
  }
  dns = await startLocalDns(zone);
});

afterAll(async () => {
  await Promise.all([dns?.close(), server?.close()]);
});

const config = (): VerifierConfig => ({
  heloName: 'verifier.test',
  mailFrom: 'verify@verifier.test',
  dnsServers: dns.servers,
  smtpPort: server.port,
  allowPrivate: ['127.0.0.1'],
  timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
});

const verdicts = async (emails: string[]) =>
  (await createVerifier(config()).verify(emails)).map((r) => `${r.email} ${r.status}:${r.reason}`);

describe('reading replies', () => {
  it('classifies on the reply code and enhanced status, not on words in the echoed address', async () => {
    expect(
      await verdicts([
        'spam-reports@acme.test',
        'policy@acme.test',
        'reputation.team@acme.test',
        'blocked@acme.test',
        'jane.doe@disabled-veterans.test',
        'spam@sendmail.test',
        'jane@acme.test',
      ]),
    ).toEqual([
      'spam-reports@acme.test undeliverable:mailbox_not_found',
      'policy@acme.test undeliverable:mailbox_not_found',
      'reputation.team@acme.test undeliverable:mailbox_not_found',
      'blocked@acme.test undeliverable:mailbox_not_found',
      'jane.doe@disabled-veterans.test undeliverable:mailbox_not_found',
      'spam@sendmail.test undeliverable:mailbox_not_found',
      'jane@acme.test deliverable:accepted',
    ]);
  });

  it('reads policy denials without a leading 5.7 code as blocks, and qmail’s trailing status', async () => {
    const results = await createVerifier(config()).verify([
      'bob@qmail.test',
      'bob@exim.test',
      'bob@qmail-unknown.test',
    ]);
    expect(results.map((r) => `${r.status}:${r.reason}`)).toEqual([
      'unknown:blocked',
      'unknown:blocked',
      'undeliverable:mailbox_not_found',
    ]);
    expect(results[0]?.smtp).toMatchObject({ code: 553, enhanced_code: '5.7.1' });
    // A block is not a verdict on the domain either.
    expect(results[0]?.domain?.accept_all.value).toBeNull();
  });
});
