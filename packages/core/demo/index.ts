export { DEMO_AS_OF, DEMO_SIZES, generateDemoData } from './generate.js';
export { DOCUMENTATION_ASNS, DOCUMENTATION_BLOCKS } from './ip-ranges.js';
export { type LoadDemoOptions, type LoadDemoResult, loadDemoData } from './load.js';
export { PERSONAL_MAIL_DOMAIN } from './people.js';
export { FICTIONAL_PHONE } from './phones.js';
export { demoSubset } from './subset.js';
export type * from './types.js';
