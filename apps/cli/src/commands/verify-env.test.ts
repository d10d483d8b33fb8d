import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dnsServers, verifyEnv } from './verify-env.js';

const parse = (env: Record<string, string>) => z.object(verifyEnv).parse(env);

describe('the one DNS setting', () => {
  it('reads DOSSIER_DNS_SERVERS, accepts the older VERIFY_DNS_SERVERS, and prefers the new name', () => {
    expect(dnsServers(parse({ DOSSIER_DNS_SERVERS: '127.0.0.1:5353' }))).toEqual(['127.0.0.1:5353']);
    expect(dnsServers(parse({ VERIFY_DNS_SERVERS: '10.0.0.53, 10.0.0.54' }))).toEqual([
      '10.0.0.53',
      '10.0.0.54',
    ]);
    expect(dnsServers(parse({ DOSSIER_DNS_SERVERS: '1.1.1.1', VERIFY_DNS_SERVERS: '8.8.8.8' }))).toEqual([
      '1.1.1.1',
    ]);
    expect(dnsServers(parse({}))).toEqual([]);
  });
});
