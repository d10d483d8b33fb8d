import pino, { type Logger } from 'pino';

const keyPattern = /dsr_live_[0-9A-Za-z]+/g;

const keyMarker = 'dsr_live_';

/** True when a key could hide somewhere in the value (a string holding the key prefix). */
function holdsKey(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(keyMarker);
  if (Array.isArray(value)) return value.some(holdsKey);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const key in value) if (holdsKey((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/**
 * Replaces anything that looks like one of our keys, wherever it hides in a log value. A value
 * without one is returned as it is: the access log writes a line per request, and copying each
 * line's object to find nothing was most of the logger's cost.
 */
export function scrub<T>(value: T): T {
  if (typeof value !== 'string' && !holdsKey(value)) return value;
  if (typeof value === 'string') return value.replace(keyPattern, 'dsr_live_[redacted]') as T;
  if (Array.isArray(value)) return value.map(scrub) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)])) as T;
  }
  return value;
}

/** JSON logs; a key never reaches a log line, even when a caller puts one in a URL. */
export function createLogger(level = 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: ['req.headers.authorization', '*.authorization', 'authorization'],
        censor: '[redacted]',
      },
      // Every argument is scrubbed once, in `logMethod`: a second pass over the merged object (a
      // `formatters.log`) found nothing new and walked every access-log line twice.
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => scrub(arg)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

export type { Logger };
