export * from './access.js';
export * from './data.js';
