import { z } from 'zod';
import { verifyEnv } from './commands/verify-env.js';
import { loadEnvOrExit, runtimeEnv } from './runtime/env.js';

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
  /** Prometheus metrics at GET /metrics on this port (unset: no metrics). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics port listens on; HOST when unset. */
  METRICS_HOST: z.string().optional(),
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
  /** `dossier serve` role when `--role` is not given: api (HTTP only), worker (jobs only), all. */
  DOSSIER_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** How long a worker's claim on a job lasts without renewal (a killed worker's job waits this long). */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How often an idle worker looks for jobs submitted by other processes. */
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  /** Addresses a verify job works through before saving its progress (what a killed worker loses). */
  VERIFY_JOB_CHUNK_SIZE: z.coerce.number().int().min(1).max(100_000).default(2_000),
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
