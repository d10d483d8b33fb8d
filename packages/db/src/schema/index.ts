export * from './access.js';
export * from './data.js';
export * from './intent.js';
export * from './privacy.js';
export * from './resolution.js';
export * from './verify.js';
export * from './webhooks.js';
