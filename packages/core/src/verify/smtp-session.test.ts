import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultReply, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { startLocalSmtp } from '../../testing/verify/smtp-server.js';
import { startLocalSocks5 } from '../../testing/verify/socks5-server.js';
import { type RcptOutcome, runSmtpSession, type SessionOptions, type SmtpTarget } from './smtp-session.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
const track = <T extends { close(): Promise<void> }>(server: T): T => {
  closers.push(() => server.close());
  return server;
};

const options: SessionOptions = {
  heloName: 'verifier.test',
  mailFrom: 'probe@verifier.test',
  connectTimeoutMs: 1_000,
  commandTimeoutMs: 1_000,
  maxRcptPerTransaction: 20,
  maxReconnects: 2,
};
const target = (port: number, host = 'mx.acme.test'): SmtpTarget => ({ host, ip: '127.0.0.1', port });

const summary = (outcome: RcptOutcome | undefined) => {
  if (!outcome) return 'missing';
  if (outcome.kind === 'failed') return `failed:${outcome.reason}`;
  const verdict = outcome.verdict;
  return verdict.kind === 'final' ? `${verdict.status}:${verdict.reason}` : verdict.kind;
};

/** A port with nothing listening on it: MX1 is down. */
const closedPort = async (): Promise<number> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('runSmtpSession against smtp-server', () => {
  it('accepts known users and reads "user unknown", in one connection, never sending DATA', async () => {
    const server = track(
      await startLocalSmtp({
        rcpt: (a) => (a.startsWith('nobody') ? [550, '5.1.1 User unknown'] : undefined),
      }),
    );
    const result = await runSmtpSession(
      [target(server.port)],
      ['jane@acme.test', 'nobody@acme.test'],
      options,
    );
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(summary(result.outcomes.get('nobody@acme.test'))).toBe('undeliverable:mailbox_not_found');
    const evidence = result.outcomes.get('nobody@acme.test')?.evidence;
    expect(evidence).toMatchObject({
      stage: 'rcpt',
      code: 550,
      enhanced_code: '5.1.1',
      message: 'User unknown',
      attempts: 1,
      tls: false,
    });
    expect(server.sessions).toBe(1);
    expect(result.connections).toBe(1);
  });

  it('upgrades with STARTTLS when offered', async () => {
    const server = track(await startLocalSmtp({ starttls: true }));
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], options);
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(result.outcomes.get('jane@acme.test')?.evidence.tls).toBe(true);
    expect(server.secureMailFrom).toBe(1);
  });

  it('passes a server that requires STARTTLS before MAIL FROM', async () => {
    const server = track(await startLocalSmtp({ starttls: true, requireTls: true }));
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], options);
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(result.outcomes.get('jane@acme.test')?.evidence.tls).toBe(true);
  });

  it('reports a MAIL FROM refusal for every address without a verdict on any', async () => {
    const server = track(await startLocalSmtp({ mail: [550, '5.7.1 Client host blocked using Spamhaus'] }));
    const result = await runSmtpSession([target(server.port)], ['a@acme.test', 'b@acme.test'], options);
    expect(summary(result.outcomes.get('a@acme.test'))).toBe('failed:blocked');
    expect(result.outcomes.get('b@acme.test')?.evidence).toMatchObject({ stage: 'mail', code: 550 });
    expect(server.rcpts).toEqual([]);
  });

  it('walks to MX2 when MX1 is down', async () => {
    const server = track(await startLocalSmtp());
    const down = await closedPort();
    const result = await runSmtpSession(
      [target(down, 'mx1.acme.test'), target(server.port, 'mx2.acme.test')],
      ['jane@acme.test'],
      options,
    );
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(result.outcomes.get('jane@acme.test')?.evidence).toMatchObject({
      host: 'mx2.acme.test',
      attempts: 2,
    });
  });

  it('splits the batch on 452 4.5.3 and keeps reading 452 4.2.2 as mailbox full', async () => {
    let inTransaction = 0;
    const server = track(
      await startScriptedSmtp({
        handle: (command) => {
          if (/^(MAIL|RSET)/i.test(command)) inTransaction = 0;
          if (/^RCPT/i.test(command)) {
            if (inTransaction >= 2) return '452 4.5.3 Too many recipients\r\n';
            inTransaction++;
            if (command.includes('full@')) return '452 4.2.2 Mailbox full\r\n';
          }
          return defaultReply(command);
        },
      }),
    );
    const recipients = ['a@acme.test', 'full@acme.test', 'c@acme.test', 'd@acme.test', 'e@acme.test'];
    const result = await runSmtpSession([target(server.port)], recipients, options);
    expect(recipients.map((r) => summary(result.outcomes.get(r)))).toEqual([
      'accepted',
      'risky:mailbox_full',
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(server.connections).toBe(1);
    expect(server.commands.filter((c) => c.startsWith('MAIL'))).toHaveLength(3);
    expect(server.commands.filter((c) => c.startsWith('RSET'))).toHaveLength(2);
  });

  it('puts at most maxRcptPerTransaction recipients in one transaction, in one connection', async () => {
    const server = track(await startLocalSmtp());
    const recipients = Array.from({ length: 45 }, (_, i) => `user${i}@acme.test`);
    const result = await runSmtpSession([target(server.port)], recipients, options);
    expect([...result.outcomes.values()].every((o) => summary(o) === 'accepted')).toBe(true);
    expect(server.sessions).toBe(1);
    expect(server.rcpts).toHaveLength(45);
  });

  it('goes through a SOCKS5 proxy', async () => {
    const server = track(await startLocalSmtp());
    const proxy = track(await startLocalSocks5({ username: 'u', password: 'p' }));
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], {
      ...options,
      socksProxy: { host: '127.0.0.1', port: proxy.port, username: 'u', password: 'p' },
    });
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(proxy.connects).toEqual([`127.0.0.1:${server.port}`]);
  });

  it('fails cleanly when the SOCKS5 proxy refuses our credentials', async () => {
    const server = track(await startLocalSmtp());
    const proxy = track(await startLocalSocks5({ username: 'u', password: 'p' }));
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], {
      ...options,
      socksProxy: { host: '127.0.0.1', port: proxy.port, username: 'u', password: 'wrong' },
    });
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('failed:connection_failed');
    expect(result.outcomes.get('jane@acme.test')?.evidence.message).toMatch(/authentication failed/);
  });
});

describe('runSmtpSession against scripted servers', () => {
  it('falls back to HELO when EHLO is refused', async () => {
    const server = track(
      await startScriptedSmtp({
        handle: (command) =>
          command.startsWith('EHLO') ? '500 5.5.1 Command unrecognized\r\n' : defaultReply(command),
      }),
    );
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], options);
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(server.commands.slice(0, 3)).toEqual([
      'EHLO verifier.test',
      'HELO verifier.test',
      'MAIL FROM:<probe@verifier.test>',
    ]);
  });

  it('carries on in plain text when STARTTLS is offered but refused', async () => {
    const server = track(
      await startScriptedSmtp({
        handle: (command) => {
          if (command.startsWith('EHLO')) return '250-scripted.test\r\n250-STARTTLS\r\n250 8BITMIME\r\n';
          if (command === 'STARTTLS') return '454 4.7.0 TLS not available due to local problem\r\n';
          return defaultReply(command);
        },
      }),
    );
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], options);
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(result.outcomes.get('jane@acme.test')?.evidence.tls).toBe(false);
    expect(server.commands).toContain('STARTTLS');
  });

  it('retries in plain text when the TLS handshake fails', async () => {
    const server = track(
      await startScriptedSmtp({
        handle: (command, session) => {
          if (command.startsWith('EHLO')) return '250-scripted.test\r\n250 STARTTLS\r\n';
          if (command === 'STARTTLS') {
            // Says yes, then answers the ClientHello with garbage.
            setTimeout(() => session.write('this is not TLS\r\n'), 5);
            return '220 2.0.0 Ready to start TLS\r\n';
          }
          return defaultReply(command);
        },
      }),
    );
    const result = await runSmtpSession([target(server.port)], ['jane@acme.test'], options);
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(result.outcomes.get('jane@acme.test')?.evidence).toMatchObject({ tls: false, attempts: 2 });
    expect(server.commands.filter((c) => c === 'STARTTLS')).toHaveLength(1);
  });

  it('reads multi-line replies split across packets', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
    const server = track(
      await startScriptedSmtp({
        greeting: ['220-scripted.test ESMTP\r\n220-', 'no UCE\r', '\n220 ready\r\n'],
        handle: async (command, session) => {
          if (command.startsWith('EHLO')) {
            for (const piece of ['250-scripted.te', 'st\r\n250-PIPE', 'LINING\r', '\n250 8BITMIME\r\n']) {
              session.write(piece);
              await pause();
            }
            return undefined;
          }
          if (command.includes('nobody@')) {
            session.write('550-5.1.1 The email account that you tried to reach does\r\n');
            await pause();
            session.write(
              "550-5.1.1 not exist. Please try double-checking the recipient's\r\n550 5.1.1 email address",
            );
            await pause();
            return '\r\n';
          }
          return defaultReply(command);
        },
      }),
    );
    const result = await runSmtpSession(
      [target(server.port)],
      ['jane@acme.test', 'nobody@acme.test'],
      options,
    );
    expect(summary(result.outcomes.get('jane@acme.test'))).toBe('accepted');
    expect(summary(result.outcomes.get('nobody@acme.test'))).toBe('undeliverable:mailbox_not_found');
    expect(result.outcomes.get('nobody@acme.test')?.evidence.message).toBe(
      "The email account that you tried to reach does\nnot exist. Please try double-checking the recipient's\nemail address",
    );
    // Each reply was read whole: one command per reply, in order, and never DATA.
    await vi.waitFor(() => expect(server.commands).toContain('QUIT'));
    expect(server.commands).toEqual([
      'EHLO verifier.test',
      'MAIL FROM:<probe@verifier.test>',
      'RCPT TO:<jane@acme.test>',
      'RCPT TO:<nobody@acme.test>',
      'QUIT',
    ]);
  });

  it('reconnects and resumes when the server drops the connection mid-batch', async () => {
    let dropped = false;
    const server = track(
      await startScriptedSmtp({
        handle: (command, session) => {
          if (command.startsWith('RCPT') && command.includes('c@') && !dropped) {
            dropped = true;
            session.drop();
            return undefined;
          }
          return defaultReply(command);
        },
      }),
    );
    const recipients = ['a@acme.test', 'b@acme.test', 'c@acme.test', 'd@acme.test'];
    const result = await runSmtpSession([target(server.port)], recipients, options);
    expect(recipients.map((r) => summary(result.outcomes.get(r)))).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'accepted',
    ]);
    expect(server.connections).toBe(2);
    expect(result.outcomes.get('d@acme.test')?.evidence.attempts).toBe(2);
    // a and b were not asked twice.
    expect(server.commands.filter((c) => c.includes('a@acme.test'))).toHaveLength(1);
  });

  it('keeps resuming a server that disconnects after a few errors per session', async () => {
    const errors = new Map<number, number>();
    const server = track(
      await startScriptedSmtp({
        handle: (command, session) => {
          if (!command.startsWith('RCPT')) return defaultReply(command);
          const count = errors.get(session.index) ?? 0;
          if (count >= 3) return '421 4.7.0 Too many errors, closing connection\r\n';
          errors.set(session.index, count + 1);
          return '550 5.1.1 User unknown\r\n';
        },
      }),
    );
    const recipients = Array.from({ length: 10 }, (_, i) => `ghost${i}@acme.test`);
    const result = await runSmtpSession([target(server.port)], recipients, { ...options, maxReconnects: 1 });
    expect(recipients.map((r) => summary(result.outcomes.get(r)))).toEqual(
      recipients.map(() => 'undeliverable:mailbox_not_found'),
    );
    expect(server.connections).toBe(4);
  });

  it('gives up after the reconnect budget when a server keeps dropping', async () => {
    const server = track(
      await startScriptedSmtp({
        handle: (command, session) => {
          if (!command.startsWith('RCPT')) return defaultReply(command);
          session.drop();
          return undefined;
        },
      }),
    );
    const result = await runSmtpSession([target(server.port)], ['a@acme.test'], {
      ...options,
      maxReconnects: 1,
    });
    expect(summary(result.outcomes.get('a@acme.test'))).toBe('failed:connection_failed');
    expect(server.connections).toBe(2);
  });

  it('reads a blocking greeting as blocked, for every address', async () => {
    const server = track(
      await startScriptedSmtp({
        greeting: '554 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using Spamhaus\r\n',
      }),
    );
    const result = await runSmtpSession([target(server.port)], ['a@acme.test', 'b@acme.test'], options);
    expect(summary(result.outcomes.get('a@acme.test'))).toBe('failed:blocked');
    expect(result.outcomes.get('b@acme.test')?.evidence).toMatchObject({
      stage: 'connect',
      code: 554,
      enhanced_code: '5.7.1',
    });
    // No HELO after a refusing greeting: only the QUIT the server waits for (RFC 5321 3.1).
    for (let i = 0; i < 20 && !server.commands.length; i++) await new Promise((r) => setTimeout(r, 25));
    expect(server.commands).toEqual(['QUIT']);
  });

  it('times out on a server that never answers', async () => {
    const server = track(await startScriptedSmtp({ greeting: null }));
    const started = Date.now();
    const result = await runSmtpSession([target(server.port)], ['a@acme.test'], {
      ...options,
      commandTimeoutMs: 150,
    });
    expect(summary(result.outcomes.get('a@acme.test'))).toBe('failed:timeout');
    expect(result.outcomes.get('a@acme.test')?.evidence.stage).toBe('connect');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('reads a 421 mid-batch as a drop and resumes', async () => {
    let said421 = false;
    const server = track(
      await startScriptedSmtp({
        handle: (command) => {
          if (command.startsWith('RCPT') && command.includes('b@') && !said421) {
            said421 = true;
            return '421 4.7.0 Too many errors, closing connection\r\n';
          }
          return defaultReply(command);
        },
      }),
    );
    const result = await runSmtpSession([target(server.port)], ['a@acme.test', 'b@acme.test'], options);
    expect(summary(result.outcomes.get('b@acme.test'))).toBe('accepted');
    expect(server.connections).toBe(2);
  });
});
