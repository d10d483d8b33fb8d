import { parseCidr, parseIp } from '../net/ip-ranges.js';

const toText = (version: 4 | 6, value: bigint): string => {
  if (version === 4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 255n)).join('.');
  const groups: string[] = [];
  for (let s = 112n; s >= 0n; s -= 16n) groups.push(((value >> s) & 0xffffn).toString(16));
  // Compress the longest run of zero groups, as PostgreSQL prints it.
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j;
  }
  if (best.start < 0) return groups.join(':');
  const head = groups.slice(0, best.start).join(':');
  const tail = groups.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
};

/** A CIDR in canonical form (host bits cleared, `192.0.2.0/24`), or null when it is not one. */
export function canonicalCidr(raw: string): string | null {
  const cidr = parseCidr(raw);
  return cidr ? `${toText(cidr.version, cidr.base)}/${cidr.bits}` : null;
}

/**
 * The fewest CIDR blocks covering exactly `start`..`end` (inclusive), as ip2asn ranges need:
 * 192.0.2.0 - 192.0.2.130 -> 192.0.2.0/25, 192.0.2.128/31, 192.0.2.130/32. Null when the bounds
 * are not addresses of one family or are reversed.
 */
export function rangeToCidrs(start: string, end: string): string[] | null {
  const a = parseIp(start);
  const b = parseIp(end);
  if (!a || !b || a.version !== b.version || a.value > b.value) return null;
  const max = a.version === 4 ? 32 : 128;
  const out: string[] = [];
  let low = a.value;
  const high = b.value;
  while (low <= high) {
    // The largest block aligned at `low` that does not pass `high`.
    let size = 0;
    while (size < max && ((low >> BigInt(size)) & 1n) === 0n && low + (1n << BigInt(size + 1)) - 1n <= high)
      size++;
    out.push(`${toText(a.version, low)}/${max - size}`);
    low += 1n << BigInt(size);
    if (out.length > 256) return null;
  }
  return out;
}
