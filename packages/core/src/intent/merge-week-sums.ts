import { sql } from 'drizzle-orm';
import { expectedVolume, type ScoreInput, SURGE, surgeScore } from './score.js';
import { type Executor, run, textArray } from './sql-rows.js';
import type { WeekSums } from './week-sums.js';

/** Weeks are Mondays as days since the epoch; in SQL, `week - date '1970-01-01'`. */
const BASELINE = 84; // 12 weeks before the scored one: [W - 84, W - 7]
const HISTORY = 91; // what a week's scores and trend read back: [W - 91, W - 7]
/** Rows per statement when reading and writing aggregates. */
const CHUNK = 20_000;

const bigintArray = (values: Iterable<string>) => `{${[...values].join(',')}}`;
const numbers = (values: readonly number[]) => `{${values.join(',')}}`;
const nullableNumbers = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Topic-week totals: stored ones, plus what this merge adds (`companies`: company-topics new that week). */
interface TopicWeek {
  volume: number;
  events: number;
  companies: number;
  addVolume: number;
  addEvents: number;
  addCompanies: number;
}

/**
 * Merges an import's weekly sums into the aggregates inside the caller's transaction, scoring in memory
 * exactly as `intent_merge_pending()` scores in SQL (same windows, same topic prior, `surgeScore`): the
 * database reads each touched company-topic's stored weeks once and writes each touched week once.
 *
 * The sums count only if every batch they came from is still parked, and nothing else is: those parked
 * rows are deleted here, in the same transaction, so the batches are merged exactly once. Otherwise
 * nothing is written and the caller drops its sums: one batch gone means `intent_merge_pending()` (which
 * takes every parked batch) merged it meanwhile; others parked (a killed import's, a concurrent one's)
 * mean one merge should score them all, as a merge rescores only the company-topics it touches, with the
 * topic priors it sees. `intent_merge_pending()` then reads everything parked back from `signals`, in one
 * pass. Returns false in that case.
 */
export async function mergeWeekSums(
  tx: Executor,
  sums: WeekSums,
  /** Batches of the same import that later sums hold (their merge comes after this one); default none. */
  importBatches: ReadonlySet<string> = sums.batches,
): Promise<boolean> {
  if (sums.batches.size === 0) return true;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('intent_merge_pending'))`);
  const batches = bigintArray(sums.batches);
  const [parked] = await run<{ ours: number; others: boolean }>(
    tx,
    sql`select count(distinct batch) filter (where batch = any(${batches}::bigint[]))::int as ours,
          (exists (select 1 from intent_pending_batches where batch <> all(${bigintArray(importBatches)}::bigint[]))
            or exists (select 1 from intent_pending_weeks)) as others
        from intent_pending_batches`,
  );
  if (parked?.ours !== sums.batches.size || parked.others) return false;
  await tx.execute(sql`delete from intent_pending_batches where batch = any(${batches}::bigint[])`);

  const pairs = await livePairs(tx, sums);
  const stored = await storedWeeks(tx, sums, pairs);
  const topics = await topicWeeks(tx, sums);
  // Topic totals first: every score below compares its company with its topic.
  for (const pair of pairs) {
    const history = stored.get(pair);
    const topic = sums.topic(pair);
    for (let cell = sums.first(pair); cell !== -1; cell = sums.next(cell)) {
      const totals = topicWeek(topics, topic, sums.week(cell));
      totals.addVolume += sums.volume(cell);
      totals.addEvents += sums.events(cell);
      if (!history?.has(sums.week(cell))) totals.addCompanies++;
    }
  }
  await writeTopicWeeks(tx, topics);
  const prior = priors(topics);
  const writer = new WeekWriter(tx);
  const input: ScoreInput = { ...SURGE, value: 0, sum: 0, sumSquares: 0, prior: null };
  const score = (value: number, sum: number, sumSquares: number) => {
    input.value = value;
    input.sum = sum;
    input.sumSquares = sumSquares;
    return surgeScore(input);
  };
  for (const pair of pairs) {
    // The merged series: stored weeks plus this merge's, oldest first.
    const history = stored.get(pair);
    const days: number[] = history ? [...history.keys()] : [];
    let from = Number.POSITIVE_INFINITY;
    for (let cell = sums.first(pair); cell !== -1; cell = sums.next(cell)) {
      const week = sums.week(cell);
      if (!history?.has(week)) days.push(week);
      if (week < from) from = week;
    }
    days.sort((a, b) => a - b);
    const volumes = days.map((d) => {
      const cell = sums.cellAt(pair, d);
      return (history?.get(d) ?? 0) + (cell === -1 ? 0 : sums.volume(cell));
    });
    const company = sums.company(pair);
    const topic = sums.topic(pair);
    for (let i = 0; i < days.length; i++) {
      const week = days[i] as number;
      if (week < from) continue;
      // Windows over the merged weeks, summed oldest first as SQL's window sums are.
      let s = 0;
      let q = 0;
      let ps = 0;
      let pq = 0;
      let px = 0;
      for (let j = 0; j < i; j++) {
        const d = days[j] as number;
        const v = volumes[j] as number;
        if (d >= week - BASELINE) {
          s += v;
          q += v * v;
        }
        if (d >= week - HISTORY && d <= week - 14) {
          ps += v;
          pq += v * v;
        }
        if (d === week - 7) px = v;
      }
      const mu = prior(topic, week);
      input.prior = mu;
      const now = score(volumes[i] as number, s, q);
      const mean = s / SURGE.periods;
      const trend = now - score(px, ps, pq);
      input.sum = s;
      const cell = sums.cellAt(pair, week);
      const full = writer.add(
        company,
        topic,
        week,
        cell === -1 ? 0 : sums.volume(cell),
        cell === -1 ? 0 : sums.events(cell),
        cell === -1 ? '{}' : sums.sourcesOf(cell),
        now,
        trend,
        mean,
        Math.sqrt(Math.max(q / SURGE.periods - mean ** 2, 0)),
        expectedVolume(input),
        mu,
      );
      if (full) await writer.flush();
    }
  }
  await writer.end();
  return true;
}

/**
 * The sums' pairs whose company still exists (a company deleted meanwhile takes its signals along), in
 * primary-key order: each chunk of the upsert then walks the index's leaf pages in order.
 */
async function livePairs(tx: Executor, sums: WeekSums): Promise<number[]> {
  const live = new Set<string>();
  for (const ids of chunks(sums.companyNames, CHUNK)) {
    const rows = await run<{ id: string }>(
      tx,
      sql`select id from companies where id = any(${textArray(ids)}::text[])`,
    );
    for (const r of rows) live.add(r.id);
  }
  const rank = (names: readonly string[]) => {
    const order = names
      .map((_, i) => i)
      .sort((a, b) => ((names[a] as string) < (names[b] as string) ? -1 : 1));
    const ranks = new Int32Array(names.length);
    order.forEach((id, r) => {
      ranks[id] = r;
    });
    return ranks;
  };
  const companyRank = rank(sums.companyNames);
  const topicRank = rank(sums.topicNames);
  const key = (pair: number) =>
    (companyRank[sums.pairCompany[pair] as number] as number) * sums.topicNames.length +
    (topicRank[sums.pairTopic[pair] as number] as number);
  const pairs: number[] = [];
  for (let pair = 0; pair < sums.pairs; pair++) if (live.has(sums.company(pair))) pairs.push(pair);
  return pairs.sort((a, b) => key(a) - key(b));
}

/**
 * Each pair's stored weekly volumes from 13 weeks before its first new week on, read by company (a
 * range of the primary key each) and kept for the touched topics.
 */
async function storedWeeks(
  tx: Executor,
  sums: WeekSums,
  pairs: number[],
): Promise<Map<number, Map<number, number>>> {
  const fromOf = new Map<number, number>();
  const byCompany = new Map<string, number>();
  for (const pair of pairs) {
    let from = Number.POSITIVE_INFINITY;
    for (let cell = sums.first(pair); cell !== -1; cell = sums.next(cell))
      from = Math.min(from, sums.week(cell));
    from -= HISTORY;
    fromOf.set(pair, from);
    const company = sums.company(pair);
    byCompany.set(company, Math.min(byCompany.get(company) ?? from, from));
  }
  const stored = new Map<number, Map<number, number>>();
  for (const ids of chunks([...byCompany.keys()], CHUNK / 4)) {
    let from = Number.POSITIVE_INFINITY;
    for (const id of ids) from = Math.min(from, byCompany.get(id) as number);
    const rows = await run<{ company_id: string; topic: string; day: number; volume: number }>(
      tx,
      sql`select company_id, topic, (week - date '1970-01-01')::int as day, volume from intent_signal_weeks
          where company_id = any(${textArray(ids)}::text[]) and week >= date '1970-01-01' + ${from}::int`,
    );
    for (const r of rows) {
      const pair = sums.find(r.company_id, r.topic);
      if (pair === -1 || r.day < (fromOf.get(pair) ?? Number.POSITIVE_INFINITY)) continue;
      let weeks = stored.get(pair);
      if (!weeks) {
        weeks = new Map();
        stored.set(pair, weeks);
      }
      weeks.set(r.day, Number(r.volume));
    }
  }
  return stored;
}

/** Stored totals of the touched topics, by topic then week. */
async function topicWeeks(tx: Executor, sums: WeekSums): Promise<Map<string, Map<number, TopicWeek>>> {
  const topics = new Map<string, Map<number, TopicWeek>>();
  const names = sums.topicNames;
  for (const chunk of chunks(names, CHUNK)) {
    const rows = await run<{ topic: string; day: number; volume: number; events: number; companies: number }>(
      tx,
      sql`select topic, (week - date '1970-01-01')::int as day, volume, events, companies
          from intent_topic_weeks where topic = any(${textArray(chunk)}::text[])`,
    );
    for (const r of rows) {
      const totals = topicWeek(topics, r.topic, r.day);
      totals.volume = Number(r.volume);
      totals.events = Number(r.events);
      totals.companies = Number(r.companies);
    }
  }
  return topics;
}

function topicWeek(topics: Map<string, Map<number, TopicWeek>>, topic: string, week: number): TopicWeek {
  let weeks = topics.get(topic);
  if (!weeks) {
    weeks = new Map();
    topics.set(topic, weeks);
  }
  let totals = weeks.get(week);
  if (!totals) {
    totals = { volume: 0, events: 0, companies: 0, addVolume: 0, addEvents: 0, addCompanies: 0 };
    weeks.set(week, totals);
  }
  return totals;
}

/**
 * The topic prior of a week: the topic's volume per company-topic over the 12 weeks before it, this
 * merge's additions included (SQL: `sum(volume) / nullif(sum(companies), 0)`; null without any).
 */
function priors(topics: Map<string, Map<number, TopicWeek>>) {
  const cache = new Map<string, number | null>();
  const sorted = new Map<string, [number, TopicWeek][]>();
  return (topic: string, week: number): number | null => {
    const key = `${topic}\u0001${week}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let weeks = sorted.get(topic);
    if (!weeks) {
      weeks = [...(topics.get(topic) ?? [])].sort((a, b) => a[0] - b[0]);
      sorted.set(topic, weeks);
    }
    let volume = 0;
    let companies = 0;
    let rows = 0;
    // Oldest first, as SQL sums them (through the topic's index).
    for (const [day, t] of weeks) {
      if (day < week - BASELINE || day > week - 7) continue;
      volume += t.volume + t.addVolume;
      companies += t.companies + t.addCompanies;
      rows++;
    }
    const mu = rows === 0 || companies === 0 ? null : volume / companies;
    cache.set(key, mu);
    return mu;
  };
}

async function writeTopicWeeks(tx: Executor, topics: Map<string, Map<number, TopicWeek>>) {
  const rows: { topic: string; day: number; t: TopicWeek }[] = [];
  for (const [topic, weeks] of topics)
    for (const [day, t] of weeks) if (t.addEvents > 0) rows.push({ topic, day, t });
  for (const chunk of chunks(rows, CHUNK)) {
    await tx.execute(
      sql`insert into intent_topic_weeks as tw (topic, week, volume, events, companies)
          select t, date '1970-01-01' + d, v, e, c
          from unnest(${textArray(chunk.map((r) => r.topic))}::text[], ${numbers(chunk.map((r) => r.day))}::int[],
            ${numbers(chunk.map((r) => r.t.addVolume))}::float8[], ${numbers(chunk.map((r) => r.t.addEvents))}::int[],
            ${numbers(chunk.map((r) => r.t.addCompanies))}::int[]) as u(t, d, v, e, c)
          on conflict (topic, week) do update set
            volume = tw.volume + excluded.volume, events = tw.events + excluded.events,
            companies = tw.companies + excluded.companies`,
    );
  }
}

/**
 * Upserts scored weeks as `intent_merge_pending()` does (volumes, events and sources add up), in chunks
 * of columns: the next chunk is scored while the database writes the last one.
 */
class WeekWriter {
  private columns = WeekWriter.empty();
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly tx: Executor) {}

  private static empty() {
    return {
      company: [] as string[],
      topic: [] as string[],
      week: [] as number[],
      volume: [] as number[],
      events: [] as number[],
      sources: [] as string[],
      score: [] as number[],
      trend: [] as number[],
      mean: [] as number[],
      sd: [] as number[],
      expected: [] as number[],
      prior: [] as (number | null)[],
    };
  }

  /** Adds a row; true when the chunk is full (then `flush`). */
  add(
    company: string,
    topic: string,
    week: number,
    volume: number,
    events: number,
    sources: string,
    score: number,
    trend: number,
    mean: number,
    sd: number,
    expected: number,
    prior: number | null,
  ) {
    const c = this.columns;
    c.company.push(company);
    c.topic.push(topic);
    c.week.push(week);
    c.volume.push(volume);
    c.events.push(events);
    c.sources.push(sources);
    c.score.push(score);
    c.trend.push(trend);
    c.mean.push(mean);
    c.sd.push(sd);
    c.expected.push(expected);
    c.prior.push(prior);
    return c.company.length >= CHUNK;
  }

  async end() {
    await this.flush();
    await this.writing;
  }

  async flush() {
    const c = this.columns;
    if (c.company.length === 0) return;
    this.columns = WeekWriter.empty();
    const query = sql`insert into intent_signal_weeks as w (company_id, topic, week, volume, events, sources, score,
          trend, baseline_mean, baseline_sd, expected, topic_mean)
        select c, t, date '1970-01-01' + d, v, e,
          case when cardinality(s) > 1 then array(select distinct x from unnest(s) x order by 1) else s end,
          score, trend, mean, sd, expected, mu
        from unnest(${textArray(c.company)}::text[], ${textArray(c.topic)}::text[], ${numbers(c.week)}::int[],
          ${numbers(c.volume)}::float8[], ${numbers(c.events)}::int[], ${textArray(c.sources)}::text[],
          ${numbers(c.score)}::float8[], ${numbers(c.trend)}::float8[], ${numbers(c.mean)}::float8[],
          ${numbers(c.sd)}::float8[], ${numbers(c.expected)}::float8[], ${nullableNumbers(c.prior)}::float8[])
          as u(c, t, d, v, e, literal, score, trend, mean, sd, expected, mu)
          cross join lateral (select literal::text[] as s) a
        on conflict (company_id, topic, week) do update set
          volume = w.volume + excluded.volume, events = w.events + excluded.events,
          sources = CASE WHEN excluded.sources <@ w.sources THEN w.sources
            ELSE ARRAY(SELECT DISTINCT s FROM unnest(w.sources || excluded.sources) AS s ORDER BY 1) END,
          score = excluded.score, trend = excluded.trend, baseline_mean = excluded.baseline_mean,
          baseline_sd = excluded.baseline_sd, expected = excluded.expected, topic_mean = excluded.topic_mean,
          updated_at = now()`;
    await this.writing;
    this.writing = Promise.resolve(this.tx.execute(query));
    // Awaited by the next flush or by end(); meanwhile a failure must not count as unhandled.
    this.writing.catch(() => {});
  }
}
