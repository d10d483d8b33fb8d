export type { Database, DatabaseConfig, Db, Schema } from './client.js';
export { createDatabase, migrationsFolder } from './client.js';
export { isConnectionError } from './connection-errors.js';
export type { IdPrefix } from './ids.js';
export { newId, randomBase62 } from './ids.js';
export type { LockInfo } from './lock.js';
export { acquireLock, DatabaseLockedError } from './lock.js';
export * as schema from './schema/index.js';
export * from './schema/index.js';
