import type { Access, AuthedCaller } from '@dossier/access';
import type { Database, Operation } from '@dossier/core';
import type { Logger } from './logger.js';

export interface ApiDeps {
  database: Database;
  access: Access;
  log: Logger;
  /** Defaults to core's registry. */
  operations?: readonly Operation[];
  now?: () => Date;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
}

export type ApiEnv = {
  Variables: {
    requestId: string;
    caller?: AuthedCaller;
  };
};
