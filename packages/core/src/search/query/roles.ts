import type { Department, Seniority } from '../../normalize/title.js';
import { PhraseIndex } from './phrases.js';

/** A role word read from a people query. */
export interface Role {
  seniority?: Seniority[];
  title?: string[];
  department?: Department;
}

// C-level titles: acronym | full title | the acronym's plural is matched by the crude singular.
const CHIEFS = `
ceo|chief executive officer
cto|chief technology officer
cfo|chief financial officer
coo|chief operating officer
cmo|chief marketing officer
cio|chief information officer
cro|chief revenue officer
cpo|chief product officer
cdo|chief data officer
chro|chief human resources officer
ciso|chief information security officer
cso|chief security officer
cco|chief customer officer
`;

/** Words that name a level; "of <department>" may follow. */
const LEVELS: [string, Seniority[]][] = [
  ['vp', ['vp']],
  ['vice president', ['vp']],
  ['svp', ['vp']],
  ['evp', ['vp']],
  ['avp', ['vp']],
  ['senior vice president', ['vp']],
  ['executive vice president', ['vp']],
  ['head', ['director']],
  ['director', ['director']],
  ['senior director', ['director']],
  ['managing director', ['cxo']],
  ['manager', ['manager']],
  ['senior manager', ['manager']],
  ['team lead', ['manager']],
  ['lead', ['senior']],
  ['executive', ['cxo']],
  ['exec', ['cxo']],
  ['leader', ['cxo', 'vp', 'director']],
  ['leadership', ['cxo', 'vp', 'director']],
  ['c-level', ['cxo']],
  ['c-suite', ['cxo']],
  ['cxo', ['cxo']],
  ['c-level executive', ['cxo']],
  ['decision maker', ['cxo', 'vp', 'director']],
  ['owner', ['owner']],
  ['partner', ['partner']],
  ['intern', ['entry']],
];

/** Words before a title that set its level ("senior engineers", "junior developers"). */
const PREFIXES: [string, Seniority][] = [
  ['senior', 'senior'],
  ['sr', 'senior'],
  ['principal', 'senior'],
  ['staff', 'senior'],
  ['lead', 'senior'],
  ['junior', 'entry'],
  ['jr', 'entry'],
  ['entry level', 'entry'],
  ['entry-level', 'entry'],
  ['graduate', 'entry'],
];

const DEPARTMENTS: [string, Department][] = [
  ['sales', 'sales'],
  ['business development', 'sales'],
  ['biz dev', 'sales'],
  ['bizdev', 'sales'],
  ['new business', 'sales'],
  ['marketing', 'marketing'],
  ['growth', 'marketing'],
  ['demand generation', 'marketing'],
  ['demand gen', 'marketing'],
  ['brand', 'marketing'],
  ['engineering', 'engineering'],
  ['software engineering', 'engineering'],
  ['technology', 'engineering'],
  ['product', 'product'],
  ['product management', 'product'],
  ['design', 'design'],
  ['ux', 'design'],
  ['data', 'data'],
  ['data science', 'data'],
  ['analytics', 'data'],
  ['IT', 'it'],
  ['information technology', 'it'],
  ['security', 'security'],
  ['information security', 'security'],
  ['cybersecurity', 'security'],
  ['finance', 'finance'],
  ['accounting', 'finance'],
  ['HR', 'hr'],
  ['human resources', 'hr'],
  ['talent', 'hr'],
  ['talent acquisition', 'hr'],
  ['recruiting', 'hr'],
  ['people operations', 'hr'],
  ['operations', 'operations'],
  ['ops', 'operations'],
  ['legal', 'legal'],
  ['customer success', 'customer_success'],
  ['customer experience', 'customer_success'],
  ['support', 'support'],
  ['customer support', 'support'],
  ['customer service', 'support'],
  ['procurement', 'procurement'],
  ['purchasing', 'procurement'],
  ['research', 'research'],
  ['r&d', 'research'],
  ['communications', 'communications'],
  ['comms', 'communications'],
  ['PR', 'communications'],
];

/** Job titles read as title keywords, with the department they imply. */
const TITLES: [string, Department][] = [
  ['software engineer', 'engineering'],
  ['software developer', 'engineering'],
  ['developer', 'engineering'],
  ['engineer', 'engineering'],
  ['frontend engineer', 'engineering'],
  ['backend engineer', 'engineering'],
  ['full stack developer', 'engineering'],
  ['mobile developer', 'engineering'],
  ['devops engineer', 'engineering'],
  ['site reliability engineer', 'engineering'],
  ['data scientist', 'data'],
  ['data engineer', 'data'],
  ['data analyst', 'data'],
  ['machine learning engineer', 'data'],
  ['product manager', 'product'],
  ['product designer', 'design'],
  ['designer', 'design'],
  ['ux designer', 'design'],
  ['account executive', 'sales'],
  ['account manager', 'sales'],
  ['sales representative', 'sales'],
  ['sales rep', 'sales'],
  ['SDR', 'sales'],
  ['BDR', 'sales'],
  ['sales development representative', 'sales'],
  ['sales engineer', 'sales'],
  ['recruiter', 'hr'],
  ['accountant', 'finance'],
  ['controller', 'finance'],
  ['lawyer', 'legal'],
  ['attorney', 'legal'],
  ['general counsel', 'legal'],
  ['marketer', 'marketing'],
  ['growth marketer', 'marketing'],
  ['product marketing manager', 'marketing'],
  ['customer success manager', 'customer_success'],
  ['founder', 'executive'],
  ['co-founder', 'executive'],
  ['cofounder', 'executive'],
  ['president', 'executive'],
];

const build = () => {
  const chiefs = new PhraseIndex<Role>();
  for (const line of CHIEFS.trim().split('\n')) {
    const [acronym = '', full = ''] = line.split('|');
    const role: Role = { seniority: ['cxo'], title: [acronym, full] };
    chiefs.add(acronym, role).add(full, role);
  }
  const levels = new PhraseIndex<Seniority[]>();
  for (const [phrase, value] of LEVELS) levels.add(phrase, value);
  const prefixes = new PhraseIndex<Seniority>();
  for (const [phrase, value] of PREFIXES) prefixes.add(phrase, value);
  const departments = new PhraseIndex<Department>();
  for (const [phrase, value] of DEPARTMENTS) {
    // "it" and "pr" are also plain words; "hr" is not.
    departments.add(phrase, value, phrase === 'IT' || phrase === 'PR' ? 'caps' : 'any');
  }
  const titles = new PhraseIndex<{ title: string; department: Department }>();
  for (const [phrase, department] of TITLES) {
    const caps = phrase === phrase.toUpperCase();
    titles.add(phrase, { title: phrase.toLowerCase().replace('-', ''), department }, caps ? 'caps' : 'any');
  }
  return { chiefs, levels, prefixes, departments, titles };
};

/** Role vocabulary for people queries, built once. */
export const roleIndex = build();
