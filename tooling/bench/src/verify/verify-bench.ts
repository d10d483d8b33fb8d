/**
 * Email verification benchmark: 10,000 addresses over 200 local domains whose SMTP server answers
 * every command (and the greeting) after 50 ms. Compares the engine (one session per domain,
 * domains in parallel) with a one-address-per-connection sequential baseline measured on a sample
 * and extrapolated, and with the round-trip bound. Run: pnpm exec tsx tooling/bench/src/verify/verify-bench.ts
 */
import { createDnsClient } from '../../../../packages/core/src/verify/dns.js';
import { createVerifier } from '../../../../packages/core/src/verify/index.js';
import { mapPool } from '../../../../packages/core/src/verify/limits.js';
import { runSmtpSession } from '../../../../packages/core/src/verify/smtp-session.js';
import { startLocalDns, type ZoneEntry } from '../../../../packages/core/testing/verify/dns-server.js';
import { defaultReply, startScriptedSmtp } from '../../../../packages/core/testing/verify/scripted-smtp.js';

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 200);
const PER_DOMAIN = Number(process.env.BENCH_PER_DOMAIN ?? 50);
const DELAY_MS = 50;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const BASELINE_SAMPLE = Number(process.env.BENCH_BASELINE_SAMPLE ?? 40);

// Every domain's mail server is a machine of its own (its own loopback address): the verifier caps
// connections per IP address, as real servers count them.
const ipOf = (d: number) => `127.1.${Math.floor(d / 250)}.${(d % 250) + 1}`;
const zone: Record<string, ZoneEntry> = { 'bench.verifier.test': { a: ['127.0.0.1'] } };
for (let d = 0; d < DOMAINS; d++) {
  zone[`d${d}.bench.test`] = { mx: [[10, `mx.d${d}.bench.test`]] };
  zone[`mx.d${d}.bench.test`] = { a: [ipOf(d)] };
}
const dns = await startLocalDns(zone);
// Real users are `user*`; everyone else (including the catch-all probe) is unknown.
const smtp = await startScriptedSmtp({
  addresses: Array.from({ length: DOMAINS }, (_, d) => ipOf(d)),
  delayMs: DELAY_MS,
  handle: (command) =>
    command.startsWith('RCPT') && !command.includes('<user')
      ? '550 5.1.1 User unknown\r\n'
      : defaultReply(command),
});
const emails: string[] = [];
for (let d = 0; d < DOMAINS; d++) {
  for (let i = 0; i < PER_DOMAIN; i++) emails.push(`${i % 10 === 9 ? 'ghost' : 'user'}${i}@d${d}.bench.test`);
}
const base = {
  heloName: 'bench.verifier.test',
  mailFrom: 'probe@bench.verifier.test',
  dnsServers: dns.servers,
  smtpPort: smtp.port,
  allowPrivate: ['127.0.0.0/8'],
  timeouts: { dnsMs: 2_000, connectMs: 5_000, commandMs: 10_000 },
};

// Warm-up (JIT, sockets) on a domain outside the measured list, with its own verifier and cache.
zone['warm.bench.test'] = { mx: [[10, 'mx.d0.bench.test']] };
await createVerifier(base).verify(['user1@warm.bench.test', 'user2@warm.bench.test']);
const warmCommands = smtp.commands.length;
const warmConnections = smtp.connections;

// Engine.
const verifier = createVerifier({ ...base, domainConcurrency: CONCURRENCY, perHostConnections: 2 });
const engineStart = performance.now();
const results = await verifier.verify(emails);
const engineMs = performance.now() - engineStart;
const stats = verifier.stats();
const commandsBefore = smtp.commands.length;
const connectionsBefore = smtp.connections;
const counts = new Map<string, number>();
for (const result of results)
  counts.set(`${result.status}:${result.reason}`, (counts.get(`${result.status}:${result.reason}`) ?? 0) + 1);

// Round trips the engine waited for per session: the greeting plus every command but QUIT (not awaited).
const awaited =
  smtp.commands.slice(warmCommands, commandsBefore).filter((c) => c !== 'QUIT').length +
  connectionsBefore -
  warmConnections;
const roundTripsPerSession = awaited / stats.sessions;
const boundMs = (DOMAINS * roundTripsPerSession * DELAY_MS) / CONCURRENCY;

// Baseline: for each address, its own DNS lookup and connection (greeting, EHLO, MAIL, RCPT), one at a time.
const baselineDns = createDnsClient({ servers: dns.servers, timeoutMs: 2_000 });
const sample = emails
  .filter((_, i) => i % Math.floor(emails.length / BASELINE_SAMPLE) === 0)
  .slice(0, BASELINE_SAMPLE);
const baselineStart = performance.now();
for (const email of sample) {
  const domain = email.slice(email.indexOf('@') + 1);
  const facts = await baselineDns.lookupDomain(domain);
  if (facts.kind !== 'ok' || !facts.mx[0]) throw new Error(`bench DNS broken for ${domain}`);
  const [ip] = await baselineDns.hostAddresses(facts.mx[0].host);
  await runSmtpSession([{ host: facts.mx[0].host, ip: ip ?? '127.0.0.1', port: smtp.port }], [email], {
    heloName: base.heloName,
    mailFrom: base.mailFrom,
    connectTimeoutMs: 5_000,
    commandTimeoutMs: 10_000,
    maxRcptPerTransaction: 20,
    maxReconnects: 0,
  });
}
const baselineMs = performance.now() - baselineStart;

// DNS alone at the same concurrency, to show its share.
const dnsOnly = createDnsClient({ servers: dns.servers, timeoutMs: 2_000 });
const dnsStart = performance.now();
await mapPool([...Array(DOMAINS).keys()], CONCURRENCY, async (d) => {
  await dnsOnly.lookupDomain(`d${d}.bench.test`);
  await dnsOnly.hostAddresses(`mx.d${d}.bench.test`);
});
const dnsMs = performance.now() - dnsStart;

const engineRate = emails.length / (engineMs / 1000);
const baselineRate = sample.length / (baselineMs / 1000);
const fmt = (n: number) => n.toFixed(1);
console.log(
  `verify bench: ${emails.length} addresses over ${DOMAINS} domains, every SMTP reply after ${DELAY_MS} ms`,
);
console.log(`results: ${[...counts].map(([k, v]) => `${k}=${v}`).join(', ')}`);
console.log(
  `engine: ${fmt(engineMs / 1000)} s, ${fmt(engineRate)} addresses/s (domain concurrency ${CONCURRENCY})`,
);
console.log(
  `  sessions ${stats.sessions}, connections ${stats.connections}, probes ${stats.probes}, RCPT ${stats.rcptCommands}, DNS lookups ${stats.dnsLookups}`,
);
console.log(
  `baseline (one address per connection, sequential; measured on ${sample.length} addresses and extrapolated): ` +
    `${fmt(baselineRate)} addresses/s, ${fmt(emails.length / baselineRate / 60)} min for the list`,
);
console.log(`speed-up vs baseline: ${fmt(engineRate / baselineRate)}x (target >= 20x)`);
console.log(
  `round-trip bound: ${DOMAINS} domains x ${fmt(roundTripsPerSession)} round trips/session x ${DELAY_MS} ms / ${CONCURRENCY} = ` +
    `${fmt(boundMs / 1000)} s; engine at ${(engineMs / boundMs).toFixed(2)}x the bound (target <= 3x)`,
);
const slotMs = (engineMs * CONCURRENCY) / DOMAINS;
console.log(
  `where the time goes: a session waits ${fmt(roundTripsPerSession)} x ${DELAY_MS} ms = ${fmt((roundTripsPerSession * DELAY_MS) / 1000)} s ` +
    `on the server; measured ${fmt(slotMs / 1000)} s per session slot, so ${fmt(slotMs / roundTripsPerSession - DELAY_MS)} ms per round trip ` +
    `goes to DNS (${fmt(dnsMs)} ms for all ${DOMAINS} domains at this concurrency), timer lateness and parsing, ` +
    "with the bench server sharing the verifier's process and event loop",
);
await Promise.all([dns.close(), smtp.close()]);
