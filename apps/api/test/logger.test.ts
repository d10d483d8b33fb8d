import { describe, expect, it } from 'vitest';
import { scrub } from '../src/index.js';
import { isoTime } from '../src/logger.js';
import { memoryLog } from './harness.js';

const key = 'dsr_live_AbCdEf0123456789';

describe('log scrubbing', () => {
  it('returns a value without a key as it is, without copying it', () => {
    const line = { request_id: 'r1', method: 'GET', path: '/v1/company/northwind.example', status: 200 };
    expect(scrub(line)).toBe(line);
    const nested = { a: [{ b: 'plain' }], when: new Date(0) };
    expect(scrub(nested)).toBe(nested);
  });

  it('replaces a key wherever it hides, leaving the original untouched', () => {
    const value = { path: `/v1/company/${key}`, deep: { list: ['x', `Bearer ${key}`] }, n: 3 };
    const scrubbed = scrub(value);
    expect(JSON.stringify(scrubbed)).not.toContain(key);
    expect(scrubbed).toEqual({
      path: '/v1/company/dsr_live_[redacted]',
      deep: { list: ['x', 'Bearer dsr_live_[redacted]'] },
      n: 3,
    });
    expect(value.path).toContain(key);
    expect(scrub(`key ${key} here`)).toBe('key dsr_live_[redacted] here');
  });

  it('keeps keys out of log lines: fields, messages, interpolation and authorization headers', () => {
    const { lines, log } = memoryLog();
    log.info({ path: `/v1/x/${key}`, status: 200 }, 'request');
    log.info(`message with ${key}`);
    log.info('formatted %s', key);
    log.info({ req: { headers: { authorization: `Bearer ${key}` } } }, 'headers');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).not.toContain(key);
    expect(lines[0]).toContain('/v1/x/dsr_live_[redacted]');
    expect(lines[3]).toContain('[redacted]');
  });

  it('censors every authorization field, whatever it holds and however deep, leaving the original untouched', () => {
    const { lines, log } = memoryLog();
    const fields = {
      authorization: 'Basic dXNlcjpwYXNz',
      upstream: { authorization: 'Bearer not-ours' },
      req: { headers: { authorization: 'Bearer also-not-ours', accept: 'application/json' } },
      status: 200,
    };
    log.info(fields, 'forwarded');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      authorization: '[redacted]',
      upstream: { authorization: '[redacted]' },
      req: { headers: { authorization: '[redacted]', accept: 'application/json' } },
      status: 200,
      msg: 'forwarded',
    });
    for (const secret of ['dXNlcjpwYXNz', 'not-ours']) expect(lines[0]).not.toContain(secret);
    expect(fields.upstream.authorization).toBe('Bearer not-ours');
  });

  it('writes the time as toISOString does, to the millisecond', () => {
    const second = Date.parse('2026-12-02T00:41:07Z');
    for (const now of [
      second,
      second + 9,
      second + 10,
      second + 99,
      second + 100,
      second + 999,
      second + 1000,
    ]) {
      expect(isoTime(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
    }
    expect(isoTime(second + 5)).toBe(`,"time":"${new Date(second + 5).toISOString()}"`);
    const { lines, log } = memoryLog();
    const before = Date.now();
    log.info('now');
    const time = Date.parse(JSON.parse(lines[0] as string).time);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });
});
