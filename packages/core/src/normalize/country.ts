import { getCountries } from 'libphonenumber-js/max';
import { foldForCompare } from './text.js';

/**
 * Country names and codes as exports write them -> ISO 3166-1 alpha-2. Every assigned code's name
 * comes from Intl.DisplayNames in the languages CRM exports are usually written in (so "Deutschland",
 * "Vereinigte Staaten" and "Royaume-Uni" resolve), plus alpha-3 codes and the common variants below.
 */
const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'sv', 'da', 'pl'];

/** Alpha-3 codes (ISO 3166-1), as ZoomInfo and some CRMs write them. */
const ALPHA3 =
  'AFG AF ALB AL DZA DZ AND AD AGO AO ARG AR ARM AM AUS AU AUT AT AZE AZ BHS BS BHR BH BGD BD BRB BB BLR BY BEL BE BLZ BZ BEN BJ BTN BT BOL BO BIH BA BWA BW BRA BR BRN BN BGR BG BFA BF BDI BI KHM KH CMR CM CAN CA CPV CV CAF CF TCD TD CHL CL CHN CN COL CO COM KM COG CG COD CD CRI CR CIV CI HRV HR CUB CU CYP CY CZE CZ DNK DK DJI DJ DMA DM DOM DO ECU EC EGY EG SLV SV GNQ GQ ERI ER EST EE SWZ SZ ETH ET FJI FJ FIN FI FRA FR GAB GA GMB GM GEO GE DEU DE GHA GH GRC GR GRD GD GTM GT GIN GN GNB GW GUY GY HTI HT HND HN HKG HK HUN HU ISL IS IND IN IDN ID IRN IR IRQ IQ IRL IE ISR IL ITA IT JAM JM JPN JP JOR JO KAZ KZ KEN KE KIR KI PRK KP KOR KR KWT KW KGZ KG LAO LA LVA LV LBN LB LSO LS LBR LR LBY LY LIE LI LTU LT LUX LU MAC MO MDG MG MWI MW MYS MY MDV MV MLI ML MLT MT MHL MH MRT MR MUS MU MEX MX FSM FM MDA MD MCO MC MNG MN MNE ME MAR MA MOZ MZ MMR MM NAM NA NRU NR NPL NP NLD NL NZL NZ NIC NI NER NE NGA NG MKD MK NOR NO OMN OM PAK PK PLW PW PSE PS PAN PA PNG PG PRY PY PER PE PHL PH POL PL PRT PT PRI PR QAT QA ROU RO RUS RU RWA RW KNA KN LCA LC VCT VC WSM WS SMR SM STP ST SAU SA SEN SN SRB RS SYC SC SLE SL SGP SG SVK SK SVN SI SLB SB SOM SO ZAF ZA SSD SS ESP ES LKA LK SDN SD SUR SR SWE SE CHE CH SYR SY TWN TW TJK TJ TZA TZ THA TH TLS TL TGO TG TON TO TTO TT TUN TN TUR TR TKM TM TUV TV UGA UG UKR UA ARE AE GBR GB USA US URY UY UZB UZ VUT VU VAT VA VEN VE VNM VN YEM YE ZMB ZM ZWE ZW GRL GL FRO FO GIB GI IMN IM JEY JE GGY GG BMU BM CYM KY VGB VG ABW AW CUW CW REU RE GLP GP MTQ MQ GUF GF NCL NC PYF PF XKX XK';

/** Names people write that no locale's display name covers. */
const VARIANTS: Record<string, string> = {
  usa: 'US',
  us: 'US',
  'u s': 'US',
  'u s a': 'US',
  america: 'US',
  'united states of america': 'US',
  'the united states': 'US',
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'the netherlands': 'NL',
  holland: 'NL',
  'czech republic': 'CZ',
  'slovak republic': 'SK',
  'south korea': 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  korea: 'KR',
  'north korea': 'KP',
  russia: 'RU',
  'russian federation': 'RU',
  turkey: 'TR',
  turkiye: 'TR',
  uae: 'AE',
  emirates: 'AE',
  'viet nam': 'VN',
  'ivory coast': 'CI',
  'cote divoire': 'CI',
  'hong kong sar': 'HK',
  'hong kong sar china': 'HK',
  'macau sar china': 'MO',
  macau: 'MO',
  'mainland china': 'CN',
  'peoples republic of china': 'CN',
  prc: 'CN',
  'republic of china': 'TW',
  'taiwan roc': 'TW',
  'taiwan province of china': 'TW',
  'iran islamic republic of': 'IR',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'tanzania united republic of': 'TZ',
  'moldova republic of': 'MD',
  'lao peoples democratic republic': 'LA',
  'syrian arab republic': 'SY',
  'congo democratic republic of the': 'CD',
  drc: 'CD',
  'republic of ireland': 'IE',
  eire: 'IE',
  'north macedonia': 'MK',
  macedonia: 'MK',
  swaziland: 'SZ',
  burma: 'MM',
  'cape verde': 'CV',
  'east timor': 'TL',
  'vatican city': 'VA',
  'holy see': 'VA',
  'palestinian territories': 'PS',
  palestine: 'PS',
  kosovo: 'XK',
};

const key = (text: string) =>
  foldForCompare(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let byName: Map<string, string> | null = null;

const table = (): Map<string, string> => {
  if (byName) return byName;
  const map = new Map<string, string>();
  const namers = LOCALES.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
  // The assigned codes (libphonenumber's regions; XK in use for Kosovo): no withdrawn ones like DD.
  for (const code of [...getCountries(), 'XK'] as string[]) {
    for (const namer of namers) {
      let name: string | undefined;
      try {
        name = namer.of(code);
      } catch {
        name = undefined;
      }
      // Unassigned codes have no name (fallback none) or echo the code back.
      if (!name || name === code) continue;
      const k = key(name);
      if (k && !map.has(k)) map.set(k, code);
      // "Korea, Republic of" style names also under their part before the comma.
      const head = key(name.split(/[,(]/)[0] ?? '');
      if (head && !map.has(head)) map.set(head, code);
    }
  }
  const codes = ALPHA3.split(' ');
  for (let i = 0; i + 1 < codes.length; i += 2) map.set(key(codes[i] as string), codes[i + 1] as string);
  for (const [name, code] of Object.entries(VARIANTS)) map.set(key(name), code);
  byName = map;
  return map;
};

const ASSIGNED = new Set<string>([...getCountries(), 'XK']);

/**
 * ISO 3166-1 alpha-2 from a code (alpha-2 or alpha-3) or a country name in English or a common
 * European language, with common variants ("USA", "U.K.", "Holland", "Korea, Republic of");
 * undefined when unknown.
 */
export const countryCode = (raw: string | null | undefined): string | undefined => {
  if (!raw) return undefined;
  const text = raw.trim();
  if (!text) return undefined;
  if (/^[a-z]{2}$/i.test(text)) {
    const upper = text.toUpperCase();
    if (upper === 'UK') return 'GB';
    return ASSIGNED.has(upper) ? upper : undefined;
  }
  return table().get(key(text));
};
