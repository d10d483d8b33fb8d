import { foldForCompare } from './text.js';

export const seniorities = [
  'owner',
  'partner',
  'cxo',
  'vp',
  'director',
  'manager',
  'senior',
  'entry',
] as const;
export type Seniority = (typeof seniorities)[number];

export const departments = [
  'executive',
  'sales',
  'marketing',
  'engineering',
  'product',
  'design',
  'data',
  'it',
  'security',
  'finance',
  'hr',
  'legal',
  'operations',
  'customer_success',
  'support',
  'research',
  'education',
  'medical',
  'consulting',
  'communications',
  'procurement',
] as const;
export type Department = (typeof departments)[number];

// Abbreviations expanded before matching; keys are whole folded tokens.
const EXPAND: Record<string, string> = {
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  avp: 'assistant vice president',
  gvp: 'group vice president',
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  mgr: 'manager',
  mngr: 'manager',
  dir: 'director',
  eng: 'engineering',
  engr: 'engineer',
  dev: 'developer',
  devops: 'devops engineer',
  mktg: 'marketing',
  mkt: 'marketing',
  ops: 'operations',
  hr: 'human resources',
  acct: 'account',
  exec: 'executive',
  assoc: 'associate',
  asst: 'assistant',
  pres: 'president',
  admin: 'administrator',
  sw: 'software',
  swe: 'software engineer',
  sde: 'software engineer',
  qa: 'quality assurance',
  ux: 'user experience design',
  ui: 'user interface design',
  bd: 'business development',
  bdr: 'business development representative',
  sdr: 'sales development representative',
  ae: 'account executive',
  am: 'account manager',
  csm: 'customer success manager',
  pm: 'product manager',
  gm: 'general manager',
  md: 'managing director',
  ml: 'machine learning',
  ai: 'artificial intelligence',
  it: 'information technology',
  hrbp: 'human resources business partner',
  rd: 'research and development',
  tech: 'technology',
};

const CXO_ACRONYM = /\b(ceo|cto|cfo|coo|cmo|cio|cro|cso|cpo|cdo|cco|cao|cko|chro|ciso|cpto|cxo|cbo|cso)\b/;

// Which department each C-level acronym leads.
const CXO_DEPARTMENT: Record<string, Department> = {
  ceo: 'executive',
  cto: 'engineering',
  cpto: 'engineering',
  cfo: 'finance',
  coo: 'operations',
  cmo: 'marketing',
  cio: 'it',
  cro: 'sales',
  cso: 'sales',
  cpo: 'product',
  cdo: 'data',
  cco: 'customer_success',
  cao: 'finance',
  chro: 'hr',
  ciso: 'security',
  cbo: 'sales',
  cko: 'operations',
  cxo: 'executive',
};

const DEPARTMENT_RULES: [Department, RegExp][] = [
  [
    'executive',
    /\b(chief executive|(?<!vice )president|founder|owner|managing director|general manager|managing partner)\b/,
  ],
  [
    'customer_success',
    /\b(customer success|client success|customer experience|account management|customer service)\b/,
  ],
  [
    'sales',
    /\b(sales|account executive|business development|revenue|account manager|sdr|bdr|inside sales)\b/,
  ],
  ['marketing', /\b(marketing|growth|brand|demand generation|seo|content|social media|marketer|campaign)\b/],
  ['communications', /\b(communications|public relations|pr manager|press)\b/],
  ['security', /\b(security|infosec|cyber)\b/],
  [
    'data',
    /\b(data|analytics|machine learning|artificial intelligence|bi developer|business intelligence)\b/,
  ],
  [
    'it',
    /\b(information technology|it manager|systems administrator|sysadmin|helpdesk|help desk|network administrator|it director|infrastructure)\b/,
  ],
  [
    'engineering',
    /\b(engineer|engineering|developer|software|devops|sre|architect|programmer|technology|technical|qa|quality assurance|firmware|frontend|backend|full stack)\b/,
  ],
  ['product', /\b(product)\b/],
  ['design', /\b(design|designer|user experience|user interface|creative|art director)\b/],
  [
    'finance',
    /\b(finance|financial|accounting|accountant|controller|treasury|tax|audit|auditor|bookkeeper|fp and a|payroll)\b/,
  ],
  [
    'hr',
    /\b(human resources|people operations|people partner|recruiter|recruiting|talent|hiring|people and culture|compensation|benefits|people)\b/,
  ],
  ['legal', /\b(legal|counsel|attorney|lawyer|paralegal|compliance|privacy|general counsel)\b/],
  ['support', /\b(support|helpdesk|technical support)\b/],
  ['operations', /\b(operations|logistics|supply chain|facilities|office manager|operational|fulfillment)\b/],
  ['procurement', /\b(procurement|purchasing|buyer|sourcing)\b/],
  ['research', /\b(research|scientist|r and d|research and development|laboratory)\b/],
  ['education', /\b(teacher|professor|lecturer|instructor|tutor|education)\b/],
  ['medical', /\b(nurse|physician|doctor|medical|clinical|pharmacist|surgeon|therapist)\b/],
  ['consulting', /\b(consultant|consulting|advisory)\b/],
];

export interface NormalizedTitle {
  /** Folded title with abbreviations expanded, e.g. "senior vice president sales". */
  normalized: string;
  seniority: Seniority | null;
  /** The first (most specific) department found, or null. */
  department: Department | null;
  departments: Department[];
}

const expand = (title: string): string =>
  foldForCompare(title.replace(/&/g, ' and '))
    .split(' ')
    .map((t) => EXPAND[t] ?? t)
    .join(' ');

const seniorityOf = (t: string, raw: string): Seniority | null => {
  if (/\b(owner|founder|cofounder|co founder|proprietor)\b/.test(t)) return 'owner';
  if (
    /^(managing |senior |general |founding |equity |name )?partner\b(?! (manager|marketing|success|development|sales|programs?|relations|engineer))/.test(
      t,
    )
  )
    return 'partner';
  if (CXO_ACRONYM.test(raw) || /\bchief\b.*\bofficer\b|\bchief [a-z]+\b/.test(t)) return 'cxo';
  if (/\b(managing director|general manager)\b/.test(t)) return 'cxo';
  if (/\bvice president\b|\bvp\b/.test(t)) return 'vp';
  if (/\bpresident\b/.test(t)) return 'cxo';
  if (/\b(director|head of|head|directeur|direktor|leiter)\b/.test(t)) return 'director';
  if (/\b(manager|supervisor|team lead|team leader|superintendent)\b/.test(t)) return 'manager';
  if (/\b(senior|principal|staff|lead|expert|distinguished)\b/.test(t)) return 'senior';
  if (
    /\b(junior|intern|internship|trainee|graduate|apprentice|entry|assistant|associate|werkstudent)\b/.test(t)
  )
    return 'entry';
  return null;
};

/** Maps a job title to a seniority level and department ("Sr. VP, Sales" -> vp, sales). */
export const normalizeTitle = (raw: string | null | undefined): NormalizedTitle | null => {
  if (!raw?.trim()) return null;
  const folded = foldForCompare(raw);
  const t = expand(raw);
  const seniority = seniorityOf(t, folded);
  const found: Department[] = [];
  const acronym = CXO_ACRONYM.exec(folded)?.[1];
  const lead = acronym ? CXO_DEPARTMENT[acronym] : undefined;
  if (lead) found.push(lead);
  if (/\bchief executive\b/.test(t) && !found.includes('executive')) found.push('executive');
  for (const [dept, re] of DEPARTMENT_RULES) {
    if (dept === 'executive' && found.length > 0) continue;
    if (re.test(t) && !found.includes(dept)) found.push(dept);
  }
  // A C-level or owner without a functional area is an executive.
  if (found.length === 0 && (seniority === 'cxo' || seniority === 'owner')) found.push('executive');
  return { normalized: t, seniority, department: found[0] ?? null, departments: found };
};
