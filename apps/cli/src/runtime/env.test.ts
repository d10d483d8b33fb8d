import { trustNone } from '@dossier/access';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, runtimeEnv } from './env.js';
import { mailerFromEnv } from './mailer-from-env.js';

describe('mail settings', () => {
  it('is off without a URL and needs a From address with one', () => {
    expect(mailerFromEnv({})).toBeUndefined();
    expect(() => mailerFromEnv({ DOSSIER_SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(ConfigError);
    expect(() => mailerFromEnv({ DOSSIER_SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(
      'DOSSIER_MAIL_FROM is required with DOSSIER_SMTP_URL',
    );
    expect(
      mailerFromEnv({ DOSSIER_SMTP_URL: 'smtp://127.0.0.1:25', DOSSIER_MAIL_FROM: 'd@team.example' }),
    ).toBeDefined();
  });
});

describe('mail settings in the environment', () => {
  const line = (env: Record<string, string>) => {
    try {
      parseEnv(runtimeEnv, env);
      return 'ok';
    } catch (e) {
      return (e as Error).message;
    }
  };
  it('names the bad variable in one line', () => {
    expect(line({ DOSSIER_SMTP_URL: 'mail.example:25' })).toBe(
      'Invalid configuration: DOSSIER_SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port (user and password percent-encoded)',
    );
    expect(line({ DOSSIER_MAIL_FROM: 'Dossier' })).toMatch(
      /^Invalid configuration: DOSSIER_MAIL_FROM must be/,
    );
    expect(line({ DOSSIER_PUBLIC_URL: 'https://dossier.example/console' })).toMatch(
      /^Invalid configuration: DOSSIER_PUBLIC_URL must be an origin/,
    );
    expect(line({ DOSSIER_SMTP_TIMEOUT_MS: '5' })).toMatch(/^Invalid configuration: DOSSIER_SMTP_TIMEOUT_MS/);
    expect(
      parseEnv(runtimeEnv, {
        DOSSIER_SMTP_URL: 'smtps://u:p@mail.example',
        DOSSIER_MAIL_FROM: 'Dossier <dossier@mail.example>',
        DOSSIER_PUBLIC_URL: 'https://dossier.example/',
      }),
    ).toMatchObject({ DOSSIER_PUBLIC_URL: 'https://dossier.example', DOSSIER_SMTP_TIMEOUT_MS: 10_000 });
  });
});

describe('DOSSIER_TRUSTED_PROXIES', () => {
  it('is parsed once with the environment, and a bad value is one line naming it', () => {
    expect(parseEnv(runtimeEnv, {}).DOSSIER_TRUSTED_PROXIES).toEqual(trustNone);
    expect(parseEnv(runtimeEnv, { DOSSIER_TRUSTED_PROXIES: '2' }).DOSSIER_TRUSTED_PROXIES).toEqual({
      kind: 'hops',
      hops: 2,
    });
    const error = (() => {
      try {
        parseEnv(runtimeEnv, { DOSSIER_TRUSTED_PROXIES: '10.0.0.1, lb.internal' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      'Invalid configuration: DOSSIER_TRUSTED_PROXIES "lb.internal" is not an IP address or CIDR (use addresses and CIDRs separated by commas, loopback, private, or a hop count)',
    );
  });
});
