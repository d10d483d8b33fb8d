import { type AddressInfo, Server } from 'node:net';
import { isFreshInstall, provisionKey } from '@dossier/access';
import { configureLiveScans, createJobs, createResolver } from '@dossier/core';
import { serve } from '@hono/node-server';
import { createDrain } from '../drain.js';
import type { CliEnv } from '../env.js';
import { serverLogger } from '../logger.js';
import { metricsUrl, startMetricsServer } from '../metrics.js';
import { mailerFromEnv } from '../runtime/mailer-from-env.js';
import { createMetrics } from '../runtime/metrics.js';
import { openRuntime } from '../runtime/runtime.js';
import { createServerApp } from '../server.js';
import { usageError } from './args.js';
import { loadDemo } from './demo.js';
import { dnsServers } from './verify-env.js';
import { createVerifierFromEnv, type Role, startWorkers } from './workers.js';

const demoDomain = 'northwind.example';

/** `--role api|worker|all` (default: DOSSIER_ROLE, else all). */
export function parseRole(args: string[], fallback: Role): Role {
  const at = args.findIndex((a) => a === '--role' || a.startsWith('--role='));
  if (at < 0) return fallback;
  const value = args[at]?.includes('=') ? args[at]?.split('=')[1] : args[at + 1];
  if (value === 'api' || value === 'worker' || value === 'all') return value;
  throw usageError(`--role must be api, worker or all (got ${value ?? 'nothing'})`);
}

/**
 * `dossier serve`: every door on one port, with first-start set-up and a graceful stop. The role
 * picks the loops: `api` answers HTTP and never runs jobs, `worker` runs jobs (and answers only
 * /healthz and /readyz), `all` does both in one process.
 */
export async function serveCommand(env: CliEnv, args: string[] = []): Promise<void> {
  const role = parseRole(args, env.DOSSIER_ROLE);
  if (role !== 'all' && !env.DATABASE_URL)
    throw usageError(
      `--role ${role} needs DATABASE_URL: the embedded database belongs to one process, which runs every role`,
    );
  const log = serverLogger(env.LOG_LEVEL);
  // Checked before anything opens: a half-set mail configuration exits with one line.
  const mailer = mailerFromEnv(env);
  const runtime = await openRuntime(env, log, 'dossier serve');
  const { db } = runtime.database;
  await runtime.database.migrate();

  let firstKey: string | undefined;
  if (!env.DATABASE_URL && env.DOSSIER_DEMO && (await isFreshInstall(db))) {
    const counts = await loadDemo(runtime.database);
    log.info(counts, 'demo data loaded (fictional companies under .example)');
    firstKey = (
      await provisionKey(db, runtime.access.keys, { org: 'Demo', plan: 'enterprise', project: 'Demo' })
    ).key;
  }

  // Live technographics fetch user-given domains (SSRF-safe); operators opt in. They ask the
  // same DNS servers as the verifier (DOSSIER_DNS_SERVERS).
  if (env.DOSSIER_LIVE_SCANS) {
    const servers = dnsServers(env);
    const resolver = servers.length
      ? createResolver({ servers, timeoutMs: env.VERIFY_DNS_TIMEOUT_MS })
      : undefined;
    configureLiveScans(runtime.database, { deps: { resolver } });
  }

  const verifier = createVerifierFromEnv(env, runtime.database, log);
  // Metrics only when asked for, on their own port: nothing is measured otherwise.
  const metrics =
    env.METRICS_PORT === undefined
      ? undefined
      : createMetrics({ database: runtime.database, access: runtime.access });
  const workers = role === 'api' ? undefined : startWorkers(env, runtime.database, verifier, log, metrics);
  const metricsServer = metrics
    ? await startMetricsServer(metrics, env.METRICS_PORT as number, env.METRICS_HOST ?? env.HOST)
    : undefined;
  if (metricsServer) log.info({ url: metricsUrl(metricsServer) }, 'metrics listening');
  const app = createServerApp(
    runtime,
    env,
    log,
    // In one process, a submission wakes the runner at once; API processes leave jobs to workers.
    {
      jobs: workers?.runner.jobs ?? createJobs(runtime.database),
      verifier,
      // API processes check subscription URLs with the same setting; deliveries run on workers.
      webhooks: workers?.webhooks.settings ?? { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE },
      mailer,
      metrics,
    },
    { doors: role !== 'worker' },
  );
  const drain = createDrain();
  const server = serve(
    { fetch: drain.wrap(app.fetch), port: env.PORT, hostname: env.HOST },
    (info: AddressInfo) => {
      const base = `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
      log.info(
        {
          url: base,
          role,
          read_replicas: env.DATABASE_READ_URL.length,
          database: runtime.database.driver,
          redis: Boolean(runtime.redis),
          invitation_email: Boolean(mailer),
          trusted_proxies: env.DOSSIER_TRUSTED_PROXIES.kind,
        },
        'Dossier is listening',
      );
      if (firstKey) {
        // Printed once, on the console only: it is the one time this key is shown.
        process.stdout.write(
          `\nDossier is ready at ${base} with demo data (fictional companies under .example).\n` +
            `Your primary key, shown only this once:\n\n  ${firstKey}\n\nTry it:\n\n` +
            `  curl -H "Authorization: Bearer ${firstKey}" ${base}/v1/company/${demoDomain}\n\n` +
            'This key belongs to the Demo organization. To see it, its usage and its request log in the\n' +
            `console (${base}), get yourself an owner invitation and open the link it prints:\n\n` +
            '  pnpm dossier users invite you@example.com --org Demo\n\n',
        );
      }
    },
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: draining requests');
    const force = setTimeout(() => {
      log.error('stop timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Stop taking connections and requests; running jobs stop at their next safe point at once
    // (their lease released for any instance to resume); running requests get most of the
    // budget to finish, then a 503 with Retry-After. What is left of it flushes usage and closes.
    // net.Server's close, not http.Server's: stop listening but leave kept-alive connections open,
    // so a client about to reuse one gets an answer saying `Connection: close` (see createDrain)
    // instead of a reset from a socket closed under its request.
    const httpServer = server as import('node:http').Server;
    const closed = new Promise<void>((resolve) => Server.prototype.close.call(httpServer, () => resolve()));
    metricsServer?.close();
    drain.begin();
    const reserve = Math.min(2_000, Math.floor(env.SHUTDOWN_TIMEOUT_MS / 3));
    // Webhook attempts in flight finish and are recorded (each within WEBHOOKS_TIMEOUT_MS).
    await Promise.all([workers?.stop(), drain.settle(env.SHUTDOWN_TIMEOUT_MS - reserve)]);
    // Answers are written. Connections still open are idle: give their clients a moment to send
    // (and be told to close), then close the idle ones, then whatever is left.
    const settled = (ms: number) =>
      Promise.race([closed, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
    await settled(500);
    httpServer.closeIdleConnections();
    await settled(200);
    httpServer.closeAllConnections();
    await runtime.close(); // flushes usage, closes Redis and the database (and its lock)
    mailer?.close?.();
    clearTimeout(force);
    log.info('stopped');
    // pino's own flush at exit writes what is buffered but not a write still under way, whose
    // lines are then lost (seen under load): wait for the destination to drain first.
    await new Promise<void>((resolve) => log.flush(() => resolve()));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
