import type { Database } from '@dossier/db';
import { industryIdOf } from './industry-keys.js';
import { knownCountries, type QueryVocab } from './query/index.js';
import type { StoredPlace, TechnologyTerm } from './query/technologies.js';
import { storedVocabValues } from './store.js';
import { searchVocab } from './vocab.js';

/** How long a vocabulary serves before the next search reloads it (in the background). */
export const VOCAB_REFRESH_MS = 60_000;
// The most common values only: a long tail of one-off spellings would slow every reading.
const MAX_PLACES = 5000;
const MAX_TAGS = 500;
const MAX_INDUSTRIES = 1000;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string): string | undefined => {
  const known = knownCountries.get(code);
  if (known) return known;
  try {
    const name = regionNames.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
};

/** Technologies with no dotted ending too: "Vue.js" is also "Vue". */
const techTerm = (slug: string, name: string): TechnologyTerm => {
  const bare = name.replace(/\.js$/i, '');
  return { slug, name, aliases: bare !== name && bare.length >= 3 ? [bare] : [] };
};

/**
 * Every technology, industry, city, region, country and tag the data holds, on top of the
 * built-in vocabulary, so that each stored value is found by its own name.
 */
async function load(database: Database): Promise<QueryVocab> {
  const { tech, industries, places, countries, tags } = await storedVocabValues(database, {
    places: MAX_PLACES,
    tags: MAX_TAGS,
    industries: MAX_INDUSTRIES,
  });
  const stored: StoredPlace[] = [...places];
  for (const { country } of countries) {
    const name = countryName(country.toUpperCase());
    if (name) stored.push({ kind: 'country', code: country.toUpperCase(), name });
  }
  return {
    ...searchVocab,
    storedTechnologies: tech.map((t) => techTerm(t.slug, t.name)),
    industries: industries.flatMap(({ industry }) => {
      const id = industryIdOf(industry);
      return id ? [{ name: industry, id }] : [];
    }),
    places: stored,
    tags: [...new Set([...(searchVocab.tags ?? []), ...tags.map((t) => t.tag)])],
  };
}

interface Entry {
  vocab?: QueryVocab;
  at: number;
  loading?: Promise<QueryVocab>;
}

const cache = new WeakMap<Database, Entry>();

/**
 * The reader's vocabulary for this database: built-in lists plus the stored values. Loaded on the
 * first search; after `VOCAB_REFRESH_MS` the next search starts a reload and keeps reading with the
 * current one until it is done, so new data is found within about a minute without ever waiting.
 */
export function searchVocabOf(database: Database, now = Date.now()): Promise<QueryVocab> {
  const entry = cache.get(database);
  if (entry?.vocab) {
    if (now - entry.at >= VOCAB_REFRESH_MS && !entry.loading) reload(database, entry).catch(() => {});
    return Promise.resolve(entry.vocab);
  }
  if (entry?.loading) return entry.loading;
  const fresh: Entry = { at: now };
  cache.set(database, fresh);
  return reload(database, fresh).catch((error) => {
    cache.delete(database);
    throw error;
  });
}

function reload(database: Database, entry: Entry): Promise<QueryVocab> {
  const started = Date.now();
  entry.loading = load(database).then(
    (vocab) => {
      entry.vocab = vocab;
      entry.at = started;
      entry.loading = undefined;
      return vocab;
    },
    (error) => {
      entry.loading = undefined;
      throw error;
    },
  );
  return entry.loading;
}

/** Reloads the vocabulary now (after a bulk load, or in tests); the next search reads with it. */
export async function refreshSearchVocab(database: Database): Promise<QueryVocab> {
  const entry = cache.get(database) ?? { at: 0 };
  cache.set(database, entry);
  return reload(database, entry);
}
