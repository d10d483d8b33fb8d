import type { ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runCli, startCli, stop, waitFor } from './server.js';

export interface TestServer {
  baseUrl: string;
  /** Primary key of the demo organization (Enterprise plan, every scope). */
  apiKey: string;
  /**
   * Scoped key: `company` only, for https://app.example, 1 request per minute; its one request was
   * spent in set-up.
   */
  limitedKey: string;
  /** Unix ms when the limited key's window opened. */
  limitedSince: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    server: TestServer;
  }
}

/**
 * One real `dossier serve` on a fresh embedded database for the whole project: the first start
 * loads the demo data and prints a key; a second start after `keys scoped` adds a rate-limited key.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-sdk-'));
  // Verification lookups go to a loopback socket that never answers, so nothing leaves the machine.
  const silentDns = createSocket('udp4');
  await new Promise<void>((resolve) => silentDns.bind(0, '127.0.0.1', resolve));
  const env = {
    DOSSIER_DATA_DIR: dataDir,
    PORT: '0',
    USAGE_FLUSH_MS: '500',
    VERIFY_SKIP_PORT25_CHECK: 'true',
    VERIFY_DNS_SERVERS: `127.0.0.1:${silentDns.address().port}`,
    VERIFY_DNS_TIMEOUT_MS: '300',
  };
  let server: ChildProcess | undefined;
  const teardown = async () => {
    if (server) await stop(server);
    silentDns.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = startCli(['serve'], env);
    const [, apiKey] = await waitFor(server, /curl -H "Authorization: Bearer (dsr_live_\w+)"/);
    await stop(server);
    const scoped = JSON.parse(
      await runCli(
        [
          'keys',
          'scoped',
          '--org',
          'Demo',
          '--scopes',
          'company',
          '--origins',
          'https://app.example',
          '--expires',
          '1d',
          '--rate-limit',
          '1',
          '--json',
        ],
        env,
      ),
    ) as { key: string };
    server = startCli(['serve'], { ...env, DOSSIER_DEMO: 'false' });
    const [, baseUrl] = await waitFor(server, /"url":"(http:[^"]+)"/);
    const limitedSince = Date.now();
    const first = await fetch(`${baseUrl}/v1/company/northwind.example`, {
      headers: { authorization: `Bearer ${scoped.key}` },
    });
    if (first.status !== 200) throw new Error(`limited key answered ${first.status}`);
    project.provide('server', {
      baseUrl: baseUrl as string,
      apiKey: apiKey as string,
      limitedKey: scoped.key,
      limitedSince,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
