import { type Casing, PhraseIndex } from './phrases.js';

/** The industries a company can carry; the `industry` filter takes these ids. */
export const industryIds = [
  'software',
  'internet',
  'it_services',
  'artificial_intelligence',
  'cybersecurity',
  'data_analytics',
  'hardware',
  'semiconductors',
  'telecommunications',
  'fintech',
  'banking',
  'insurance',
  'financial_services',
  'investment_management',
  'venture_capital',
  'accounting',
  'crypto_blockchain',
  'real_estate',
  'construction',
  'healthcare',
  'healthtech',
  'biotech',
  'pharmaceuticals',
  'medical_devices',
  'ecommerce',
  'retail',
  'consumer_goods',
  'food_beverage',
  'restaurants',
  'hospitality',
  'travel',
  'logistics',
  'transportation',
  'automotive',
  'aerospace_defense',
  'manufacturing',
  'energy',
  'renewable_energy',
  'agriculture',
  'media',
  'entertainment',
  'gaming',
  'marketing_advertising',
  'education',
  'edtech',
  'legal',
  'consulting',
  'staffing_recruiting',
  'hr_tech',
  'government',
  'nonprofit',
] as const;
export type IndustryId = (typeof industryIds)[number];

export interface Industry {
  id: IndustryId;
  label: string;
  /** The wider sector it belongs to, for display and grouping. */
  group: string;
  /** Words and phrases a sentence may use for it (plurals match on their own). */
  synonyms: string[];
}

// label | group | synonyms. ^ marks a synonym that must be written in capitals (IT, not "it").
const DATA: Record<IndustryId, string> = {
  software: 'Software|Technology|software,enterprise software,software company,software development',
  internet: 'Internet|Technology|internet,online services,consumer internet,web',
  it_services:
    'IT services|Technology|IT services,^IT,IT consulting,managed services,^MSP,managed service provider',
  artificial_intelligence:
    'Artificial intelligence|Technology|AI,artificial intelligence,machine learning,^ML,generative AI,GenAI',
  cybersecurity:
    'Cybersecurity|Technology|cybersecurity,cyber security,infosec,information security,security software',
  data_analytics:
    'Data and analytics|Technology|data analytics,big data,business intelligence,data infrastructure',
  hardware: 'Hardware|Technology|hardware,electronics,consumer electronics',
  semiconductors: 'Semiconductors|Technology|semiconductor,chips,chipmaker',
  telecommunications: 'Telecommunications|Technology|telecom,telecoms,telecommunications,telco',
  fintech:
    'Fintech|Financial services|fintech,financial technology,payments,neobank,insurtech,regtech,wealthtech',
  banking: 'Banking|Financial services|bank,banking',
  insurance: 'Insurance|Financial services|insurance,insurer',
  financial_services: 'Financial services|Financial services|financial services,finance,lending',
  investment_management:
    'Investment management|Financial services|asset management,investment management,investment firm,hedge fund,wealth management',
  venture_capital:
    'Venture capital and private equity|Financial services|venture capital,^VC,private equity,^PE firm',
  accounting: 'Accounting|Financial services|accounting,accounting firm,bookkeeping,audit firm',
  crypto_blockchain: 'Crypto and blockchain|Financial services|crypto,cryptocurrency,blockchain,web3,DeFi',
  real_estate: 'Real estate|Real estate|real estate,proptech,property management,property',
  construction: 'Construction|Real estate|construction,contech,civil engineering',
  healthcare: 'Healthcare|Health|healthcare,health care,hospital,clinic,health system',
  healthtech: 'Healthtech|Health|healthtech,health tech,digital health,telehealth,telemedicine,health IT',
  biotech: 'Biotechnology|Health|biotech,biotechnology,life sciences,life science',
  pharmaceuticals: 'Pharmaceuticals|Health|pharma,pharmaceutical,pharmaceuticals,drug maker',
  medical_devices: 'Medical devices|Health|medical device,medtech,med tech,medical technology',
  ecommerce:
    'E-commerce|Consumer|e-commerce,ecommerce,online retail,online retailer,online store,online shop,D2C,DTC,direct to consumer',
  retail: 'Retail|Consumer|retail,retailer',
  consumer_goods: 'Consumer goods|Consumer|consumer goods,CPG,FMCG,consumer products',
  food_beverage: 'Food and beverage|Consumer|food and beverage,F&B,food,beverage,foodtech,food tech',
  restaurants: 'Restaurants|Consumer|restaurant',
  hospitality: 'Hospitality|Consumer|hospitality,hotel',
  travel: 'Travel|Consumer|travel,tourism,traveltech',
  logistics: 'Logistics|Industrial|logistics,supply chain,freight,shipping,3PL,warehousing,courier',
  transportation: 'Transportation|Industrial|transportation,transport,mobility,trucking,airline',
  automotive: 'Automotive|Industrial|automotive,car maker,carmaker,automaker,electric vehicle,EV',
  aerospace_defense: 'Aerospace and defense|Industrial|aerospace,defense,defence,space tech,spacetech',
  manufacturing: 'Manufacturing|Industrial|manufacturing,manufacturer,industrial,factory',
  energy: 'Energy|Energy|energy,oil and gas,utility,utilities',
  renewable_energy:
    'Renewable energy|Energy|renewable energy,renewables,cleantech,climate tech,climatetech,solar',
  agriculture: 'Agriculture|Energy|agriculture,agtech,agritech,farming',
  media: 'Media|Media|media,publishing,publisher',
  entertainment: 'Entertainment|Media|entertainment,film,music,streaming',
  gaming: 'Gaming|Media|gaming,video game,game studio,games',
  marketing_advertising:
    'Marketing and advertising|Services|marketing agency,advertising,ad agency,adtech,martech,digital agency,creative agency',
  education: 'Education|Education|education,university,college,school',
  edtech: 'Edtech|Education|edtech,education technology,e-learning,elearning,online learning',
  legal: 'Legal|Services|legal services,law firm,legaltech,legal tech',
  consulting: 'Consulting|Services|consulting,consultancy,management consulting,consulting firm,advisory',
  staffing_recruiting:
    'Staffing and recruiting|Services|staffing,recruiting,recruitment agency,recruiting firm',
  hr_tech: 'HR tech|Services|HR tech,HR software,HRtech,workforce management',
  government: 'Government|Public sector|govtech,civic tech',
  nonprofit: 'Nonprofit|Public sector|philanthropy,social enterprise',
};

export const industries: readonly Industry[] = industryIds.map((id) => {
  const [label = id, group = '', synonyms = ''] = DATA[id].split('|');
  return { id, label, group, synonyms: synonyms.split(',') };
});

const build = (): PhraseIndex<IndustryId> => {
  const index = new PhraseIndex<IndustryId>();
  for (const industry of industries) {
    for (const synonym of industry.synonyms) {
      const casing: Casing = synonym.startsWith('^') ? 'caps' : 'any';
      index.add(casing === 'caps' ? synonym.slice(1) : synonym, industry.id, casing);
    }
  }
  return index;
};

export const industryIndex: PhraseIndex<IndustryId> = build();
