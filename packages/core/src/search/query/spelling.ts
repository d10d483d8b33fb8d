/**
 * Spelling tolerance: a word no vocabulary knows is read as the one known word nearest to it
 * ("salesfroce" -> salesforce, "finacial" -> financial, "Isreal" -> israel), when that word is
 * unambiguous: one edit away (a letter added, dropped, changed, or two swapped) for words of five
 * to seven letters, two for longer ones, and no other known word as near. Short words are never
 * corrected: too many are one edit from something. The first letter is taken as written (it is
 * rarely the mistyped one), which keeps the words compared per query to a few dozen.
 */
export class Speller {
  private readonly byStart = new Map<string, { word: string; mask: number }[]>();

  /** `known`: every word a sentence may hold; `targets`: the words a misspelling may be read as. */
  constructor(
    private readonly known: ReadonlySet<string>,
    targets: Iterable<string>,
  ) {
    for (const word of targets) {
      if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
      const key = `${word[0]}${word.length}`;
      const list = this.byStart.get(key) ?? [];
      list.push({ word, mask: letters(word) });
      this.byStart.set(key, list);
    }
  }

  /** The known word `word` is a misspelling of, if exactly one is near enough. */
  correct(word: string): string | undefined {
    if (word.length < 5 || this.known.has(word) || !/^[a-z]+$/.test(word)) return undefined;
    const limit = word.length >= 8 ? 2 : 1;
    let best: string | undefined;
    let bestDistance = limit + 1;
    let ties = 0;
    const mask = letters(word);
    for (let len = word.length - limit; len <= word.length + limit; len++) {
      for (const { word: candidate, mask: other } of this.byStart.get(`${word[0]}${len}`) ?? []) {
        // Each edit changes at most two of the letters used: a cheap test before the distance.
        if (bits(mask ^ other) > 2 * limit) continue;
        const d = distance(word, candidate, bestDistance);
        if (d < bestDistance) {
          best = candidate;
          bestDistance = d;
          ties = 0;
        } else if (d === bestDistance && candidate !== best) ties++;
      }
    }
    if (best === undefined || bestDistance > limit || ties > 0) return undefined;
    // Five letters are one edit from too many words ("green" -> greek): only two letters swapped.
    if (word.length < 6 && !swapped(word, best)) return undefined;
    return best;
  }
}

/** The same letters in another order. */
const swapped = (a: string, b: string): boolean =>
  a.length === b.length && [...a].sort().join('') === [...b].sort().join('');

/** The set of letters a word uses, one bit each. */
const letters = (word: string): number => {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) - 97);
  return mask;
};

const bits = (n: number): number => {
  let count = 0;
  for (let v = n; v !== 0; v &= v - 1) count++;
  return count;
};

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), cut off at `max`. */
export function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      if (d < low) low = d;
    }
    if (low > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}
