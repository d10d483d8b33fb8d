import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text of `length` characters (rejection sampling keeps it unbiased). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += alphabet[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix =
  | 'org'
  | 'usr'
  | 'prj'
  | 'key'
  | 'ses'
  | 'inv'
  | 'pwr'
  | 'aud'
  | 'src'
  | 'rec'
  | 'cmp'
  | 'per'
  | 'job'
  | 'imp'
  | 'whs'
  | 'evt'
  | 'msg'
  | 'prv';

/** Opaque, prefixed id such as `cmp_3kTq9...`. */
export const newId = (prefix: IdPrefix): string => `${prefix}_${randomBase62(20)}`;
