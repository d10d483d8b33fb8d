import { type CompanyComparison, companyComparisons, DOMAIN, NAME, PHONE } from './company-compare.js';
import {
  type CompanyModel,
  compareLevels,
  defaultCompanyModel,
  estimateU,
  levelWeight,
  trainCompanyEm,
} from './company-model.js';
import { type CompanyRecord, type PreparedCompany, prepareCompany } from './company-prepare.js';

export type { CompanyRecord } from './company-prepare.js';

/** A comparison weight at or below this (a Bayes factor of 1/4) is evidence against a match. */
const CONTRADICTION = -2;

export interface CompanyResolverOptions {
  /** Posterior match probability a pair needs to link (default 0.9). */
  matchProbability?: number;
  /** Blocks larger than this are skipped: a key that many records share identifies none of them. */
  maxBlockSize?: number;
  /** Batches at least this large re-estimate m, u and lambda from the data (default 10). */
  trainAtLeast?: number;
  /**
   * Learn m by EM as well (default false: m keeps its defaults, u and lambda are learned). Organisation
   * data is full of one parent's sites, which agree on name, website and phone; unsupervised EM then
   * learns "same parent" instead of "same site" and stops trusting addresses.
   */
  learnM?: boolean;
}

export interface CompanyResolverStats {
  records: number;
  candidatePairs: number;
  comparisonsPerRecord: number;
  linkedPairs: number;
  /** Pairs that scored a match but joined nothing because their clusters hold two different sites. */
  refusedByConflict: number;
}

interface Cluster {
  id: string;
  /** House numbers of the members' addresses: two numbers are two places. */
  numbers: Set<string>;
  ids: Map<string, Set<string>>;
  members: number[];
  /** Clusters from earlier batches keep their ids: they take new records but never merge together. */
  /** The batch that created it. */
  batch: number;
}

/**
 * Companies and their sites resolved with a Fellegi-Sunter model (see company-compare.ts for the
 * comparisons): u from random pairs, m and the match rate by EM over the blocked candidate pairs,
 * term-frequency adjustment so a phone, website or name shared by many places (a parent's switchboard
 * or site) weighs little. Pairs above the match probability link in order of weight, and a link is
 * refused when it would put two different street numbers or two different registry ids in one cluster,
 * so one parent's sites never chain together.
 */
export const createCompanyResolver = (options: CompanyResolverOptions = {}) => {
  const threshold = options.matchProbability ?? 0.9;
  const maxBlock = options.maxBlockSize ?? 200;
  const trainAtLeast = options.trainAtLeast ?? 10;
  const learnM = options.learnM ?? false;
  const records: PreparedCompany[] = [];
  const parent: number[] = [];
  const clusterOf = new Map<number, Cluster>();
  const byRecord = new Map<string, number>();
  const blocks = new Map<string, number[]>();
  const tokenCount = new Map<string, number>();
  /** Distinct places (site keys) seen with each phone, domain and name. */
  const sitesOf = new Map<string, Set<string>>();
  let model: CompanyModel = defaultCompanyModel();
  let candidatePairs = 0;
  let linkedPairs = 0;
  let refused = 0;
  let lastCandidates: [number, number][] = [];
  /** Batches so far: clusters of earlier batches keep their ids, take new records, never merge together. */
  let batch = 0;

  const weight = (t: string) => Math.log(1 + (records.length + 1) / (tokenCount.get(t) ?? 1));

  const rarest = (p: PreparedCompany, n: number) =>
    [...p.tokens]
      .filter((t) => t.length >= 3)
      .sort((a, b) => (tokenCount.get(a) ?? 0) - (tokenCount.get(b) ?? 0))
      .slice(0, n);

  const keysOf = (p: PreparedCompany): string[] => {
    const keys: string[] = [];
    if (p.phone7) keys.push(`p:${p.phone7}`);
    if (p.addressKey) keys.push(`a:${p.addressKey}`);
    if (p.address?.number && p.postcode) keys.push(`z:${p.address.number}|${p.postcode}`);
    if (p.domain) keys.push(`d:${p.domain}`);
    if (p.slug) keys.push(`l:${p.slug}`);
    if (p.nameKey) keys.push(`n:${p.nameKey}`);
    for (const kind in p.ids) keys.push(`i:${kind}:${p.ids[kind]}`);
    return keys;
  };

  const index = (p: PreparedCompany) => {
    const add = (key: string) => {
      const list = blocks.get(key);
      if (list) list.push(p.index);
      else blocks.set(key, [p.index]);
    };
    for (const key of keysOf(p)) add(key);
    for (const t of p.tokens) {
      tokenCount.set(t, (tokenCount.get(t) ?? 0) + 1);
      if (t.length >= 3) add(`t:${t}`);
    }
    allSites.add(p.siteKey);
    for (const value of [`p:${p.phone7 ?? ''}`, `d:${p.domain ?? ''}`, `n:${p.nameKey}`]) {
      if (value.length <= 2) continue;
      const set = sitesOf.get(value) ?? new Set<string>();
      set.add(p.siteKey);
      sitesOf.set(value, set);
    }
  };

  /** Earlier records sharing a block with p (records before `below` only, so each pair comes once). */
  const candidates = (p: PreparedCompany, below: number): number[] => {
    const seen = new Set<number>();
    const keys = [...keysOf(p), ...rarest(p, 2).map((t) => `t:${t}`)];
    for (const key of keys) {
      const list = blocks.get(key);
      if (!list || (list.length > maxBlock && !key.startsWith('i:'))) continue;
      for (const j of list) if (j < below && j !== p.index) seen.add(j);
    }
    return [...seen];
  };

  const allSites = new Set<string>();

  /**
   * Term-frequency adjusted weight of agreeing on one value. A value seen at d distinct places (a
   * parent's switchboard or website, a chain's name) agrees by chance d times as often as a value of
   * one place, and at least as often as another place carries it at all: u_v = max(u * d, (d - 1) / S)
   * with S places in all. Never more than the unadjusted weight.
   */
  const tfWeight = (c: number, l: number, key: string): number => {
    const base = levelWeight(model, c, l);
    const d = sitesOf.get(key)?.size ?? 1;
    // Two places sharing a value are as often one organisation written two ways as two sites; from
    // three on, the value is a parent's switchboard or website and weighs by how common it is.
    if (d <= 2) return base;
    const u = Math.max((model.u[c]?.[l] ?? 1e-6) * d, (d - 1) / Math.max(1, allSites.size));
    return Math.min(base, Math.log2((model.m[c]?.[l] ?? 1e-6) / Math.min(1, u)));
  };

  const comparisonWeight = (a: PreparedCompany, c: number, l: number): number => {
    if (c === PHONE && l <= 1) return tfWeight(c, l, `p:${a.phone7}`);
    if (c === DOMAIN && l === 0) return tfWeight(c, l, `d:${a.domain}`);
    if (c === NAME && l === 0) return tfWeight(c, l, `n:${a.nameKey}`);
    return levelWeight(model, c, l);
  };

  const score = (a: PreparedCompany, b: PreparedCompany, levels: Int8Array<ArrayBuffer>): number => {
    compareLevels(a, b, weight, levels);
    let w = Math.log2(model.lambda / (1 - model.lambda));
    for (let c = 0; c < levels.length; c++) {
      const l = levels[c] as number;
      if (l < 0) continue;
      const comparison = companyComparisons[c] as CompanyComparison;
      if (comparison.decisive === l) return Number.POSITIVE_INFINITY;
      if (comparison.conflict?.includes(l)) return Number.NEGATIVE_INFINITY;
      w += comparisonWeight(a, c, l);
    }
    return w;
  };

  /** The match weight of each comparison for two stored records (a text waterfall's rows). */
  const explain = (recordA: string, recordB: string) => {
    const a = records[byRecord.get(recordA) ?? -1];
    const b = records[byRecord.get(recordB) ?? -1];
    if (!a || !b) return null;
    const levels = compareLevels(a, b, weight);
    const rows = [{ comparison: 'prior', level: '', weight: Math.log2(model.lambda / (1 - model.lambda)) }];
    companyComparisons.forEach((c, i) => {
      const l = levels[i] as number;
      if (l >= 0)
        rows.push({ comparison: c.name, level: c.levels[l] as string, weight: levelWeight(model, i, l) });
    });
    return { rows, total: score(a, b, levels) };
  };

  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[i] !== r) {
      const next = parent[i] as number;
      parent[i] = r;
      i = next;
    }
    return r;
  };

  const conflicts = (x: Cluster, y: Cluster): boolean => {
    if (x.batch < batch && y.batch < batch) return true;
    for (const n of x.numbers) if (y.numbers.size > 0 && !y.numbers.has(n)) return true;
    for (const [kind, values] of x.ids) {
      const other = y.ids.get(kind);
      if (other && ![...values].some((v) => other.has(v))) return true;
    }
    return false;
  };

  /**
   * Two clusters join only when no pair across them contradicts the link: a pair that scores below the
   * match threshold while an identifier or place speaks against it (two websites, two postcodes), or
   * that is more likely two organisations than one.
   * This keeps one bridging record ("Acme" with no website) from chaining acme.example and
   * acme.example.de together. Very large pairs of clusters are judged by the linking pair alone.
   */
  const agreeAcross = (x: Cluster, y: Cluster, minWeight: number): boolean => {
    const size = x.members.length * y.members.length;
    if (size > 2500 || size === 1) return true;
    for (const a of x.members)
      for (const b of y.members) {
        const w = score(records[a] as PreparedCompany, records[b] as PreparedCompany, scratch);
        // A pair more likely two organisations than one (a hub name such as a parent's alone) blocks the join.
        if (w < 0) return false;
        if (w >= minWeight) continue;
        for (let c = 0; c < scratch.length; c++) {
          const l = scratch[c] as number;
          if (l >= 0 && companyComparisons[c]?.identifies && levelWeight(model, c, l) <= CONTRADICTION)
            return false;
        }
      }
    return true;
  };
  const scratch = new Int8Array(companyComparisons.length);

  const union = (i: number, j: number, minWeight: number): boolean => {
    const ri = find(i);
    const rj = find(j);
    if (ri === rj) return true;
    const x = clusterOf.get(ri) as Cluster;
    const y = clusterOf.get(rj) as Cluster;
    if (conflicts(x, y) || !agreeAcross(x, y, minWeight)) return false;
    // The kept cluster is one from an earlier batch, else the one whose id (first record) came first.
    const [keep, drop, kx, dx] =
      y.batch < x.batch || (y.batch === x.batch && rj < ri) ? [rj, ri, y, x] : [ri, rj, x, y];
    parent[drop] = keep;
    for (const n of dx.numbers) kx.numbers.add(n);
    for (const m of dx.members) kx.members.push(m);
    for (const [kind, values] of dx.ids) {
      const set = kx.ids.get(kind) ?? new Set<string>();
      for (const v of values) set.add(v);
      kx.ids.set(kind, set);
    }
    clusterOf.delete(drop);
    return true;
  };

  const train = () => {
    const u = estimateU(records, weight);
    const patterns = new Map<string, { levels: Int8Array; count: number }>();
    const levels = new Int8Array(companyComparisons.length);
    for (const p of records)
      for (const j of candidates(p, p.index)) {
        compareLevels(p, records[j] as PreparedCompany, weight, levels);
        const code = levels.join(',');
        const entry = patterns.get(code);
        if (entry) entry.count++;
        else patterns.set(code, { levels: Int8Array.from(levels), count: 1 });
      }
    model = trainCompanyEm(patterns, u, 30, learnM);
  };

  const addBatch = (input: CompanyRecord[]): { recordId: string; entityId: string }[] => {
    batch++;
    const start = records.length;
    for (const r of input) {
      const p = prepareCompany(r, records.length);
      records.push(p);
      parent.push(p.index);
      clusterOf.set(p.index, {
        id: r.recordId,
        numbers: new Set(p.address?.number ? [p.address.number] : []),
        ids: new Map(Object.entries(p.ids).map(([k, v]) => [k, new Set([v])])),
        members: [p.index],
        batch,
      });
      index(p);
    }
    if (input.length >= trainAtLeast) train();
    const minWeight = Math.log2(threshold / (1 - threshold));
    const scored: { i: number; j: number; w: number }[] = [];
    const levels = new Int8Array(companyComparisons.length);
    lastCandidates = [];
    for (let i = start; i < records.length; i++) {
      const p = records[i] as PreparedCompany;
      for (const j of candidates(p, i)) {
        candidatePairs++;
        lastCandidates.push([j, i]);
        const w = score(p, records[j] as PreparedCompany, levels);
        if (w >= minWeight) scored.push({ i, j, w });
      }
    }
    scored.sort((a, b) => b.w - a.w || a.j - b.j || a.i - b.i);
    for (const { i, j } of scored) {
      if (union(i, j, minWeight)) linkedPairs++;
      else refused++;
    }
    const out = [];
    for (let i = start; i < records.length; i++) {
      const p = records[i] as PreparedCompany;
      const entityId = (clusterOf.get(find(i)) as Cluster).id;
      byRecord.set(p.recordId, i);
      out.push({ recordId: p.recordId, entityId });
    }
    return out;
  };

  return {
    addBatch,
    resolveOne: (record: CompanyRecord) => addBatch([record])[0] as { recordId: string; entityId: string },
    entityOf: (recordId: string): string | undefined => {
      const i = byRecord.get(recordId);
      return i === undefined ? undefined : clusterOf.get(find(i))?.id;
    },
    /** The pairs the last batch compared, as record ids (for measuring blocking recall). */
    candidatePairs: (): [string, string][] =>
      lastCandidates.map(([a, b]) => [
        (records[a] as PreparedCompany).recordId,
        (records[b] as PreparedCompany).recordId,
      ]),
    model: (): CompanyModel => model,
    explain,
    stats: (): CompanyResolverStats => ({
      records: records.length,
      candidatePairs,
      comparisonsPerRecord: records.length ? candidatePairs / records.length : 0,
      linkedPairs,
      refusedByConflict: refused,
    }),
  };
};
