import { describe, expect, it } from 'vitest';
import { operationSpecs } from './generated/operations.js';
import { buildRequest, newKey } from './request.js';

describe('buildRequest', () => {
  it('puts path parameters in the path and the rest in the query for GET', () => {
    const request = buildRequest(operationSpecs.get_verify_job, {
      job_id: 'job 1/2',
      cursor: '5',
      limit: 10,
    });
    expect(request.path).toBe('/v1/verify/job%201%2F2');
    expect(request.query?.toString()).toBe('cursor=5&limit=10');
    expect(request.body).toBeUndefined();
    expect(request.retryable).toBe(true);
  });

  it('repeats arrays in the query and skips undefined', () => {
    const spec = { method: 'GET', path: '/v1/x', readOnly: true, idempotent: true } as const;
    expect(buildRequest(spec, { a: ['1', '2'], b: undefined }).query?.toString()).toBe('a=1&a=2');
  });

  it('moves header fields out of the body and adds an idempotency key to keyed submissions', () => {
    const mine = buildRequest(operationSpecs.verify_emails, { emails: ['a@b.c'], idempotency_key: 'k1' });
    expect(mine.headers?.['idempotency-key']).toBe('k1');
    expect(mine.body).toEqual({ emails: ['a@b.c'] });
    expect(mine.retryable).toBe(true);
    const auto = buildRequest(operationSpecs.verify_emails, { emails: ['a@b.c'] });
    expect(auto.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes v4 UUIDs without randomUUID too', () => {
    const saved = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      const a = newKey();
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newKey()).not.toBe(a);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: saved, configurable: true });
    }
  });

  it('marks a POST with side effects and no key as unsafe to retry', () => {
    const spec = { method: 'POST', path: '/v1/thing', readOnly: false, idempotent: false } as const;
    expect(buildRequest(spec, { a: 1 }).retryable).toBe(false);
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildRequest(operationSpecs.get_company, { domain: '' })).toThrow(/domain/);
  });
});
