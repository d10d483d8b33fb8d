import type { CompanyPlan } from './companies.js';
import type { Rng } from './random.js';
import { daysBefore } from './time.js';
import { type DemoDepartment, type DemoSeniority, titles } from './titles.js';
import { topics } from './topics.js';
import type { DemoJobPosting, DemoSignal } from './types.js';

export interface SignalOptions {
  rng: Rng;
  asOf: Date;
  companies: CompanyPlan[];
  /** Companies with topic activity. */
  active: number;
  /** Of those, how many surge on one topic in the last 7 days. */
  surging: number;
  weeks: number;
}

/**
 * A steady weekly baseline per company and topic, and a clear jump in the last 7 days for the surging
 * companies (Northwind among them, on "crm software").
 */
export const generateSignals = (options: SignalOptions): DemoSignal[] => {
  const { rng, asOf, companies, weeks } = options;
  const [northwind, ...rest] = companies;
  if (!northwind) return [];
  const active = [northwind, ...rng.sample(rest, options.active - 1)];
  const surging = new Set(active.slice(0, options.surging));
  const out: DemoSignal[] = [];
  for (const company of active) {
    const interests =
      company === northwind
        ? ['crm software', 'e-commerce platform', 'warehouse management']
        : rng.sample(topics, rng.int(2, 5));
    const hot = surging.has(company) ? interests[0] : undefined;
    for (const topic of interests) {
      const mean = 1 + rng.float() * 2.5;
      for (let week = weeks - 1; week >= 0; week--) {
        // Week 0 is the 7 days before asOf.
        const count =
          week === 0 && topic === hot ? rng.poisson(mean * (4 + rng.float() * 2)) + 8 : rng.poisson(mean);
        for (let i = 0; i < count; i++) {
          out.push({
            companyId: company.row.id,
            topic,
            occurredAt: daysBefore(asOf, week * 7 + rng.float() * 7),
            weight: rng.weighted([1, 0.5, 2], [70, 15, 15]),
            source: 'demo',
          });
        }
      }
    }
  }
  return out;
};

export interface PostingOptions {
  rng: Rng;
  asOf: Date;
  companies: CompanyPlan[];
  /** Companies that post jobs at all. */
  hiring: number;
  /** Of those, how many post several times their usual rate in the last 30 days. */
  spiking: number;
  /** How far back postings go, in 30-day months. */
  months: number;
}

const postingDepartments: Exclude<DemoDepartment, 'executive'>[] = [
  'engineering',
  'sales',
  'marketing',
  'customer_success',
  'product',
  'operations',
  'finance',
  'hr',
  'it',
  'design',
  'legal',
];
const postingSeniorities: DemoSeniority[] = ['entry', 'senior', 'manager', 'director'];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Job postings over the last months: a steady pace per company, a spike in the last 30 days for some. */
export const generateJobPostings = (options: PostingOptions): DemoJobPosting[] => {
  const { rng, asOf, companies, months } = options;
  const [northwind, ...rest] = companies;
  if (!northwind) return [];
  const hiring = [northwind, ...rng.sample(rest, options.hiring - 1)];
  const spiking = new Set(hiring.slice(0, options.spiking));
  const out: DemoJobPosting[] = [];
  for (const company of hiring) {
    const employees = company.row.employeeCount ?? 10;
    const pace = Math.min(6, 0.4 + Math.log10(employees) * 0.8 + rng.float());
    // Spikes lean on a few departments, as real hiring pushes do.
    const focus = rng.sample(postingDepartments, 2);
    let serial = 1;
    for (let month = months - 1; month >= 0; month--) {
      const spike = month === 0 && spiking.has(company);
      const count = spike ? rng.poisson(pace * (4 + rng.float() * 2)) + 6 : rng.poisson(pace);
      for (let i = 0; i < count; i++) {
        const department = spike && rng.chance(0.7) ? rng.pick(focus) : rng.pick(postingDepartments);
        const ladder = titles[department];
        const seniority = rng.weighted(postingSeniorities, [40, 35, 18, 7]);
        const title = rng.pick(ladder[seniority] ?? ladder.entry ?? ['Associate']);
        const postedAt = daysBefore(asOf, month * 30 + rng.float() * 30);
        const age = (asOf.getTime() - postedAt.getTime()) / 86_400_000;
        const closedAfter = rng.int(14, 75);
        const city = rng.chance(0.8) || company.offices.length === 0 ? company.hq : rng.pick(company.offices);
        out.push({
          companyId: company.row.id,
          title,
          department,
          location: rng.chance(0.15) ? 'Remote' : `${city.city}, ${city.country}`,
          postedAt,
          closedAt: closedAfter < age ? daysBefore(postedAt, -closedAfter) : null,
          url: `https://${company.row.domain}/careers/${serial}-${slugify(title)}`,
          source: 'demo',
        });
        serial++;
      }
    }
  }
  return out;
};
