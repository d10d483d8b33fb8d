import { type Casing, PhraseIndex } from './phrases.js';

export type Place =
  | { kind: 'country'; name: string; codes: string[] }
  | { kind: 'region'; name: string; country: string }
  | { kind: 'city'; name: string; country: string };

// code | name | aliases and demonyms, comma separated. Alias marks: ^ must be written in
// capitals (US, not "us"), ~ must be capitalized (Jordan, Polish).
const COUNTRIES = `
US|United States|United States of America,^USA,^US,^U.S.,^U.S.A.,America,the States,American,Americans
GB|United Kingdom|^UK,^U.K.,Britain,Great Britain,England,British,Brits,English
CA|Canada|Canadian
AU|Australia|Australian,Aussie
NZ|New Zealand|~Kiwi,New Zealander
IE|Ireland|Irish,Republic of Ireland
DE|Germany|German,Deutschland
FR|France|French
ES|Spain|Spanish
IT|Italy|Italian
PT|Portugal|Portuguese
NL|Netherlands|the Netherlands,Holland,Dutch
BE|Belgium|Belgian
LU|Luxembourg|Luxembourgish
CH|Switzerland|Swiss
AT|Austria|Austrian
SE|Sweden|Swedish
NO|Norway|Norwegian
DK|Denmark|Danish
FI|Finland|Finnish
IS|Iceland|Icelandic
PL|Poland|~Polish
CZ|Czechia|Czech Republic,Czech
SK|Slovakia|Slovak
HU|Hungary|Hungarian
RO|Romania|Romanian
BG|Bulgaria|Bulgarian
GR|Greece|Greek
HR|Croatia|Croatian
SI|Slovenia|Slovenian
RS|Serbia|Serbian
UA|Ukraine|Ukrainian
EE|Estonia|Estonian
LV|Latvia|Latvian
LT|Lithuania|Lithuanian
CY|Cyprus|Cypriot
MT|Malta|Maltese
TR|~Turkey|Turkiye,Türkiye,Turkish
RU|Russia|Russian
KZ|Kazakhstan|Kazakh
IL|Israel|Israeli
JO|~Jordan|Jordanian
AE|United Arab Emirates|^UAE,Emirati
SA|Saudi Arabia|Saudi,^KSA
QA|Qatar|Qatari
EG|Egypt|Egyptian
MA|Morocco|Moroccan
NG|Nigeria|Nigerian
GH|Ghana|Ghanaian
KE|Kenya|Kenyan
ZA|South Africa|South African
IN|India|Indian
PK|Pakistan|Pakistani
BD|Bangladesh|Bangladeshi
LK|Sri Lanka|Sri Lankan
CN|China|Chinese,Mainland China,^PRC
HK|Hong Kong|Hong Konger
TW|Taiwan|Taiwanese
JP|Japan|Japanese
KR|South Korea|Korea,Korean,South Korean
SG|Singapore|Singaporean
MY|Malaysia|Malaysian
ID|Indonesia|Indonesian
TH|Thailand|Thai
VN|Vietnam|Viet Nam,Vietnamese
PH|Philippines|Filipino,Philippine
MX|Mexico|Mexican
BR|Brazil|Brasil,Brazilian
AR|Argentina|Argentine,Argentinian
CL|~Chile|Chilean
CO|Colombia|Colombian
PE|Peru|Peruvian
UY|Uruguay|Uruguayan
CR|Costa Rica|Costa Rican
`;

// Groups of countries people name as one place.
const GROUPS = `
DACH|DE,AT,CH|D-A-CH
Nordics|SE,NO,DK,FI,IS|Nordic,Nordic countries
Scandinavia|SE,NO,DK|Scandinavian
Benelux|BE,NL,LU|
Baltics|EE,LV,LT|Baltic states,Baltic
Latin America|MX,BR,AR,CL,CO,PE,UY,CR|LATAM,Latin American,South America,South American
North America|US,CA,MX|North American
European Union|AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE|^EU
Europe|AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,GB,CH,NO,IS|European
`;

// name | country | aliases
const CITIES = `
New York|US|New York City,^NYC,NY City,Manhattan,Brooklyn
San Francisco|US|^SF,SF Bay Area,Bay Area,San Francisco Bay Area
Los Angeles|US|^LA
Chicago|US|
Boston|US|
Seattle|US|
Austin|US|
Denver|US|
Miami|US|
Atlanta|US|
Dallas|US|
Houston|US|
Washington|US|Washington DC,Washington D.C.,^DC,^D.C.
Philadelphia|US|Philly
San Diego|US|
San Jose|US|
Palo Alto|US|
Mountain View|US|
Phoenix|US|
Minneapolis|US|
Detroit|US|
Nashville|US|
Pittsburgh|US|
Salt Lake City|US|
Raleigh|US|
Toronto|CA|
Vancouver|CA|
Montreal|CA|Montréal
Ottawa|CA|
Calgary|CA|
Quebec City|CA|
London|GB|
Manchester|GB|
Birmingham|GB|
Edinburgh|GB|
Glasgow|GB|
Bristol|GB|
Leeds|GB|
Oxford|GB|
Cambridge|GB|
Dublin|IE|
Cork|IE|
Paris|FR|
Lyon|FR|
Marseille|FR|
Toulouse|FR|
Berlin|DE|
Munich|DE|München
Hamburg|DE|
Frankfurt|DE|Frankfurt am Main
Cologne|DE|Köln
Stuttgart|DE|
Düsseldorf|DE|Dusseldorf
Amsterdam|NL|
Rotterdam|NL|
The Hague|NL|Den Haag
Utrecht|NL|
Eindhoven|NL|
Brussels|BE|Bruxelles
Antwerp|BE|
Zurich|CH|Zürich
Geneva|CH|Genève
Basel|CH|
Vienna|AT|Wien
Madrid|ES|
Barcelona|ES|
Valencia|ES|
Seville|ES|Sevilla
Lisbon|PT|Lisboa
Porto|PT|
Milan|IT|Milano
Rome|IT|Roma
Turin|IT|Torino
Stockholm|SE|
Gothenburg|SE|Göteborg
Oslo|NO|
Copenhagen|DK|
Helsinki|FI|
Reykjavik|IS|
Warsaw|PL|
Krakow|PL|Kraków
Prague|CZ|
Budapest|HU|
Bucharest|RO|
Sofia|BG|
Athens|GR|
Zagreb|HR|
Belgrade|RS|
Kyiv|UA|Kiev
Tallinn|EE|
Riga|LV|
Vilnius|LT|
Istanbul|TR|
Ankara|TR|
Tel Aviv|IL|
Jerusalem|IL|
Dubai|AE|
Abu Dhabi|AE|
Riyadh|SA|
Doha|QA|
Cairo|EG|
Lagos|NG|
Nairobi|KE|
Cape Town|ZA|
Johannesburg|ZA|
Casablanca|MA|
Accra|GH|
Mumbai|IN|Bombay
Delhi|IN|New Delhi
Bangalore|IN|Bengaluru
Hyderabad|IN|
Chennai|IN|
Pune|IN|
Karachi|PK|
Lahore|PK|
Dhaka|BD|
Beijing|CN|
Shanghai|CN|
Shenzhen|CN|
Guangzhou|CN|
Hangzhou|CN|
Taipei|TW|
Tokyo|JP|
Osaka|JP|
Seoul|KR|
Kuala Lumpur|MY|
Jakarta|ID|
Bangkok|TH|
Ho Chi Minh City|VN|Saigon
Hanoi|VN|
Manila|PH|
Sydney|AU|
Melbourne|AU|
Brisbane|AU|
Auckland|NZ|
Wellington|NZ|
Mexico City|MX|
Guadalajara|MX|
Monterrey|MX|
São Paulo|BR|Sao Paulo
Rio de Janeiro|BR|Rio
Buenos Aires|AR|
Santiago|CL|
Bogotá|CO|Bogota
Medellín|CO|Medellin
Lima|PE|
Montevideo|UY|
Moscow|RU|
Almaty|KZ|
`;

const US_STATES =
  'Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,Florida,Georgia,Hawaii,Idaho,' +
  'Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,Michigan,Minnesota,' +
  'Mississippi,Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,New Mexico,New York State,' +
  'North Carolina,North Dakota,Ohio,Oklahoma,Oregon,Pennsylvania,Rhode Island,South Carolina,South Dakota,' +
  'Tennessee,Texas,Utah,Vermont,Virginia,Washington State,West Virginia,Wisconsin,Wyoming';

// Postal codes of states, in capitals only ("companies in CA"); left out where the code is read
// otherwise (LA, IN, OR, ME, OK, HI, ID, DE, CO, AL, AR, IL, MD, MT, PA: a city, word or country).
const US_STATE_CODES: Record<string, string> = {
  California: 'CA',
  'New York': 'NY',
  Texas: 'TX',
  Florida: 'FL',
  Washington: 'WA',
  Massachusetts: 'MA',
  'New Jersey': 'NJ',
  'North Carolina': 'NC',
  Georgia: 'GA',
  Virginia: 'VA',
  Arizona: 'AZ',
  Ohio: 'OH',
  Michigan: 'MI',
  Minnesota: 'MN',
  Utah: 'UT',
  Tennessee: 'TN',
  Wisconsin: 'WI',
  Connecticut: 'CT',
  Nevada: 'NV',
  Missouri: 'MO',
  'South Carolina': 'SC',
  Kentucky: 'KY',
  'New Hampshire': 'NH',
};

// name | country | aliases
const OTHER_REGIONS = `
Ontario|CA|
Quebec|CA|Québec
British Columbia|CA|
Alberta|CA|
New South Wales|AU|^NSW
Queensland|AU|
Scotland|GB|Scottish
Wales|GB|Welsh
Northern Ireland|GB|
Bavaria|DE|Bayern,Bavarian
Catalonia|ES|Catalunya,Catalan
Île-de-France|FR|Ile de France
Lombardy|IT|Lombardia
`;

const lines = (block: string): string[][] =>
  block
    .trim()
    .split('\n')
    .map((line) => line.split('|'));

const casingOf = (alias: string): [string, Casing] => {
  if (alias.startsWith('^')) return [alias.slice(1), 'caps'];
  if (alias.startsWith('~')) return [alias.slice(1), 'cap'];
  return [alias, 'any'];
};

const addAll = (index: PhraseIndex<Place>, names: string[], place: Place): void => {
  for (const name of names) {
    if (!name) continue;
    const [text, casing] = casingOf(name);
    index.add(text, place, casing);
  }
};

const build = (): { index: PhraseIndex<Place>; countries: Map<string, string>; cities: number } => {
  const index = new PhraseIndex<Place>();
  const countries = new Map<string, string>();
  for (const [code = '', name = '', aliases = ''] of lines(COUNTRIES)) {
    const clean = casingOf(name)[0];
    countries.set(code, clean);
    addAll(index, [name, ...aliases.split(',')], { kind: 'country', name: clean, codes: [code] });
  }
  for (const [name = '', codes = '', aliases = ''] of lines(GROUPS)) {
    addAll(index, [name, ...aliases.split(',')], { kind: 'country', name, codes: codes.split(',') });
  }
  let cities = 0;
  for (const [name = '', country = '', aliases = ''] of lines(CITIES)) {
    cities++;
    addAll(index, [name, ...aliases.split(',')], { kind: 'city', name, country });
  }
  for (const state of US_STATES.split(',')) {
    const name = state.replace(/ State$/, '');
    const code = US_STATE_CODES[name];
    addAll(index, [state, name === state ? '' : name, code ? `^${code}` : ''], {
      kind: 'region',
      name,
      country: 'US',
    });
  }
  for (const [name = '', country = '', aliases = ''] of lines(OTHER_REGIONS)) {
    addAll(index, [name, ...aliases.split(',')], { kind: 'region', name, country });
  }
  return { index, countries, cities };
};

const built = build();

/** Every spelling of a city or region, lower case: `bangalore` -> bangalore, bengaluru. */
const formsOf = (() => {
  const groups = new Map<string, Set<string>>();
  const add = (kind: string, names: string[]) => {
    const forms = new Set(names.filter(Boolean).map((n) => casingOf(n)[0].toLowerCase()));
    for (const form of forms) {
      const key = `${kind}:${form}`;
      groups.set(key, new Set([...(groups.get(key) ?? []), ...forms]));
    }
  };
  for (const [name = '', , aliases = ''] of lines(CITIES)) add('city', [name, ...aliases.split(',')]);
  for (const [name = '', , aliases = ''] of lines(OTHER_REGIONS))
    add('region', [name, ...aliases.split(',')]);
  return groups;
})();

/** The spellings a city or region filter value matches (stored data may use any of them). */
export const placeForms = (kind: 'city' | 'region', name: string): string[] => {
  const lower = name.trim().toLowerCase();
  return [...(formsOf.get(`${kind}:${lower}`) ?? [lower])];
};

/** Countries, country groups, regions and cities with their aliases and demonyms. */
export const placeIndex: PhraseIndex<Place> = built.index;
/** ISO code -> English name of every country the reader knows by name. */
export const knownCountries: ReadonlyMap<string, string> = built.countries;
export const knownCityCount: number = built.cities;
