import type { AddressInfo } from 'node:net';
import { isFreshInstall, mailerFromEnv, openRuntime, provisionKey } from '@dossier/access';
import { configureLiveScans, createResolver, privacy } from '@dossier/core';
import { serve } from '@hono/node-server';
import { createDrain } from '../drain.js';
import type { CliEnv } from '../env.js';
import { serverLogger } from '../logger.js';
import { createServerApp } from '../server.js';
import { loadDemo } from './demo.js';
import { dnsServers } from './verify-env.js';
import { startVerifyService } from './verify-service.js';

const demoDomain = 'northwind.example';

/** `dossier serve`: every door on one port, with first-start set-up and a graceful stop. */
export async function serveCommand(env: CliEnv): Promise<void> {
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

  const verify = startVerifyService(env, runtime.database, log);
  // Retention (raw source records, finished jobs' outputs) is enforced hourly, and once at start.
  const retention = privacy.scheduleRetentionSweep(db, log);
  const app = createServerApp(runtime, env, log, {
    jobs: verify.runner.jobs,
    verifier: verify.verifier,
    mailer,
  });
  const drain = createDrain();
  const server = serve(
    { fetch: drain.wrap(app.fetch), port: env.PORT, hostname: env.HOST },
    (info: AddressInfo) => {
      const base = `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`;
      log.info(
        {
          url: base,
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
            `  curl -H "Authorization: Bearer ${firstKey}" ${base}/v1/company/${demoDomain}\n\n`,
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
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    drain.begin();
    const reserve = Math.min(2_000, Math.floor(env.SHUTDOWN_TIMEOUT_MS / 3));
    retention.stop();
    await Promise.all([verify.stop(), drain.settle(env.SHUTDOWN_TIMEOUT_MS - reserve)]);
    // Answers are written; connections still open are idle or closing.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500).unref())]);
    (server as import('node:http').Server).closeAllConnections?.();
    await runtime.close(); // flushes usage, closes Redis and the database (and its lock)
    mailer?.close?.();
    clearTimeout(force);
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
