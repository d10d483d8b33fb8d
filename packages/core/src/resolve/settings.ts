import { z } from 'zod';
import { invalid } from '../errors.js';
import { fieldIssues } from '../shared/validate.js';
import { type BlockingPass, defaultBlockingPasses } from './blocking.js';
import { type CompareThresholds, defaultThresholds, personComparisons } from './compare.js';
import { soundex } from './phonetic.js';
import type { ResolverOptions } from './resolver.js';
import type { PreparedPerson } from './types.js';

/** Fields a blocking rule of a settings file may combine; a record missing any of them gets no key. */
const BLOCKING_FIELDS: Record<string, (p: PreparedPerson) => string> = {
  first_name: (p) => p.first,
  last_name: (p) => p.last,
  first_initial: (p) => p.first.slice(0, 1),
  last_initial: (p) => p.last.slice(0, 1),
  first_soundex: (p) => (p.first ? soundex(p.first) : ''),
  last_soundex: (p) => (p.last ? soundex(p.last) : ''),
  dob: (p) => p.dobKey,
  dob_year: (p) => (p.dobY ? String(p.dobY) : ''),
  dob_month_day: (p) => (p.dobD ? `${p.dobM}-${p.dobD}` : ''),
  gender: (p) => p.gender,
  email: (p) => p.emailKey ?? '',
  email_local: (p) => p.emailLocal,
  email_domain: (p) => p.emailDomain ?? '',
  phone: (p) => p.phoneKey ?? '',
  linkedin: (p) => p.linkedinSlug ?? '',
  company: (p) => p.companyKey,
  street_number: (p) => p.addressNumber,
  street: (p) => p.addressFlat,
  city: (p) => p.city,
  state: (p) => p.state,
  postcode: (p) => p.postcode,
  country: (p) => p.country,
  ssn: (p) => p.ssn,
  passport: (p) => p.passport,
  drivers_license: (p) => p.driversLicense,
  national_id: (p) => p.nationalId,
};

export const blockingFieldNames = Object.keys(BLOCKING_FIELDS);

/** A blocking pass on the exact combination of `fields` (every one present), as Splink's block_on. */
export const blockingPassOn = (name: string, fields: string[], cap: number): BlockingPass => {
  const getters = fields.map((f) => {
    const get = BLOCKING_FIELDS[f];
    if (!get) throw invalid([{ path: 'blocking', message: `unknown field ${f}` }]);
    return get;
  });
  return {
    name,
    cap,
    keys: (p) => {
      let key = `R${name}`;
      for (const get of getters) {
        const v = get(p);
        if (!v) return [];
        key += `|${v}`;
      }
      return [key];
    },
  };
};

const comparisonNames = personComparisons.map((c) => c.name) as string[];
const probability = z.number().gt(0).lte(1);

const settingsSchema = z
  .object({
    threshold: z.number().gt(0).lt(1).optional(),
    comparisons: z
      .object({
        nameHigh: z.number().min(0).max(1),
        nameMid: z.number().min(0).max(1),
        city: z.number().min(0).max(1),
        emailLocal: z.number().min(0).max(1),
        addressOverlap: z.number().min(0).max(1),
        addressJw: z.number().min(0).max(1),
      })
      .partial()
      .strict()
      .optional(),
    blocking: z
      .array(
        z
          .object({
            name: z.string().min(1),
            cap: z.number().int().min(1).max(10_000).optional(),
            fields: z.array(z.string()).min(1).optional(),
          })
          .strict(),
      )
      .min(1)
      .optional(),
    m: z.record(z.string(), z.array(probability)).optional(),
    u: z.record(z.string(), z.array(probability)).optional(),
    matchesPerRecord: z.number().positive().optional(),
    train: z.boolean().optional(),
    randomPairs: z.number().int().min(100).max(10_000_000).optional(),
  })
  .strict();

export type ResolverSettings = z.infer<typeof settingsSchema>;

const checkProbabilities = (key: 'm' | 'u', table: Record<string, number[]> | undefined) => {
  const out: Record<number, number[]> = {};
  for (const [name, row] of Object.entries(table ?? {})) {
    const c = comparisonNames.indexOf(name);
    if (c < 0)
      throw invalid([
        { path: `${key}.${name}`, message: `unknown comparison; one of ${comparisonNames.join(', ')}` },
      ]);
    const levels = personComparisons[c]?.levels.length ?? 0;
    if (row.length !== levels)
      throw invalid([
        {
          path: `${key}.${name}`,
          message: `needs ${levels} values (${personComparisons[c]?.levels.join(', ')})`,
        },
      ]);
    out[c] = row;
  }
  return out;
};

/**
 * Resolver options from a settings file (parsed JSON): comparison thresholds, blocking rules (the
 * built-in passes by name, with an optional cap, or new ones on a combination of fields), the match
 * threshold, and fixed m or u values per comparison (those rows are not learnt). Throws a
 * field-naming `invalid_request` on anything malformed.
 */
export const resolverOptionsFromSettings = (raw: unknown): ResolverOptions => {
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldIssues(parsed.error));
  const s = parsed.data;
  const options: ResolverOptions = {};
  if (s.threshold !== undefined) options.threshold = s.threshold;
  if (s.comparisons) options.thresholds = { ...defaultThresholds, ...s.comparisons } as CompareThresholds;
  if (s.blocking) {
    options.blockingPasses = s.blocking.map((rule, i) => {
      if (rule.fields) return blockingPassOn(rule.name, rule.fields, rule.cap ?? 20);
      const builtIn = defaultBlockingPasses.find((p) => p.name === rule.name);
      if (!builtIn)
        throw invalid([
          {
            path: `blocking.${i}.name`,
            message: `unknown pass ${rule.name}; give fields (${blockingFieldNames.join(', ')}) or one of ${defaultBlockingPasses.map((p) => p.name).join(', ')}`,
          },
        ]);
      return rule.cap === undefined ? builtIn : { ...builtIn, cap: rule.cap };
    });
  }
  const m = checkProbabilities('m', s.m);
  const u = checkProbabilities('u', s.u);
  if (Object.keys(m).length) options.fixedM = m;
  if (Object.keys(u).length) options.fixedU = u;
  if (s.matchesPerRecord !== undefined) options.matchesPerRecord = s.matchesPerRecord;
  if (s.train !== undefined) options.train = s.train;
  if (s.randomPairs !== undefined) options.randomPairs = s.randomPairs;
  return options;
};
