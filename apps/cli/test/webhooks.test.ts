import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../packages/sdk/src/webhooks.js';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// `dossier serve` killed (SIGKILL) while a webhook is in flight loses nothing: the next start sends
// every event, each verified with the SDK helper, under the same webhook-id.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dir: string;
let receiver: Server;
let port = 0;
let hold = true;
const seen: { id: string; body: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dossier-webhooks-'));
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        id: String(req.headers['webhook-id']),
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers as Record<string, string>,
      });
      // While held, requests get no answer: the server is killed with them in flight.
      if (!hold) res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async () => {
  const server = startCli(['serve'], {
    DOSSIER_DATA_DIR: dir,
    PORT: '0',
    DOSSIER_DEMO: 'false',
    WEBHOOKS_ALLOW_PRIVATE: '127.0.0.1',
    WEBHOOKS_TIMEOUT_MS: '1500',
    WEBHOOKS_RETRY_DELAYS_MS: '200,200,200,200,200,200,200,200,200,200',
  });
  const out = await waitForOutput(server, /"url":"(http:[^"]+)"/);
  return { server, base: (/"url":"(http:[^"]+)"/.exec(out) as RegExpExecArray)[1] as string };
};

describe('webhooks through dossier serve', () => {
  it('subscribes over REST, and a server killed mid-delivery sends every event after its restart', async () => {
    const created = await runCli(['keys', 'create', '--org', 'hooks', '--plan', 'enterprise'], {
      DOSSIER_DATA_DIR: dir,
    });
    expect(created.code).toBe(0);
    const headers = { authorization: `Bearer ${created.stdout.trim()}`, 'content-type': 'application/json' };
    let { server, base } = await start();
    try {
      const refused = await fetch(`${base}/v1/webhooks/subscriptions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: 'http://10.0.0.1/hook', event_types: ['import.completed'] }),
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ issues: [{ path: 'url' }] });

      const response = await fetch(`${base}/v1/webhooks/subscriptions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, event_types: ['import.completed'] }),
      });
      expect(response.status).toBe(201);
      const { subscription, secret } = (await response.json()) as {
        subscription: { id: string };
        secret: string;
      };
      expect(secret).toMatch(/^whsec_/);
      const listed = await (await fetch(`${base}/v1/webhooks/subscriptions`, { headers })).text();
      expect(listed).toContain(subscription.id);
      expect(listed).not.toContain(secret);

      const sent: string[] = [];
      for (let i = 0; i < 4; i++) {
        const test = await fetch(`${base}/v1/webhooks/subscriptions/${subscription.id}/test`, {
          method: 'POST',
          headers,
        });
        expect(test.status).toBe(202);
        sent.push(((await test.json()) as { delivery_id: string }).delivery_id);
      }
      for (let i = 0; i < 400 && seen.length === 0; i++) await sleep(25);
      expect(seen.length).toBeGreaterThan(0);
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      hold = false;

      ({ server, base } = await start());
      const answered = () => new Set(seen.map((s) => s.id));
      for (let i = 0; i < 1_200 && sent.some((id) => !answered().has(id)); i++) await sleep(50);
      expect([...answered()].sort()).toEqual([...sent].sort());
      for (const got of seen) {
        const event = await verifyWebhook(secret, got.body, got.headers);
        expect(event).toMatchObject({ type: 'webhook.test', version: '1' });
      }
      // The delivery log shows every one delivered.
      let log: { deliveries: { id: string; status: string }[] } = { deliveries: [] };
      for (let i = 0; i < 100; i++) {
        log = await (
          await fetch(`${base}/v1/webhooks/subscriptions/${subscription.id}/deliveries`, { headers })
        ).json();
        if (log.deliveries.every((d) => d.status === 'succeeded')) break;
        await sleep(100);
      }
      expect(log.deliveries.map((d) => d.status)).toEqual(Array(4).fill('succeeded'));
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  }, 600_000);
});
