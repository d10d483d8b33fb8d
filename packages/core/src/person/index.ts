export { findPerson, getPersonOperation } from './get-person.js';
export { maskPerson } from './mask-person.js';
export { resolveEntityId } from './redirects.js';
export { type PersonRecord, personRecord, personResponse } from './schema.js';
export { loadPeople } from './store.js';
