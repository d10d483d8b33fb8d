import { seededRandom } from '../../src/resolve/hash.js';
import type { PersonRecord } from '../../src/resolve/types.js';

// Pools for deterministic synthetic people; every value is fictional.
const FIRST =
  `james robert john michael david william richard joseph thomas charles christopher daniel matthew
anthony mark donald steven paul andrew joshua kenneth kevin brian george timothy ronald edward jason jeffrey
ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel gregory alexander
frank patrick raymond jack dennis jerry tyler aaron jose adam nathan henry douglas zachary peter kyle noah
ethan jeremy walter christian keith roger terry austin sean gerald carl harold dylan arthur lawrence jordan
jesse bryan billy bruce gabriel joe logan albert willie alan eugene russell vincent philip bobby johnny
mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty margaret sandra
ashley kimberly emily donna michelle carol amanda dorothy melissa deborah stephanie rebecca sharon laura
cynthia kathleen amy angela shirley anna brenda pamela emma nicole helen samantha katherine christine debra
rachel carolyn janet catherine maria heather diane ruth julie olivia joyce virginia victoria kelly lauren
christina joan evelyn judith megan andrea cheryl hannah jacqueline martha gloria teresa ann sara madison
frances kathryn janice jean abigail alice judy sophia grace denise amber doris marilyn danielle beverly
isabella theresa diana natalie brittany charlotte marie kayla alexis lori priya olga giulia lars dmitri
yuki wei ahmed fatima mateo sofia lucas chloe jurgen francois zoe ines bjorn anya kenji ravi ananya`
    .split(/\s+/)
    .filter(Boolean);

const NICK: Record<string, string[]> = {
  robert: ['bob', 'rob', 'bobby'],
  william: ['bill', 'will'],
  elizabeth: ['liz', 'beth'],
  james: ['jim', 'jimmy'],
  michael: ['mike'],
  richard: ['rick', 'dick'],
  thomas: ['tom'],
  joseph: ['joe'],
  christopher: ['chris'],
  daniel: ['dan', 'danny'],
  matthew: ['matt'],
  anthony: ['tony'],
  katherine: ['kate', 'katie'],
  margaret: ['maggie', 'peggy'],
  jennifer: ['jen', 'jenny'],
  patricia: ['pat', 'patty'],
  susan: ['sue'],
  timothy: ['tim'],
  edward: ['ed', 'ted'],
  samuel: ['sam'],
  alexander: ['alex'],
  nicholas: ['nick'],
  benjamin: ['ben'],
  jonathan: ['jon'],
  rebecca: ['becky'],
  deborah: ['debbie'],
  kimberly: ['kim'],
};

const LAST =
  `smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez
wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis
robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera
campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart
morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim
cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo
sanders patel myers long ross foster jimenez powell jenkins perry russell sullivan bell coleman butler
henderson barnes gonzales fisher vasquez simmons romero jordan patterson alexander hamilton graham reynolds
griffin wallace moreno west cole hayes bryant herrera gibson ellis tran medina aguilar stevens murray ford
castro marshall owens harrison fernandez mcdonald woods washington kennedy wells vargas henry chen freeman
webb tucker guzman burns crawford olson simpson porter hunter gordon mendez silva shaw snyder mason dixon
munoz hunt hicks holmes palmer wagner black robertson boyd rose stone salazar fox warren mills meyer rice
schmidt garza daniels ferguson nichols stephens soto weaver ryan gardner payne grant dunn kelley spencer
hawkins arnold pierce hansen peters santos hart bradley knight elliott cunningham duncan armstrong hudson
carroll lane riley andrews alvarado ray delgado berry perkins hoffman johnston matthews pena richards
willis carpenter lawrence sandoval mueller schneider fischer weber becker schulz dubois moreau laurent
lefebvre rossi russo ferrari esposito bianchi sato suzuki takahashi tanaka watanabe singh kumar sharma
gupta mehta okafor mensah novak horvat kowalski nowak jensen nielsen hansen larsen johansson lindqvist`
    .split(/\s+/)
    .filter(Boolean);

const COMPANY_A =
  `acme apex atlas aurora beacon birch blue bright cedar clear cobalt crystal delta ember falcon
golden granite harbor iron keystone lattice lumen maple meridian nimbus north oak onyx orbit pioneer prairie
quantum red ridge river sage signal silver slate south stellar summit swift tundra umbra vector vertex willow
zenith alpine arctic bold coral echo fern glacier hazel indigo jade juniper kestrel lunar mosaic nova opal`
    .split(/\s+/)
    .filter(Boolean);
const COMPANY_B = `analytics systems software labs health media capital logistics networks robotics foods
dynamics industries energy partners works solutions data cloud security technologies bio ventures studio
group digital consulting retail finance motors`
  .split(/\s+/)
  .filter(Boolean);
const LEGAL = [
  '',
  '',
  '',
  ' Inc',
  ' Inc.',
  ', Inc',
  ' LLC',
  ', LLC',
  ' Ltd',
  ' GmbH',
  ' Corp',
  ' Co.',
  ' Corporation',
];
const TLDS = ['com', 'io', 'ai', 'co', 'de', 'co.uk', 'com.au', 'fr'];
const FREE = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'icloud.com', 'proton.me', 'gmx.de'];
const TITLES: [string, string[]][] = [
  ['CEO', ['Chief Executive Officer', 'CEO']],
  ['CTO', ['Chief Technology Officer', 'CTO']],
  ['CFO', ['Chief Financial Officer', 'CFO']],
  ['VP Sales', ['Vice President, Sales', 'VP of Sales', 'VP Sales']],
  ['Eng Director', ['Director of Engineering', 'Engineering Director']],
  ['Head Marketing', ['Head of Marketing', 'Marketing Lead']],
  ['PM', ['Product Manager', 'Senior Product Manager']],
  ['SWE', ['Software Engineer', 'Sr. Software Engineer']],
  ['DS', ['Data Scientist', 'Lead Data Scientist']],
  ['AE', ['Account Executive', 'Senior Account Executive']],
  ['CSM', ['Customer Success Manager', 'CSM']],
  ['HR', ['HR Manager', 'People Operations Manager']],
  ['Growth', ['Growth Marketer', 'Growth Marketing Manager']],
];
const PLACES: [string, string, string][] = [
  ['New York', 'US', '212'],
  ['San Francisco', 'US', '415'],
  ['Austin', 'US', '512'],
  ['Chicago', 'US', '312'],
  ['Boston', 'US', '617'],
  ['Toronto', 'CA', '416'],
  ['London', 'GB', '20'],
  ['Berlin', 'DE', '30'],
  ['Munich', 'DE', '89'],
  ['Paris', 'FR', '1'],
  ['Sydney', 'AU', '2'],
  ['Bangalore', 'IN', '80'],
];
const CALLING: Record<string, string> = {
  US: '1',
  CA: '1',
  GB: '44',
  DE: '49',
  FR: '33',
  AU: '61',
  IN: '91',
};

interface Company {
  name: string;
  domain: string;
}

interface Person {
  first: string;
  last: string;
  company: Company;
  /** A later employer, for job changers. */
  next: Company | null;
  title: [string, string[]];
  place: [string, string, string];
  phone: string | null;
  slug: string | null;
  personal: string | null;
  workLocal: string;
}

export interface SyntheticOptions {
  records: number;
  seed?: number;
  /** Share of entities that also have a namesake at the same company. */
  namesakeRate?: number;
  /** Share of entities that changed jobs (later records at another company). */
  jobChangeRate?: number;
  /** Chance that a name gets a typo in one record. */
  typoRate?: number;
}

/** Deterministic synthetic people records with ground truth, shaped like real multi-source B2B lists. */
export const generatePeople = (
  options: SyntheticOptions,
): { records: PersonRecord[]; truth: Map<string, string> } => {
  const rand = seededRandom(options.seed ?? 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const chance = (p: number) => rand() < p;
  const namesakeRate = options.namesakeRate ?? 0.04;
  const jobChangeRate = options.jobChangeRate ?? 0.08;
  const typoRate = options.typoRate ?? 0.12;

  // Enough companies that a company holds a few dozen people at most.
  const companyCount = Math.max(50, Math.ceil(options.records / 60));
  const companies: Company[] = [];
  const usedDomains = new Set<string>();
  for (let i = 0; companies.length < companyCount; i++) {
    const a = pick(COMPANY_A);
    const b = pick(COMPANY_B);
    const suffix = i >= COMPANY_A.length * COMPANY_B.length ? String(i) : '';
    const stem = chance(0.3) ? `${a}hq` : chance(0.5) ? `${a}-${b}` : `${a}${b}`;
    const domain = `${stem}${suffix}.${pick(TLDS)}`;
    if (usedDomains.has(domain)) continue;
    usedDomains.add(domain);
    const cap = (s: string) => s[0]?.toUpperCase() + s.slice(1);
    companies.push({ name: `${cap(a)} ${cap(b)}${suffix ? ` ${suffix}` : ''}`, domain });
  }

  const typo = (s: string): string => {
    if (s.length < 4) return s;
    const i = 1 + Math.floor(rand() * (s.length - 2));
    const kind = Math.floor(rand() * 3);
    if (kind === 0) return s.slice(0, i) + s.slice(i + 1);
    if (kind === 1) return s.slice(0, i) + (s[i + 1] ?? '') + (s[i] ?? '') + s.slice(i + 2);
    return s.slice(0, i) + pick('aeioustrn'.split('')) + s.slice(i);
  };
  const cased = (s: string): string => {
    const r = rand();
    if (r < 0.1) return s.toUpperCase();
    if (r < 0.2) return s.toLowerCase();
    return (s[0]?.toUpperCase() ?? '') + s.slice(1);
  };
  const phoneFor = (place: [string, string, string]): string => {
    const digits = Array.from({ length: 7 }, () => Math.floor(rand() * 10)).join('');
    return `${place[2]}${digits}`;
  };
  const formatPhone = (national: string, country: string): string => {
    const cc = CALLING[country] ?? '1';
    const r = rand();
    if (cc === '1') {
      const a = national.slice(0, 3);
      const b = national.slice(3, 6);
      const c = national.slice(6);
      return r < 0.25
        ? `(${a}) ${b}-${c}`
        : r < 0.5
          ? `+1 ${a}-${b}-${c}`
          : r < 0.75
            ? `${a}.${b}.${c}`
            : `+1${national}`;
    }
    return r < 0.33 ? `+${cc} ${national}` : r < 0.66 ? `00${cc} ${national}` : `0${national}`;
  };

  let entitySeq = 0;
  // Profile slugs are unique per person, as on LinkedIn: a taken slug gets a numeric tail.
  const usedSlugs = new Set<string>();
  const uniqueSlug = (stem: string, id: number): string => {
    let slug = chance(0.5) ? stem : `${stem}-${id % 9973}`;
    while (usedSlugs.has(slug)) slug = `${stem}-${id}-${Math.floor(rand() * 1000)}`;
    usedSlugs.add(slug);
    return slug;
  };
  const newPerson = (base?: Person): Person => {
    const company = base?.company ?? pick(companies);
    const place = base?.place ?? pick(PLACES);
    const first = base?.first ?? pick(FIRST);
    const last = base?.last ?? pick(LAST);
    const id = entitySeq;
    return {
      first,
      last,
      company,
      next: !base && chance(jobChangeRate) ? pick(companies) : null,
      title: pick(TITLES),
      place,
      phone: chance(0.6) ? phoneFor(place) : null,
      slug: chance(0.55) ? uniqueSlug(`${first}-${last}`, id) : null,
      personal: chance(0.5)
        ? `${first}${pick(['.', '_', ''])}${last}${Math.floor(rand() * 1000)}@${pick(FREE)}`
        : null,
      workLocal: base
        ? `${first[0]}${last}${1 + Math.floor(rand() * 9)}`
        : pick([
            `${first}.${last}`,
            `${first[0]}${last}`,
            `${first}`,
            `${first}_${last}`,
            `${last}${first[0]}`,
          ]),
    };
  };

  const records: PersonRecord[] = [];
  const truth = new Map<string, string>();
  const emit = (p: Person, entityId: string) => {
    const moved = p.next !== null && chance(0.4);
    const company = moved && p.next ? p.next : p.company;
    const recordId = `s${String(records.length).padStart(8, '0')}`;
    let first = chance(0.08) && NICK[p.first] ? pick(NICK[p.first] as string[]) : p.first;
    let last = p.last;
    if (chance(typoRate)) first = typo(first);
    if (chance(typoRate)) last = typo(last);
    const full = chance(0.1);
    const work = `${p.workLocal}@${company.domain}`;
    const emailRoll = rand();
    const email = emailRoll < 0.45 ? work : emailRoll < 0.7 && p.personal ? p.personal : null;
    const slugUrl =
      p.slug && chance(0.5)
        ? pick([
            `https://www.linkedin.com/in/${p.slug}/`,
            `linkedin.com/in/${p.slug}`,
            `http://uk.linkedin.com/in/${p.slug}`,
            `https://www.linkedin.com/in/${p.slug.toUpperCase()}?trk=public_profile`,
          ])
        : null;
    records.push({
      recordId,
      source: pick(['crm', 'events', 'partner', 'signups', 'purchased']),
      firstName: full ? `${cased(first)} ${cased(last)}` : cased(first),
      lastName: full ? '' : cased(last),
      email: email && chance(0.1) ? ` ${email.toUpperCase()} ` : email,
      phone: p.phone && chance(0.45) ? formatPhone(p.phone, p.place[1]) : null,
      linkedinUrl: slugUrl,
      companyName: chance(0.85)
        ? (chance(0.15) ? company.name.toUpperCase() : company.name) + pick(LEGAL)
        : null,
      companyDomain: chance(0.5)
        ? pick([company.domain, `www.${company.domain}`, `https://${company.domain}/about`])
        : null,
      title: chance(0.7) ? pick(p.title[1]) : null,
      city: chance(0.6) ? p.place[0] : null,
      country: chance(0.6) ? p.place[1] : null,
    });
    truth.set(recordId, entityId);
  };

  while (records.length < options.records) {
    const person = newPerson();
    const entityId = `E${entitySeq++}`;
    const n = 1 + Math.floor(rand() * 5);
    for (let k = 0; k < n && records.length < options.records; k++) emit(person, entityId);
    if (chance(namesakeRate) && records.length < options.records) {
      const twin = newPerson(person);
      const twinId = `E${entitySeq++}`;
      const m = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < m && records.length < options.records; k++) emit(twin, twinId);
    }
  }
  return { records, truth };
};
