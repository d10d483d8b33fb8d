import { generateCompanies } from './companies.js';
import { generateJobPostings, generateSignals } from './intent.js';
import { generateIpRanges, networkDomains } from './ip-ranges.js';
import { generatePeople } from './people.js';
import { PhoneBook } from './phones.js';
import { Rng } from './random.js';
import { startOfUtcDay } from './time.js';
import type { DemoData } from './types.js';

/** The default reference date; pass the real date when loading so signals look recent. */
export const DEMO_AS_OF = new Date('2026-11-01T00:00:00Z');

export const DEMO_SIZES = {
  companies: 500,
  namesakeCompanies: 10,
  jobChanges: 40,
  ipv6Companies: 300,
  signalCompanies: 150,
  surgingCompanies: 20,
  signalWeeks: 16,
  hiringCompanies: 200,
  spikingCompanies: 15,
  postingMonths: 8,
} as const;

/**
 * The demo data set: fictional companies under `.example`, their people, IP ranges from the
 * documentation blocks, topic signals and job postings. Pure: the same seed and day give the same
 * rows (ids included); recent activity is placed relative to the start of `asOf`'s UTC day.
 */
export const generateDemoData = (seed = 1, asOf: Date = DEMO_AS_OF): DemoData => {
  const day = startOfUtcDay(asOf);
  const rng = (label: string) => new Rng(seed, label);
  const phones = new PhoneBook(rng('phones'));
  const taken = new Set<string>(networkDomains);
  const plans = generateCompanies({
    count: DEMO_SIZES.companies,
    asOf: day,
    rng: rng('companies'),
    phones,
    taken,
  });
  const people = generatePeople({
    rng: rng('people'),
    asOf: day,
    phones,
    companies: plans,
    namesakeCompanies: DEMO_SIZES.namesakeCompanies,
    jobChanges: DEMO_SIZES.jobChanges,
  });
  return {
    seed,
    asOf: day,
    source: { id: `src_${rng('source').base62(20)}`, name: 'demo', trust: 0.5 },
    companies: plans.map((p) => p.row),
    companyDomains: plans.flatMap((p) =>
      p.domains.map((domain, i) => ({ domain, companyId: p.row.id, isPrimary: i === 0 })),
    ),
    companyTechnologies: plans.flatMap((p) => p.technologies),
    ...people,
    ipRanges: generateIpRanges({ rng: rng('ip'), companies: plans, ipv6Companies: DEMO_SIZES.ipv6Companies }),
    signals: generateSignals({
      rng: rng('signals'),
      asOf: day,
      companies: plans,
      active: DEMO_SIZES.signalCompanies,
      surging: DEMO_SIZES.surgingCompanies,
      weeks: DEMO_SIZES.signalWeeks,
    }),
    jobPostings: generateJobPostings({
      rng: rng('postings'),
      asOf: day,
      companies: plans,
      hiring: DEMO_SIZES.hiringCompanies,
      spiking: DEMO_SIZES.spikingCompanies,
      months: DEMO_SIZES.postingMonths,
    }),
  };
};
