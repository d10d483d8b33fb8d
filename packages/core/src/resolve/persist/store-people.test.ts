import { entityRedirects, people } from '@dossier/db';
import { createTestDatabase } from '@dossier/testing';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../../testing/resolver-lab/evaluate.js';
import { generatePeople } from '../../../testing/resolver-lab/synthetic.js';
import { ingestRecords } from '../../ingest/ingest-records.js';
import type { PersonRecord } from '../types.js';

const asRow = (r: PersonRecord) => ({
  first_name: r.firstName,
  last_name: r.lastName,
  full_name: r.fullName,
  email: r.email,
  phone: r.phone,
  linkedin_url: r.linkedinUrl,
  company_name: r.companyName,
  company_domain: r.companyDomain,
  title: r.title,
  city: r.city,
  country: r.country,
});

describe('resolution against the persisted graph', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());
  const { records, truth } = generatePeople({ records: 450, seed: 5 });
  const graph = records.slice(0, 400);
  const entityOf = new Map<string, string>();

  it('resolves batches against what earlier batches stored, as precisely as the in-memory resolver', async () => {
    const db = await database;
    for (let i = 0; i < graph.length; i += 200) {
      const batch = graph.slice(i, i + 200);
      const outcomes = await ingestRecords(db, 'people', 'synthetic', batch.map(asRow));
      outcomes.forEach((o, k) => {
        expect(o.outcome, JSON.stringify(o)).not.toBe('rejected');
        entityOf.set((batch[k] as PersonRecord).recordId, o.entityId as string);
      });
    }
    // Merges move records: follow redirects to today's entity.
    const redirects = new Map((await db.db.select().from(entityRedirects)).map((r) => [r.fromId, r.toId]));
    const current = (id: string) => {
      let at = id;
      for (let next = redirects.get(at); next; next = redirects.get(at)) at = next;
      return at;
    };
    const clusters = [...entityOf].map(([recordId, id]) => ({ recordId, entityId: current(id) }));
    const quality = evaluate(
      clusters,
      graph.map((r) => ({ recordId: r.recordId, entityId: truth.get(r.recordId) as string })),
    );
    expect(quality.precision).toBeGreaterThanOrEqual(0.98);
    expect(quality.recall).toBeGreaterThanOrEqual(0.85);
    const [stored] = await db.db.select({ n: count() }).from(people);
    expect(Number(stored?.n)).toBe(new Set(clusters.map((c) => c.entityId)).size);
  });

  it('resolves one new record incrementally: it joins its person, or starts one', async () => {
    const db = await database;
    // The same person seen again by another source: address in other case, a new title.
    const peer = graph.find((g) => g.email && g.linkedinUrl && g.firstName) as PersonRecord;
    const again = {
      ...peer,
      recordId: 'again',
      email: peer.email?.toUpperCase(),
      title: 'Chief Everything Officer',
    };
    const [joined] = await ingestRecords(db, 'people', 'one', [asRow(again)]);
    expect(joined).toMatchObject({ outcome: 'merged' });
    const redirects = new Map((await db.db.select().from(entityRedirects)).map((r) => [r.fromId, r.toId]));
    const peerEntity = entityOf.get(peer.recordId) as string;
    expect([peerEntity, redirects.get(peerEntity)]).toContain(joined?.entityId);

    const [fresh] = await ingestRecords(db, 'people', 'one', [
      {
        first_name: 'Zephyrine',
        last_name: 'Quillfeather',
        email: 'zq@nowhere-else.example',
        title: 'Botanist',
      },
    ]);
    expect(fresh).toMatchObject({ outcome: 'loaded', entityId: expect.stringMatching(/^per_/) });
  });
});

describe('a common name in a graph full of namesakes', () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());
  const employers = `acme borealis cinder dunmore everwell foxglove granary halcyon ironbark juniper kestrel
lodestar marigold nettle obsidian pemberton quarry rosewood saffron thistle umber verdant wexford yarrow`.split(
    /\s+/,
  );

  it('starts a new person for a bare record that matches many stored namesakes on names and city alone', async () => {
    const db = await database;
    const cities = ['London', 'Paris', 'Berlin', 'Austin'];
    const smiths = employers.map((e, i) => ({
      first_name: 'John',
      last_name: 'Smith',
      email: `john.smith@${e}.example`,
      company_name: e,
      city: cities[i % cities.length] as string,
    }));
    const stored = await ingestRecords(db, 'people', 'crm', smiths);
    expect(new Set(stored.map((o) => o.entityId)).size).toBe(employers.length);
    const [bare] = await ingestRecords(db, 'people', 'events', [
      { first_name: 'John', last_name: 'Smith', city: 'London' },
    ]);
    expect(bare).toMatchObject({ outcome: 'loaded' });
    // The employer still tells one John Smith from the others.
    const [known] = await ingestRecords(db, 'people', 'events', [
      { first_name: 'John', last_name: 'Smith', company_name: 'Halcyon Ltd' },
    ]);
    expect(known).toMatchObject({
      outcome: 'merged',
      entityId: stored[employers.indexOf('halcyon')]?.entityId,
    });
  });
});
