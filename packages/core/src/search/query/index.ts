export { type Industry, type IndustryId, industries, industryIds } from './industries.js';
export { type Correction, type Interpretation, interpretQuery, type MatchedFilter } from './interpret.js';
export { fieldIssues, parseSearchRequest } from './issues.js';
export { mergeFilters } from './merge.js';
export { knownCityCount, knownCountries, placeForms } from './places.js';
export {
  type CompanySearchFilters,
  type CompanyType,
  companyExclude,
  companySearchFilters,
  companySearchRequest,
  companyTypes,
  type PeopleSearchFilters,
  peopleExclude,
  peopleSearchFilters,
  peopleSearchRequest,
  type SearchEntity,
  type SearchRequest,
  searchEntities,
  searchInterpretation,
  searchRequest,
  technologyFilter,
} from './schema.js';
export {
  defaultTags,
  defaultTechnologies,
  defaultTechnologyCategories,
  defaultVocab,
  type QueryVocab,
  type StoredPlace,
  type TechnologyCategoryTerm,
  type TechnologyTerm,
} from './technologies.js';
