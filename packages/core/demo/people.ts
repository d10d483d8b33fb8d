import type { CompanyPlan, EmailPattern } from './companies.js';
import { familyNames, givenNames, slugPart } from './names.js';
import type { PhoneBook } from './phones.js';
import { cities, type DemoCity } from './places.js';
import type { Rng } from './random.js';
import { daysBefore, isoDate } from './time.js';
import {
  type DemoDepartment,
  type DemoSeniority,
  demoSeniorities,
  departmentWeights,
  seniorityRank,
  titles,
} from './titles.js';
import type {
  DemoEmployment,
  DemoJobChange,
  DemoPerson,
  DemoPersonEmail,
  DemoPersonPhone,
  DemoPersonProfile,
} from './types.js';

/** Personal addresses live here: a reserved name, so no real mailbox is ever implied. */
export const PERSONAL_MAIL_DOMAIN = 'mail.example';

export interface PeopleOptions {
  rng: Rng;
  asOf: Date;
  phones: PhoneBook;
  companies: CompanyPlan[];
  /** Companies (besides Northwind) that get a deliberate namesake pair. */
  namesakeCompanies: number;
  jobChanges: number;
}

export interface PeopleResult {
  people: DemoPerson[];
  personEmails: DemoPersonEmail[];
  personPhones: DemoPersonPhone[];
  personProfiles: DemoPersonProfile[];
  employment: DemoEmployment[];
  jobChanges: DemoJobChange[];
}

interface Role {
  department: DemoDepartment;
  seniority: DemoSeniority;
  title: string;
}

interface Past extends Role {
  company: CompanyPlan;
  start: Date;
  end: Date;
}

interface PersonPlan extends Role {
  id: string;
  company: CompanyPlan;
  given: string;
  family: string;
  city: DemoCity;
  start: Date;
  history: Past[];
  jobChange: boolean;
}

const departments = Object.keys(departmentWeights) as Exclude<DemoDepartment, 'executive'>[];
const departmentShare = departments.map((d) => departmentWeights[d]);
const chiefDepartments = departments.filter((d) => titles[d].cxo);
const staffSeniorities = demoSeniorities.filter((s) => s !== 'cxo');
const staffShare = [6, 12, 22, 28, 32];

/** A title at `seniority`, or the nearest rung the department has. */
const roleAt = (rng: Rng, department: DemoDepartment, seniority: DemoSeniority): Role => {
  const ladder = titles[department];
  const byDistance = [...demoSeniorities].sort(
    (a, b) =>
      Math.abs(seniorityRank[a] - seniorityRank[seniority]) -
      Math.abs(seniorityRank[b] - seniorityRank[seniority]),
  );
  const rung = byDistance.find((s) => ladder[s]?.length) ?? 'entry';
  return { department, seniority: rung, title: rng.pick(ladder[rung] ?? ['Associate']) };
};

const headcount = (rng: Rng, employees: number): number => {
  const [min, max] =
    employees <= 10
      ? [1, 3]
      : employees <= 50
        ? [3, 6]
        : employees <= 200
          ? [5, 9]
          : employees <= 500
            ? [7, 13]
            : employees <= 1000
              ? [10, 16]
              : employees <= 5000
                ? [14, 22]
                : employees <= 10000
                  ? [20, 32]
                  : [30, 45];
  return Math.min(employees, rng.int(min, max));
};

const roster = (rng: Rng, company: CompanyPlan, size: number): Role[] => {
  const roles: Role[] = [roleAt(rng, 'executive', 'cxo')];
  // A CEO everywhere; other chiefs only where the roster is big enough to have layers.
  const chiefs = size >= 8 ? Math.min(chiefDepartments.length, Math.floor(size / 10) + rng.int(0, 1)) : 0;
  for (const department of rng.sample(chiefDepartments, chiefs)) roles.push(roleAt(rng, department, 'cxo'));
  while (roles.length < size) {
    const department = rng.weighted(departments, departmentShare);
    roles.push(roleAt(rng, department, rng.weighted(staffSeniorities, staffShare)));
  }
  // Founders of tiny companies run everything; keep the CEO first for every company.
  return company.row.employeeCount && company.row.employeeCount <= 2 ? roles.slice(0, 1) : roles;
};

const localPart = (pattern: EmailPattern, given: string, family: string): string => {
  const f = slugPart(given);
  const l = slugPart(family);
  switch (pattern) {
    case 'first.last':
      return `${f}.${l}`;
    case 'flast':
      return `${f.slice(0, 1)}${l}`;
    case 'first':
      return f;
    case 'firstl':
      return `${f}${l.slice(0, 1)}`;
    case 'first_last':
      return `${f}_${l}`;
  }
};

/** Reserves a unique value: `base`, else `base2`, `base3`, ... */
const claim = (taken: Set<string>, base: string, format: (suffix: string) => string): string => {
  for (let n = 1; ; n++) {
    const value = format(n === 1 ? base : `${base}${n}`);
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
};

const minDate = (a: Date, b: Date) => (a < b ? a : b);
const maxDate = (a: Date, b: Date) => (a > b ? a : b);

export const generatePeople = (options: PeopleOptions): PeopleResult => {
  const { rng, asOf, phones, companies } = options;
  const plans: PersonPlan[] = [];
  const byCompany = new Map<CompanyPlan, PersonPlan[]>();

  const foundedOf = (c: CompanyPlan) => new Date(Date.UTC(c.row.foundedYear ?? 2000, 0, 1));
  const pickCity = (c: CompanyPlan): DemoCity => {
    const r = rng.float();
    if (r < 0.75 || (r < 0.9 && c.offices.length === 0)) return c.hq;
    if (r < 0.9) return rng.pick(c.offices);
    const sameCountry = cities.filter((x) => x.country === c.hq.country);
    return rng.pick(sameCountry.length > 1 ? sameCountry : cities);
  };

  // 1. Rosters, names and current jobs.
  const namesakeAt = new Set(
    rng
      .sample(
        companies.slice(1).filter((c) => (c.row.employeeCount ?? 0) > 200),
        options.namesakeCompanies,
      )
      .map((c) => c.row.id),
  );
  for (const [index, company] of companies.entries()) {
    const size = index === 0 ? 40 : headcount(rng, company.row.employeeCount ?? 1);
    const members: PersonPlan[] = [];
    const names = new Set<string>();
    for (const [slot, role] of roster(rng, company, size).entries()) {
      let given = rng.pick(givenNames);
      let family = rng.pick(familyNames);
      if (index === 0 && (slot === 5 || slot === 17)) {
        // The classic namesake pair: two different John Smiths at Northwind.
        given = 'John';
        family = 'Smith';
      } else if (namesakeAt.has(company.row.id) && slot === size - 1 && members.length > 1) {
        const twin = rng.pick(members.slice(1));
        given = twin.given;
        family = twin.family;
      } else {
        while (names.has(`${given} ${family}`) || (given === 'John' && family === 'Smith')) {
          given = rng.pick(givenNames);
          family = rng.pick(familyNames);
        }
      }
      names.add(`${given} ${family}`);
      const founded = foundedOf(company);
      const tenureDays = Math.round(Math.exp(Math.log(90) + rng.float() * (Math.log(3000) - Math.log(90))));
      const person: PersonPlan = {
        ...role,
        id: `per_${rng.base62(20)}`,
        company,
        given,
        family,
        city: pickCity(company),
        start: maxDate(daysBefore(asOf, tenureDays), founded),
        history: [],
        jobChange: false,
      };
      members.push(person);
      plans.push(person);
    }
    byCompany.set(company, members);
  }

  // 2. Job changers: people whose current job began weeks ago; the old one ends just before.
  const isTwin = (p: PersonPlan) =>
    (byCompany.get(p.company) ?? []).some((q) => q !== p && q.given === p.given && q.family === p.family);
  const eligible = plans.filter((p) => p.seniority !== 'cxo' && !isTwin(p));
  const northwindFirst = eligible.filter((p) => p.company === companies[0]).slice(0, 1);
  const changers = [
    ...northwindFirst,
    ...rng.sample(
      eligible.filter((p) => p.company !== companies[0]),
      options.jobChanges - northwindFirst.length,
    ),
  ];
  for (const p of changers) {
    p.jobChange = true;
    p.start = daysBefore(asOf, rng.int(10, 80));
    const from = rng.pick(companies.filter((c) => c !== p.company));
    const rank = Math.max(0, seniorityRank[p.seniority] - rng.int(0, 1));
    const seniority = demoSeniorities.find((s) => seniorityRank[s] === rank) ?? 'entry';
    const end = daysBefore(p.start, rng.int(0, 20));
    const start = maxDate(daysBefore(end, rng.int(400, 2200)), foundedOf(from));
    p.history.push({ ...roleAt(rng, p.department, seniority), company: from, start, end });
  }

  // 3. Earlier jobs at other demo companies, walking back in time.
  for (const p of plans) {
    const extra = rng.weighted([0, 1, 2, 3], [30, 35, 25, 10]) - p.history.length;
    let before = p.history[p.history.length - 1]?.start ?? p.start;
    for (let i = 0; i < extra; i++) {
      const company = rng.pick(companies);
      if (company === p.company || p.history.some((h) => h.company === company)) continue;
      const end = daysBefore(before, rng.int(0, 90));
      const start = daysBefore(end, rng.int(365, 1800));
      if (start < foundedOf(company)) break;
      const department =
        rng.chance(0.8) || p.department === 'executive' ? p.department : rng.pick(departments);
      const rank = Math.max(0, seniorityRank[p.seniority] - rng.int(0, 2));
      const seniority = demoSeniorities.find((s) => seniorityRank[s] === rank) ?? 'entry';
      p.history.push({ ...roleAt(rng, department, seniority), company, start, end });
      before = start;
    }
  }

  // 4. Rows: people, employment, contact points.
  const result: PeopleResult = {
    people: [],
    personEmails: [],
    personPhones: [],
    personProfiles: [],
    employment: [],
    jobChanges: [],
  };
  const locals = new Map<CompanyPlan, Set<string>>(companies.map((c) => [c, new Set<string>()]));
  const personal = new Set<string>();
  const slugs = new Set<string>();
  const handles = new Set<string>();
  const seen = (from: Date) => {
    const firstSeen = maxDate(from, daysBefore(asOf, rng.int(30, 1500)));
    return {
      firstSeen: minDate(firstSeen, daysBefore(asOf, 1)),
      lastSeen: daysBefore(asOf, rng.int(0, 30)),
      numSources: rng.int(1, 6),
    };
  };
  const workEmail = (c: CompanyPlan, p: PersonPlan) =>
    claim(locals.get(c) ?? new Set(), localPart(c.pattern, p.given, p.family), (l) => `${l}@${c.row.domain}`);

  for (const p of plans) {
    const c = p.company;
    result.people.push({
      id: p.id,
      fullName: `${p.given} ${p.family}`,
      firstName: p.given,
      lastName: p.family,
      title: p.title,
      seniority: p.seniority,
      department: p.department,
      companyId: c.row.id,
      city: p.city.city,
      region: p.city.region,
      country: p.city.country,
    });
    result.employment.push({
      personId: p.id,
      companyId: c.row.id,
      companyName: c.row.name,
      title: p.title,
      seniority: p.seniority,
      department: p.department,
      startedAt: isoDate(p.start),
      endedAt: null,
      isCurrent: true,
      ...seen(p.start),
    });
    for (const h of p.history) {
      result.employment.push({
        personId: p.id,
        companyId: h.company.row.id,
        companyName: h.company.row.name,
        title: h.title,
        seniority: h.seniority,
        department: h.department,
        startedAt: isoDate(h.start),
        endedAt: isoDate(h.end),
        isCurrent: false,
        firstSeen: h.start,
        lastSeen: minDate(daysBefore(h.end, -rng.int(0, 30)), asOf),
        numSources: rng.int(1, 4),
      });
    }

    const status = c.acceptAll
      ? 'accept_all'
      : rng.weighted(['verified', 'valid', 'unknown', 'invalid'], [60, 22, 12, 6]);
    const work = seen(p.start);
    result.personEmails.push({
      personId: p.id,
      email: workEmail(c, p),
      type: 'work',
      status,
      verifiedAt: status === 'verified' ? work.lastSeen : null,
      ...work,
    });
    const last = p.history[0];
    if (p.jobChange && last) {
      // The old work address bounces now: evidence of the move.
      result.personEmails.push({
        personId: p.id,
        email: workEmail(last.company, p),
        type: 'work',
        status: 'invalid',
        verifiedAt: null,
        firstSeen: last.start,
        lastSeen: p.start,
        numSources: rng.int(1, 3),
      });
    }
    if (p.jobChange || rng.chance(0.3)) {
      const base = `${slugPart(p.given)}.${slugPart(p.family)}`;
      result.personEmails.push({
        personId: p.id,
        email: claim(personal, base, (l) => `${l}@${PERSONAL_MAIL_DOMAIN}`),
        type: 'personal',
        status: rng.weighted(['verified', 'valid', 'unknown'], [50, 35, 15]),
        verifiedAt: null,
        ...seen(daysBefore(asOf, 3000)),
      });
    }

    const phoneStatus = () => rng.weighted(['verified', 'valid', 'unknown'], [45, 35, 20]);
    if (p.jobChange || rng.chance(0.45)) {
      result.personPhones.push({
        personId: p.id,
        e164: phones.next(p.city, 'mobile'),
        type: 'mobile',
        status: phoneStatus(),
        ...seen(daysBefore(asOf, 3000)),
      });
    }
    if (rng.chance(0.55)) {
      result.personPhones.push({
        personId: p.id,
        e164: phones.next(p.city, 'direct'),
        type: 'direct',
        status: phoneStatus(),
        ...seen(p.start),
      });
    }

    if (p.jobChange || rng.chance(0.85)) {
      const base = `${slugPart(p.given)}-${slugPart(p.family)}`;
      const handle = rng.chance(0.25) && !slugs.has(base) ? base : `${base}-${rng.hex(8)}`;
      const slug = claim(slugs, handle, (s) => s);
      result.personProfiles.push({
        personId: p.id,
        network: 'linkedin',
        handle: slug,
        url: `https://www.linkedin.com/in/${slug}`,
        ...seen(daysBefore(asOf, 3000)),
      });
    }
    if (rng.chance(0.08)) {
      const handle = claim(handles, `${slugPart(p.given)}${slugPart(p.family)}`.slice(0, 13), (s) => s);
      result.personProfiles.push({
        personId: p.id,
        network: 'twitter',
        handle,
        url: `https://twitter.com/${handle}`,
        ...seen(daysBefore(asOf, 3000)),
      });
    }

    if (p.jobChange && last) {
      result.jobChanges.push({
        personId: p.id,
        fromCompanyId: last.company.row.id,
        toCompanyId: c.row.id,
        fromTitle: last.title,
        toTitle: p.title,
        isPromotion: seniorityRank[p.seniority] > seniorityRank[last.seniority],
        confidence: Math.round((0.82 + rng.float() * 0.16) * 100) / 100,
        detectedAt: minDate(daysBefore(p.start, -rng.int(3, 14)), asOf),
      });
    }
  }
  return result;
};
