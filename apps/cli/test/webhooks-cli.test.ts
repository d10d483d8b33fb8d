import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../packages/core/testing/webhook-helpers.js';
import { verifyWebhook } from '../../../packages/sdk/src/webhooks.js';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// `dossier webhooks ...` runs the registry's webhook operations against the embedded database; the
// delivery worker of `dossier serve` sends what they queue.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dir: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dossier-webhooks-cli-'));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ DOSSIER_DATA_DIR: dir, WEBHOOKS_ALLOW_PRIVATE: '127.0.0.1' });
const cli = async (...args: string[]) => runCli(['webhooks', ...args, '--org', 'hooks'], env());
const json = async (...args: string[]) => {
  const out = await cli(...args, '--json');
  expect(out.stderr).not.toMatch(/error/i);
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout);
};

describe('dossier webhooks', () => {
  it('creates, lists, tests, shows deliveries, replays, rotates and deletes a subscription', async () => {
    expect((await runCli(['orgs', 'create', 'hooks', '--plan', 'free'], env())).code).toBe(0);

    const refused = await cli('create', 'http://10.0.0.1/hook', '--events', 'intent.surge');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^url: .*not a public address/m);
    const usage = await cli('create', receiver.url);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--events is required');

    const created = await json(
      'create',
      receiver.url,
      '--events',
      'intent.surge,import.completed',
      '--topics',
      'crm software',
      '--min-score',
      '70',
    );
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.subscription).toMatchObject({
      url: receiver.url,
      event_types: ['intent.surge', 'import.completed'],
      filter: { topics: ['crm software'], min_score: 70, companies: null },
    });
    const id = created.subscription.id as string;

    const listed = await cli('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${id}  on   intent.surge,import.completed  ${receiver.url}`);
    expect(listed.stdout).not.toContain(created.secret);

    const test = await json('test', id);
    expect(test).toMatchObject({ status: 'pending', delivery_id: expect.stringMatching(/^msg_/) });

    // The delivery worker of a server sends it, signed.
    const server = startCli(['serve'], { ...env(), PORT: '0', DOSSIER_DEMO: 'false' });
    try {
      await waitForOutput(server, /"url":"http:/);
      for (let i = 0; i < 600 && receiver.received.length === 0; i++) await sleep(50);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    const event = await verifyWebhook(
      created.secret,
      got?.body ?? '',
      got?.headers as Record<string, string>,
    );
    expect(event).toMatchObject({ type: 'webhook.test' });
    expect(got?.headers['webhook-id']).toBe(test.delivery_id);

    const log = await cli('deliveries', id, '--status', 'succeeded');
    expect(log.stdout).toContain(`${test.delivery_id}  succeeded  webhook.test  attempts 1  last 204`);
    expect((await cli('replay', id, test.delivery_id)).stdout).toContain(`${test.delivery_id} queued again`);

    const rotated = await json('rotate', id, '--grace', '0');
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);

    expect((await cli('delete', id)).stdout.trim()).toBe('deleted');
    const gone = await cli('delete', id);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`no webhook subscription ${id}`);
  }, 600_000);
});
