// Audience hashing throughput on one core: identifiers normalized and hashed per second.
// Run: pnpm exec tsx tooling/bench/src/audience/audience-bench.ts [count]
// Target (issue 9): at least 200,000 emails per second.
// Imports the module by path until the lead exports it from @dossier/core.
import {
  type AudienceContact,
  type AudienceNetwork,
  hashAudience,
} from '../../../../packages/core/src/audience/index.js';

const count = Number(process.argv[2] ?? 200_000);
const domains = ['gmail.com', 'example.com', 'googlemail.com', 'acme.example', 'mail.example.org'];

const emails: AudienceContact[] = Array.from({ length: count }, (_, i) => ({
  email: `  First.Last${i}+tag${i % 7}@${domains[i % domains.length]} `,
}));
const phones: AudienceContact[] = Array.from({ length: count / 4 }, (_, i) => ({
  phone: `(${200 + (i % 700)}) 555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
  country: 'US',
}));

const e164: AudienceContact[] = Array.from({ length: phones.length }, (_, i) => ({
  phone: `+44 20 7946 ${String(i % 10000).padStart(4, '0')}`,
}));

const run = (label: string, network: AudienceNetwork, contacts: AudienceContact[], key: string): void => {
  hashAudience(network, contacts.slice(0, 20_000)); // warm up the JIT
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const { summary } = hashAudience(network, contacts);
  const cpu = process.cpuUsage(cpuStart);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  // CPU time as well as wall time: on a shared machine the wall clock also counts other processes.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const hashed = summary.identifiers[key] ?? 0;
  const format = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9);
  console.log(
    `${label.padEnd(22)} ${format(contacts.length)} ids  ${format(contacts.length / seconds)} ids/s wall  ${format(contacts.length / cpuSeconds)} ids/s cpu  (${hashed.toLocaleString('en-US')} hashed)`,
  );
};

console.log(`node ${process.version}, one core`);
run('emails google (hex)', 'google', emails, 'hashed_email');
run('emails meta (hex)', 'meta', emails, 'em');
run('emails uid2 (base64)', 'uid2', emails, 'email_hash');
run('phones google (E.164)', 'google', phones, 'hashed_phone_number');
run('phones meta (digits)', 'meta', phones, 'ph');
run('phones +intl meta', 'meta', e164, 'ph');

// The 100,000-contact list end to end through the API (set BENCH_AUDIENCE_API=0 to skip).
if (process.env.BENCH_AUDIENCE_API !== '0') await import('./audience-api-bench.js');
