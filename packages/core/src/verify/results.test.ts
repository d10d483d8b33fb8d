import { describe, expect, it } from 'vitest';
import { greylistRetryDelayS } from './greylist.js';
import { KeyedSemaphore, mapPool, Pacer } from './limits.js';
import { verifyRequestSchema } from './schema.js';
import { scoreFor, toEmailStatus } from './score.js';

const flags = (accept_all: boolean | null, role = false) => ({
  role,
  free: false,
  disposable: false,
  accept_all,
});

describe('toEmailStatus', () => {
  it('maps verification results to the contact email_status', () => {
    expect(toEmailStatus({ status: 'deliverable', reason: 'accepted', flags: flags(false) })).toBe(
      'verified',
    );
    expect(toEmailStatus({ status: 'deliverable', reason: 'accepted', flags: flags(null) })).toBe('valid');
    expect(toEmailStatus({ status: 'risky', reason: 'accept_all', flags: flags(true) })).toBe('accept_all');
    expect(toEmailStatus({ status: 'risky', reason: 'mailbox_full', flags: flags(false) })).toBe('valid');
    expect(toEmailStatus({ status: 'risky', reason: 'disposable', flags: flags(null) })).toBe('unknown');
    expect(toEmailStatus({ status: 'undeliverable', reason: 'mailbox_not_found', flags: flags(false) })).toBe(
      'invalid',
    );
    expect(toEmailStatus({ status: 'unknown', reason: 'greylisted', flags: flags(null) })).toBe('unknown');
  });
});

describe('scoreFor', () => {
  it('orders confidence sensibly and stays in 0..100', () => {
    const confirmed = scoreFor('deliverable', 'accepted', flags(false));
    const catchAll = scoreFor('risky', 'accept_all', flags(true));
    const unknown = scoreFor('unknown', 'timeout', flags(null));
    const bad = scoreFor('undeliverable', 'mailbox_not_found', flags(false));
    expect(confirmed).toBeGreaterThan(catchAll);
    expect(catchAll).toBeGreaterThan(unknown);
    expect(unknown).toBeGreaterThan(bad);
    expect(scoreFor('deliverable', 'accepted', flags(false, true))).toBeLessThan(confirmed);
    expect(bad).toBeGreaterThanOrEqual(0);
  });
});

describe('verifyRequestSchema', () => {
  it('takes { emails } or { email } and gives a list', () => {
    expect(verifyRequestSchema.parse({ email: 'a@b.com' })).toEqual({ emails: ['a@b.com'] });
    expect(verifyRequestSchema.parse({ emails: ['a@b.com', 'c@d.com'] })).toEqual({
      emails: ['a@b.com', 'c@d.com'],
    });
  });

  it('refuses empty, oversized and mixed bodies', () => {
    expect(verifyRequestSchema.safeParse({ emails: [] }).success).toBe(false);
    expect(
      verifyRequestSchema.safeParse({ emails: Array.from({ length: 101 }, () => 'a@b.com') }).success,
    ).toBe(false);
    expect(verifyRequestSchema.safeParse({ email: 'a@b.com', emails: ['a@b.com'] }).success).toBe(false);
    expect(verifyRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('greylistRetryDelayS', () => {
  it('spreads three retries over 5 to 15 minutes', () => {
    expect([1, 2, 3, 4].map(greylistRetryDelayS)).toEqual([300, 600, 900, null]);
  });
});

describe('limits', () => {
  it('paces session starts per provider', async () => {
    const pacer = new Pacer({ microsoft365: 40 });
    const started = Date.now();
    await Promise.all([
      pacer.wait('microsoft365'),
      pacer.wait('microsoft365'),
      pacer.wait('microsoft365'),
      pacer.wait('google'),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('caps holders per key and hands the slot on', async () => {
    const semaphore = new KeyedSemaphore(1);
    const order: string[] = [];
    const first = await semaphore.acquire('mx');
    const second = semaphore.acquire('mx').then((release) => {
      order.push('second');
      release();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    order.push('first-done');
    first();
    await second;
    expect(order).toEqual(['first-done', 'second']);
  });

  it('maps with a concurrency limit, keeping order', async () => {
    let active = 0;
    let peak = 0;
    const out = await mapPool([1, 2, 3, 4, 5], 2, async (n) => {
      peak = Math.max(peak, ++active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active--;
      return n * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10]);
    expect(peak).toBe(2);
  });
});
