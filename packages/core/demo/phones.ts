import type { Rng } from './random.js';

// Only numbers reserved for fiction are handed out:
// - North America: NXX-555-0100..0199 in any area code;
// - United Kingdom (Ofcom drama numbers): 020 7946 0xxx, 0113/0114/.../0191 496 0xxx, mobiles 07700 900xxx;
// - Australia (ACMA): 02 5550 xxxx, 03 7010 xxxx;
// - France (ARCEP): 01 99 00 xx xx.
// People and companies in other countries get a number from the nearest of these.

const SPARE_AREA_CODES = (
  '201 202 203 205 207 208 209 210 214 215 216 217 218 219 224 225 228 229 231 234 239 240 248 251 252 253 ' +
  '254 256 260 262 267 269 270 276 281 301 302 304 307 308 309 313 314 315 316 317 318 319 320 321 330 334 ' +
  '336 337 339 347 351 352 360 361 385 386 401 402 405 406 407 408 409 410 412 413 414 417 419 423 424 430'
).split(' ');

const GB_AREAS: Record<string, string> = {
  London: '2079460',
  Leeds: '1134960',
  Manchester: '1614960',
  Edinburgh: '1314960',
};
const GB_SPARE = [
  '1144960',
  '1154960',
  '1164960',
  '1174960',
  '1184960',
  '1214960',
  '1414960',
  '1514960',
  '1914960',
];

const GB_ALL = [...Object.values(GB_AREAS), ...GB_SPARE];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** All numbers of one reserved block, in E.164. */
const block = (key: string): string[] => {
  const [kind, code = ''] = key.split(':');
  const out: string[] = [];
  if (kind === 'nanp') for (let i = 0; i < 100; i++) out.push(`+1${code}55501${pad(i, 2)}`);
  else if (kind === 'gb') for (let i = 0; i < 1000; i++) out.push(`+44${code}${pad(i, 3)}`);
  else if (kind === 'gbm') for (let i = 0; i < 1000; i++) out.push(`+447700900${pad(i, 3)}`);
  else if (kind === 'au') for (let i = 0; i < 10000; i++) out.push(`+61${code}${pad(i, 4)}`);
  else if (kind === 'fr') for (let i = 0; i < 10000; i++) out.push(`+3319900${pad(i, 4)}`);
  return out;
};

const EUROPE = new Set(['GB', 'IE', 'DE', 'NL', 'SE', 'DK', 'ES', 'CH', 'PL', 'IL', 'AE', 'ZA']);
const ASIA_PACIFIC = new Set(['AU', 'NZ', 'IN', 'SG', 'JP']);

export interface PhoneSite {
  city: string;
  country: string;
  areaCodes?: string[];
}

/** Hands out unique fictional numbers: no two people or companies share one. */
export class PhoneBook {
  private readonly pools = new Map<string, string[]>();

  constructor(private readonly rng: Rng) {}

  private tryTake(key: string): string | undefined {
    let pool = this.pools.get(key);
    if (!pool) {
      pool = this.rng.shuffle(block(key));
      this.pools.set(key, pool);
    }
    return pool.pop();
  }

  /** The first free number among `keys`, tried in order (most calls stop at the first). */
  private take(keys: Iterable<string>): string {
    for (const key of keys) {
      const number = this.tryTake(key);
      if (number) return number;
    }
    throw new Error('the fictional phone ranges are used up');
  }

  /** A number near `site`: its own area code first, then the country's spare blocks. */
  next(site: PhoneSite, type: 'mobile' | 'direct' | 'office'): string {
    const rng = this.rng;
    function* nanp(codes: string[]) {
      for (const code of rng.shuffle(codes)) yield `nanp:${code}`;
      for (const code of SPARE_AREA_CODES) yield `nanp:${code}`;
    }
    function* gb() {
      if (type === 'mobile') yield 'gbm:';
      const local = GB_AREAS[site.city];
      if (local) yield `gb:${local}`;
      for (const code of GB_ALL) yield `gb:${code}`;
    }
    function* au() {
      yield site.city === 'Melbourne' ? 'au:37010' : 'au:25550';
      yield site.city === 'Melbourne' ? 'au:25550' : 'au:37010';
      yield* gb();
    }
    function* fr() {
      yield 'fr:';
      yield* gb();
    }
    if (site.country === 'US' || site.country === 'CA') return this.take(nanp(site.areaCodes ?? []));
    if (site.country === 'FR') return this.take(fr());
    if (EUROPE.has(site.country)) return this.take(gb());
    if (ASIA_PACIFIC.has(site.country)) return this.take(au());
    return this.take(nanp([]));
  }
}

/** Matches exactly the reserved blocks above. */
export const FICTIONAL_PHONE =
  /^(\+1\d{3}55501\d{2}|\+442079460\d{3}|\+44(113|114|115|116|117|118|121|131|141|151|161|191)4960\d{3}|\+447700900\d{3}|\+61(25550|37010)\d{4}|\+3319900\d{4})$/;
