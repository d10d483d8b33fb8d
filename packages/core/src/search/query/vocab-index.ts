import { type IndustryId, industryIds, industryIndex } from './industries.js';
import { PhraseIndex } from './phrases.js';
import { type Place, placeIndex } from './places.js';
import { roleIndex } from './roles.js';
import { Speller } from './spelling.js';
import type { QueryVocab, TechHit } from './technologies.js';
import { techIndexOf } from './technologies.js';
import { tokenize } from './tokens.js';
import * as words from './words.js';

// The fixed vocabulary of words.ts: phrase lists (their words may be corrected to) and word sets
// (grammar, units: known, so never corrected, but no target either).
const fixed: unknown[] = Object.values(words);
const FIXED_PHRASES = fixed.filter((v): v is PhraseIndex<unknown> => v instanceof PhraseIndex);
const FIXED_WORDS = new Set<string>(fixed.flatMap((v) => (v instanceof Set ? [...(v as Set<string>)] : [])));

/** The phrase indexes the reader uses for one vocabulary: the built-in lists plus stored values. */
export interface VocabIndex {
  tech: PhraseIndex<TechHit>;
  industries: PhraseIndex<IndustryId>;
  places: PhraseIndex<Place>;
  /** Stored tags by their own words. */
  tags: PhraseIndex<string>;
  /** Corrects misspellings to words of these indexes and the fixed vocabulary. */
  speller: Speller;
}

const cache = new WeakMap<QueryVocab, VocabIndex>();
const ids = new Set<string>(industryIds);
const always = () => true;

/** What the built-in place list reads `name` as, when it reads all of it. */
const builtInPlace = (name: string): Place | undefined => {
  const tokens = tokenize(name);
  const m = placeIndex.match(tokens, 0, always);
  return m && m.end === tokens.length ? m.value : undefined;
};

const addPlaces = (places: PhraseIndex<Place>, vocab: QueryVocab): void => {
  for (const p of vocab.places ?? []) {
    if (p.kind === 'country') {
      if (!builtInPlace(p.name)) places.add(p.name, { kind: 'country', name: p.name, codes: [p.code] });
      continue;
    }
    if (p.name.length < 3) continue;
    const known = builtInPlace(p.name);
    // A stored city the list knows by another spelling is read as stored ("Bengaluru", not
    // "Bangalore"); a name the list reads as another kind of place ("Singapore": a country) stays so.
    if (known && known.kind !== p.kind) continue;
    if (known && known.name === p.name) continue;
    places.add(p.name, { kind: p.kind, name: p.name, country: p.country }, 'any', true);
  }
};

/** The indexes of a vocabulary, built on first use and kept while the vocabulary lives. */
export const vocabIndexOf = (vocab: QueryVocab): VocabIndex => {
  const cached = cache.get(vocab);
  if (cached) return cached;
  const industries = industryIndex.copy();
  for (const { name, id } of vocab.industries ?? []) {
    if (!ids.has(id)) continue;
    const tokens = tokenize(name);
    const m = industries.match(tokens, 0, always);
    if (!m || m.end !== tokens.length) industries.add(name, id as IndustryId);
  }
  const places = placeIndex.copy();
  addPlaces(places, vocab);
  const tags = new PhraseIndex<string>();
  for (const tag of vocab.tags ?? []) if (tag.length >= 2) tags.add(tag.replaceAll('-', ' '), tag);
  const tech = techIndexOf(vocab);
  const filterWords = new Set<string>(
    [tech, industries, places, tags, ...Object.values(roleIndex), ...FIXED_PHRASES].flatMap(
      (i: PhraseIndex<unknown>) => i.words(),
    ),
  );
  const known = new Set<string>([...filterWords, ...FIXED_WORDS]);
  for (const w of FIXED_WORDS) filterWords.delete(w);
  const index = { tech, industries, places, tags, speller: new Speller(known, filterWords) };
  cache.set(vocab, index);
  return index;
};
