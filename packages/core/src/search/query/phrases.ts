import { phraseKeys, type Token } from './tokens.js';

/** How a phrase's first word must be written: `caps` all upper case (US, IT), `cap` capitalized (Jordan). */
export type Casing = 'any' | 'cap' | 'caps';

interface Entry<T> {
  keys: string[];
  value: T;
  casing: Casing;
}

export interface PhraseMatch<T> {
  value: T;
  /** Index one past the last matched token. */
  end: number;
}

/** Multi-word vocabulary looked up by first token; built once, longest phrase wins. */
export class PhraseIndex<T> {
  private readonly byFirst = new Map<string, Entry<T>[]>();

  /** Adds a phrase; `first`: it wins over an equally long phrase added before (stored data over defaults). */
  add(phrase: string, value: T, casing: Casing = 'any', first = false): this {
    const keys = phraseKeys(phrase);
    const head = keys[0];
    if (head === undefined) return this;
    const list = this.byFirst.get(head) ?? [];
    if (first) list.unshift({ keys, value, casing });
    else list.push({ keys, value, casing });
    list.sort((a, b) => b.keys.length - a.keys.length);
    this.byFirst.set(head, list);
    return this;
  }

  /** A copy to extend without touching this one. */
  copy(): PhraseIndex<T> {
    const out = new PhraseIndex<T>();
    for (const [key, list] of this.byFirst) out.byFirst.set(key, [...list]);
    return out;
  }

  /** Every word of every phrase (for spelling correction). */
  words(): string[] {
    const out = new Set<string>();
    for (const list of this.byFirst.values()) for (const e of list) for (const k of e.keys) out.add(k);
    return [...out];
  }

  /** The longest phrase starting at `i` whose tokens are all free. */
  match(tokens: readonly Token[], i: number, free: (i: number) => boolean): PhraseMatch<T> | undefined {
    const first = tokens[i];
    if (!first || !free(i)) return undefined;
    const list = this.byFirst.get(first.key);
    if (!list) return undefined;
    for (const entry of list) {
      if (this.fits(entry, tokens, i, free)) return { value: entry.value, end: i + entry.keys.length };
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.byFirst.has(key);
  }

  /** The keys phrases start with. */
  firstWords(): string[] {
    return [...this.byFirst.keys()];
  }

  private fits(entry: Entry<T>, tokens: readonly Token[], i: number, free: (i: number) => boolean): boolean {
    for (let k = 0; k < entry.keys.length; k++) {
      const token = tokens[i + k];
      if (!token || token.key !== entry.keys[k] || !free(i + k)) return false;
      // Casing is checked on the first word only ("IT services", "U.S.").
      if (k === 0 && entry.casing === 'caps' && !token.caps) return false;
      if (k === 0 && entry.casing === 'cap' && !token.cap) return false;
    }
    return true;
  }
}
