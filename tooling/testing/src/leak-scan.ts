import { crc32 } from 'node:zlib';

/**
 * The key-leak scan: every response body and header, log line and child-process error line a test
 * file produces is searched for a whole secret. `leak-setup.ts` feeds it (every project's
 * `setupFiles`) and fails the file when anything was found.
 *
 * A whole key is `dsr_live_` + 43 base62 characters + a valid 6-character checksum (the format in
 * `packages/access/src/key-format.ts`): made-up or truncated keys, which tests send on purpose, do
 * not count. Other secrets (webhook signing secrets, tokens) are found by value once registered.
 */

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = (value: number, width: number): string => {
  let out = '';
  let rest = value;
  do {
    out = alphabet[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(width, '0');
};
const candidate = /dsr_live_([0-9A-Za-z]{43})([0-9A-Za-z]{6})(?![0-9A-Za-z])/g;

/** Whole keys in `text`: the pattern, and the checksum holds (as `isWellFormedKey` checks it). */
export function keysIn(text: string): string[] {
  if (!text.includes('dsr_live_')) return [];
  const out: string[] = [];
  for (const m of text.matchAll(candidate)) if (base62(crc32(`dsr_live_${m[1]}`), 6) === m[2]) out.push(m[0]);
  return out;
}

export interface Finding {
  /** Where it was seen: `response body`, `response header x-name`, `log line`, `child stderr`... */
  where: string;
  /** The text around it, with the secret itself replaced. */
  context: string;
}

/**
 * One state per process, on `globalThis`: the hooks leak-setup.ts installs outlive a test file's
 * module graph when the worker runs the next file, and must feed the scan that file sees.
 */
interface ScanState {
  secrets: Set<string>;
  findings: Finding[];
  pending: Set<Promise<unknown>>;
  headers: Headers[];
  scanned: number;
}
const stateKey = Symbol.for('dossier.leakScan.state');
const holder = globalThis as typeof globalThis & { [stateKey]?: ScanState };
holder[stateKey] ??= { secrets: new Set(), findings: [], pending: new Set(), headers: [], scanned: 0 };
const state: ScanState = holder[stateKey];
const { secrets, findings, pending } = state;

/** A secret that must never appear in output (at least 12 characters, so it cannot match by chance). */
export function registerSecret(secret: string): void {
  if (secret.length >= 12) secrets.add(secret);
}

const redact = (text: string, secret: string) => {
  const at = text.indexOf(secret);
  const from = Math.max(0, at - 60);
  return `${text.slice(from, at)}[secret of ${secret.length} chars]${text.slice(at + secret.length, at + secret.length + 60)}`;
};

/**
 * Searches one piece of output. `allowed` are the secrets this piece may carry (a key handed to its
 * owner as the `key` member of a creation, reveal or roll answer).
 */
export function scanText(where: string, text: string, allowed: ReadonlySet<string> = new Set()): void {
  state.scanned++;
  for (const key of keysIn(text)) if (!allowed.has(key)) findings.push({ where, context: redact(text, key) });
  for (const secret of secrets)
    if (!allowed.has(secret) && text.includes(secret))
      findings.push({ where, context: redact(text, secret) });
}

/** Keys a JSON body hands over on purpose: string values of members named `key`, at any depth. */
export function handedOver(text: string): Set<string> {
  const out = new Set<string>();
  if (!text.includes('"key"')) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return out;
  }
  const walk = (value: unknown, depth: number) => {
    if (depth > 40 || !value || typeof value !== 'object') return;
    for (const [name, member] of Object.entries(value)) {
      if (name === 'key' && typeof member === 'string') out.add(member);
      else walk(member, depth + 1);
    }
  };
  walk(parsed, 0);
  return out;
}

/** A response body: no secret, except a key handed over as a `key` member. */
export const scanBody = (where: string, text: string) => scanText(where, text, handedOver(text));

/**
 * Output of a process or a logger, line by line: log lines (JSON objects with a `level`) and
 * everything on stderr must carry no secret; a command's answer on stdout (the key `dossier keys
 * create` prints for its operator) may.
 */
export function scanOutput(where: string, text: string, everyLine: boolean): void {
  for (const line of text.split('\n')) {
    if (!line.includes('dsr_live_') && secrets.size === 0) continue;
    if (everyLine || /^\s*\{.*"level"\s*:/.test(line)) scanText(where, line);
  }
}

/** Waits for scans of streamed bodies still being read (at most `ms`). */
export async function settle(ms = 2_000): Promise<void> {
  if (pending.size === 0) return;
  await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, ms).unref())]);
}

export function track(work: Promise<unknown>): void {
  const guarded = work.catch(() => undefined).finally(() => pending.delete(guarded));
  pending.add(guarded);
}

/** Findings so far, removed from the scan (a test that plants a secret takes its own findings). */
export function takeFindings(): Finding[] {
  return findings.splice(0, findings.length);
}

/** Headers are searched at the end of a file: middleware may add some after a response is built. */
export const trackHeaders = (headers: Headers) => state.headers.push(headers);

export function scanHeaders(): void {
  for (const headers of state.headers.splice(0, state.headers.length))
    for (const [name, value] of headers) scanText(`response header ${name}`, value);
}

/** Pieces of output searched so far in this process. */
export const scannedCount = () => state.scanned;
