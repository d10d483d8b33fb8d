import { industryIndex } from './industries.js';
import { placeIndex } from './places.js';
import { roleIndex } from './roles.js';
import type { CompanySearchFilters, PeopleSearchFilters, SearchEntity } from './schema.js';
import { defaultVocab, type QueryVocab, type TechHit } from './technologies.js';
import { type Token, tokenize } from './tokens.js';
import { type VocabIndex, vocabIndexOf } from './vocab-index.js';
import {
  BARE_COUNT_FOLLOWERS,
  COMPANY_NOUNS,
  COMPANY_TYPES,
  COMPARATORS,
  CONTACT_FLAGS,
  type Comparison,
  DEPARTMENT_NOUNS,
  EMPLOYEE_UNITS,
  FOUNDED_WORDS,
  HAS_DOMAIN,
  LEGAL_NAME_NOUNS,
  MODEL_TAGS,
  MULTIPLIERS,
  NAME_NOUNS,
  NEGATION_FILLERS,
  NEGATION_PAIRS,
  NEGATIONS,
  REVENUE_UNITS,
  SIZE_ADJECTIVES,
  SIZE_NOUNS,
  type Size,
  STOPWORDS,
  TECH_POSTFIX,
  TECH_TRIGGERS,
  TRAILING_COMPARATORS,
} from './words.js';

/** One piece of the sentence and the filter it became. */
export interface MatchedFilter {
  /** The words as written. */
  text: string;
  /** Filter path, e.g. `country`, `technologies.all`, `company.industry`. */
  filter: string;
  value: unknown;
}

/** A word read as the nearest known one ("salesfroce" -> "salesforce"). */
export interface Correction {
  from: string;
  to: string;
}

/** Words that may name a company, for the search to look up in the data. */
export interface NameCandidate {
  text: string;
  /** The same words as they stand in `unused_words`. */
  words: string[];
}

export interface Interpretation<F> {
  filters: F;
  /** What no filter took, stopwords removed, lower case: for full-text relevance. */
  leftover: string;
  /** The words of `leftover`, one by one: no filter used them; they only rank. */
  unused_words: string[];
  /** Misspelled words read as the nearest known value. */
  corrections: Correction[];
  matched: MatchedFilter[];
  /** People: words after "at" that may be a company's name (the search resolves and removes it). */
  company_name?: NameCandidate;
}

type Target = 'company' | 'person';
type Bag = Record<string, unknown>;

// used[] states: free, read as a filter, read as an industry (size adjectives may span it), a name.
const FREE = 0;
const READ = 1;
const INDUSTRY = 3;
const NAME = 2;

const YEAR_RE = /^\d{4}$/;
const LIST_GAP_RE = /[,&/]/;
const RANGE_GAP_RE = /[-–]/;
const REVENUE_FILLER = new Set(['in', 'of', 'annual', 'yearly', 'the']);
const DECADE_RE = /^(\d{3})0s$/;
// The bounds of the schema, so that what is read always validates.
const MIN_YEAR = 1600;
const MAX_YEAR = 2100;
const MAX_EMPLOYEES = 10_000_000;
const MAX_REVENUE = 1e13;

const oneOrMany = <T>(items: readonly T[]): T | readonly T[] =>
  items.length === 1 ? (items[0] as T) : items;

const within = (r: { min?: number; max?: number }, lowest: number, highest: number): boolean =>
  (r.min === undefined || (r.min >= lowest && r.min <= highest)) &&
  (r.max === undefined || (r.max >= lowest && r.max <= highest));

// Every word that starts some phrase of the fixed vocabulary (technologies are per vocab).
const KNOWN_WORDS: ReadonlySet<string> = new Set<string>([
  ...STOPWORDS,
  ...EMPLOYEE_UNITS,
  ...REVENUE_UNITS,
  ...FOUNDED_WORDS,
  ...NEGATIONS,
  ...TECH_POSTFIX,
  ...[
    placeIndex,
    industryIndex,
    roleIndex.chiefs,
    roleIndex.levels,
    roleIndex.prefixes,
    roleIndex.departments,
    roleIndex.titles,
    SIZE_NOUNS,
    SIZE_ADJECTIVES,
    COMPANY_TYPES,
    COMPARATORS,
    TRAILING_COMPARATORS,
    MULTIPLIERS,
    TECH_TRIGGERS,
    HAS_DOMAIN,
    CONTACT_FLAGS,
  ].flatMap((index) => index.firstWords()),
]);

interface Amount {
  lo: number;
  hi?: number;
  cmp?: Comparison;
  money: boolean;
  /** Index one past the amount. */
  end: number;
}

class Reader {
  readonly used: Uint8Array;
  /** Tokens read as an exclusion, so that a list continues one: "not in the US or Canada". */
  private readonly negated: Uint8Array;
  readonly company: Bag = {};
  readonly person: Bag = {};
  readonly matched: MatchedFilter[] = [];
  /** For people: places from here on describe the company ("... at startups in Berlin"). */
  private companyClause: number;
  readonly free = (i: number): boolean => this.used[i] === FREE;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
    private readonly entity: SearchEntity,
    private readonly vocab: VocabIndex,
  ) {
    this.used = new Uint8Array(tokens.length);
    this.negated = new Uint8Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) if (tokens[i]?.quoted) this.used[i] = NAME;
    this.companyClause = tokens.length;
  }

  /** Misspelled words, read as the known word nearest to them (kept only if a filter takes them). */
  private readonly typos = new Map<number, string>();

  spell(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const t = this.tokens[i] as Token;
      if (t.quoted || t.num !== undefined || !this.free(i) || this.known(t)) continue;
      const to = this.vocab.speller.correct(t.key);
      if (!to) continue;
      this.typos.set(i, t.key);
      this.tokens[i] = { ...t, key: to };
    }
  }

  /** The corrections a filter used; the others go back to the words as written. */
  corrections(): Correction[] {
    const out: Correction[] = [];
    for (const [i, from] of this.typos) {
      const t = this.tokens[i] as Token;
      if (this.used[i] === READ || this.used[i] === INDUSTRY) out.push({ from: t.lower, to: t.key });
      else this.tokens[i] = { ...t, key: from };
    }
    return out;
  }

  /** Where a people query starts talking about the company: "at", "of" (once roles took "VP of"), "work for". */
  findCompanyClause(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const k = this.key(i);
      if (!this.free(i)) continue;
      if (k === 'at' || k === 'of' || k === 'employed' || (k === 'for' && this.key(i - 1) === 'work')) {
        this.companyClause = i;
        return;
      }
    }
  }

  private key(i: number): string | undefined {
    return this.tokens[i]?.key;
  }

  private record(
    from: number,
    to: number,
    target: Target,
    filter: string,
    value: unknown,
    state = READ,
  ): void {
    for (let k = from; k < to; k++) this.used[k] = state;
    const first = this.tokens[from];
    const last = this.tokens[to - 1];
    if (!first || !last) return;
    const path = this.entity === 'people' && target === 'company' ? `company.${filter}` : filter;
    this.matched.push({ text: this.text.slice(first.start, last.end), filter: path, value });
  }

  /**
   * Where the negation governing the phrase at `start` begins, or -1: "not in the US", "outside of
   * Germany", "excluding manufacturing", "non-US", "other than", or the next item of a negated list
   * ("not in the US or Canada", "excluding retail, energy and logistics").
   */
  negation(start: number): number {
    let k = start - 1;
    while (k >= 0 && this.free(k) && NEGATION_FILLERS.has(this.key(k) ?? '')) k--;
    if (k < 0) return -1;
    const word = this.key(k) ?? '';
    if (this.free(k) && NEGATIONS.has(word)) return k;
    if (this.free(k) && this.free(k - 1) && NEGATION_PAIRS.get(word)?.has(this.key(k - 1) ?? ''))
      return k - 1;
    if ((word === 'and' || word === 'or' || word === 'nor') && this.free(k) && this.negated[k - 1]) return k;
    if (this.negated[k] && LIST_GAP_RE.test(this.tokens[k + 1]?.gap ?? '')) return k + 1;
    return -1;
  }

  /** Records an exclusion read from `lead` (the negation) to `end`: `exclude.<key>` of the target. */
  private exclude(lead: number, end: number, target: Target, key: string, values: unknown[]): void {
    const bag = this.bag(target);
    const exclude = (bag.exclude as Bag | undefined) ?? {};
    bag.exclude = exclude;
    const list = (exclude[key] as unknown[] | undefined) ?? [];
    for (const v of values) if (!list.includes(v)) list.push(v);
    exclude[key] = list;
    this.record(lead, end, target, `exclude.${key}`, values.length === 1 ? values[0] : values);
    for (let k = lead; k < end; k++) this.negated[k] = 1;
  }

  private bag(target: Target): Bag {
    return target === 'company' ? this.company : this.person;
  }

  private addItem(target: Target, key: string, value: unknown): void {
    const bag = this.bag(target);
    const list = (bag[key] as unknown[] | undefined) ?? [];
    if (!list.includes(value)) list.push(value);
    bag[key] = list;
  }

  // --- names ----------------------------------------------------------------------------------

  /** A word that starts some vocabulary phrase, so it cannot be part of an unknown name. */
  private known(token: Token): boolean {
    const k = token.key;
    const v = this.vocab;
    return (
      token.num !== undefined || KNOWN_WORDS.has(k) || v.tech.has(k) || v.places.has(k) || v.industries.has(k)
    );
  }

  /**
   * Place names that are part of a name stay words: "Berlin Labs", "Boston Consulting Group",
   * "Paris Hilton". Rule: a place followed by a company-name noun (Labs, Capital, Group, ...), or a
   * capitalized place followed by capitalized words of which one is such a noun or the first is
   * no vocabulary word; also capitalized words after "called"/"named".
   */
  names(): void {
    const { tokens } = this;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as Token;
      if (token.key === 'called' || token.key === 'named') {
        for (let j = i + 1; j < tokens.length && tokens[j]?.cap && this.free(j); j++) this.used[j] = NAME;
        continue;
      }
      const place = this.vocab.places.match(tokens, i, this.free);
      if (!place) continue;
      // "Bank of America", "University of Toronto"
      const before = tokens[i - 2];
      if (
        token.cap &&
        before?.cap &&
        this.key(i - 1) === 'of' &&
        NAME_NOUNS.has(before.key) &&
        this.free(i - 2)
      ) {
        for (let j = i - 2; j < place.end; j++) this.used[j] = NAME;
        i = place.end - 1;
        continue;
      }
      let end = 0;
      const next = tokens[place.end];
      if (next && this.free(place.end) && LEGAL_NAME_NOUNS.has(next.key)) end = place.end + 1;
      if (token.cap) {
        for (let j = place.end; j < tokens.length && j < place.end + 4; j++) {
          const t = tokens[j] as Token;
          if (!t.cap || !this.free(j) || STOPWORDS.has(t.key)) break;
          if (NAME_NOUNS.has(t.key) || (j === place.end && !this.known(t))) end = j + 1;
        }
      }
      for (let j = i; j < end; j++) this.used[j] = NAME;
      if (end > 0) i = end - 1;
    }
  }

  // --- people ---------------------------------------------------------------------------------

  /** Departments after a level: "of sales", "of sales and marketing", "Sales". */
  private departments(j: number): { values: string[]; end: number } {
    const values: string[] = [];
    let at = j;
    if (this.key(at) === 'of' || this.key(at) === 'for') at++;
    for (;;) {
      const people = this.key(at) === 'people' && values.length === 0 && at > j;
      const d = people
        ? { value: 'hr', end: at + 1 }
        : roleIndex.departments.match(this.tokens, at, this.free);
      if (!d) break;
      values.push(d.value);
      j = d.end;
      const sep = this.key(d.end);
      if ((sep === 'and' || sep === 'or') && roleIndex.departments.match(this.tokens, d.end + 1, this.free)) {
        at = d.end + 1;
      } else if (LIST_GAP_RE.test(this.tokens[d.end]?.gap ?? '')) {
        at = d.end;
      } else break;
    }
    return { values, end: j };
  }

  roles(): void {
    const { tokens, free } = this;
    for (let i = 0; i < tokens.length; i++) {
      if (!free(i)) continue;
      const chief = roleIndex.chiefs.match(tokens, i, free);
      const lead = this.negation(i);
      if (chief && lead >= 0) {
        this.exclude(lead, chief.end, 'person', 'title', chief.value.title ?? []);
        i = chief.end - 1;
        continue;
      }
      if (chief) {
        for (const t of chief.value.title ?? []) this.addItem('person', 'title', t);
        this.addItem('person', 'seniority', 'cxo');
        this.record(i, chief.end, 'person', 'title', chief.value.title);
        this.matched.push({ ...(this.matched.at(-1) as MatchedFilter), filter: 'seniority', value: 'cxo' });
        i = chief.end - 1;
        continue;
      }
      const prefix = roleIndex.prefixes.match(tokens, i, free);
      const titled = prefix && roleIndex.titles.match(tokens, prefix.end, free);
      if (prefix && titled && lead >= 0) {
        this.exclude(lead, titled.end, 'person', 'title', titled.value.titles);
        i = titled.end - 1;
        continue;
      }
      if (prefix && titled) {
        this.addItem('person', 'seniority', prefix.value);
        for (const t of titled.value.titles) this.addItem('person', 'title', t);
        this.record(i, titled.end, 'person', 'title', oneOrMany(titled.value.titles));
        this.matched.push({
          ...(this.matched.at(-1) as MatchedFilter),
          filter: 'seniority',
          value: prefix.value,
        });
        i = titled.end - 1;
        continue;
      }
      const title = roleIndex.titles.match(tokens, i, free);
      if (title && lead >= 0) {
        this.exclude(lead, title.end, 'person', 'title', title.value.titles);
        i = title.end - 1;
        continue;
      }
      if (title) {
        for (const t of title.value.titles) this.addItem('person', 'title', t);
        this.record(i, title.end, 'person', 'title', oneOrMany(title.value.titles));
        i = title.end - 1;
        continue;
      }
      const level = roleIndex.levels.match(tokens, i, free);
      if (level) {
        const depts = this.departments(level.end);
        const word = this.key(i);
        if (depts.values.length === 0 && (word === 'head' || word === 'lead')) continue;
        const end = depts.values.length > 0 ? depts.end : level.end;
        if (lead >= 0) {
          // "not VPs of sales": leave out the level (and department, when it was named alone).
          this.exclude(lead, end, 'person', 'seniority', level.value);
          i = end - 1;
          continue;
        }
        this.level(i, depts.values.length > 0 ? depts.end : level.end, level.value, depts.values);
        i = (depts.values.length > 0 ? depts.end : level.end) - 1;
        continue;
      }
      const dept = roleIndex.departments.match(tokens, i, free);
      const after = dept && roleIndex.levels.match(tokens, dept.end, free);
      if (dept && after) {
        this.level(i, after.end, after.value, [dept.value]);
        i = after.end - 1;
        continue;
      }
      // "sales people", "marketing team", "people in finance", "working in HR"
      if (!dept) continue;
      const noun = DEPARTMENT_NOUNS.has(this.key(dept.end) ?? '') && free(dept.end);
      const into = this.key(i - 1) === 'in' && !COMPANY_NOUNS.has(this.key(dept.end) ?? '');
      if (!noun && !into) continue;
      const end = noun ? dept.end + 1 : dept.end;
      if (lead >= 0) this.exclude(lead, end, 'person', 'department', [dept.value]);
      else {
        this.addItem('person', 'department', dept.value);
        this.record(into ? i - 1 : i, end, 'person', 'department', dept.value);
      }
      i = end - 1;
    }
  }

  private level(from: number, to: number, seniority: string[], departments: string[]): void {
    for (const s of seniority) this.addItem('person', 'seniority', s);
    for (const d of departments) this.addItem('person', 'department', d);
    this.record(from, to, 'person', 'seniority', seniority.length === 1 ? seniority[0] : seniority);
    if (departments.length > 0) {
      const last = this.matched.at(-1) as MatchedFilter;
      this.matched.push({
        ...last,
        filter: 'department',
        value: departments.length === 1 ? departments[0] : departments,
      });
    }
  }

  contacts(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const m = CONTACT_FLAGS.match(this.tokens, i, this.free);
      if (!m) continue;
      const [field, value] = m.value;
      if (field === 'email_status') this.addItem('person', field, value);
      else this.person[field] = value;
      this.record(i, m.end, 'person', field, value);
      i = m.end - 1;
    }
  }

  // --- technologies -----------------------------------------------------------------------------

  private techList(j: number): { hits: TechHit[]; or: boolean; end: number } | undefined {
    const hits: TechHit[] = [];
    let or = false;
    // "using a CRM", "on the Shopify platform"
    const article = this.key(j);
    if (
      (article === 'a' || article === 'an' || article === 'the') &&
      this.vocab.tech.match(this.tokens, j + 1, this.free)
    )
      j++;
    let at = j;
    for (;;) {
      const m = this.vocab.tech.match(this.tokens, at, this.free);
      if (!m) break;
      hits.push(m.value);
      j = m.end;
      const sep = this.key(m.end);
      if ((sep === 'and' || sep === 'or') && this.vocab.tech.match(this.tokens, m.end + 1, this.free)) {
        if (sep === 'or') or = true;
        at = m.end + 1;
      } else if (
        LIST_GAP_RE.test(this.tokens[m.end]?.gap ?? '') &&
        this.vocab.tech.match(this.tokens, m.end, this.free)
      ) {
        if (this.tokens[m.end]?.gap.includes('/')) or = true;
        at = m.end;
      } else break;
    }
    return hits.length > 0 ? { hits, or, end: j } : undefined;
  }

  /**
   * A technology becomes a filter only when a using-word governs it ("using Salesforce",
   * "on HubSpot", "that use Stripe", "not using Marketo") or a usage noun follows it
   * ("Salesforce customers", "Shopify stores"). A bare name ("Salesforce consultants") stays text.
   */
  technologies(): void {
    const { tokens, free } = this;
    for (let i = 0; i < tokens.length; i++) {
      const trigger = TECH_TRIGGERS.match(tokens, i, free);
      let list = trigger && this.techList(trigger.end);
      if (list && trigger?.value.weak && !tokens[trigger.end]?.cap) list = undefined;
      let negate = trigger?.value.negate ?? false;
      let end = list?.end ?? 0;
      // "excluding Shopify stores": the usage noun belongs to the list.
      if (list && TECH_POSTFIX.has(this.key(end) ?? '') && this.free(end)) end++;
      if (!list) {
        list = this.techList(i);
        if (!list || !TECH_POSTFIX.has(this.key(list.end) ?? '')) continue;
        // "excluding Shopify stores", "non-Salesforce customers"
        const lead = this.negation(i);
        negate = lead >= 0;
        if (lead >= 0) for (let k = lead; k < i; k++) this.used[k] = READ;
        end = list.end + 1;
      }
      const tech = this.company.technologies as Record<string, string[]> | undefined;
      const bag = tech ?? {};
      this.company.technologies = bag;
      const mode = negate ? 'none' : list.or ? 'any' : 'all';
      const slugs: string[] = [];
      const categories: string[] = [];
      for (const hit of list.hits) {
        if (hit.kind === 'category') {
          if (!negate) categories.push(hit.slug);
        } else slugs.push(hit.slug);
      }
      if (slugs.length > 0) {
        bag[mode] = [...new Set([...(bag[mode] ?? []), ...slugs])];
        this.record(i, end, 'company', `technologies.${mode}`, slugs);
      }
      if (categories.length > 0) {
        bag.categories = [...new Set([...(bag.categories ?? []), ...categories])];
        this.record(i, end, 'company', 'technologies.categories', categories);
      }
      if (slugs.length === 0 && categories.length === 0) {
        if (!tech) delete this.company.technologies;
        continue;
      }
      i = end - 1;
    }
  }

  // --- numbers ----------------------------------------------------------------------------------

  private year(i: number): number | undefined {
    const t = this.tokens[i];
    if (!t || t.num === undefined || t.money || !YEAR_RE.test(t.key) || !this.free(i)) return undefined;
    return t.num >= MIN_YEAR && t.num <= MAX_YEAR ? t.num : undefined;
  }

  /** The years after "founded": in 2010, after 2015, before 2000, between 2010 and 2015, in the 2010s. */
  private years(j: number): { min?: number; max?: number; end: number } | undefined {
    let at = j;
    let word = this.key(at);
    if (word === 'in' || word === 'during' || word === 'from') {
      at++;
      word = this.key(at);
    }
    if (word === 'the') at++;
    const decade = DECADE_RE.exec(this.tokens[at]?.lower ?? '');
    if (decade && this.free(at)) {
      const start = Number(`${decade[1]}0`);
      if (start >= MIN_YEAR && start <= MAX_YEAR) return { min: start, max: start + 9, end: at + 1 };
    }
    const direction =
      word === 'after' || word === 'since' || word === 'before' || word === 'between' ? word : '';
    if (direction === 'before' && this.key(at + 1) === 'prior') at++;
    if (direction) at++;
    const y = this.year(at);
    if (y === undefined) return undefined;
    const y2 = this.tokens[at + 1]?.gap.includes('-') ? this.year(at + 1) : undefined;
    const joined = this.key(at + 1) === 'and' || this.key(at + 1) === 'to' ? this.year(at + 2) : undefined;
    if (direction === 'after') return { min: y + 1, end: at + 1 };
    if (direction === 'since') return { min: y, end: at + 1 };
    if (direction === 'before') return { max: y - 1, end: at + 1 };
    if (joined !== undefined && joined >= y) return { min: y, max: joined, end: at + 3 };
    if (y2 !== undefined && y2 >= y) return { min: y, max: y2, end: at + 2 };
    if (direction === 'between') return undefined;
    if (this.key(at + 1) === 'or' && this.key(at + 2) === 'later') return { min: y, end: at + 3 };
    return { min: y, max: y, end: at + 1 };
  }

  founded(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      if (!this.free(i)) continue;
      const k = this.key(i);
      let found: { min?: number; max?: number; end: number } | undefined;
      if (k && FOUNDED_WORDS.has(k)) found = this.years(i + 1);
      else if (k === 'since') {
        const y = this.year(i + 1);
        if (y !== undefined) found = { min: y, end: i + 2 };
      }
      if (!found || !within(found, MIN_YEAR, MAX_YEAR)) continue;
      // "not founded before 2000": no range says that; the words stay unused rather than inverted.
      if (this.negation(i) >= 0) continue;
      const { end, ...range } = found;
      this.company.founded = range;
      this.record(i, end, 'company', 'founded', range);
      i = end - 1;
    }
  }

  /** A number at `i`, with a multiplier word ("10 million") folded in. */
  private number(
    i: number,
  ): { value: number; scale: number; money: boolean; plus: boolean; end: number } | undefined {
    const t = this.tokens[i];
    if (!t || t.num === undefined || !this.free(i)) return undefined;
    let value = t.num;
    let scale = t.scale;
    let end = i + 1;
    const mult = scale === 1 ? MULTIPLIERS.match(this.tokens, end, this.free) : undefined;
    if (mult) {
      value *= mult.value;
      scale = mult.value;
      end = mult.end;
    }
    const last = this.tokens[end - 1] as Token;
    return { value, scale, money: t.money, plus: last.plus, end };
  }

  /** A number or range with its comparison: "over 1,000", "50-200", "between 10M and 50M", "500+". */
  private amount(i: number): Amount | undefined {
    const cmp = COMPARATORS.match(this.tokens, i, this.free);
    const a = this.number(cmp ? cmp.end : i);
    if (!a) return undefined;
    let end = a.end;
    let lo = a.value;
    let hi: number | undefined;
    const next = this.tokens[end];
    const joiner = this.key(end);
    let second: ReturnType<Reader['number']>;
    if (next && RANGE_GAP_RE.test(next.gap)) second = this.number(end);
    else if (joiner === 'to' || (joiner === 'and' && cmp?.value === 'between')) second = this.number(end + 1);
    if (second) {
      hi = second.value;
      // "$10-50M", "10 to 50 million": the second number's scale applies to the first.
      if (a.scale === 1 && second.scale > 1) lo = a.value * second.scale;
      end = second.end;
      if (hi < lo) return undefined;
      return { lo, hi, money: a.money || second.money, end };
    }
    if (cmp?.value === 'between') return undefined;
    if (a.plus) return { lo, cmp: 'gte', money: a.money, end };
    const trailing = TRAILING_COMPARATORS.match(this.tokens, end, this.free);
    if (trailing && !cmp) return { lo, cmp: trailing.value, money: a.money, end: trailing.end };
    return { lo, cmp: cmp?.value, money: a.money, end };
  }

  private applyEmployees(from: number, to: number, a: Amount): boolean {
    const n = Math.round(a.lo);
    let range: { min?: number; max?: number };
    if (a.hi !== undefined) range = { min: n, max: Math.round(a.hi) };
    else if (a.cmp === 'gt') range = { min: n + 1 };
    else if (a.cmp === 'gte') range = { min: n };
    else if (a.cmp === 'lt') range = { max: Math.max(0, n - 1) };
    else if (a.cmp === 'lte') range = { max: n };
    else if (a.cmp === 'about') range = { min: Math.round(n * 0.8), max: Math.round(n * 1.2) };
    else range = { min: n, max: n };
    if (!within(range, 0, MAX_EMPLOYEES)) return false;
    this.company.employees = range;
    delete this.company.employee_ranges;
    this.record(from, to, 'company', 'employees', range);
    return true;
  }

  private applyRevenue(from: number, to: number, a: Amount): boolean {
    let range: { min?: number; max?: number };
    if (a.hi !== undefined) range = { min: a.lo, max: a.hi };
    else if (a.cmp === 'gt' || a.cmp === 'gte') range = { min: a.lo };
    else if (a.cmp === 'lt' || a.cmp === 'lte') range = { max: a.lo };
    else if (a.cmp === 'about') range = { min: a.lo * 0.8, max: a.lo * 1.2 };
    else return false;
    if (!within(range, 0, MAX_REVENUE)) return false;
    this.company.revenue = range;
    this.record(from, to, 'company', 'revenue', range);
    return true;
  }

  /** Headcount and revenue: "50-200 employees", "over 1,000 people", "revenue over $10M", "fewer than 50". */
  quantities(): void {
    const { tokens } = this;
    for (let i = 0; i < tokens.length; i++) {
      if (!this.free(i)) continue;
      // A negated amount ("not 50-200 employees") has no range: left unused, never inverted.
      if (this.negation(i) >= 0) continue;
      const k = this.key(i) ?? '';
      // Unit first: "revenue over $10M", "headcount of 50 to 200".
      if (EMPLOYEE_UNITS.has(k) || REVENUE_UNITS.has(k)) {
        let j = i + 1;
        if (this.key(j) === 'of' || this.key(j) === 'is') j++;
        const a = this.amount(j);
        if (a && (REVENUE_UNITS.has(k) ? this.applyRevenue(i, a.end, a) : this.applyEmployees(i, a.end, a))) {
          i = a.end - 1;
        }
        continue;
      }
      const a = this.amount(i);
      if (!a) continue;
      let j = a.end;
      if (this.key(j) === 'full' && this.key(j + 1) === 'time') j += 2;
      const unit = this.key(j) ?? '';
      if (EMPLOYEE_UNITS.has(unit) && !a.money) {
        // "10k employees or more"
        const trailing =
          a.cmp || a.hi !== undefined ? undefined : TRAILING_COMPARATORS.match(tokens, j + 1, this.free);
        const end = trailing ? trailing.end : j + 1;
        if (this.applyEmployees(i, end, trailing ? { ...a, cmp: trailing.value } : a)) i = end - 1;
        continue;
      }
      let r = a.end;
      while (REVENUE_FILLER.has(this.key(r) ?? '')) r++;
      if (REVENUE_UNITS.has(this.key(r) ?? '') && this.applyRevenue(i, r + 1, a)) {
        i = r;
        continue;
      }
      if (a.money) {
        if (this.applyRevenue(i, a.end, a)) i = a.end - 1;
        continue;
      }
      // A bare comparison ("fewer than 50", "over 1,000") counts people, unless a noun says
      // what is counted ("over 10 years", "more than 50 offices").
      const after = this.key(a.end);
      if (after !== undefined && !BARE_COUNT_FOLLOWERS.has(after)) continue;
      if (a.cmp && a.cmp !== 'about' && this.applyEmployees(i, a.end, a)) i = a.end - 1;
    }
  }

  // --- words ------------------------------------------------------------------------------------

  types(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const m = COMPANY_TYPES.match(this.tokens, i, this.free);
      if (!m) continue;
      const lead = this.negation(i);
      if (lead >= 0) {
        this.exclude(lead, m.end, 'company', 'type', [m.value]);
        i = m.end - 1;
        continue;
      }
      this.addItem('company', 'type', m.value);
      this.record(i, m.end, 'company', 'type', m.value);
      i = m.end - 1;
    }
  }

  industries(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const m = this.vocab.industries.match(this.tokens, i, this.free);
      if (!m) continue;
      const lead = this.negation(i);
      if (lead >= 0) {
        this.exclude(lead, m.end, 'company', 'industry', [m.value]);
        i = m.end - 1;
        continue;
      }
      this.addItem('company', 'industry', m.value);
      this.record(i, m.end, 'company', 'industry', m.value, INDUSTRY);
      i = m.end - 1;
    }
  }

  private setSize(from: number, to: number, size: Size): void {
    const range = { ...size };
    this.company.employees = range;
    delete this.company.employee_ranges;
    this.record(from, to, 'company', 'employees', range);
  }

  /**
   * "startups", "SMBs", "mid-size companies", "enterprise fintech firms" (after industries).
   * A headcount in numbers wins: "startups with 10-20 employees" keeps "startups" as a word.
   */
  sizes(): void {
    const { tokens, free } = this;
    if (this.company.employees) return;
    for (let i = 0; i < tokens.length; i++) {
      const noun = SIZE_NOUNS.match(tokens, i, free);
      if ((noun || SIZE_ADJECTIVES.match(tokens, i, free)) && this.negation(i) >= 0) continue;
      if (noun) {
        this.setSize(i, noun.end, noun.value);
        i = noun.end - 1;
        continue;
      }
      if (tokens[i]?.lower === 'enterprises' && free(i)) {
        this.setSize(i, i + 1, { min: 1001 });
        continue;
      }
      const adj = SIZE_ADJECTIVES.match(tokens, i, free);
      if (!adj) continue;
      // The adjective must describe a company: a company noun or an industry follows it.
      const next = tokens[adj.end];
      const describes =
        next &&
        ((free(adj.end) && COMPANY_NOUNS.has(next.key)) ||
          this.used[adj.end] === INDUSTRY ||
          SIZE_NOUNS.match(tokens, adj.end, free));
      if (!describes) continue;
      this.setSize(i, adj.end, adj.value);
      i = adj.end - 1;
    }
  }

  places(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const m = this.vocab.places.match(this.tokens, i, this.free);
      if (!m) continue;
      const start = i;
      i = m.end - 1;
      const target: Target = this.entity === 'people' && start < this.companyClause ? 'person' : 'company';
      const place = m.value;
      const lead = this.negation(start);
      if (lead >= 0) {
        if (place.kind === 'country') this.exclude(lead, m.end, target, 'country', place.codes);
        else this.exclude(lead, m.end, target, place.kind, [place.name]);
        continue;
      }
      if (place.kind === 'country') {
        for (const code of place.codes) this.addItem(target, 'country', code);
        this.record(start, m.end, target, 'country', place.codes.length === 1 ? place.codes[0] : place.codes);
      } else {
        this.addItem(target, place.kind, place.name);
        this.record(start, m.end, target, place.kind, place.name);
      }
    }
  }

  /**
   * Stored tags: business models ("SaaS", "B2B", "marketplace") anywhere; other tags only when they
   * describe a company ("cloud companies", "IoT startups", "b2b fintech"), not as any word of a sentence.
   */
  tags(): void {
    const { tokens, free } = this;
    for (let i = 0; i < tokens.length; i++) {
      const m = this.vocab.tags.match(tokens, i, free);
      if (!m) continue;
      let next = m.end;
      for (
        let t = this.vocab.tags.match(tokens, next, free);
        t;
        t = this.vocab.tags.match(tokens, next, free)
      )
        next = t.end;
      const after = tokens[next];
      const describes =
        MODEL_TAGS.has(tokens[i]?.key ?? '') ||
        (after !== undefined &&
          ((free(next) && COMPANY_NOUNS.has(after.key)) ||
            this.used[next] === INDUSTRY ||
            SIZE_NOUNS.match(tokens, next, () => true) !== undefined));
      if (!describes) continue;
      const lead = this.negation(i);
      if (lead >= 0) this.exclude(lead, m.end, 'company', 'tags', [m.value]);
      else {
        this.addItem('company', 'tags', m.value);
        this.record(i, m.end, 'company', 'tags', m.value);
      }
      i = m.end - 1;
    }
  }

  domains(): void {
    for (let i = 0; i < this.tokens.length; i++) {
      const m = HAS_DOMAIN.match(this.tokens, i, this.free);
      if (!m) continue;
      this.company.has_domain = m.value;
      this.record(i, m.end, 'company', 'has_domain', m.value);
      i = m.end - 1;
    }
  }

  /**
   * For people: the words right after "at" / "for" / "from" that no filter read ("people at
   * Northwind Traders"): perhaps a company's name, for the search to look up.
   */
  companyName(): NameCandidate | undefined {
    if (this.entity !== 'people' || this.companyClause >= this.tokens.length) return undefined;
    const words: string[] = [];
    let first: Token | undefined;
    let last: Token | undefined;
    for (let j = this.companyClause + 1; j < this.tokens.length; j++) {
      const t = this.tokens[j] as Token;
      const state = this.used[j];
      if (state !== NAME && (state !== FREE || (STOPWORDS.has(t.key) && !(first && t.key === 'and')))) {
        if (first) break;
        continue;
      }
      first ??= t;
      last = t;
      words.push(t.lower);
    }
    if (!first || !last) return undefined;
    while (words.at(-1) === 'and') words.pop();
    return { text: this.text.slice(first.start, last.end), words };
  }

  leftover(): string {
    const words: string[] = [];
    for (let i = 0; i < this.tokens.length; i++) {
      const t = this.tokens[i] as Token;
      const state = this.used[i];
      if (state === NAME || (state === FREE && !STOPWORDS.has(t.key))) words.push(t.lower);
    }
    return words.join(' ');
  }
}

/**
 * Reads a plain-language search sentence into filters, deterministically (no model):
 * places, industries, headcount, revenue, founded years, technologies (from `vocab`), company
 * types and, for people, seniorities, departments, titles and contact data. The rest is `leftover`.
 */
export function interpretQuery(
  text: string,
  entity: 'people',
  vocab?: QueryVocab,
): Interpretation<PeopleSearchFilters>;
export function interpretQuery(
  text: string,
  entity?: 'companies',
  vocab?: QueryVocab,
): Interpretation<CompanySearchFilters>;
export function interpretQuery(
  text: string,
  entity?: SearchEntity,
  vocab?: QueryVocab,
): Interpretation<CompanySearchFilters | PeopleSearchFilters>;
export function interpretQuery(
  text: string,
  entity: SearchEntity = 'companies',
  vocab: QueryVocab = defaultVocab,
): Interpretation<CompanySearchFilters | PeopleSearchFilters> {
  const reader = new Reader(text, tokenize(text), entity, vocabIndexOf(vocab));
  reader.spell();
  reader.names();
  if (entity === 'people') {
    reader.contacts();
    reader.roles();
    reader.findCompanyClause();
  }
  reader.technologies();
  reader.founded();
  reader.quantities();
  reader.types();
  reader.industries();
  reader.sizes();
  reader.places();
  reader.tags();
  reader.domains();
  const company = reader.company as CompanySearchFilters;
  const filters: CompanySearchFilters | PeopleSearchFilters =
    entity === 'people'
      ? { ...(reader.person as PeopleSearchFilters), ...(Object.keys(company).length > 0 ? { company } : {}) }
      : company;
  const corrections = reader.corrections();
  const candidate = reader.companyName();
  const leftover = reader.leftover();
  return {
    filters,
    leftover,
    unused_words: leftover ? leftover.split(' ') : [],
    corrections,
    matched: reader.matched,
    ...(candidate ? { company_name: candidate } : {}),
  };
}
