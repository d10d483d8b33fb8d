import { inject } from 'vitest';
import { Dossier, type DossierOptions } from '../src/index.js';

export const server = () => inject('server');

/** A client on the test server's demo key, with short waits. */
export const client = (options: DossierOptions = {}) =>
  new Dossier({ apiKey: server().apiKey, baseUrl: server().baseUrl, timeoutMs: 20_000, ...options });
