export { createTestDatabase, testDriver } from './database.js';
export {
  type PostgresPair,
  type PostgresPairOptions,
  postgresBinDir,
  startPostgresPair,
} from './postgres-pair.js';
