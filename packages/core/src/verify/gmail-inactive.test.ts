import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { toEmailStatus } from './score.js';
import { createVerifier } from './verifier.js';

// Gmail's replies, word for word: an abandoned mailbox over quota, and a live one that is full.
const INACTIVE =
  '452-4.2.2 The email account that you tried to reach is over quota and inactive. Please direct\r\n' +
  '452-4.2.2 the recipient to\r\n' +
  '452 4.2.2  https://support.google.com/mail/?p=OverQuotaPerm a1si123456qkb.5 - gsmtp\r\n';
const FULL =
  '452-4.2.2 The email account that you tried to reach is over quota. Please direct\r\n' +
  '452-4.2.2 the recipient to\r\n' +
  '452 4.2.2  https://support.google.com/mail/?p=OverQuotaTemp a1si123456qkb.5 - gsmtp\r\n';

let dns: LocalDns;
let gmail: ScriptedSmtp;

beforeAll(async () => {
  gmail = await startScriptedSmtp({
    handle: (command) => {
      if (command.includes('<old@')) return INACTIVE;
      if (command.includes('<busy@')) return FULL;
      if (command.startsWith('RCPT') && !command.includes('<jane@'))
        return '550-5.1.1 The email account that you tried to reach does not exist.\r\n550 5.1.1 gsmtp\r\n';
      return defaultReply(command);
    },
  });
  dns = await startLocalDns({
    'verifier.test': { a: ['127.0.0.1'] },
    'workspace.test': { mx: [[1, 'mx.workspace.test']] },
    'mx.workspace.test': { a: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await Promise.all([dns?.close(), gmail?.close()]);
});

describe('a Gmail mailbox over quota and inactive', () => {
  it('is disabled, not full, and enrich never shows it as valid', async () => {
    const verifier = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'verify@verifier.test',
      dnsServers: dns.servers,
      smtpPort: gmail.port,
      allowPrivate: ['127.0.0.1'],
      timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
    });
    const [old, busy] = await verifier.verify(['old@workspace.test', 'busy@workspace.test']);
    expect(old).toMatchObject({ status: 'undeliverable', reason: 'disabled' });
    expect(busy).toMatchObject({ status: 'risky', reason: 'mailbox_full' });
    // What enrich stores as the contact's email_status.
    expect(old && toEmailStatus(old)).toBe('invalid');
    expect(busy && toEmailStatus(busy)).toBe('valid');
    // Even a result that says disabled with another status.
    const flags = { role: false, free: false, disposable: false, accept_all: false };
    expect(toEmailStatus({ status: 'risky', reason: 'disabled', flags })).toBe('invalid');
  });
});
