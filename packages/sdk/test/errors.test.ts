import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  Dossier,
  NotFoundError,
  PermissionError,
  ValidationError,
} from '../src/index.js';
import { client, server } from './helpers.js';

describe('typed errors from the real server', () => {
  it('AuthenticationError for an unknown key, with status, code, message and request id', async () => {
    const dossier = new Dossier({ apiKey: `dsr_live_${'x'.repeat(49)}`, baseUrl: server().baseUrl });
    const error = await dossier.company('northwind.example').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', name: 'AuthenticationError' });
    expect((error as ApiError).requestId).toMatch(/\S{6,}/);
    expect((error as ApiError).message).not.toBe('');
  });

  it('NotFoundError for a domain nobody knows', async () => {
    const error = await client()
      .company('nobody-knows-this.example')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('ValidationError naming the field', async () => {
    const error = await client()
      .usage({ from: 'last tuesday' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_request' });
    expect((error as ValidationError).issues.map((i) => i.path)).toContain('from');
  });

  it('PermissionError for a key used from an origin it does not allow', async () => {
    // Node's fetch may set Origin; this also shows a custom fetch is used for every request.
    const withOrigin = (url: string, init: RequestInit) =>
      fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), origin: 'https://evil.example' },
      });
    const dossier = new Dossier({
      apiKey: server().limitedKey,
      baseUrl: server().baseUrl,
      fetch: withOrigin,
    });
    const error = await dossier.company('northwind.example').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    expect((error as ApiError).message).toContain('https://evil.example');
  });

  it('does not retry a 4xx', async () => {
    let calls = 0;
    const counting = (url: string, init: RequestInit) => {
      calls++;
      return fetch(url, init);
    };
    const dossier = client({ fetch: counting, maxRetries: 3 });
    await expect(dossier.company('nobody-knows-this.example')).rejects.toBeInstanceOf(NotFoundError);
    expect(calls).toBe(1);
  });
});
