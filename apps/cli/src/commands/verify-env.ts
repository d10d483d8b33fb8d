import { z } from 'zod';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );
const ms = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

/** `socks5://user:pass@host:port` */
const socks5 = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    try {
      const url = new URL(value);
      if (url.protocol !== 'socks5:' || !url.hostname) throw new Error();
      return {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: Number(url.port || 1080),
        username: url.username ? decodeURIComponent(url.username) : undefined,
        password: url.password ? decodeURIComponent(url.password) : undefined,
      };
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected socks5://[user:pass@]host:port' });
      return z.NEVER;
    }
  });

/** `microsoft365=250,google=100`: milliseconds between sessions per provider. */
const pace = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const out: Record<string, number> = {};
    for (const part of (value ?? '').split(',').filter((p) => p.trim())) {
      const [name, amount] = part.split('=').map((s) => s.trim());
      const n = Number(amount);
      if (!name || !Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: 'expected provider=ms[,provider=ms]' });
        return z.NEVER;
      }
      out[name] = n;
    }
    return out;
  });

/** Email verification settings (appended to the CLI environment). */
export const verifyEnv = {
  /**
   * EHLO name: the fully qualified reverse-DNS name of the sending address. Default: this host's
   * name, which in a container is a bare id: SMTP checks stay off (with a start-up warning) until
   * this and the MAIL FROM domain are fully qualified and resolve.
   */
  VERIFY_HELO_NAME: z.string().min(1).max(255).optional(),
  /** MAIL FROM address, at a domain with MX or A records. Default: verify@ the HELO name. */
  VERIFY_MAIL_FROM: z.email().optional(),
  VERIFY_SOURCE_ADDRESS: z.union([z.ipv4(), z.ipv6()]).optional(),
  VERIFY_SOCKS5_PROXY: socks5,
  /** DNS servers for every lookup the service makes (verifier and live scans); `ip` or `ip:port`. */
  DOSSIER_DNS_SERVERS: list,
  /** The older name of DOSSIER_DNS_SERVERS, still accepted (the new name wins when both are set). */
  VERIFY_DNS_SERVERS: list,
  VERIFY_DNS_TIMEOUT_MS: ms(5_000),
  VERIFY_CONNECT_TIMEOUT_MS: ms(10_000),
  VERIFY_COMMAND_TIMEOUT_MS: ms(30_000),
  /** Time budget of one synchronous verify request; unfinished addresses answer unknown/timeout. */
  VERIFY_SYNC_DEADLINE_MS: ms(20_000),
  VERIFY_PER_HOST_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(3),
  VERIFY_DOMAIN_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(20),
  VERIFY_PROVIDER_PACE_MS: pace,
  /** SMTP port to connect to: 25 in production; tests point it at a local server. */
  VERIFY_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  /** Private addresses or CIDRs that may be contacted anyway (local test servers). */
  VERIFY_ALLOW_PRIVATE: list,
  /** Skip the start-up check of outbound port 25 (tests, CI). */
  VERIFY_SKIP_PORT25_CHECK: flag('false'),
};

/** The service's one DNS setting: DOSSIER_DNS_SERVERS, or its older name VERIFY_DNS_SERVERS. */
export const dnsServers = (env: { DOSSIER_DNS_SERVERS: string[]; VERIFY_DNS_SERVERS: string[] }) =>
  env.DOSSIER_DNS_SERVERS.length ? env.DOSSIER_DNS_SERVERS : env.VERIFY_DNS_SERVERS;
