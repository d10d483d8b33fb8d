import { createLogger } from '@dossier/api';
import pino from 'pino';

/** Server logs go to stdout; one-shot commands log to stderr so stdout stays clean for output. */
export const serverLogger = (level: string) => createLogger(level);
export const commandLogger = (level: string) =>
  createLogger(level === 'info' ? 'warn' : level, pino.destination(2));
