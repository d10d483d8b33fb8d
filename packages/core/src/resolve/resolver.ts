import { invalid } from '../errors.js';
import { BlockIndex } from './block-index.js';
import { type BlockingPass, defaultBlockingPasses } from './blocking.js';
import {
  C_CITY,
  C_COMPANY,
  C_COUNTRY,
  C_EMAIL,
  C_FIRST,
  C_ID,
  C_LAST,
  C_LINKEDIN,
  C_PHONE,
  C_POSTCODE,
  C_STATE,
  COMPARISON_COUNT,
  type CompareThresholds,
  compareDob,
  compareIds,
  comparePeople,
  DOB_ELSE,
  defaultThresholds,
  emailTypo,
  ID_ELSE,
  personComparisons,
  type SharedKeys,
} from './compare.js';
import { decodePattern, encodePattern, uFromCounts } from './em.js';
import { hashKey, seededRandom } from './hash.js';
import { defaultPersonModel, isValidModel, matchWeights, type PersonModel, priorBits } from './model.js';
import { preparePerson } from './prepare.js';
import { trainModel } from './train.js';
import type { PersonRecord, PreparedPerson } from './types.js';

// Local copies: hot loops avoid cross-module accessors.
const CITY_ = C_CITY;
const COMPANY_ = C_COMPANY;
const COUNTRY_ = C_COUNTRY;
const EMAIL_ = C_EMAIL;
const FIRST_ = C_FIRST;
const LINKEDIN_ = C_LINKEDIN;
const PHONE_ = C_PHONE;
const LAST_ = C_LAST;
const ID_ = C_ID;
const POSTCODE_ = C_POSTCODE;
const STATE_ = C_STATE;
const N_COMPARISONS = COMPARISON_COUNT;

export interface ResolverOptions {
  /** Fixed Fellegi-Sunter parameters (e.g. loaded from a config file). Disables training. */
  model?: PersonModel;
  /**
   * Learn m by EM (u from random pairs) and the matches per record on the first batch of at least
   * `minTrainRecords` (default 1000); smaller first batches use the default model. Default true.
   */
  train?: boolean;
  minTrainRecords?: number;
  /** Posterior match probability needed to link two records (default 0.95). */
  threshold?: number;
  /**
   * When two multi-record clusters meet, the mean score (bits) over all their cross pairs must reach
   * this (default 0), so one weak link cannot chain two people together.
   */
  clusterLinkage?: number;
  blockingPasses?: BlockingPass[];
  /** Random pairs sampled to estimate u. */
  randomPairs?: number;
  seed?: number;
  /** A strong key seen with at least this many distinct first AND last names is treated as shared. */
  sharedKeyNames?: number;
  /** Keep name-and-employer links from joining clusters with no department in common (default true). */
  softDepartmentCheck?: boolean;
  /**
   * A soft link is dropped when the record links about as well (within this many bits, default 2) to
   * a cluster the target could never join. -Infinity disables the check.
   */
  ambiguityMargin?: number;
  /** Keep every candidate pair, for measuring blocking recall (costs memory). */
  keepCandidates?: boolean;
  /** Similarity cut-offs of the comparison levels (defaults in compare.ts). */
  thresholds?: Partial<CompareThresholds>;
  /** Fixed m or u rows by comparison index: kept as given, not learnt. */
  fixedM?: Record<number, number[]>;
  fixedU?: Record<number, number[]>;
  /** A fixed prior: matches per record. */
  matchesPerRecord?: number;
  /**
   * Keep, for explanations, every pair scored at or above the link threshold and every pair within
   * this many bits below it (e.g. 10). Off by default.
   */
  explainMargin?: number;
}

export interface ComparisonWeight {
  comparison: string;
  /** The level's name, or 'missing' when either record lacks the value. */
  level: string;
  /** Match weight in bits (log2 m/u, after term-frequency adjustment); 0 when missing. */
  weight: number;
}

export interface PairExplanation {
  recordIdA: string;
  recordIdB: string;
  /** Prior log-odds in bits (from the matches per record and the number of records). */
  prior: number;
  /** Sum of the comparison weights (bits); -Infinity on a hard conflict. */
  score: number;
  /** Posterior match probability. */
  probability: number;
  /** The pair scored at or above the link threshold. */
  linked: boolean;
  /** The two records ended in one entity. */
  sameEntity: boolean;
  /** A hard conflict (two LinkedIn profiles, two work mailboxes at one domain). */
  conflict: boolean;
  comparisons: ComparisonWeight[];
}

export interface Assignment {
  recordId: string;
  entityId: string;
}

export interface ResolveOneResult extends Assignment {
  /** True when the record started a new entity. */
  isNew: boolean;
  /** Best link score (bits) to an existing record, or null when no candidate was found. */
  score: number | null;
  matchedRecordId: string | null;
}

export interface ResolverStats {
  records: number;
  entities: number;
  candidatePairs: number;
  comparisonsPerRecord: number;
  links: number;
  merges: number;
  rejectedByConflict: number;
  rejectedByLinkage: number;
  rejectedBySoftEvidence: number;
  /** Soft links left out because the record also matched a namesake it could not be told from. */
  rejectedAsAmbiguous: number;
  /** Candidate pairs first found by each blocking pass. */
  pairsByPass: Record<string, number>;
  trained: boolean;
}

export interface PersonResolver {
  /** Adds and resolves records; returns the entity of every record in the batch. */
  addBatch(records: PersonRecord[]): Assignment[];
  /** Adds one record and resolves it against the index. */
  resolveOne(record: PersonRecord): ResolveOneResult;
  /** The current entity of a record (following merges), or undefined. */
  entityOf(recordId: string): string | undefined;
  /** The surviving entity id for any id ever handed out (merged ids resolve to their survivor). */
  survivorOf(entityId: string): string;
  /** Every record with its current entity. */
  assignments(): Assignment[];
  /** Pair score in bits between two indexed records (for inspection). */
  scorePair(recordIdA: string, recordIdB: string): number | null;
  /** Candidate pairs as record ids (only with keepCandidates). */
  candidatePairs(): [string, string][];
  /** Every comparison's weight for two indexed records (a waterfall), or null for unknown ids. */
  explainPair(recordIdA: string, recordIdB: string): PairExplanation | null;
  /** Pairs kept for explanation (see explainMargin), best score first. */
  explanations(): PairExplanation[];
  /** Bits a pair needs to link (the threshold as a score, given the prior). */
  linkCut(): number;
  model(): PersonModel;
  stats(): ResolverStats;
}

const TF_MAX_BONUS = 4;
const WORK_DOMAIN_SURNAMES = 3;
const TF_MAX_PENALTY = 5;

interface ClusterInfo {
  members: number[];
  slug: string | null;
  /** Personal work addresses by email domain: at most one per domain in a cluster. */
  work: Map<string, string> | null;
  phones: string[];
  departments: string[];
  /** A member names an employer (a company name or domain, not only an email). */
  employer: boolean;
  /** A member carries a full date of birth or an identity number. */
  identity: boolean;
}

/**
 * Indexes of `scores` from best to worst. Each score (0.01-bit resolution) and its index are packed
 * into one float so a native numeric sort does the work: a comparator sort is far slower on millions.
 */
const orderByScoreDesc = (scores: number[]): Uint32Array => {
  const n = scores.length;
  const packed = new Float64Array(n);
  const base = 2 ** 24;
  if (n >= base) {
    const idx = Uint32Array.from({ length: n }, (_, i) => i);
    return idx.sort((x, y) => (scores[y] ?? 0) - (scores[x] ?? 0));
  }
  for (let i = 0; i < n; i++) {
    const q = Math.max(0, Math.min(2 ** 28, Math.round(((scores[i] as number) + 1000) * 100)));
    // Ties go to the earlier pair: store the index inverted so the descending walk meets it first.
    packed[i] = q * base + (base - 1 - i);
  }
  packed.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = base - 1 - ((packed[n - 1 - i] as number) % base);
  return order;
};

/** How many records carry each value of a field, by an integer id given to the value on first sight. */
class TermCounts {
  private readonly ids = new Map<string, number>();
  private readonly counts: number[] = [];

  /** Counts one more record with `value`; returns its id, or -1 for no value. */
  add(value: string): number {
    if (!value) return -1;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.counts.length;
      this.ids.set(value, id);
      this.counts.push(0);
    }
    this.counts[id] = (this.counts[id] as number) + 1;
    return id;
  }

  /** Records counted for the value of `id`; 1 for no value (-1). */
  count(id: number): number {
    return id < 0 ? 1 : (this.counts[id] as number);
  }
}

/** Creates an in-memory people resolver. Batch mode is one `addBatch`; incremental mode is more of them. */
export const createResolver = (options: ResolverOptions = {}): PersonResolver => {
  if (options.model && !isValidModel(options.model))
    throw invalid([{ path: 'model', message: 'malformed model' }]);
  const threshold = options.threshold ?? 0.95;
  if (!(threshold > 0 && threshold < 1)) throw invalid([{ path: 'threshold', message: 'must be in (0, 1)' }]);
  const passes = options.blockingPasses ?? defaultBlockingPasses;
  const sharedNames = options.sharedKeyNames ?? 3;
  const clusterLinkage = options.clusterLinkage ?? 0;
  const thresholds: CompareThresholds = { ...defaultThresholds, ...options.thresholds };
  // Rows of m and u (and the prior) a settings file fixed: training leaves them as given.
  const withFixed = (m: PersonModel): PersonModel => {
    const out: PersonModel = {
      matchesPerRecord: options.matchesPerRecord ?? m.matchesPerRecord,
      m: m.m.map((row) => [...row]),
      u: m.u.map((row) => [...row]),
    };
    for (const [c, row] of Object.entries(options.fixedM ?? {})) out.m[Number(c)] = [...row];
    for (const [c, row] of Object.entries(options.fixedU ?? {})) out.u[Number(c)] = [...row];
    return out;
  };
  let model = withFixed(options.model ?? defaultPersonModel());
  let weights = matchWeights(model);
  let trained = false;
  const wantTrain = !options.model && options.train !== false;
  const minTrain = options.minTrainRecords ?? 1000;

  const people: PreparedPerson[] = [];
  const byRecordId = new Map<string, number>();
  // One index per pass, keyed by the key's 30-bit hash (block-index.ts); a rare collision only adds
  // candidate pairs.
  const blocks = passes.map(() => new BlockIndex());
  const passIndex = new Map(passes.map((p, k) => [p.name, k]));
  const tfFirst = new TermCounts();
  const tfLast = new TermCounts();
  const tfDomain = new TermCounts();
  const tfCity = new TermCounts();
  const tfPostcode = new TermCounts();
  // Each record's term ids (TermCounts), by record index: scoring a pair reads counts by id instead
  // of hashing the record's strings again for every pair it is in.
  const firstTerm: number[] = [];
  const lastTerm: number[] = [];
  const cityTerm: number[] = [];
  const postcodeTerm: number[] = [];
  const domainTerms: number[][] = [];
  // Distinct surnames seen at each email domain (up to WORK_DOMAIN_SURNAMES): a workplace has many.
  const domainSurnames = new Map<string, string[]>();
  let parent = new Int32Array(1024);
  // seen[j] === i + 1 when j is already a candidate for record i: dedupes pairs without a set.
  let seen = new Int32Array(1024);
  // A root's cluster facts, made on first use (clusterAt): most records never meet a link, and one
  // object (with a Map for a work address) per record was a tenth of the garbage collector's work.
  const clusters: (ClusterInfo | undefined)[] = [];
  let clusterCount = 0;
  const entityIds: string[] = [];
  const keptCandidates: number[] = [];
  let candidateTotal = 0;
  let links = 0;
  let merges = 0;
  let rejectedByConflict = 0;
  let rejectedByLinkage = 0;
  let rejectedBySoftEvidence = 0;
  let rejectedAsAmbiguous = 0;
  const ambiguityMargin = options.ambiguityMargin ?? 2;
  // New candidate pairs each blocking pass contributed (a pair counts for the first pass finding it).
  const pairsByPass = passes.map(() => 0);
  const softDepartments = options.softDepartmentCheck ?? true;
  const levels = new Int8Array(N_COMPARISONS);
  const contrib = new Float64Array(N_COMPARISONS);
  const explainMargin = options.explainMargin;
  const explainPairs: number[] = [];
  let lastCut = 0;

  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[x] !== r) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  };

  // Shared strong keys: many distinct first and last names behind one email, phone or profile.
  const emailPass = passIndex.get('email');
  const phonePass = passIndex.get('phone');
  const linkedinPass = passIndex.get('linkedin');
  const sharedCache = new Map<number, { size: number; shared: boolean }>();
  const isShared = (pass: number | undefined, key: string): boolean => {
    if (pass === undefined) return false;
    const h = hashKey(key);
    const members = blocks[pass]?.get(h);
    if (members === undefined || typeof members === 'number' || members.length < sharedNames) return false;
    const cacheKey = h * 16 + pass;
    const cached = sharedCache.get(cacheKey);
    if (cached && cached.size === members.length) return cached.shared;
    const firsts = new Set<string>();
    const lasts = new Set<string>();
    for (const i of members) {
      const p = people[i] as PreparedPerson;
      if (p.first) firsts.add(p.formal[0] ?? p.first);
      if (p.last) lasts.add(p.last);
    }
    const shared = firsts.size >= sharedNames && lasts.size >= sharedNames;
    sharedCache.set(cacheKey, { size: members.length, shared });
    return shared;
  };
  const shared: SharedKeys = {
    email: (k) => isShared(emailPass, `e${k}`),
    phone: (k) => isShared(phonePass, `p${k}`),
    linkedin: (k) => isShared(linkedinPass, `l${k}`),
    workDomain: (d) => (domainSurnames.get(d)?.length ?? 0) >= WORK_DOMAIN_SURNAMES,
  };

  const tfAdjust = (base: number, uLevel: number, count: number): number => {
    const p = count / people.length;
    const adj = Math.log2(uLevel / Math.max(p, 1e-12));
    return base + Math.max(-TF_MAX_PENALTY, Math.min(TF_MAX_BONUS, adj));
  };

  /** Score in bits (log2 Bayes factor, no prior) of a compared pair whose levels are in `levels`. */
  /**
   * Score in bits (log2 Bayes factor, no prior) of a compared pair whose levels are in `levels`.
   * With `contrib`, each comparison's weight (after term-frequency adjustment) is written there.
   */
  // By record index, not record: the term ids are all it reads, so scoring touches no record object.
  const scoreLevels = (i: number, j: number, contrib?: Float64Array): number => {
    let s = 0;
    // Agreement on the employer already implies the place, a city its country, a postcode its state:
    // count each once.
    const company = levels[COMPANY_] as number;
    const sameEmployer = company === 0 || company === 1;
    for (let c = 0; c < N_COMPARISONS; c++) {
      if (contrib) contrib[c] = 0;
      const l = levels[c] as number;
      if (l < 0) continue;
      if (l === 0 && (c === CITY_ || c === COUNTRY_) && sameEmployer) continue;
      if (l === 0 && c === COUNTRY_ && (levels[CITY_] === 0 || levels[STATE_] === 0)) continue;
      if (l === 0 && c === STATE_ && levels[POSTCODE_] === 0) continue;
      let w = weights[c]?.[l] ?? 0;
      if (l === 0) {
        if (c === FIRST_) w = tfAdjust(w, model.u[c]?.[0] ?? 1, tfFirst.count(firstTerm[i] as number));
        else if (c === LAST_) w = tfAdjust(w, model.u[c]?.[0] ?? 1, tfLast.count(lastTerm[i] as number));
        else if (c === CITY_) w = tfAdjust(w, model.u[c]?.[0] ?? 1, tfCity.count(cityTerm[i] as number));
        else if (c === POSTCODE_)
          w = tfAdjust(w, model.u[c]?.[0] ?? 1, tfPostcode.count(postcodeTerm[i] as number));
        else if (c === COMPANY_) {
          let best = 0;
          const ids = domainTerms[j] as number[];
          for (const id of domainTerms[i] as number[])
            if (ids.includes(id)) best = Math.max(best, tfDomain.count(id));
          w = tfAdjust(w, model.u[c]?.[0] ?? 1, best || 1);
        }
      }
      if (contrib) contrib[c] = w;
      s += w;
    }
    return s;
  };

  const pairScore = (i: number, j: number): number => {
    const a = people[i] as PreparedPerson;
    const b = people[j] as PreparedPerson;
    if (comparePeople(a, b, shared, levels, thresholds)) return Number.NEGATIVE_INFINITY;
    return scoreLevels(i, j);
  };

  const clusterAt = (root: number): ClusterInfo => {
    let c = clusters[root];
    if (c === undefined) {
      c = newCluster(root);
      clusters[root] = c;
    }
    return c;
  };

  const newCluster = (i: number): ClusterInfo => {
    const p = people[i] as PreparedPerson;
    const work =
      p.emailKey && p.emailDomain && !p.emailFree && !p.emailRole
        ? new Map<string, string>().set(p.emailDomain, p.emailKey)
        : null;
    return {
      members: [i],
      slug: p.linkedinSlug,
      work,
      phones: p.phoneKey ? [p.phoneKey] : [],
      departments: p.department ? [p.department] : [],
      employer: !p.employerFromEmail && p.domains.length + p.companyKey.length > 0,
      identity:
        p.dobD > 0 || p.ssn !== '' || p.passport !== '' || p.driversLicense !== '' || p.nationalId !== '',
    };
  };

  /**
   * How many strong identifiers the two clusters disagree on: the dates of birth (no member of one
   * within a typo of any member of the other) and the identity numbers (likewise). Clusters too big
   * to compare member by member count as agreeing.
   */
  const identityConflicts = (x: ClusterInfo, y: ClusterInfo): number => {
    if (!x.identity || !y.identity || x.members.length * y.members.length > 400) return 0;
    let dobSeen = false;
    let dobAgree = false;
    let idSeen = false;
    let idAgree = false;
    for (const i of x.members)
      for (const j of y.members) {
        const a = people[i] as PreparedPerson;
        const b = people[j] as PreparedPerson;
        if (a.dobD > 0 && b.dobD > 0) {
          dobSeen = true;
          if (compareDob(a, b) < DOB_ELSE) dobAgree = true;
        }
        const id = compareIds(a, b);
        if (id >= 0) {
          idSeen = true;
          if (id < ID_ELSE) idAgree = true;
        }
      }
    return (dobSeen && !dobAgree ? 1 : 0) + (idSeen && !idAgree ? 1 : 0);
  };

  const clustersConflict = (x: ClusterInfo, y: ClusterInfo): boolean => {
    if (x.slug && y.slug && x.slug !== y.slug && !shared.linkedin(x.slug)) return true;
    if (x.work && y.work) {
      for (const [domain, key] of x.work) {
        const other = y.work.get(domain);
        if (
          other !== undefined &&
          other !== key &&
          !emailTypo(other, key) &&
          shared.workDomain?.(domain) !== false
        )
          return true;
      }
    }
    return false;
  };

  const meanCrossScore = (x: ClusterInfo, y: ClusterInfo): number => {
    let sum = 0;
    let n = 0;
    for (const i of x.members)
      for (const j of y.members) {
        const s = pairScore(i, j);
        if (s === Number.NEGATIVE_INFINITY) return s;
        sum += s;
        n++;
      }
    return n === 0 ? 0 : sum / n;
  };

  // Links kept in the current batch, per record (CSR arrays), to spot ambiguous soft links.
  let adjStart = new Int32Array(1);
  let adjList = new Int32Array(0);
  let adjScore = new Float64Array(0);
  let adjFrom = 0;

  const cannotJoin = (x: ClusterInfo, y: ClusterInfo): boolean =>
    clustersConflict(x, y) ||
    disjoint(x.phones, y.phones) ||
    (softDepartments && disjoint(x.departments, y.departments));

  /**
   * A soft link is ambiguous when the smaller side also links (above the threshold) to a third cluster
   * that could never join the target, with a score close to this link's: a weak record matching two
   * namesakes about equally belongs to neither for sure.
   */
  const ambiguous = (x: ClusterInfo, y: ClusterInfo, rx: number, ry: number, score: number): boolean => {
    const [small, big] = x.members.length <= y.members.length ? [x, y] : [y, x];
    for (const m of small.members) {
      if (m < adjFrom) continue;
      const at = m - adjFrom;
      for (let e = adjStart[at] as number; e < (adjStart[at + 1] as number); e++) {
        if ((adjScore[e] as number) < score - ambiguityMargin) continue;
        const rn = find(adjList[e] as number);
        if (rn === rx || rn === ry) continue;
        if (cannotJoin(clusterAt(rn), big)) return true;
      }
    }
    return false;
  };

  const disjoint = (xs: string[], ys: string[]) =>
    xs.length > 0 && ys.length > 0 && !xs.some((x) => ys.includes(x));

  /**
   * Tries to merge the clusters of i and j; the older entity survives. `strong` says the link rests
   * on a shared identifier; a link made of names and employer alone may not join clusters whose
   * phones all differ (or, if asked, whose departments all differ): that is how namesakes look.
   */
  const tryMerge = (i: number, j: number, strong: boolean, score: number): boolean => {
    let ri = find(i);
    let rj = find(j);
    if (ri === rj) return false;
    if (rj < ri) [ri, rj] = [rj, ri];
    const x = clusterAt(ri);
    const y = clusterAt(rj);
    if (clustersConflict(x, y)) {
      rejectedByConflict++;
      return false;
    }
    // Different dates of birth and different identity numbers: two people, whatever else agrees.
    // One of them alone is often a typo in a source (a third of the true pairs in some public sets), so
    // it only asks that the clusters link as a whole (mean score over every cross pair above zero
    // bits), not through one pair.
    const identity = identityConflicts(x, y);
    if (identity >= 2) {
      rejectedByConflict++;
      return false;
    }
    if (identity === 1 && meanCrossScore(x, y) < 0) {
      rejectedByLinkage++;
      return false;
    }
    if (
      !strong &&
      (disjoint(x.phones, y.phones) || (softDepartments && disjoint(x.departments, y.departments)))
    ) {
      rejectedBySoftEvidence++;
      return false;
    }
    if (!strong && ambiguous(x, y, ri, rj, score)) {
      rejectedAsAmbiguous++;
      return false;
    }
    if (x.members.length > 1 && y.members.length > 1 && x.members.length * y.members.length <= 400) {
      if (meanCrossScore(x, y) < clusterLinkage) {
        rejectedByLinkage++;
        return false;
      }
    }
    parent[rj] = ri;
    for (const m of y.members) x.members.push(m);
    if (y.slug && !x.slug) x.slug = y.slug;
    if (y.identity) x.identity = true;
    if (y.employer) x.employer = true;
    for (const p of y.phones) if (!x.phones.includes(p)) x.phones.push(p);
    for (const d of y.departments) if (!x.departments.includes(d)) x.departments.push(d);
    if (y.work) {
      if (!x.work) x.work = new Map();
      for (const [d, k] of y.work) x.work.set(d, k);
    }
    clusters[rj] = undefined;
    clusterCount--;
    merges++;
    return true;
  };

  const ensureCapacity = (n: number) => {
    if (n <= parent.length) return;
    const next = new Int32Array(Math.max(n, parent.length * 2));
    next.set(parent);
    parent = next;
    const nextSeen = new Int32Array(next.length);
    nextSeen.set(seen);
    seen = nextSeen;
  };

  /** Comparison patterns of random pairs of the batch (for u), with how often each came up. */
  const randomPatterns = (from: number, to: number): Map<number, number> => {
    const n = to - from;
    const rand = seededRandom(options.seed ?? 42);
    const pairs = Math.min(options.randomPairs ?? 50_000, (n * (n - 1)) / 2);
    const out = new Map<number, number>();
    for (let k = 0; k < pairs; k++) {
      const i = from + Math.floor(rand() * n);
      let j = from + Math.floor(rand() * n);
      if (i === j) j = from + ((j - from + 1) % n);
      comparePeople(people[i] as PreparedPerson, people[j] as PreparedPerson, shared, levels, thresholds);
      const code = encodePattern(levels);
      out.set(code, (out.get(code) ?? 0) + 1);
    }
    return out;
  };

  /**
   * u from random pairs, each counted by its probability of being a non-match under `current` (all
   * of them when there is no model yet). In a small file full of duplicates a random pair is a match
   * often enough (0.4 % in a 1,000-record set) to inflate u for the strong fields several times over.
   */
  const uFromRandom = (random: Map<number, number>, current: PersonModel | null, n: number): number[][] => {
    const counts = model.u.map((row) => row.map(() => 0));
    const prior = current ? Math.min(0.5, current.matchesPerRecord / Math.max(1, n - 1)) : 0;
    for (const [code, count] of random) {
      decodePattern(code, levels);
      let weight = count;
      if (current) {
        let bf = 1;
        for (let c = 0; c < N_COMPARISONS; c++) {
          const l = levels[c] as number;
          if (l >= 0) bf *= (current.m[c]?.[l] ?? 1) / (current.u[c]?.[l] ?? 1);
        }
        weight = count * (1 - (prior * bf) / (prior * bf + 1 - prior));
      }
      for (let c = 0; c < N_COMPARISONS; c++) {
        const l = levels[c] as number;
        const row = counts[c];
        if (l >= 0 && row) row[l] = (row[l] ?? 0) + weight;
      }
    }
    const u = uFromCounts(counts);
    for (const [c, row] of Object.entries(options.fixedU ?? {})) u[Number(c)] = [...row];
    return u;
  };

  const addBatch = (records: PersonRecord[]): Assignment[] => {
    const from = people.length;
    const passMaps = blocks;
    ensureCapacity(from + records.length);
    // 1. Normalize and index; collect candidate pairs against everything indexed before.
    const pairA: number[] = [];
    const pairB: number[] = [];
    const keyHashes: number[] = [];
    for (const record of records) {
      if (!record.recordId) throw invalid([{ path: 'recordId', message: 'required' }]);
      if (byRecordId.has(record.recordId))
        throw invalid([{ path: 'recordId', message: `duplicate record id ${record.recordId}` }]);
      const i = people.length;
      const p = preparePerson(record, i);
      people.push(p);
      byRecordId.set(record.recordId, i);
      parent[i] = i;
      clusters.push(undefined);
      clusterCount++;
      entityIds.push(record.recordId);
      firstTerm.push(tfFirst.add(p.first));
      lastTerm.push(tfLast.add(p.last));
      domainTerms.push(p.domains.map((d) => tfDomain.add(d)));
      cityTerm.push(tfCity.add(p.city));
      postcodeTerm.push(tfPostcode.add(p.postcode));
      if (p.emailDomain && p.last && !p.emailFree) {
        const list = domainSurnames.get(p.emailDomain);
        if (!list) domainSurnames.set(p.emailDomain, [p.last]);
        else if (list.length < WORK_DOMAIN_SURNAMES && !list.includes(p.last)) list.push(p.last);
      }
      const mark = i + 1;
      // A record never pairs with itself (two of its keys may land in one block).
      seen[i] = mark;
      for (let pi = 0; pi < passes.length; pi++) {
        const pass = passes[pi] as BlockingPass;
        const blocks = passMaps[pi] as BlockIndex;
        keyHashes.length = 0;
        if (pass.hashes) pass.hashes(p, keyHashes);
        else for (const key of pass.keys(p)) keyHashes.push(hashKey(key));
        for (let q = 0; q < keyHashes.length; q++) {
          const h = keyHashes[q] as number;
          const slot = blocks.slot(h);
          const members = blocks.at(slot);
          if (typeof members === 'number') {
            if (seen[members] !== mark) {
              seen[members] = mark;
              pairsByPass[pi] = (pairsByPass[pi] ?? 0) + 1;
              pairA.push(members);
              pairB.push(i);
            }
          } else if (members !== undefined) {
            const start = Math.max(0, members.length - pass.cap);
            for (let k = members.length - 1; k >= start; k--) {
              const m = members[k] as number;
              if (seen[m] !== mark) {
                seen[m] = mark;
                pairsByPass[pi] = (pairsByPass[pi] ?? 0) + 1;
                pairA.push(m);
                pairB.push(i);
              }
            }
          }
          blocks.addAt(slot, h, i);
        }
      }
    }
    const pairCount = pairA.length;
    candidateTotal += pairCount;
    if (options.keepCandidates)
      for (let k = 0; k < pairCount; k++) keptCandidates.push(pairA[k] as number, pairB[k] as number);

    // 2. Compare every candidate pair once; keep its comparison vector as one integer.
    const codes = new Float64Array(pairCount);
    const conflicts = new Uint8Array(pairCount);
    for (let k = 0; k < pairCount; k++) {
      const a = people[pairA[k] as number] as PreparedPerson;
      const b = people[pairB[k] as number] as PreparedPerson;
      conflicts[k] = comparePeople(a, b, shared, levels, thresholds) ? 1 : 0;
      codes[k] = encodePattern(levels);
    }

    // 3. Train on the first big enough batch.
    if (wantTrain && !trained && people.length - from >= minTrain) {
      const n = people.length - from;
      const random = randomPatterns(from, people.length);
      const patterns = new Map<number, number>();
      for (const code of codes) patterns.set(code, (patterns.get(code) ?? 0) + 1);
      model = withFixed(trainModel(patterns, model, uFromRandom(random, null, n), n));
      // Twice more: u without the random pairs the model now sees as matches, then m and the prior.
      for (let round = 0; round < 2; round++)
        model = withFixed(trainModel(patterns, model, uFromRandom(random, model, n), n));
      weights = matchWeights(model);
      trained = true;
    }

    // 4. Score, keep links above the threshold, merge best first under constraints.
    const cut = Math.log2(threshold / (1 - threshold)) - priorBits(model, people.length);
    lastCut = cut;
    const keepA: number[] = [];
    const keepB: number[] = [];
    const keepS: number[] = [];
    const keepStrong: boolean[] = [];
    for (let k = 0; k < pairCount; k++) {
      if (conflicts[k] === 1) continue;
      const a = pairA[k] as number;
      const b = pairB[k] as number;
      decodePattern(codes[k] as number, levels);
      const s = scoreLevels(a, b);
      if (explainMargin !== undefined && s >= cut - explainMargin) explainPairs.push(a, b);
      if (s >= cut) {
        keepA.push(a);
        keepB.push(b);
        keepS.push(s);
        keepStrong.push(
          levels[EMAIL_] === 0 || levels[PHONE_] === 0 || levels[LINKEDIN_] === 0 || levels[ID_] === 0,
        );
      }
    }
    links += keepS.length;
    // Adjacency of the kept links among this batch's records (older records have none listed).
    adjFrom = from;
    const span = people.length - from;
    adjStart = new Int32Array(span + 1);
    for (let k = 0; k < keepA.length; k++) {
      for (const v of [keepA[k] as number, keepB[k] as number])
        if (v >= from) adjStart[v - from + 1] = (adjStart[v - from + 1] as number) + 1;
    }
    for (let v = 0; v < span; v++) adjStart[v + 1] = (adjStart[v + 1] as number) + (adjStart[v] as number);
    adjList = new Int32Array(adjStart[span] as number);
    adjScore = new Float64Array(adjList.length);
    const fill = adjStart.slice(0, span);
    for (let k = 0; k < keepA.length; k++) {
      const a = keepA[k] as number;
      const b = keepB[k] as number;
      const sc = keepS[k] as number;
      if (a >= from) {
        adjScore[fill[a - from] as number] = sc;
        adjList[(fill[a - from] as number)++] = b;
      }
      if (b >= from) {
        adjScore[fill[b - from] as number] = sc;
        adjList[(fill[b - from] as number)++] = a;
      }
    }
    const order = orderByScoreDesc(keepS);
    for (const k of order)
      tryMerge(keepA[k] as number, keepB[k] as number, keepStrong[k] as boolean, keepS[k] as number);

    const out: Assignment[] = [];
    for (let i = from; i < people.length; i++)
      out.push({ recordId: (people[i] as PreparedPerson).recordId, entityId: entityIds[find(i)] as string });
    lastBest = bestLink(from, pairA, pairB);
    return out;
  };

  let lastBest: { score: number | null; matched: number | null } = { score: null, matched: null };
  const bestLink = (from: number, pairA: number[], pairB: number[]) => {
    if (people.length - from !== 1) return { score: null, matched: null };
    let best: number | null = null;
    let matched: number | null = null;
    for (let k = 0; k < pairA.length; k++) {
      const s = pairScore(pairA[k] as number, pairB[k] as number);
      if (best === null || s > best) {
        best = s;
        matched = pairA[k] as number;
      }
    }
    return { score: best, matched };
  };

  const explain = (i: number, j: number): PairExplanation => {
    const a = people[i] as PreparedPerson;
    const b = people[j] as PreparedPerson;
    const conflict = comparePeople(a, b, shared, levels, thresholds);
    const score = conflict ? Number.NEGATIVE_INFINITY : scoreLevels(i, j, contrib);
    const prior = priorBits(model, people.length);
    const comparisons: ComparisonWeight[] = personComparisons.map((c, k) => {
      const l = levels[k] as number;
      return {
        comparison: c.name,
        level: l < 0 ? 'missing' : (c.levels[l] as string),
        weight: conflict ? 0 : (contrib[k] as number),
      };
    });
    return {
      recordIdA: a.recordId,
      recordIdB: b.recordId,
      prior,
      score,
      probability: conflict ? 0 : 1 / (1 + 2 ** -(prior + score)),
      linked: !conflict && score >= lastCut,
      sameEntity: find(i) === find(j),
      conflict,
      comparisons,
    };
  };

  const resolver: PersonResolver = {
    addBatch,
    resolveOne(record) {
      const before = clusterCount;
      const [assignment] = addBatch([record]);
      if (!assignment) throw new Error('unreachable: one record in, one assignment out');
      return {
        ...assignment,
        isNew: clusterCount === before + 1,
        score: lastBest.score,
        matchedRecordId: lastBest.matched === null ? null : (people[lastBest.matched]?.recordId ?? null),
      };
    },
    entityOf(recordId) {
      const i = byRecordId.get(recordId);
      return i === undefined ? undefined : entityIds[find(i)];
    },
    survivorOf(entityId) {
      // An entity id is its first record's id; a merged one's survivor is that record's root.
      const i = byRecordId.get(entityId);
      return i === undefined ? entityId : (entityIds[find(i)] as string);
    },
    assignments() {
      return people.map((p, i) => ({ recordId: p.recordId, entityId: entityIds[find(i)] as string }));
    },
    scorePair(x, y) {
      const i = byRecordId.get(x);
      const j = byRecordId.get(y);
      return i === undefined || j === undefined ? null : pairScore(i, j);
    },
    candidatePairs() {
      const out: [string, string][] = [];
      for (let k = 0; k < keptCandidates.length; k += 2)
        out.push([
          (people[keptCandidates[k] as number] as PreparedPerson).recordId,
          (people[keptCandidates[k + 1] as number] as PreparedPerson).recordId,
        ]);
      return out;
    },
    explainPair(x, y) {
      const i = byRecordId.get(x);
      const j = byRecordId.get(y);
      return i === undefined || j === undefined ? null : explain(i, j);
    },
    explanations() {
      const out: PairExplanation[] = [];
      for (let k = 0; k < explainPairs.length; k += 2)
        out.push(explain(explainPairs[k] as number, explainPairs[k + 1] as number));
      return out.sort((x, y) => y.score - x.score);
    },
    linkCut: () => lastCut,
    model: () => model,
    stats: () => ({
      records: people.length,
      entities: clusterCount,
      candidatePairs: candidateTotal,
      comparisonsPerRecord: people.length ? candidateTotal / people.length : 0,
      links,
      merges,
      rejectedByConflict,
      rejectedByLinkage,
      rejectedBySoftEvidence,
      rejectedAsAmbiguous,
      pairsByPass: Object.fromEntries(passes.map((p, k) => [p.name, pairsByPass[k] ?? 0])),
      trained,
    }),
  };
  return resolver;
};
