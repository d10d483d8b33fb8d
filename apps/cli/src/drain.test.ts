import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createDrain } from './drain.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the shutdown drain', () => {
  it('lets running requests finish, refuses new ones with 503 and Retry-After', async () => {
    const drain = createDrain(7);
    const fetch = drain.wrap(async () => {
      await sleep(50);
      return new Response('done');
    });
    const running = fetch(new Request('http://x/'));
    drain.begin();
    const refused = await fetch(new Request('http://x/'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect((await refused.json()).error).toBe('unavailable');
    await drain.settle(1_000);
    expect(await (await running).text()).toBe('done');
    expect(drain.inFlight()).toBe(0);
  });

  it('answers a request still running at the deadline with 503 instead of dropping it', async () => {
    const drain = createDrain();
    const fetch = drain.wrap(() => new Promise<Response>(() => {})); // never finishes
    const running = fetch(new Request('http://x/'));
    drain.begin();
    const started = Date.now();
    await drain.settle(100);
    expect(Date.now() - started).toBeLessThan(1_000);
    const res = await running;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('tells every client answered while stopping to close its connection', async () => {
    const drain = createDrain();
    const fetch = drain.wrap(async () => {
      await sleep(30);
      return Response.json({ ok: true }, { headers: { 'x-kept': 'yes' } });
    });
    const before = await fetch(new Request('http://x/'));
    expect(before.headers.get('connection')).toBeNull();
    const running = fetch(new Request('http://x/'));
    drain.begin();
    const finished = await running;
    expect(finished.headers.get('connection')).toBe('close');
    expect(finished.headers.get('x-kept')).toBe('yes');
    expect(await finished.json()).toEqual({ ok: true });
    expect((await fetch(new Request('http://x/'))).headers.get('connection')).toBe('close');
  });

  it('keeps nothing of a request once it is answered', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const drain = createDrain();
    const answer = new Response('ok');
    const fetch = drain.wrap(async () => answer);
    const heapAfter = async (requests: number) => {
      for (let i = 0; i < requests; i++) await fetch(new Request('http://x/'));
      gc();
      return process.memoryUsage().heapUsed;
    };
    const start = await heapAfter(1_000);
    // Something kept per request (about 400 bytes when each raced a shared deadline) would be
    // some 40 MB here.
    expect((await heapAfter(100_000)) - start).toBeLessThan(10_000_000);
  });
});
