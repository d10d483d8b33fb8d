import type { VerifierConfig } from '../../src/verify/verifier.js';
import { type LocalDns, startLocalDns } from './dns-server.js';
import { type LocalSmtp, startLocalSmtp } from './smtp-server.js';

export interface VerifyFixture {
  /** Verifier settings that reach only these loopback servers. */
  config: VerifierConfig;
  dns: LocalDns;
  /** `acme.test` knows `jane@` and `user<N>@`; `grey.test` greylists each address once, then accepts it. */
  acme: LocalSmtp;
  grey: LocalSmtp;
  close(): Promise<void>;
}

const local = (address: string) => address.slice(0, address.indexOf('@'));

/** A local DNS server and two SMTP servers on loopback, for tests of the doors and the job runner. */
export const startVerifyFixture = async (): Promise<VerifyFixture> => {
  const acme = await startLocalSmtp({
    rcpt: (address) =>
      /^(jane|user\d+)$/.test(local(address)) ? undefined : [550, '5.1.1 The email account does not exist'],
  });
  const grey = await startLocalSmtp({
    rcpt: (_address, { attempt }) => (attempt === 1 ? [451, '4.7.1 Greylisted, try again later'] : undefined),
  });
  const ports = new Map([
    ['mx.acme.test', acme.port],
    ['mx.grey.test', grey.port],
  ]);
  const dns = await startLocalDns({
    // The verifier's HELO name and MAIL FROM domain resolve, as strict servers check.
    'verifier.test': { a: ['127.0.0.1'] },
    'acme.test': { mx: [[10, 'mx.acme.test']] },
    'mx.acme.test': { a: ['127.0.0.1'] },
    'grey.test': { mx: [[10, 'mx.grey.test']] },
    'mx.grey.test': { a: ['127.0.0.1'] },
  });
  return {
    config: {
      heloName: 'verifier.test',
      mailFrom: 'probe@verifier.test',
      dnsServers: dns.servers,
      smtpPortFor: (host) => ports.get(host),
      allowPrivate: ['127.0.0.1'],
      timeouts: { dnsMs: 500, connectMs: 1_000, commandMs: 2_000 },
    },
    dns,
    acme,
    grey,
    close: async () => {
      await Promise.all([dns.close(), acme.close(), grey.close()]);
    },
  };
};
