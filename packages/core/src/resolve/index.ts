export { type BlockingPass, defaultBlockingPasses } from './blocking.js';
export { companyComparisons } from './company-compare.js';
export { type CompanyModel, defaultCompanyModel } from './company-model.js';
export { companyFromRow, type PreparedCompany, prepareCompany } from './company-prepare.js';
export {
  type CompanyRecord,
  type CompanyResolverOptions,
  type CompanyResolverStats,
  createCompanyResolver,
} from './company-resolver.js';
export { type CompareThresholds, defaultThresholds, personComparisons } from './compare.js';
export { csvRows, parseCsv, parseCsvRows } from './csv.js';
export { formatWaterfall, reviewCsvHeader, reviewCsvRow } from './explain.js';
export { jaro, jaroWinkler } from './jaro-winkler.js';
export { defaultPersonModel, describeModel, isValidModel, type PersonModel } from './model.js';
export { checkPerson, type PersonValue } from './persist/person-value.js';
export { backfillPersonKeys, type KnownPerson, seedPersonKeys } from './persist/seed.js';
export { type StorePeopleOptions, storePeople } from './persist/store-people.js';
export { type DateParts, parseDate } from './person-fields.js';
export { soundex } from './phonetic.js';
export { personFromRow, preparePerson } from './prepare.js';
export {
  type Assignment,
  type ComparisonWeight,
  createResolver,
  type PairExplanation,
  type PersonResolver,
  type ResolveOneResult,
  type ResolverOptions,
  type ResolverStats,
} from './resolver.js';
export {
  blockingFieldNames,
  blockingPassOn,
  type ResolverSettings,
  resolverOptionsFromSettings,
} from './settings.js';
export type { PersonRecord, PreparedPerson } from './types.js';
