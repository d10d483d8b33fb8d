import { hostname } from 'node:os';
import {
  audience,
  checkOutboundPort25,
  createDatabaseCache,
  createJobRunner,
  createVerifier,
  type Database,
  type JobRunner,
  type Logger,
  privacy,
  VERIFY_JOB_KIND,
  type Verifier,
  verifyJobKind,
} from '@dossier/core';
import type { CliEnv } from '../env.js';
import type { Metrics } from '../runtime/metrics.js';
import { dnsServers } from './verify-env.js';
import { startWebhookService, type WebhookService } from './webhook-service.js';

/** Which loops a `dossier serve` process runs: HTTP doors, background work, or both. */
export type Role = 'api' | 'worker' | 'all';

/**
 * The verifier from the environment (API processes answer synchronous verifies and enrich's email
 * checks with it; workers run verify jobs with it), with its one-time identity check.
 */
export function createVerifierFromEnv(env: CliEnv, database: Database, log: Logger): Verifier {
  const heloName = env.VERIFY_HELO_NAME ?? hostname();
  const verifier = createVerifier({
    heloName,
    mailFrom: env.VERIFY_MAIL_FROM ?? `verify@${heloName}`,
    smtpPort: env.VERIFY_SMTP_PORT,
    dnsServers: dnsServers(env).length ? dnsServers(env) : undefined,
    sourceAddress: env.VERIFY_SOURCE_ADDRESS,
    socksProxy: env.VERIFY_SOCKS5_PROXY,
    timeouts: {
      dnsMs: env.VERIFY_DNS_TIMEOUT_MS,
      connectMs: env.VERIFY_CONNECT_TIMEOUT_MS,
      commandMs: env.VERIFY_COMMAND_TIMEOUT_MS,
    },
    syncDeadlineMs: env.VERIFY_SYNC_DEADLINE_MS,
    perHostConnections: env.VERIFY_PER_HOST_CONNECTIONS,
    domainConcurrency: env.VERIFY_DOMAIN_CONCURRENCY,
    providerPaceMs: env.VERIFY_PROVIDER_PACE_MS,
    allowPrivate: env.VERIFY_ALLOW_PRIVATE,
    cache: createDatabaseCache(database),
  });
  if (!env.VERIFY_SKIP_PORT25_CHECK) {
    // In the background: start-up does not wait for remote mail servers.
    void checkOutboundPort25({
      sourceAddress: env.VERIFY_SOURCE_ADDRESS,
      socksProxy: env.VERIFY_SOCKS5_PROXY,
    })
      .then((check) => (check.open ? log.info(check.message) : log.warn(check.message)))
      .catch((error) => log.warn({ err: String(error) }, 'outbound port 25 check failed'));
  }
  // Once, at start: with a HELO name or MAIL FROM domain that strict servers refuse, every address
  // would come back unknown/sender_misconfigured; the operator learns why here, not from results.
  verifier
    .checkIdentity()
    .then((problems) => {
      if (problems.length)
        log.warn(
          { problems },
          `email verification will not run SMTP checks: ${problems.join('; ')}. Set VERIFY_HELO_NAME to the ` +
            'fully qualified name of the sending address (its reverse DNS) and VERIFY_MAIL_FROM to an address at a ' +
            'domain that resolves (README: Email verification identity)',
        );
    })
    .catch((error) => log.warn({ err: String(error) }, 'email verification identity check failed'));
  return verifier;
}

export interface Workers {
  runner: JobRunner;
  webhooks: WebhookService;
  /** Stops every loop at its next safe point, leases released; resolves when all have stopped. */
  stop(): Promise<void>;
}

/**
 * Everything a worker process runs, started in this one place: the job runner for verify and
 * audience jobs, and webhook deliveries. Any number of workers share one PostgreSQL: each job is claimed under a lease
 * (`claimJob`, `for update skip locked`), renewed while it runs, and taken over by another worker
 * when a dead worker's lease runs out. New background loops (deliveries, sweeps) start here too,
 * and stop in `stop`.
 */
export function startWorkers(
  env: CliEnv,
  database: Database,
  verifier: Verifier,
  log: Logger,
  metrics?: Metrics,
): Workers {
  const runner = createJobRunner({ database, log, leaseMs: env.JOB_LEASE_MS, pollMs: env.JOB_POLL_MS });
  runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier, chunkSize: env.VERIFY_JOB_CHUNK_SIZE }));
  // Audience lists share the runner: their jobs are database work only.
  runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
  runner.start();
  const webhooks = startWebhookService(env, database, log, metrics);
  // Retention (raw source records, finished jobs' outputs) is enforced hourly, and once at start.
  const retention = privacy.scheduleRetentionSweep(database.db, log);
  // Job items written before they were indexed for privacy requests get their subjects, in batches.
  let stopping = false;
  void privacy
    .indexJobItems(database.db, { stopped: () => stopping })
    .then((n) => {
      if (n) log.info({ job_items: n }, 'job items indexed for privacy requests');
    })
    .catch((error: unknown) =>
      log.warn({ err: (error as Error).message }, 'indexing job items for privacy requests failed'),
    );
  return {
    runner,
    webhooks,
    stop: async () => {
      stopping = true;
      retention.stop();
      await Promise.all([runner.stop(), webhooks.stop()]);
    },
  };
}
