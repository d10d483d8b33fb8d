import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalDns, startLocalDns } from '../../testing/verify/dns-server.js';
import { defaultReply, type ScriptedSmtp, startScriptedSmtp } from '../../testing/verify/scripted-smtp.js';
import { createMemoryCache } from './cache.js';
import { createVerifier } from './verifier.js';

let dns: LocalDns;
let slow: ScriptedSmtp;
let fast: ScriptedSmtp;

// Only jane exists: the catch-all probe is refused, so verdicts are definitive (and cacheable).
const handle = (command: string) =>
  command.startsWith('RCPT') && !command.includes('<jane')
    ? '550 5.1.1 User unknown\r\n'
    : defaultReply(command);

beforeAll(async () => {
  // A tarpit: every reply, the greeting included, after 600 ms (the server took 8 s).
  slow = await startScriptedSmtp({ delayMs: 600, handle });
  fast = await startScriptedSmtp({ handle });
  const zone: Record<string, { mx?: Array<[number, string]>; a?: string[] }> = {
    'verifier.test': { a: ['127.0.0.1'] },
    'fast.test': { mx: [[10, 'mx.fast.test']] },
    'mx.fast.test': { a: ['127.0.0.1'] },
    'mx.slow.test': { a: ['127.0.0.1'] },
  };
  for (let i = 0; i < 12; i++) zone[`slow${i}.test`] = { mx: [[10, 'mx.slow.test']] };
  dns = await startLocalDns(zone);
});

afterAll(async () => {
  await Promise.all([dns?.close(), slow?.close(), fast?.close()]);
});

describe('the time budget of a synchronous request', () => {
  it('answers unfinished addresses unknown/timeout at the deadline, and caches their verdicts later', async () => {
    const cache = createMemoryCache();
    const verifier = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'verify@verifier.test',
      dnsServers: dns.servers,
      smtpPortFor: (host) => (host === 'mx.slow.test' ? slow.port : fast.port),
      allowPrivate: ['127.0.0.1'],
      perHostConnections: 12,
      timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 5_000 },
      syncDeadlineMs: 1_000,
      cache,
    });
    const slowEmails = Array.from({ length: 12 }, (_, i) => `jane@slow${i}.test`);
    const started = Date.now();
    const results = await verifier.verify(['jane@fast.test', ...slowEmails], { sync: true });
    const elapsed = Date.now() - started;
    // A session on the slow server waits for at least 5 replies (3 s): none can finish in 1 s.
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(2_500);
    expect(results[0]).toMatchObject({ email: 'jane@fast.test', status: 'deliverable' });
    expect(results.slice(1).map((r) => `${r.email} ${r.status}:${r.reason}`)).toEqual(
      slowEmails.map((email) => `${email} unknown:timeout`),
    );
    expect(results[1]?.score).toBeGreaterThan(0);

    // The checks went on: their verdicts land in the cache, and the next request answers from it.
    const deadline = Date.now() + 15_000;
    while (!(await cache.getAddress('jane@slow11.test')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await verifier.verify(slowEmails, { sync: true });
    expect(again.every((r) => r.status === 'deliverable' && r.cached)).toBe(true);
  });

  it('has no deadline unless asked (jobs wait for every answer)', async () => {
    const verifier = createVerifier({
      heloName: 'verifier.test',
      mailFrom: 'verify@verifier.test',
      dnsServers: dns.servers,
      smtpPortFor: () => slow.port,
      allowPrivate: ['127.0.0.1'],
      timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 5_000 },
      syncDeadlineMs: 500,
    });
    const [result] = await verifier.verify(['jane@slow0.test'], { useCache: false });
    expect(result).toMatchObject({ status: 'deliverable' });
  });
});
