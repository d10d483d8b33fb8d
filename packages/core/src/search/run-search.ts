import { companies, people, personEmails, personPhones } from '@dossier/db';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { employeeRange } from '../company/profile.js';
import { type Context, canSeePii } from '../context.js';
import { maskEmail, maskPhone } from '../shared/mask.js';
import { companyConditions } from './company-conditions.js';
import { type CursorPosition, decodeCursor, encodeCursor, searchFingerprint } from './cursor.js';
import { industryIdOf } from './industry-keys.js';
import { peopleConditions } from './people-conditions.js';
import {
  type CompanySearchFilters,
  type Interpretation,
  interpretQuery,
  mergeFilters,
  type PeopleSearchFilters,
} from './query/index.js';
import { rankingSql, relevanceSql, toScore } from './relevance.js';
import type { CompanyResult, PersonResult } from './results.js';
import { allOf } from './sql-helpers.js';
import { companiesNamed } from './store.js';
import { searchVocabOf } from './stored-vocab.js';
import { countMatches, SAMPLE_FROM, sampleSlice } from './total.js';

export interface SearchInput<F> {
  query: string;
  limit: number;
  cursor?: string;
  /** See `companySorts` / `peopleSorts`; default `relevance`. */
  sort?: string;
  filters?: F;
}

export interface SearchPage<T> {
  data: T[];
  total: number;
  total_is_estimate: boolean;
  cursor: string | null;
  interpreted: Interpretation<Record<string, unknown>>;
  credits_used: 0;
}

interface Plan {
  text: string;
  fingerprint: string;
  position: CursorPosition | null;
}

/** Reads the sentence, lays explicit filters over it and opens the cursor of this same search. */
function plan<F extends object>(entity: string, input: SearchInput<F>, filters: F, leftover: string): Plan {
  const text = leftover.trim();
  const fingerprint = searchFingerprint({ entity, filters, text, sort: input.sort ?? 'relevance' });
  return {
    text,
    fingerprint,
    position: input.cursor ? decodeCursor(input.cursor, fingerprint) : null,
  };
}

/** Whether any filter is set (an empty `company` object is none). */
const hasFilters = (filters: object): boolean =>
  Object.values(filters).some(
    (v) => v !== undefined && !(typeof v === 'object' && v !== null && !Array.isArray(v) && !hasFilters(v)),
  );

/**
 * The text's part: with filters it only ranks the rows they keep (a word no filter read never
 * empties a result); alone it is the search, and must match.
 */
function textPart(text: string, filters: object, vector: unknown, name: unknown) {
  if (!text) return { rel: null, score: null };
  if (hasFilters(filters)) return { rel: null, score: rankingSql(text, vector, name) };
  const rel = relevanceSql(text, vector, name);
  return { rel, score: rel.score };
}

/**
 * The order key, one whole number per row, highest first (ties in id order): the text's relevance
 * when the sort is `relevance` and words rank; else the sort's column. Companies default to
 * headcount, people to seniority.
 */
const SENIORITY_RANK = ['entry', 'senior', 'manager', 'director', 'vp', 'partner', 'owner', 'cxo'];
const seniorityRank = sql`(case ${people.seniority} ${sql.join(
  SENIORITY_RANK.map((s, i) => sql`when ${s} then ${i + 1}`),
  sql` `,
)} else 0 end)`;

function orderKey(entity: 'companies' | 'people', sort: string | undefined, relevance: SQL | null): SQL {
  if ((sort ?? 'relevance') === 'relevance' && relevance) return relevance;
  if (entity === 'companies')
    return sort === 'founded'
      ? sql`coalesce(${companies.foundedYear}, 0)`
      : sql`coalesce(${companies.employeeCount}, -1)`;
  return sort === 'company_employees' ? sql`coalesce(${people.companyEmployeeCount}, -1)` : seniorityRank;
}

/** Keyset condition and order: (score desc, id asc) with text, id asc without. */
function keyset(score: SQL | null, id: SQL | unknown, position: CursorPosition | null) {
  const after = position
    ? score
      ? sql`(${score} < ${position.score} or (${score} = ${position.score} and ${id} > ${position.id}))`
      : sql`${id} > ${position.id}`
    : null;
  const order = score ? [desc(score), asc(id as SQL)] : [asc(id as SQL)];
  return { after, order };
}

function nextCursor<T extends { id: string; s: number }>(
  rows: T[],
  limit: number,
  fingerprint: string,
  total: { total: number; estimate: boolean },
) {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? encodeCursor(fingerprint, { score: last.s, id: last.id, ...total }) : null;
}

/** What the total counts: every match, and the same on the id sample slice. */
interface Counting {
  matches: SQLWrapper;
  sample: { matches: SQLWrapper; from: number };
}

/** The matches of `where` among companies or people, and those on the id sample slice. */
function countingOf(db: Context['db']['db'], entity: 'companies' | 'people', where: SQL): Counting {
  const [table, prefix] = entity === 'companies' ? [companies, 'cmp'] : [people, 'per'];
  return {
    matches: db.select({ one: sql`1` }).from(table).where(where),
    sample: {
      matches: db
        .select({ one: sql`1` })
        .from(table)
        .where(and(where, sampleSlice(table.id, prefix))),
      from: SAMPLE_FROM[entity],
    },
  };
}

/** The first page counts; later pages reuse its total from the cursor. */
const totalOf = (database: Context['db'], position: CursorPosition | null, counting: Counting) =>
  position
    ? { total: position.total, estimate: position.estimate }
    : countMatches(database, counting.matches, counting.sample);

/**
 * Ranked by text, the first page reads and scores every match anyway (to sort them): it counts
 * them in the same pass (`count(*) over ()`, exact at any size) instead of a second query.
 * (Without text it would not: a page in id order can stop after `limit` rows, and the planner,
 * costing it so, walks the primary key through the whole table to feed the window count.)
 */
const countsInPage = (score: SQL | null, position: CursorPosition | null) => score !== null && !position;
const windowCount = (on: boolean) => (on ? sql<number>`count(*) over ()` : sql<number>`0`);

async function pageWithTotal<R extends { n: number }>(
  database: Context['db'],
  inPage: boolean,
  position: CursorPosition | null,
  page: Promise<R[]>,
  counting: Counting,
) {
  if (inPage) {
    const rows = await page;
    return { rows, total: { total: Number(rows[0]?.n ?? 0), estimate: false } };
  }
  const [rows, total] = await Promise.all([page, totalOf(database, position, counting)]);
  return { rows, total };
}

export async function searchCompanies(
  ctx: Context,
  input: SearchInput<CompanySearchFilters>,
): Promise<SearchPage<CompanyResult>> {
  const interpreted = interpretQuery(input.query, 'companies', await searchVocabOf(ctx.db));
  const filters = mergeFilters(interpreted.filters, input.filters);
  const { text, fingerprint, position } = plan('companies', input, filters, interpreted.leftover);
  const c = companies;
  const { rel, score: textScore } = textPart(text, filters, c.searchTsv, c.name);
  const score = orderKey('companies', input.sort, textScore);
  const ranks = score === textScore;
  const conditions = companyConditions(filters);
  const where = allOf([...conditions, ...(rel ? [rel.match] : [])]);
  const db = ctx.db.db;
  const counting = countingOf(db, 'companies', where);
  const inPage = countsInPage(textScore, position);
  // Ranked on (id, score) alone, then the page's rows joined back by id: a text page sorts every
  // match, and sorting (and counting) narrow rows instead of whole ones is cheaper (21,632 matches
  // at 1M: 145 -> 124 ms CPU; reading the parts apart, below, 100-108).
  // With text, the vector's matches and the trigram-only ones are read apart (`parts`): an exact
  // index condition each, so no row is checked again against the whole match.
  const ranked = (match: SQL | null, s: SQL | null) => {
    const at = keyset(s, c.id, position).after;
    return db
      .select({ id: c.id, s: (s ? sql<number>`${s}` : sql<number>`0`).as('s') })
      .from(c)
      .where(allOf([...conditions, ...(match ? [match] : []), ...(at ? [at] : [])]));
  };
  const [byVector, byName] = rel?.parts ?? [];
  const found = (
    byVector && byName
      ? unionAll(
          ranked(byVector.match, ranks ? byVector.score : score),
          ranked(byName.match, ranks ? byName.score : score),
        )
      : ranked(null, score)
  ).as('found');
  // The count sits in its own subquery, so the sort above it keeps only the top `limit + 1`.
  const matches = db
    .select({ id: found.id, s: found.s, n: windowCount(inPage).as('n') })
    .from(found)
    .as('matches');
  const top = db
    .select({ id: matches.id, s: matches.s, n: matches.n })
    .from(matches)
    .orderBy(...(score ? [desc(matches.s), asc(matches.id)] : [asc(matches.id)]))
    .limit(input.limit + 1)
    .as('top');
  const pageQuery = db
    .select({
      id: c.id,
      domain: c.domain,
      name: c.name,
      industry: c.industry,
      employeeCount: c.employeeCount,
      revenueRange: c.revenueRange,
      foundedYear: c.foundedYear,
      type: c.type,
      city: c.city,
      region: c.region,
      country: c.country,
      techSlugs: c.techSlugs,
      tags: c.tags,
      s: sql<number>`${top.s}`.mapWith(Number),
      n: sql<number>`${top.n}`.mapWith(Number),
    })
    .from(top)
    .innerJoin(c, eq(c.id, top.id))
    .orderBy(...(score ? [desc(top.s), asc(top.id)] : [asc(top.id)]));
  const { rows, total } = await pageWithTotal(ctx.db, inPage, position, pageQuery, counting);
  return {
    data: rows.slice(0, input.limit).map((r) => ({
      id: r.id,
      domain: r.domain,
      name: r.name,
      industry: r.industry,
      industry_id: industryIdOf(r.industry),
      employee_count: r.employeeCount,
      employee_range: employeeRange(r.employeeCount),
      revenue_range: r.revenueRange,
      founded_year: r.foundedYear,
      type: r.type,
      location: { city: r.city, region: r.region, country: r.country },
      technologies: r.techSlugs,
      tags: r.tags,
      ...(ranks ? { score: toScore(r.s) } : {}),
    })),
    total: total.total,
    total_is_estimate: total.estimate,
    cursor: nextCursor(rows, input.limit, fingerprint, total),
    interpreted: interpreted as Interpretation<Record<string, unknown>>,
    credits_used: 0,
  };
}

/**
 * "people at Northwind Traders": words after "at" that no filter read become a company filter when
 * a company has that name (any case) or domain, or is the only one whose name starts with them.
 */
async function resolveCompanyName(
  ctx: Context,
  read: Interpretation<PeopleSearchFilters>,
): Promise<Interpretation<PeopleSearchFilters>> {
  const { company_name: candidate, ...rest } = read;
  if (!candidate) return rest;
  const text = candidate.text.trim();
  const rows = await companiesNamed(ctx.db, text);
  const exact = rows.filter((r) => r.exact);
  const name = exact[0]?.name ?? (rows.length === 1 ? rows[0]?.name : undefined);
  if (!name) return rest;
  // Take the words out of what ranks: they are a filter now.
  const unused = [...rest.unused_words];
  const at = unused.findIndex((_, i) => candidate.words.every((w, k) => unused[i + k] === w));
  if (at >= 0) unused.splice(at, candidate.words.length);
  const company = { ...rest.filters.company, name: [name] };
  return {
    ...rest,
    filters: { ...rest.filters, company },
    leftover: unused.join(' '),
    unused_words: unused,
    matched: [...rest.matched, { text, filter: 'company.name', value: name }],
  };
}

export async function searchPeople(
  ctx: Context,
  input: SearchInput<PeopleSearchFilters>,
): Promise<SearchPage<PersonResult>> {
  const interpreted = await resolveCompanyName(
    ctx,
    interpretQuery(input.query, 'people', await searchVocabOf(ctx.db)),
  );
  const filters = mergeFilters(interpreted.filters, input.filters);
  const { text, fingerprint, position } = plan('people', input, filters, interpreted.leftover);
  const p = people;
  const c = companies;
  const { rel, score: textScore } = textPart(text, filters, p.searchTsv, p.fullName);
  const score = orderKey('people', input.sort, textScore);
  const ranks = score === textScore;
  const where = allOf([...peopleConditions(filters), ...(rel ? [rel.match] : [])]);
  const { after, order } = keyset(score, p.id, position);
  const db = ctx.db.db;
  const counting = countingOf(db, 'people', where);
  const inPage = countsInPage(textScore, position);
  // The page from people alone (every filter is on the row), then its companies and contacts.
  const page = db
    .select({
      id: p.id,
      name: p.fullName,
      title: p.title,
      seniority: p.seniority,
      department: p.department,
      city: p.city,
      region: p.region,
      country: p.country,
      companyId: p.companyId,
      verified: sql<boolean>`${p.searchFacets} @> array['pv:1']`.as('verified'),
      mobile: sql<boolean>`${p.searchFacets} @> array['pm:1']`.as('mobile'),
      s: (score ? sql<number>`${score}` : sql<number>`0`).as('s'),
      n: windowCount(inPage).as('n'),
    })
    .from(p)
    .where(after ? and(where, after) : where)
    .orderBy(...order)
    .limit(input.limit + 1)
    .as('page');
  const email = sql<
    string | null
  >`(select ${personEmails.email} from ${personEmails} where ${personEmails.personId} = ${page.id} order by (${personEmails.status} = 'verified') desc, (${personEmails.type} = 'work') desc, ${personEmails.id} limit 1)`;
  const phone = sql<
    string | null
  >`(select ${personPhones.e164} from ${personPhones} where ${personPhones.personId} = ${page.id} order by (${personPhones.type} = 'mobile') desc, ${personPhones.id} limit 1)`;
  const pageQuery = db
    .select({
      id: page.id,
      name: page.name,
      title: page.title,
      seniority: page.seniority,
      department: page.department,
      city: page.city,
      region: page.region,
      country: page.country,
      companyId: c.id,
      companyDomain: c.domain,
      companyName: c.name,
      email,
      phone,
      verified: page.verified,
      mobile: page.mobile,
      s: sql<number>`${page.s}`.mapWith(Number),
      n: sql<number>`${page.n}`.mapWith(Number),
    })
    .from(page)
    .leftJoin(c, eq(c.id, page.companyId))
    .orderBy(...(score ? [desc(page.s), asc(page.id)] : [asc(page.id)]));
  const { rows, total } = await pageWithTotal(ctx.db, inPage, position, pageQuery, counting);
  const pii = canSeePii(ctx.caller);
  return {
    data: rows.slice(0, input.limit).map((r) => ({
      id: r.id,
      name: r.name,
      title: r.title,
      seniority: r.seniority,
      department: r.department,
      location: { city: r.city, region: r.region, country: r.country },
      company:
        r.companyId && r.companyDomain && r.companyName
          ? { id: r.companyId, domain: r.companyDomain, name: r.companyName }
          : null,
      email: r.email ? (pii ? r.email : maskEmail(r.email)) : null,
      phone: r.phone ? (pii ? r.phone : maskPhone(r.phone)) : null,
      contact_masked: !pii,
      has_verified_email: Boolean(r.verified),
      has_mobile: Boolean(r.mobile),
      ...(ranks ? { score: toScore(r.s) } : {}),
    })),
    total: total.total,
    total_is_estimate: total.estimate,
    cursor: nextCursor(rows, input.limit, fingerprint, total),
    interpreted: interpreted as Interpretation<Record<string, unknown>>,
    credits_used: 0,
  };
}
