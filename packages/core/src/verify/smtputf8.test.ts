import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createVerifier } from './verifier.js';

let dns: LocalDns;
let modern: ScriptedSmtp;
let old: ScriptedSmtp;

// The scripted server reads bytes as latin1: what the verifier sent, as UTF-8 text again.
const utf8 = (command: string) => Buffer.from(command, 'latin1').toString('utf8');

// josé and jane exist; anyone else is unknown (so the catch-all probe is refused).
const handle = (ehlo: string) => (command: string) => {
  if (/^EHLO /i.test(command)) return ehlo;
  if (!command.startsWith('RCPT')) return defaultReply(command);
  return /<(josé|jane)@/.test(utf8(command)) ? '250 2.1.5 OK\r\n' : '550 5.1.1 User unknown\r\n';
};

beforeAll(async () => {
  modern = await startScriptedSmtp({
    handle: handle('250-mx.utf8.test\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n'),
  });
  old = await startScriptedSmtp({ handle: handle('250-mx.ascii.test\r\n250 8BITMIME\r\n') });
  dns = await startLocalDns({
    'verifier.test': { a: ['127.0.0.1'] },
    'utf8.test': { mx: [[10, 'mx.utf8.test']] },
    'mx.utf8.test': { a: ['127.0.0.1'] },
    'ascii.test': { mx: [[10, 'mx.ascii.test']] },
    'mx.ascii.test': { a: ['127.0.0.1'] },
  });
});

afterAll(async () => {
  await Promise.all([dns?.close(), modern?.close(), old?.close()]);
});

describe('non-ASCII local parts', () => {
  const verifier = () =>
    createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'verify@verifier.test',
      dnsServers: dns.servers,
      smtpPortFor: (host) => (host === 'mx.utf8.test' ? modern.port : old.port),
      allowPrivate: ['127.0.0.1'],
      timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
    });

  it('are checked with a server that advertises SMTPUTF8, declared in MAIL FROM', async () => {
    const [jose, nobody] = await verifier().verify(['josé@utf8.test', 'zoë@utf8.test']);
    expect(jose).toMatchObject({ email: 'josé@utf8.test', status: 'deliverable', reason: 'accepted' });
    expect(nobody).toMatchObject({ status: 'undeliverable', reason: 'mailbox_not_found' });
    const commands = modern.commands.map(utf8);
    expect(commands).toContain('MAIL FROM:<verify@verifier.test> SMTPUTF8');
    expect(commands).toContain('RCPT TO:<josé@utf8.test>');
  });

  it('are refused with a clear reason when the server does not advertise SMTPUTF8', async () => {
    const [jose, jane] = await verifier().verify(['josé@ascii.test', 'jane@ascii.test']);
    expect(jose).toMatchObject({
      status: 'unknown',
      reason: 'smtputf8_unsupported',
      smtp: { stage: 'rcpt', code: null, message: expect.stringContaining('SMTPUTF8') },
    });
    expect(jane).toMatchObject({ status: 'deliverable' });
    const commands = old.commands.map(utf8);
    expect(commands.some((c) => c.includes('josé'))).toBe(false);
    expect(commands.some((c) => c.includes('SMTPUTF8'))).toBe(false);
  });
});
