// Vocabulary for the generated search benchmark data: fictional names, real-looking distributions.

/** Deterministic PRNG (mulberry32) so runs are comparable. */
export const rng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
};
export type Rng = ReturnType<typeof rng>;

/** A weighted picker built once: pick(r) in O(log n). */
export const weighted = <T>(items: readonly (readonly [T, number])[]) => {
  const cumulative: number[] = [];
  let sum = 0;
  for (const [, w] of items) {
    sum += w;
    cumulative.push(sum);
  }
  return (r: Rng): T => {
    const x = r.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return (items[lo] as readonly [T, number])[0];
  };
};

// Free-text industries as stored by imports: demo spellings and LinkedIn-style ones.
export const industries = weighted<readonly [string, string[]]>([
  [['software', ['saas', 'b2b', 'cloud']], 14],
  [['Computer Software', ['software', 'b2b']], 6],
  [['Information Technology and Services', ['it', 'services']], 8],
  [['data & analytics', ['analytics', 'data']], 4],
  [['financial services', ['finance', 'b2b']], 6],
  [['fintech', ['fintech', 'payments', 'saas']], 4],
  [['insurance', ['insurance']], 3],
  [['healthcare', ['health', 'clinics']], 6],
  [['biotechnology', ['biotech', 'research']], 2],
  [['logistics', ['freight', 'shipping']], 4],
  [['transportation', ['transport']], 2],
  [['manufacturing', ['industrial']], 7],
  [['hardware', ['devices']], 2],
  [['e-commerce', ['online-store', 'd2c']], 5],
  [['retail', ['stores']], 5],
  [['cybersecurity', ['security', 'saas']], 2],
  [['marketing & advertising', ['agency', 'marketing']], 5],
  [['media & entertainment', ['media']], 3],
  [['education', ['learning']], 4],
  [['human resources', ['hr', 'people']], 2],
  [['consulting', ['advisory', 'b2b']], 5],
  [['legal services', ['law']], 2],
  [['real estate', ['property']], 3],
  [['construction', ['building']], 4],
  [['energy', ['utilities']], 2],
  [['telecommunications', ['telecom']], 1],
  [['hospitality', ['hotels']], 2],
  [['nonprofit', ['charity']], 2],
]);

export interface Place {
  country: string;
  region: string;
  city: string;
}
const place = (country: string, region: string, city: string): Place => ({ country, region, city });
export const places = weighted<Place>([
  [place('US', 'California', 'San Francisco'), 8],
  [place('US', 'California', 'Los Angeles'), 5],
  [place('US', 'New York', 'New York'), 9],
  [place('US', 'Texas', 'Austin'), 4],
  [place('US', 'Massachusetts', 'Boston'), 4],
  [place('US', 'Illinois', 'Chicago'), 4],
  [place('US', 'Washington', 'Seattle'), 3],
  [place('GB', 'England', 'London'), 9],
  [place('GB', 'England', 'Manchester'), 2],
  [place('DE', 'Berlin', 'Berlin'), 5],
  [place('DE', 'Bavaria', 'Munich'), 4],
  [place('DE', 'Hamburg', 'Hamburg'), 2],
  [place('FR', 'Île-de-France', 'Paris'), 5],
  [place('NL', 'North Holland', 'Amsterdam'), 3],
  [place('SE', 'Stockholm County', 'Stockholm'), 2],
  [place('ES', 'Madrid', 'Madrid'), 2],
  [place('IT', 'Lombardy', 'Milan'), 2],
  [place('CA', 'Ontario', 'Toronto'), 3],
  [place('AU', 'New South Wales', 'Sydney'), 2],
  [place('IN', 'Karnataka', 'Bangalore'), 3],
  [place('SG', 'Singapore', 'Singapore'), 2],
  [place('BR', 'São Paulo', 'São Paulo'), 2],
  [place('JP', 'Tokyo', 'Tokyo'), 2],
  [place('CH', 'Zurich', 'Zurich'), 1],
  [place('IE', 'Leinster', 'Dublin'), 1],
]);

export const technologies = weighted<readonly [string, string]>([
  [['google-workspace', 'email'], 10],
  [['microsoft-365', 'email'], 9],
  [['salesforce', 'crm'], 6],
  [['hubspot', 'marketing-automation'], 6],
  [['pipedrive', 'crm'], 2],
  [['marketo', 'marketing-automation'], 2],
  [['google-analytics', 'analytics'], 12],
  [['google-tag-manager', 'tag-manager'], 9],
  [['segment', 'analytics'], 2],
  [['stripe', 'payments'], 4],
  [['shopify', 'ecommerce'], 3],
  [['wordpress', 'cms'], 7],
  [['react', 'js-framework'], 6],
  [['aws', 'hosting'], 7],
  [['google-cloud', 'hosting'], 3],
  [['azure', 'hosting'], 3],
  [['cloudflare', 'cdn'], 6],
  [['slack', 'collaboration'], 6],
  [['zendesk', 'support'], 3],
  [['intercom', 'chat'], 3],
  [['snowflake', 'data-warehouse'], 1],
  [['okta', 'identity'], 2],
  [['workday', 'hr-ats'], 1],
  [['sap', 'erp'], 1],
  [['datadog', 'monitoring'], 2],
  [['twilio', 'communications'], 1],
  [['mailchimp', 'email-marketing'], 3],
  [['klaviyo', 'email-marketing'], 1],
]);

export const syllables = [
  'nor',
  'th',
  'wind',
  'lum',
  'ex',
  'vel',
  'ora',
  'kin',
  'tra',
  'zen',
  'mar',
  'co',
  'qui',
  'lo',
  'ster',
  'bri',
  'dge',
  'ana',
  'vo',
  'ly',
  'fin',
  'ca',
  'sol',
  'ar',
  'is',
  'tek',
  'gra',
  'nite',
  'pol',
  'aris',
  'hel',
  'io',
  'dyn',
  'amo',
  'ver',
  'ida',
  'cel',
  'est',
  'nu',
  'via',
  'pax',
  'ton',
  'rid',
  'ge',
  'mo',
];
export const suffixes = [
  '',
  '',
  '',
  ' Labs',
  ' Systems',
  ' Group',
  ' Inc',
  ' GmbH',
  ' Technologies',
  ' Partners',
  ' Co',
];
export const firstNames = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Eve',
  'Felix',
  'Grace',
  'Hannah',
  'Ivan',
  'Julia',
  'Karl',
  'Laura',
  'Mateo',
  'Nina',
  'Oscar',
  'Priya',
  'Quinn',
  'Rafael',
  'Sofia',
  'Tom',
  'Uma',
  'Victor',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Aiko',
  'Bruno',
  'Chloe',
  'Diego',
  'Elena',
  'Farah',
  'Georg',
  'Hugo',
  'Ines',
  'Jonas',
  'Kenji',
  'Lea',
  'Marco',
];
export const lastNames = [
  'Schmidt',
  'Ortiz',
  'Lind',
  'Adams',
  'Müller',
  'Garcia',
  'Smith',
  'Johnson',
  'Brown',
  'Rossi',
  'Dubois',
  'Nakamura',
  'Kim',
  'Singh',
  'Patel',
  'Cohen',
  'Novak',
  'Silva',
  'Jensen',
  'Larsen',
  'Kowalski',
  'Murphy',
  'Fischer',
  'Weber',
  'Moreau',
  'Bianchi',
  'Tanaka',
  'Chen',
  'Wang',
  'Nguyen',
  'Haddad',
  'Okafor',
  'Meyer',
];

/** Title, seniority, department. */
export const titles = weighted<readonly [string, string, string]>([
  [['Chief Executive Officer', 'cxo', 'executive'], 2],
  [['CTO', 'cxo', 'engineering'], 1],
  [['Chief Technology Officer', 'cxo', 'engineering'], 1],
  [['CFO', 'cxo', 'finance'], 1],
  [['Chief Marketing Officer', 'cxo', 'marketing'], 1],
  [['Founder', 'owner', 'executive'], 2],
  [['VP of Sales', 'vp', 'sales'], 2],
  [['VP Engineering', 'vp', 'engineering'], 2],
  [['VP of Marketing', 'vp', 'marketing'], 1],
  [['Head of Marketing', 'director', 'marketing'], 2],
  [['Head of Sales', 'director', 'sales'], 2],
  [['Director of Engineering', 'director', 'engineering'], 2],
  [['Director of Finance', 'director', 'finance'], 1],
  [['HR Director', 'director', 'hr'], 1],
  [['Sales Manager', 'manager', 'sales'], 6],
  [['Marketing Manager', 'manager', 'marketing'], 5],
  [['Engineering Manager', 'manager', 'engineering'], 4],
  [['Product Manager', 'manager', 'product'], 5],
  [['Account Executive', 'entry', 'sales'], 9],
  [['Senior Software Engineer', 'senior', 'engineering'], 9],
  [['Software Engineer', 'entry', 'engineering'], 14],
  [['Data Scientist', 'entry', 'data'], 3],
  [['Designer', 'entry', 'design'], 3],
  [['Customer Success Manager', 'manager', 'customer_success'], 4],
  [['Support Specialist', 'entry', 'support'], 4],
  [['Recruiter', 'entry', 'hr'], 3],
  [['Accountant', 'entry', 'finance'], 3],
  [['Operations Manager', 'manager', 'operations'], 3],
]);
