import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/client.js';
import { withReplicas } from '../src/replicas.js';

// Read routing over stand-in databases whose lag query answers what the test says: which
// database a read gets, as lag changes, a replica goes away, or an organization writes.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fake = (name: string, lag: () => number | Error) => {
  const db = {
    name,
    closed: false,
    driver: 'postgres',
    async query() {
      const value = lag();
      if (value instanceof Error) throw value;
      return [{ lag: value }];
    },
    async close() {
      db.closed = true;
    },
  };
  return db as unknown as Database & { name: string; closed: boolean };
};

const opened: Database[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

describe('read routing over replicas', () => {
  it('sends reads round the replicas within the lag bound, and to the primary when none is', async () => {
    const lags = { a: 0.2, b: 0.5 };
    const changes: string[] = [];
    const primary = fake('primary', () => 0);
    const a = fake('a', () => lags.a);
    const b = fake('b', () => lags.b);
    const routed = await withReplicas(primary, [a, b], {
      maxLagSeconds: 1,
      checkMs: 20,
      onChange: (m) => changes.push(m),
    });
    opened.push(routed);
    const names = () => new Set(Array.from({ length: 4 }, () => (routed.reader() as typeof a).name));
    expect(names()).toEqual(new Set(['a', 'b']));

    lags.b = 3; // b falls behind: only a serves reads
    await sleep(80);
    expect(names()).toEqual(new Set(['a']));
    expect(routed.replicaLags()).toEqual([0.2, 3]);
    expect(changes).toEqual(['read replica 2 is 3 s behind; its reads go to the primary']);

    lags.a = 2; // both behind: the primary
    await sleep(80);
    expect(names()).toEqual(new Set(['primary']));

    lags.a = 0; // caught up again
    await sleep(80);
    expect(names()).toEqual(new Set(['a']));
    expect(changes.at(-1)).toBe('read replica 1 serves reads again');
  });

  it('treats an unreachable replica as unfit from the first check', async () => {
    const changes: string[] = [];
    const primary = fake('primary', () => 0);
    const down = fake('down', () => new Error('connect ECONNREFUSED'));
    const routed = await withReplicas(primary, [down], {
      maxLagSeconds: 5,
      onChange: (m) => changes.push(m),
    });
    opened.push(routed);
    expect((routed.reader() as typeof down).name).toBe('primary');
    expect(routed.replicaLags()).toEqual([null]);
    expect(changes).toEqual([
      'read replica 1 cannot be reached (connect ECONNREFUSED); its reads go to the primary',
    ]);
  });

  it('keeps an organization that wrote on the primary for a while; others still use the replica', async () => {
    const primary = fake('primary', () => 0);
    const replica = fake('replica', () => 0);
    const routed = await withReplicas(primary, [replica], { maxLagSeconds: 0.02, checkMs: 10 });
    opened.push(routed);
    routed.noteWrite?.('org_writer');
    expect((routed.reader('org_writer') as typeof replica).name).toBe('primary');
    expect((routed.reader('org_other') as typeof replica).name).toBe('replica');
    expect((routed.reader() as typeof replica).name).toBe('replica');
    await sleep(80); // 2 × lag bound + one check later, the replica has the write
    expect((routed.reader('org_writer') as typeof replica).name).toBe('replica');
  });

  it('closes the replicas with the primary', async () => {
    const primary = fake('primary', () => 0);
    const replica = fake('replica', () => 0);
    const routed = await withReplicas(primary, [replica], { maxLagSeconds: 1 });
    await routed.close();
    expect(primary.closed).toBe(true);
    expect(replica.closed).toBe(true);
  });
});
