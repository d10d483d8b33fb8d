import pino, { type Logger } from 'pino';

const keyPattern = /dsr_live_[0-9A-Za-z]+/g;

const keyMarker = 'dsr_live_';

/** A field whose value never reaches a log line, at any depth (a request's `headers.authorization`). */
const secretField = 'authorization';
const censor = '[redacted]';

/** True when the value needs a scrubbed copy: a string holding the key prefix, or a secret field. */
function needsScrub(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(keyMarker);
  if (Array.isArray(value)) return value.some(needsScrub);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const key in value) {
      if (key === secretField || needsScrub((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/**
 * Replaces anything that looks like one of our keys, wherever it hides in a log value, and the
 * value of any `authorization` field. A value without either is returned as it is: the access log
 * writes a line per request, and copying each line's object to find nothing was most of the
 * logger's cost.
 */
export function scrub<T>(value: T): T {
  if (!needsScrub(value)) return value;
  if (typeof value === 'string') return value.replace(keyPattern, 'dsr_live_[redacted]') as T;
  if (Array.isArray(value)) return value.map(scrub) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === secretField ? censor : scrub(v)]),
    ) as T;
  }
  return value;
}

let second = Number.NaN;
let secondText = '';

/**
 * pino's `isoTime` (`,"time":"2026-12-02T00:41:07.123Z"`), the date and time of day formatted once
 * a second instead of a `Date` and `toISOString` per line.
 */
export function isoTime(now = Date.now()): string {
  const at = Math.floor(now / 1000);
  if (at !== second) {
    second = at;
    secondText = new Date(at * 1000).toISOString().slice(0, 19);
  }
  const ms = now - at * 1000;
  return `,"time":"${secondText}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

/**
 * JSON logs; a key never reaches a log line, even when a caller puts one in a URL. Every argument
 * is scrubbed once, in `logMethod` (`authorization` fields included): pino's own `redact` with a
 * `*.authorization` path ran a redactor over every value of every line, and a `formatters.log`
 * would walk every access-log line a second time.
 */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          let clean = args;
          for (let i = 0; i < args.length; i++) {
            const arg = scrub(args[i]);
            if (arg === args[i]) continue;
            if (clean === args) clean = [...args] as typeof args;
            clean[i] = arg;
          }
          method.apply(this, clean);
        },
      },
    },
    destination,
  );
}

export type { Logger };
