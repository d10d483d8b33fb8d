import SwaggerParser from '@apidevtools/swagger-parser';
import { defineOperation } from '@dossier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiApp } from '../src/index.js';
import { createHarness, memoryLog } from './harness.js';

describe('HTTP behaviour and the OpenAPI document', () => {
  let h: Awaited<ReturnType<typeof createHarness>>;
  let key = '';
  beforeAll(async () => {
    h = await createHarness();
    key = (await h.tenant()).key;
  });
  afterAll(() => h.close());

  it('publishes an OpenAPI 3.1 document that an independent validator accepts', async () => {
    const doc = await (await h.app.request('/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    for (const methods of Object.values(doc.paths) as Record<
      string,
      { security: unknown; responses: object }
    >[]) {
      for (const op of Object.values(methods)) {
        expect(op.security).toEqual([{ bearer: [] }]);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '422', '429', '500']));
      }
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves the docs page from our own assets', async () => {
    const html = await (await h.app.request('/docs')).text();
    expect(html).toContain('/v1/openapi.json');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  });

  it('answers an unparseable body with 400, a wrong type with 415, an oversized one with 413, form bodies too', async () => {
    // a door-level check, so a test operation is enough: it echoes what it was given
    const echo = defineOperation({
      name: 'echo',
      title: 'Echo',
      method: 'POST',
      path: '/v1/echo/{id}',
      summary: 'echo',
      description: 'echo',
      scope: 'usage',
      input: z.object({
        id: z.string(),
        fields: z.string().optional(),
        n: z.coerce.number().int().optional(),
      }),
      output: z.object({ id: z.string(), fields: z.string().optional(), n: z.number().optional() }),
      example: { input: { id: 'a' } },
      readOnly: true,
      idempotent: true,
      openWorld: false,
      handler: async (_ctx, input) => input,
    });
    const upload = { ...echo, name: 'echo_upload', path: '/v1/upload/{id}', maxBodyBytes: 4096 };
    const app = createApiApp({
      database: h.database,
      access: h.access,
      log: memoryLog().log,
      operations: [echo as never, upload as never],
      maxBodyBytes: 256,
    });
    const post = (body: string, type = 'application/json') =>
      app.request('/v1/echo/x', {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
      });

    expect(await (await post('{"fields":"email,mobile","n":3}')).json()).toEqual({
      id: 'x',
      fields: 'email,mobile',
      n: 3,
    });
    const form = await post('fields=email%2Cmobile&n=4', 'application/x-www-form-urlencoded');
    expect(await form.json()).toEqual({ id: 'x', fields: 'email,mobile', n: 4 });
    const broken = await post('{"fields":');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: 'invalid_request' });
    expect((await post('[1,2]')).status).toBe(400);
    expect((await post('<x/>', 'application/xml')).status).toBe(415);
    const big = await post(JSON.stringify({ fields: 'x'.repeat(1000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'payload_too_large' });
    // an operation that takes uploads has its own, larger limit
    const uploaded = await app.request('/v1/upload/x', {
      method: 'POST',
      body: JSON.stringify({ fields: 'x'.repeat(1000) }),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    expect(uploaded.status).toBe(200);
    const invalid = await post('{"n":"many","extra":1}');
    expect(invalid.status).toBe(422);
  });

  it('keeps invitation tokens in console links out of the access log', async () => {
    await h.app.request('/invite/inv_secret-token-value');
    const line = h.logLines.find((l) => l.includes('"/invite/'));
    expect(line).toContain('/invite/[redacted]');
    expect(h.logLines.join('\n')).not.toContain('inv_secret-token-value');
  });

  it('sends the request id and rate-limit headers with every answer, errors included', async () => {
    const ok = await h.app.request('/v1/usage', {
      headers: { authorization: `Bearer ${key}`, 'x-request-id': 'req-1' },
    });
    expect(ok.headers.get('x-request-id')).toBe('req-1');
    expect(ok.headers.get('ratelimit-policy')).toMatch(/q=\d+;w=60/);
    expect(ok.headers.get('content-type')).toMatch(/application\/json/);
    const bad = await h.app.request('/v1/usage?from=nope', { headers: { authorization: `Bearer ${key}` } });
    expect(bad.headers.get('x-request-id')).toMatch(/./);
    expect(bad.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    const missing = await h.app.request('/v1/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(/./);
  });
});
