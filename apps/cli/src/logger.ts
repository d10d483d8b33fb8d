import { createLogger } from '@dossier/api';
import pino from 'pino';

/**
 * Server logs go to stdout, written asynchronously: a line is handed to the operating system
 * without waiting, and lines logged while a write is under way go out together in the next one
 * (one system call for many requests under load, instead of one blocking write each). pino
 * flushes what is left when the process exits (`serve` exits after `stopped`).
 * One-shot commands log to stderr so stdout stays clean for output.
 */
export const serverLogger = (level: string) =>
  createLogger(level, pino.destination({ dest: 1, sync: false }));
export const commandLogger = (level: string) =>
  createLogger(level === 'info' ? 'warn' : level, pino.destination(2));
