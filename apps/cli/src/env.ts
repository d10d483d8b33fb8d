import { loadEnvOrExit, runtimeEnv } from '@dossier/access';
import { z } from 'zod';
import { verifyEnv } from './commands/verify-env.js';

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

/** The CLI's configuration: validated once, here; nothing else reads process.env. */
export const cliEnv = runtimeEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Browser origins allowed on /mcp (DNS-rebinding protection). */
  MCP_ALLOWED_ORIGINS: list,
  /** Host header values accepted on /mcp; empty accepts any. */
  MCP_ALLOWED_HOSTS: list,
  /** Load demo data and print a key on the first start of an empty embedded database. */
  DOSSIER_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Scan company homepages and DNS live for technographics (off: stored data only). */
  DOSSIER_LIVE_SCANS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Operator setting for local testing only: addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8`) that
   * webhook subscriptions may point at although private. Empty: only public addresses receive webhooks.
   */
  WEBHOOKS_ALLOW_PRIVATE: list,
  /** Time for one webhook attempt, connection included. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Webhook attempts in flight at once in this process. */
  WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(64),
  /** Waits between webhook retries in ms (`5000,30000,...`); empty: the default schedule of about 26 h. */
  WEBHOOKS_RETRY_DELAYS_MS: list.transform((v) => v.map(Number)).pipe(z.array(z.number().int().min(0))),
  ...verifyEnv,
});
export type CliEnv = z.output<typeof cliEnv>;

export const loadCliEnv = (): CliEnv => loadEnvOrExit(cliEnv, process.env);
