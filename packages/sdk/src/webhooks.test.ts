import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './webhooks.js';

const secret = `whsec_${Buffer.alloc(32, 42).toString('base64')}`;
const body = JSON.stringify({
  id: 'evt_1',
  type: 'intent.surge',
  version: '1',
  timestamp: '2026-11-20T09:30:00.000Z',
  data: { score: 82 },
});
const at = new Date('2026-11-20T09:30:05Z');
const signed = (id: string, when: Date, text: string, key = secret) => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(when.getTime() / 1000)),
  'webhook-signature': new Webhook(key).sign(id, when, text),
});

describe('verifyWebhook', () => {
  it('accepts what the standardwebhooks package signs, from a plain object or Headers', async () => {
    const headers = signed('msg_1', at, body);
    const event = await verifyWebhook(secret, body, headers, { now: at });
    expect(event).toMatchObject({ id: 'evt_1', type: 'intent.surge', data: { score: 82 } });
    await expect(
      verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers), { now: at }),
    ).resolves.toBeTruthy();
  });

  it('accepts either signature during a rotation, and refuses a wrong secret, a changed body or an old timestamp', async () => {
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const headers = signed('msg_2', at, body);
    const both = {
      ...headers,
      'webhook-signature': `${signed('msg_2', at, body, other)['webhook-signature']} ${headers['webhook-signature']}`,
    };
    await expect(verifyWebhook(other, body, both, { now: at })).resolves.toBeTruthy();
    await expect(verifyWebhook(secret, body, both, { now: at })).resolves.toBeTruthy();
    await expect(verifyWebhook(other, body, headers, { now: at })).rejects.toThrow(WebhookVerificationError);
    await expect(verifyWebhook(secret, `${body} `, headers, { now: at })).rejects.toThrow(
      /no matching signature/,
    );
    const later = new Date(at.getTime() + 301_000);
    await expect(verifyWebhook(secret, body, headers, { now: later })).rejects.toThrow(/tolerance/);
    await expect(verifyWebhook(secret, body, { 'webhook-id': 'x' })).rejects.toThrow(/missing/);
  });

  it('the vectors the Python SDK is tested with are what the standardwebhooks package signs', () => {
    const path = new URL('../../sdk-python/tests/webhook_vectors.json', import.meta.url);
    const vectors = JSON.parse(readFileSync(path, 'utf8')) as {
      secret: string;
      cases: { id: string; timestamp: number; body: string; signature: string }[];
    };
    expect(vectors.cases.length).toBeGreaterThan(2);
    for (const c of vectors.cases) {
      expect(new Webhook(vectors.secret).sign(c.id, new Date(c.timestamp * 1000), c.body)).toBe(c.signature);
    }
  });
});
