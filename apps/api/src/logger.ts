import pino, { type Logger } from 'pino';

const keyPattern = /dsr_live_[0-9A-Za-z]+/g;

/** Replaces anything that looks like one of our keys, wherever it hides in a log value. */
export function scrub<T>(value: T): T {
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
      formatters: { level: (label) => ({ level: label }), log: (obj) => scrub(obj) },
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
