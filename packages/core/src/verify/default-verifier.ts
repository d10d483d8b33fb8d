import { hostname } from 'node:os';
import type { Database } from '@dossier/db';
import { createDatabaseCache } from './store-cache.js';
import { createVerifier, type Verifier } from './verifier.js';

const verifiers = new WeakMap<Database, Verifier>();

/** When a door gives no verifier: this host's name, a database cache, one per database. */
export const defaultVerifier = (database: Database): Verifier => {
  let verifier = verifiers.get(database);
  if (!verifier) {
    const name = hostname();
    verifier = createVerifier({
      heloName: name,
      mailFrom: `verify@${name}`,
      cache: createDatabaseCache(database),
    });
    verifiers.set(database, verifier);
  }
  return verifier;
};
