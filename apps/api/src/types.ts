import type { AuthedCaller, DoorDeps } from '@dossier/access';
import type { Logger } from './logger.js';

/** The REST door's dependencies: the same as every door's (`DoorDeps`), with its pino logger. */
export type ApiDeps = DoorDeps<Logger>;

export type ApiEnv = {
  Variables: {
    requestId: string;
    caller?: AuthedCaller;
    /** Response headers gathered for `respond` (see response.ts). */
    responseHeaders?: Record<string, string>[];
    headersApplied?: boolean;
  };
};
