import type { RequestTarget } from './identifiers.js';
import { identifierHash } from './secret.js';

/**
 * The opaque reference of a request: the same target always gets the same one (a rerun after a
 * crash is recognized), and without the instance secret it cannot be traced back to the person.
 */
export const requestRef = (target: RequestTarget): string =>
  `prv_${identifierHash(`request:${target.kind === 'person' ? `person:${target.id}` : target.identifier}`).slice(0, 22)}`;
