export interface DemoCity {
  city: string;
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Relative share of companies headquartered here. */
  weight: number;
  /** North American area codes used with the fictional 555-01xx block. */
  areaCodes?: string[];
}

/** About forty cities in twenty-two countries; the United States carries the most weight. */
export const cities: DemoCity[] = [
  { city: 'San Francisco', region: 'California', country: 'US', weight: 9, areaCodes: ['415', '628'] },
  { city: 'New York', region: 'New York', country: 'US', weight: 9, areaCodes: ['212', '646', '332', '917'] },
  { city: 'Austin', region: 'Texas', country: 'US', weight: 5, areaCodes: ['512', '737'] },
  { city: 'Seattle', region: 'Washington', country: 'US', weight: 4, areaCodes: ['206', '425'] },
  { city: 'Boston', region: 'Massachusetts', country: 'US', weight: 5, areaCodes: ['617', '857'] },
  { city: 'Chicago', region: 'Illinois', country: 'US', weight: 4, areaCodes: ['312', '773', '872'] },
  { city: 'Denver', region: 'Colorado', country: 'US', weight: 3, areaCodes: ['303', '720'] },
  { city: 'Atlanta', region: 'Georgia', country: 'US', weight: 3, areaCodes: ['404', '470', '678'] },
  { city: 'Los Angeles', region: 'California', country: 'US', weight: 4, areaCodes: ['213', '310', '323'] },
  { city: 'Raleigh', region: 'North Carolina', country: 'US', weight: 2, areaCodes: ['919', '984'] },
  { city: 'Miami', region: 'Florida', country: 'US', weight: 2, areaCodes: ['305', '786'] },
  { city: 'Toronto', region: 'Ontario', country: 'CA', weight: 3, areaCodes: ['416', '647'] },
  { city: 'Vancouver', region: 'British Columbia', country: 'CA', weight: 2, areaCodes: ['604', '778'] },
  { city: 'Montreal', region: 'Quebec', country: 'CA', weight: 1, areaCodes: ['514', '438'] },
  { city: 'London', region: 'England', country: 'GB', weight: 7 },
  { city: 'Manchester', region: 'England', country: 'GB', weight: 2 },
  { city: 'Edinburgh', region: 'Scotland', country: 'GB', weight: 1 },
  { city: 'Leeds', region: 'England', country: 'GB', weight: 1 },
  { city: 'Dublin', region: 'Leinster', country: 'IE', weight: 2 },
  { city: 'Berlin', region: 'Berlin', country: 'DE', weight: 3 },
  { city: 'Munich', region: 'Bavaria', country: 'DE', weight: 2 },
  { city: 'Hamburg', region: 'Hamburg', country: 'DE', weight: 1 },
  { city: 'Paris', region: 'Île-de-France', country: 'FR', weight: 3 },
  { city: 'Lyon', region: 'Auvergne-Rhône-Alpes', country: 'FR', weight: 1 },
  { city: 'Amsterdam', region: 'North Holland', country: 'NL', weight: 2 },
  { city: 'Stockholm', region: 'Stockholm County', country: 'SE', weight: 1 },
  { city: 'Copenhagen', region: 'Capital Region', country: 'DK', weight: 1 },
  { city: 'Madrid', region: 'Community of Madrid', country: 'ES', weight: 1 },
  { city: 'Barcelona', region: 'Catalonia', country: 'ES', weight: 1 },
  { city: 'Zurich', region: 'Zurich', country: 'CH', weight: 1 },
  { city: 'Warsaw', region: 'Masovia', country: 'PL', weight: 1 },
  { city: 'Tel Aviv', region: 'Tel Aviv District', country: 'IL', weight: 1 },
  { city: 'Bengaluru', region: 'Karnataka', country: 'IN', weight: 2 },
  { city: 'Pune', region: 'Maharashtra', country: 'IN', weight: 1 },
  { city: 'Singapore', region: 'Singapore', country: 'SG', weight: 2 },
  { city: 'Tokyo', region: 'Tokyo', country: 'JP', weight: 1 },
  { city: 'Sydney', region: 'New South Wales', country: 'AU', weight: 2 },
  { city: 'Melbourne', region: 'Victoria', country: 'AU', weight: 1 },
  { city: 'Auckland', region: 'Auckland', country: 'NZ', weight: 1 },
  { city: 'São Paulo', region: 'São Paulo', country: 'BR', weight: 1 },
  { city: 'Mexico City', region: 'Mexico City', country: 'MX', weight: 1 },
  { city: 'Dubai', region: 'Dubai', country: 'AE', weight: 1 },
  { city: 'Cape Town', region: 'Western Cape', country: 'ZA', weight: 1 },
];

/** Legal-name suffixes by country, most common first. */
export const legalSuffixes: Record<string, string[]> = {
  US: ['Inc.', 'LLC', 'Corp.'],
  CA: ['Inc.', 'Ltd.'],
  GB: ['Ltd', 'Limited'],
  IE: ['Ltd', 'DAC'],
  DE: ['GmbH', 'AG'],
  FR: ['SAS', 'SA'],
  NL: ['B.V.'],
  SE: ['AB'],
  DK: ['ApS', 'A/S'],
  ES: ['S.L.', 'S.A.'],
  CH: ['AG', 'GmbH'],
  PL: ['Sp. z o.o.'],
  IL: ['Ltd.'],
  IN: ['Pvt. Ltd.'],
  SG: ['Pte. Ltd.'],
  JP: ['K.K.'],
  AU: ['Pty Ltd'],
  NZ: ['Limited'],
  BR: ['Ltda.'],
  MX: ['S.A. de C.V.'],
  AE: ['FZ-LLC'],
  ZA: ['(Pty) Ltd'],
};

/** The suffix a listed company uses, where it differs from a private one. */
export const publicSuffixes: Record<string, string> = {
  GB: 'plc',
  IE: 'plc',
  DE: 'AG',
  FR: 'SA',
  NL: 'N.V.',
  DK: 'A/S',
  ES: 'S.A.',
  CH: 'AG',
  PL: 'S.A.',
  IN: 'Ltd.',
  SG: 'Ltd.',
  AU: 'Ltd',
  BR: 'S.A.',
  MX: 'S.A.B. de C.V.',
  ZA: 'Ltd',
};
