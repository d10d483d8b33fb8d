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
clo|chief legal officer
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
  ['dir', ['director']],
  ['mgr', ['manager']],
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
  ['mktg', 'marketing'],
  ['growth', 'marketing'],
  ['demand generation', 'marketing'],
  ['demand gen', 'marketing'],
  ['brand', 'marketing'],
  ['engineering', 'engineering'],
  ['eng', 'engineering'],
  ['engg', 'engineering'],
  ['R&D engineering', 'engineering'],
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
  ['CS', 'customer_success'],
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

// The title keywords a quota-carrying "sales rep" holds.
const REPS =
  'sales representative|account executive|sales development representative|business development representative';

/**
 * Job titles and the shorthand prospectors write for them, read as title keywords (any of them)
 * with the department they imply: phrase | department | title keywords (default: the phrase).
 * A phrase in capitals must be written so (AE, PM: not "ae", "pm").
 */
const TITLES = `
software engineer|engineering
software developer|engineering
developer|engineering
dev|engineering|developer|engineer
engineer|engineering
SWE|engineering|software engineer
frontend engineer|engineering
backend engineer|engineering
full stack developer|engineering
mobile developer|engineering
devops engineer|engineering
site reliability engineer|engineering
SRE|engineering|site reliability engineer|sre
data scientist|data
data engineer|data
data analyst|data
machine learning engineer|data
ML engineer|data|machine learning engineer|ml engineer
product manager|product
PM|product|product manager|pm
project manager|operations
product designer|design
designer|design
ux designer|design
account executive|sales
account exec|sales|account executive
AE|sales|account executive|ae
account manager|sales
AM|sales|account manager
sales representative|sales|${REPS}
sales rep|sales|${REPS}
salesperson|sales|${REPS}
salespeople|sales|${REPS}
seller|sales|${REPS}
quota carrier|sales|${REPS}
SDR|sales|sales development representative|sdr
BDR|sales|business development representative|bdr
sales development representative|sales
business development representative|sales
sales development rep|sales|sales development representative
business development rep|sales|business development representative
sales engineer|sales
solutions engineer|sales
recruiter|hr
accountant|finance
controller|finance
financial analyst|finance
lawyer|legal
attorney|legal
general counsel|legal
GC|legal|general counsel
counsel|legal
paralegal|legal
marketer|marketing
growth marketer|marketing
product marketing manager|marketing
PMM|marketing|product marketing manager|pmm
customer success manager|customer_success
CSM|customer_success|customer success manager|csm
systems administrator|it
sysadmin|it|systems administrator|sysadmin
founder|executive
co-founder|executive|cofounder|co founder
cofounder|executive|cofounder|co founder
president|executive
`;

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
    departments.add(phrase, value, phrase === 'IT' || phrase === 'PR' || phrase === 'CS' ? 'caps' : 'any');
  }
  const titles = new PhraseIndex<{ titles: string[]; department: Department }>();
  for (const line of TITLES.trim().split('\n')) {
    const [phrase = '', department = '', ...keywords] = line.split('|');
    const caps = phrase === phrase.toUpperCase();
    const value = {
      titles: keywords.length > 0 ? keywords : [phrase.toLowerCase().replace('-', '')],
      department: department as Department,
    };
    titles.add(phrase, value, caps ? 'caps' : 'any');
  }
  return { chiefs, levels, prefixes, departments, titles };
};

/** Role vocabulary for people queries, built once. */
export const roleIndex = build();
