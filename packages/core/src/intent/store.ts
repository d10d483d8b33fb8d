import { sql } from 'drizzle-orm';
import { type Executor, run, textArray } from '../shared/sql-rows.js';

/** Which of these ids are stored companies. */
export const companiesWithIds = (db: Executor, ids: string[]) =>
  run<{ id: string }>(db, sql`select id from companies where id = any(${textArray(ids)}::text[])`);

/** The company of each domain that names one: by its domains (any alias), else by its main domain. */
export const companiesByDomain = (db: Executor, domains: string[]) =>
  run<{ domain: string; company_id: string }>(
    db,
    sql`select d.domain, d.company_id from unnest(${textArray(domains)}::text[]) as q(domain)
        cross join lateral (
          select q.domain, coalesce(
            (select company_id from company_domains where domain = q.domain),
            (select id from companies where domain = q.domain)) as company_id
        ) d where d.company_id is not null`,
  );

/** The most specific stored range of each address that is in one (longest prefix wins, as `lookupIp`). */
export const rangesOfIps = (db: Executor, ips: string[]) =>
  run<{ ip: string; type: string; company_id: string | null }>(
    db,
    sql`select q.ip, r.type, r.company_id from unnest(${textArray(ips)}::text[]) as q(ip)
        cross join lateral (
          select type, company_id from ip_ranges where cidr >>= q.ip::inet order by masklen(cidr) desc limit 1
        ) r`,
  );

/** Claims client signal ids; returns those that were new. */
export const claimSignalKeys = (db: Executor, keys: string[]) =>
  run<{ key: string }>(
    db,
    sql`insert into intent_signal_keys (key) select unnest(${textArray(keys)}::text[])
        on conflict do nothing returning key`,
  );

/** A signal ready to store. */
export interface NewSignal {
  companyId: string;
  topic: string;
  /** ISO timestamp. */
  at: string;
  weight: number;
  source: string | null;
}

/** Inserts signals (a few array parameters, one statement); the `signals` trigger aggregates them. */
export const insertSignals = async (db: Executor, go: readonly NewSignal[]): Promise<void> => {
  await db.execute(
    sql`insert into signals (company_id, topic, occurred_at, weight, source)
          select * from unnest(${textArray(go.map((r) => r.companyId))}::text[],
            ${textArray(go.map((r) => r.topic))}::text[], ${textArray(go.map((r) => r.at))}::timestamptz[],
            ${`{${go.map((r) => r.weight).join(',')}}`}::real[], ${textArray(go.map((r) => r.source))}::text[])`,
  );
};

/**
 * A bulk load's rows in one statement, flagged `dossier.intent_bulk` for the transaction's `signals`
 * trigger: claims each row's key (`id_key` in `intent_signal_keys`, else `content_key` in
 * `intent_import_keys`) and inserts the rows whose key was new, stamped with the transaction id.
 * Returns the 1-based positions in `go` of the rows that were duplicates.
 */
export const insertSignalBatch = async (
  tx: Executor,
  contentKeys: (string | null)[],
  go: readonly (NewSignal & { key: string | null })[],
): Promise<number[]> => {
  const col = (f: (r: (typeof go)[number]) => string | null) => textArray(go.map(f));
  await tx.execute(sql`select set_config('dossier.intent_bulk', 'on', true)`);
  // Keys are claimed in order: two batches loading beside each other with keys in common wait for
  // one another in one direction only, never in a deadlock.
  const [result] = await run<{ duplicates: number[] | null }>(
    tx,
    sql`with input as materialized (
          select * from unnest(${textArray(contentKeys)}::uuid[], ${col((r) => r.key)}::text[],
            ${col((r) => r.companyId)}::text[], ${col((r) => r.topic)}::text[], ${col((r) => r.at)}::timestamptz[],
            ${`{${go.map((r) => r.weight).join(',')}}`}::real[], ${col((r) => r.source)}::text[])
            with ordinality as u(content_key, id_key, company_id, topic, occurred_at, weight, source, ord)
        ), by_content as (
          insert into intent_import_keys (key) select content_key from input where content_key is not null
          order by 1 on conflict do nothing returning key
        ), by_id as (
          insert into intent_signal_keys (key) select id_key from input where id_key is not null
          order by 1 on conflict do nothing returning key
        ), fresh as (
          select * from input where content_key in (select key from by_content) or id_key in (select key from by_id)
        ), inserted as (
          insert into signals (company_id, topic, occurred_at, weight, source, import_batch)
          select company_id, topic, occurred_at, weight, source, txid_current() from fresh
        )
        select array_agg(ord) as duplicates from input where ord not in (select ord from fresh)`,
  );
  await tx.execute(sql`select set_config('dossier.intent_bulk', 'off', true)`);
  return (result?.duplicates ?? []).map(Number);
};

/** A job posting ready to store. */
export interface NewPosting {
  companyId: string;
  title: string;
  department: string | null;
  location: string | null;
  postedAt: string;
  closedAt: string | null;
  url: string | null;
  source: string | null;
}

/**
 * Upserts postings on (company, url): one pushed again gets its title, department, location and
 * closing date updated and keeps its first `posted_at`. `created` is false for those updated.
 */
export const upsertJobPostings = (tx: Executor, ready: readonly NewPosting[]) => {
  const col = (f: (r: NewPosting) => string | null) => textArray(ready.map(f));
  return run<{ company_id: string; url: string | null; created: boolean }>(
    tx,
    sql`insert into job_postings as p (company_id, title, department, location, posted_at, closed_at, url, source)
        select * from unnest(${col((r) => r.companyId)}::text[], ${col((r) => r.title)}::text[],
          ${col((r) => r.department)}::text[], ${col((r) => r.location)}::text[],
          ${col((r) => r.postedAt)}::timestamptz[], ${col((r) => r.closedAt)}::timestamptz[],
          ${col((r) => r.url)}::text[], ${col((r) => r.source)}::text[])
        on conflict (company_id, url) do update set title = excluded.title, department = excluded.department,
          location = excluded.location, closed_at = excluded.closed_at, source = coalesce(excluded.source, p.source)
        returning company_id, url, (xmax = 0) as created`,
  );
};
