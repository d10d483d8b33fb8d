export { type Industry, type IndustryId, industries, industryIds } from './industries.js';
export { type Correction, type Interpretation, interpretQuery, type MatchedFilter } from './interpret.js';
export { fieldIssues, parseSearchRequest } from './issues.js';
export { mergeFilters } from './merge.js';
export { knownCityCount, knownCountries, placeForms } from './places.js';
export {
  type CompanySearchFilters,
  type CompanySort,
  type CompanyType,
  companyExclude,
  companySearchFilters,
  companySearchRequest,
  companySorts,
  companyTypes,
  type PeopleSearchFilters,
  type PeopleSort,
  peopleExclude,
  peopleSearchFilters,
  peopleSearchRequest,
  peopleSorts,
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
