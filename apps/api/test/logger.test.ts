import { describe, expect, it } from 'vitest';
import { scrub } from '../src/index.js';
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
});
