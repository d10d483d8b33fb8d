export { createTestDatabase, testDriver } from './database.js';
