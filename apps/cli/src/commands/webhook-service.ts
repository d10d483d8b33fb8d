import { type Database, type Logger, type WebhookSettings, webhooks } from '@dossier/core';
import type { CliEnv } from '../env.js';
import type { Metrics } from '../runtime/metrics.js';

export interface WebhookService {
  settings: WebhookSettings;
  stop(): Promise<void>;
}

/** The webhook delivery worker of `dossier serve`; every instance runs one (claims never overlap). */
export function startWebhookService(
  env: CliEnv,
  database: Database,
  log: Logger,
  metrics?: Pick<Metrics, 'webhookDeliveryFailed'>,
): WebhookService {
  const allowPrivate = env.WEBHOOKS_ALLOW_PRIVATE;
  if (allowPrivate.length)
    log.warn(
      { allow_private: allowPrivate },
      'webhooks may be sent to these private addresses (testing only)',
    );
  const worker = webhooks.createWebhookWorker({
    database,
    log,
    allowPrivate,
    timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
    concurrency: env.WEBHOOKS_CONCURRENCY,
    onAttemptFailed: metrics ? () => metrics.webhookDeliveryFailed() : undefined,
    ...(env.WEBHOOKS_RETRY_DELAYS_MS.length ? { retryDelaysMs: env.WEBHOOKS_RETRY_DELAYS_MS } : {}),
  });
  worker.start();
  return { settings: { allowPrivate, wake: worker.wake }, stop: () => worker.stop() };
}
