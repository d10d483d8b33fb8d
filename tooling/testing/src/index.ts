export { createPostgresTestUrl, createTestDatabase, testDriver } from './database.js';
export * from './leak-scan.js';
export {
  type PostgresPair,
  type PostgresPairOptions,
  postgresBinDir,
  startPostgresPair,
} from './postgres-pair.js';
export { startProxy } from './tcp-proxy.js';
