import { describe, expect, it } from 'vitest';
import { defaultPersonModel } from '../model.js';
import { type Entity, linkBatch } from './link.js';
import { checkPerson, type PersonValue } from './person-value.js';

const value = (fields: Record<string, string>): PersonValue => {
  const checked = checkPerson(fields);
  if (!checked.ok) throw new Error('fixture must be valid');
  return checked.value;
};

/** Links `rows` in order, as an import's batches do, and returns every row's entity id. */
const link = (rows: Record<string, string>[], graphPersons?: number) => {
  const entities = new Map<string, Entity>();
  const keyIndex = new Map<string, Set<string>>();
  let n = 0;
  const ids: string[] = [];
  for (const row of rows) {
    const { linked } = linkBatch(
      [{ value: value(row), trust: 0.5, seenAt: new Date() }],
      entities,
      keyIndex,
      {
        model: defaultPersonModel(),
        priorRecords: 1000,
        graphPersons: graphPersons ?? Math.max(1, entities.size),
        newEntityId: () => `per_${n++}`,
      },
    );
    ids.push(linked[0]?.entityId as string);
  }
  return ids;
};

const CITIES = ['London', 'Paris', 'Berlin', 'Austin', 'Boston'];
// Thirty employers whose names and domains look nothing alike.
const EMPLOYERS = `acme borealis cinder dunmore everwell foxglove granary halcyon ironbark juniper kestrel
lodestar marigold nettle obsidian pemberton quarry rosewood saffron thistle umber verdant wexford
yarrow zephyr albion brightwater coldharbour dovetail ember`.split(/\s+/);

describe('linkBatch on a growing graph', () => {
  it('does not join a common name to one of its many namesakes on names and place alone', () => {
    // Thirty different John Smiths, each at an employer of his own, five of them in London.
    const smiths = Array.from({ length: 30 }, (_, i) => ({
      first_name: 'John',
      last_name: 'Smith',
      email: `john.smith@${EMPLOYERS[i]}.example`,
      company_name: EMPLOYERS[i] as string,
      city: CITIES[i % CITIES.length] as string,
      country: 'GB',
    }));
    const ids = link([...smiths, { first_name: 'John', last_name: 'Smith', city: 'London', country: 'GB' }]);
    expect(new Set(ids.slice(0, 30)).size).toBe(30);
    expect(ids.slice(0, 30)).not.toContain(ids[30]);
  });

  it('still joins a common name at the same employer', () => {
    const smiths = Array.from({ length: 30 }, (_, i) => ({
      first_name: 'John',
      last_name: 'Smith',
      email: `john.smith@${EMPLOYERS[i]}.example`,
      company_name: EMPLOYERS[i] as string,
      city: 'London',
    }));
    const ids = link([
      ...smiths,
      { first_name: 'John', last_name: 'Smith', company_name: 'Halcyon Ltd', city: 'London' },
    ]);
    expect(ids[30]).toBe(ids[7]);
  });

  it('links a rare name on names and city in a small graph, not in a graph of a million', () => {
    const rows: Record<string, string>[] = [
      {
        first_name: 'Zephyrine',
        last_name: 'Quillfeather',
        company_name: 'Umbrella',
        city: 'Oslo',
        title: 'CTO',
      },
      { first_name: 'Zephyrine', last_name: 'Quillfeather', city: 'Oslo' },
    ];
    const small = link(rows, 500);
    expect(small[1]).toBe(small[0]);
    const large = link(rows, 1_000_000);
    expect(large[1]).not.toBe(large[0]);
  });
});
