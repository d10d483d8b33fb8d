import { PhraseIndex } from './phrases.js';
import type { CompanyType } from './schema.js';
import { phraseKeys } from './tokens.js';

const keySet = (words: string): ReadonlySet<string> =>
  new Set(
    words
      .trim()
      .split(/\s+/)
      .map((w) => phraseKeys(w)[0] ?? w),
  );

const phrases = <T>(entries: [string, T][]): PhraseIndex<T> => {
  const index = new PhraseIndex<T>();
  for (const [phrase, value] of entries) index.add(phrase, value);
  return index;
};

/** Dropped from `leftover`: grammar and the words every search sentence carries. */
export const STOPWORDS = keySet(`
  a an the and or but of in at on for with by from to into within near via per
  based located headquartered hq
  that which who whose where what when is are be been being was were have has having had do does did
  i im ive id me my we our us you your they them their it its this these those there here one ones
  all any some every each no not than then so such as also just only very please
  find show list get give search look looking lookup want need like can could would should will
  companies company firms firm businesses business organizations organization organisations org orgs
  people person persons contacts contact individuals employees employee
  working work works employed called named currently current
`);

/**
 * Common words of prospecting sentences that lie one or two edits from a vocabulary word
 * ("leading" / lending, "traders" / traded, "branding" / banking): known, so never "corrected".
 */
export const COMMON_WORDS = keySet(`
  leading trending growing emerging established funded backed hiring scaling fastest largest biggest
  smallest smaller larger based focused serving selling building offering providing seeking located
  remote global local national regional innovative successful profitable recent recently raised
  traders dealers brokers lenders farmers miners advisors prospects healthy wealthy green clinical
  branding baking pharmacy operational leaders leader readers writers trading lending landing
  trusted certified licensed regulated premium luxury budget digital modern legacy creative
  strategic technical medical commercial residential wholesale corporate federal municipal
  academic scientific training coaching payroll benefits printing betting dating booking
  delivery storage packaging assembly planning architecture drilling fishing cooking brewing
  coffee fashion apparel footwear jewelry beauty cosmetics fitness wellness dental vision
  veterinary children family elderly women veteran diverse unicorn magazine
`);

/** Words that end a company's name when capitalized: "Berlin Labs", "London Capital", "Boston University". */
export const NAME_NOUNS = keySet(`
  labs lab systems capital partners group holdings ventures inc ltd llc gmbh ag plc corp corporation co
  industries technologies studios studio associates brothers bros foundation institute university college
  school hospital bank airlines airways motors dynamics robotics
`);

/** Name endings that make a name even in lower case: "berlin labs". */
export const LEGAL_NAME_NOUNS = keySet('labs lab inc ltd llc gmbh plc corp holdings ventures');

/** Nouns a size adjective may describe: "small companies", "mid-size firms". */
export const COMPANY_NOUNS = keySet(`
  companies company businesses business firms firm organizations organization organisations org orgs
  brands vendors providers agencies employers accounts customers clients players shops teams
`);

/** After a department, these make it the people's department: "sales people", "marketing team". */
export const DEPARTMENT_NOUNS = keySet(
  'people team teams staff folks professionals employees org department',
);

/** Tags that name a business model: read wherever they stand ("SaaS in Germany", "B2B"). */
export const MODEL_TAGS = keySet('saas b2b b2c d2c dtc b2b2c marketplace paas iaas');

/** After a technology name, these make it a usage: "Salesforce customers", "Shopify stores". */
export const TECH_POSTFIX = keySet('users user customers customer shops shop stores store sites websites');

/** Words that may follow a bare "fewer than 50" for it to still mean headcount. */
export const BARE_COUNT_FOLLOWERS = keySet(
  'in at with and or based located that which who founded using on from',
);

export const EMPLOYEE_UNITS = keySet(
  'employees employee people persons staff workers headcount fte ftes ppl',
);
export const REVENUE_UNITS = keySet('revenue revenues arr turnover');
export const FOUNDED_WORDS = keySet('founded established est started incorporated launched');
/**
 * Words that turn what follows into an exclusion: "not in the US", "outside Germany", "excluding
 * manufacturing", "non-US", "but not Intercom", "other than", "apart from", "except for".
 */
export const NEGATIONS = keySet('not outside excluding exclude except without non ex nor minus no besides');
/** Negations of two words, by their last word: "other than", "rather than", "apart from", "aside from". */
export const NEGATION_PAIRS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['than', keySet('other rather')],
  ['from', keySet('apart aside away')],
]);
/** Words between a negation and what it negates: "not based in the US", "excluding companies in". */
export const NEGATION_FILLERS = keySet(`
  in the a an of from based located headquartered hq any for to at within inside those ones
  companies company firms businesses people anyone anybody working who are is that
`);

export type Comparison = 'gt' | 'gte' | 'lt' | 'lte' | 'between' | 'about';

export const COMPARATORS = phrases<Comparison>([
  ['over', 'gt'],
  ['more than', 'gt'],
  ['above', 'gt'],
  ['greater than', 'gt'],
  ['bigger than', 'gt'],
  ['larger than', 'gt'],
  ['in excess of', 'gt'],
  ['upwards of', 'gt'],
  ['at least', 'gte'],
  ['min', 'gte'],
  ['minimum', 'gte'],
  ['no less than', 'gte'],
  ['no fewer than', 'gte'],
  ['under', 'lt'],
  ['less than', 'lt'],
  ['fewer than', 'lt'],
  ['below', 'lt'],
  ['smaller than', 'lt'],
  ['at most', 'lte'],
  ['up to', 'lte'],
  ['max', 'lte'],
  ['maximum', 'lte'],
  ['no more than', 'lte'],
  ['not more than', 'lte'],
  ['between', 'between'],
  ['about', 'about'],
  ['around', 'about'],
  ['approximately', 'about'],
  ['roughly', 'about'],
  ['circa', 'about'],
]);

/** "50 or more", "200 and below". */
export const TRAILING_COMPARATORS = phrases<Comparison>([
  ['or more', 'gte'],
  ['or above', 'gte'],
  ['and up', 'gte'],
  ['and above', 'gte'],
  ['and over', 'gte'],
  ['plus', 'gte'],
  ['or fewer', 'lte'],
  ['or less', 'lte'],
  ['and below', 'lte'],
  ['and under', 'lte'],
]);

export const MULTIPLIERS = phrases<number>([
  ['thousand', 1e3],
  ['k', 1e3],
  ['million', 1e6],
  ['mn', 1e6],
  ['mio', 1e6],
  ['billion', 1e9],
  ['bn', 1e9],
]);

export interface Size {
  min?: number;
  max?: number;
}

/** Size words that stand alone. */
export const SIZE_NOUNS = phrases<Size>([
  ['startups', { min: 1, max: 50 }],
  ['early stage startups', { min: 1, max: 50 }],
  ['early-stage startups', { min: 1, max: 50 }],
  ['scaleups', { min: 51, max: 500 }],
  ['scale-ups', { min: 51, max: 500 }],
  ['small businesses', { min: 1, max: 200 }],
  ['small and medium businesses', { min: 1, max: 1000 }],
  ['small and medium-sized businesses', { min: 1, max: 1000 }],
  ['small and mid-size businesses', { min: 1, max: 1000 }],
  ['SMBs', { min: 1, max: 1000 }],
  ['SMEs', { min: 1, max: 1000 }],
  ['mid-market', { min: 201, max: 1000 }],
  ['midmarket', { min: 201, max: 1000 }],
  ['large enterprises', { min: 1001 }],
  ['Fortune 500', { min: 1001 }],
]);

/** Size words that need a company noun after them ("mid-size companies"). */
export const SIZE_ADJECTIVES = phrases<Size>([
  ['small', { min: 1, max: 200 }],
  ['mid-size', { min: 201, max: 1000 }],
  ['mid-sized', { min: 201, max: 1000 }],
  ['midsize', { min: 201, max: 1000 }],
  ['midsized', { min: 201, max: 1000 }],
  ['medium', { min: 201, max: 1000 }],
  ['medium-sized', { min: 201, max: 1000 }],
  ['medium-size', { min: 201, max: 1000 }],
  ['large', { min: 1001 }],
  ['big', { min: 1001 }],
  ['enterprise', { min: 1001 }],
  ['enterprise-level', { min: 1001 }],
]);

export const COMPANY_TYPES = phrases<CompanyType>([
  ['public companies', 'public'],
  ['publicly traded', 'public'],
  ['publicly listed', 'public'],
  ['listed companies', 'public'],
  ['private companies', 'private'],
  ['privately held', 'private'],
  ['privately owned', 'private'],
  ['nonprofits', 'nonprofit'],
  ['non-profits', 'nonprofit'],
  ['non profits', 'nonprofit'],
  ['not-for-profit', 'nonprofit'],
  ['not for profit', 'nonprofit'],
  ['NGOs', 'nonprofit'],
  ['charities', 'nonprofit'],
  ['government agencies', 'government'],
  ['government organizations', 'government'],
  ['government', 'government'],
  ['public sector', 'government'],
  ['educational institutions', 'education'],
  ['academic institutions', 'education'],
  ['partnerships', 'partnership'],
  ['cooperatives', 'cooperative'],
  ['co-ops', 'cooperative'],
  ['self-employed', 'self_employed'],
  ['freelancers', 'self_employed'],
]);

export interface TechTrigger {
  negate: boolean;
  /** Weak triggers ("with", "on") only count before a capitalized name: "with Slack", not "with slack time". */
  weak: boolean;
}

const trigger = (negate: boolean, weak = false): TechTrigger => ({ negate, weak });

export const TECH_TRIGGERS = phrases<TechTrigger>([
  ['using', trigger(false)],
  ['uses', trigger(false)],
  ['use', trigger(false)],
  ['used', trigger(false)],
  ['users of', trigger(false)],
  ['customers of', trigger(false)],
  ['on', trigger(false, true)],
  ['with', trigger(false, true)],
  ['running', trigger(false)],
  ['run', trigger(false, true)],
  ['runs', trigger(false, true)],
  ['run on', trigger(false)],
  ['runs on', trigger(false)],
  ['running on', trigger(false)],
  ['built on', trigger(false)],
  ['built with', trigger(false)],
  ['built using', trigger(false)],
  ['powered by', trigger(false)],
  ['hosted on', trigger(false)],
  ['leveraging', trigger(false)],
  ['have', trigger(false, true)],
  ['has', trigger(false, true)],
  ['not using', trigger(true)],
  ['not on', trigger(true)],
  ['not use', trigger(true)],
  ['without', trigger(true)],
  ["don't use", trigger(true)],
  ['do not use', trigger(true)],
  ["doesn't use", trigger(true)],
  ['does not use', trigger(true)],
  ['dont use', trigger(true)],
  ['doesnt use', trigger(true)],
  ['no longer using', trigger(true)],
  ['not', trigger(true)],
  ['but not', trigger(true)],
  ['and not', trigger(true)],
  ['excluding', trigger(true)],
  ['except', trigger(true)],
  ['except for', trigger(true)],
  ['other than', trigger(true)],
  ['apart from', trigger(true)],
  ['minus', trigger(true)],
  ['non', trigger(true)],
  ['with no', trigger(true)],
  ['no', trigger(true)],
  ['nor', trigger(true)],
]);

export const HAS_DOMAIN = phrases<boolean>([
  ['with a website', true],
  ['with websites', true],
  ['with a domain', true],
  ['with domains', true],
  ['that have a website', true],
  ['having a website', true],
  ['without a website', false],
  ['without websites', false],
  ['without a domain', false],
  ['with no website', false],
  ['no website', false],
]);

export type ContactFlag = ['has_verified_email' | 'has_mobile', boolean] | ['email_status', 'accept_all'];

export const CONTACT_FLAGS = phrases<ContactFlag>([
  ['verified email', ['has_verified_email', true]],
  ['verified emails', ['has_verified_email', true]],
  ['verified email address', ['has_verified_email', true]],
  ['verified work email', ['has_verified_email', true]],
  ['valid email', ['has_verified_email', true]],
  ['deliverable email', ['has_verified_email', true]],
  ['without a verified email', ['has_verified_email', false]],
  ['without verified email', ['has_verified_email', false]],
  ['no verified email', ['has_verified_email', false]],
  ['mobile number', ['has_mobile', true]],
  ['mobile phone', ['has_mobile', true]],
  ['mobile phone number', ['has_mobile', true]],
  ['cell phone', ['has_mobile', true]],
  ['cell number', ['has_mobile', true]],
  ['direct dial', ['has_mobile', true]],
  ['phone number', ['has_mobile', true]],
  ['without a mobile number', ['has_mobile', false]],
  ['without a mobile phone', ['has_mobile', false]],
  ['without mobile number', ['has_mobile', false]],
  ['catch-all email', ['email_status', 'accept_all']],
  ['catch all email', ['email_status', 'accept_all']],
]);
