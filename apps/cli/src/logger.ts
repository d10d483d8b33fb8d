import { createLogger } from '@dossier/api';
import pino from 'pino';

/**
 * Server logs go to stdout, written asynchronously: a line is handed to the operating system
 * without waiting, and lines logged while a write is under way go out together in the next one
 * (one system call for many requests under load, instead of one blocking write each). Lines are
 * gathered up to 4 KB (about 20 access-log lines) before a write and written at the latest after
 * `flushMs`, so a quiet server's lines still appear at once to whoever tails them: one write
 * system call per line cost about 2 % of the server's CPU under load (tooling/bench/README.md,
 * the served path). `serve` flushes the destination after `stopped` and then exits (pino's own
 * flush at exit misses a write still under way); a process killed outright loses at most the last
 * `flushMs` of lines.
 * One-shot commands log to stderr so stdout stays clean for output.
 */
const flushMs = 100;
/**
 * Lines logged while a write is under way are appended to one string of up to `maxWrite` bytes, and
 * sonic-boom measures that string's UTF-8 length on every line (a flatten and a pass over it): at its
 * default 16 KB that was 2-5 µs a line under load, as much as making the line. 8 KB, the least above
 * `minLength`, halves it; writes still gather 4 KB.
 */
const maxWrite = 8192;
export const serverLogger = (level: string) =>
  createLogger(
    level,
    pino.destination({ dest: 1, sync: false, minLength: 4096, maxWrite, periodicFlush: flushMs }),
  );
export const commandLogger = (level: string) =>
  createLogger(level === 'info' ? 'warn' : level, pino.destination(2));
