export { decodeCursor, encodeCursor } from './cursor.js';
export { industryIdOf, industryKey, industryKeysOf } from './industry-keys.js';
export { searchCompaniesOperation, searchOperation, searchPeopleOperation } from './operations.js';
export * from './query/index.js';
export { companySearchResponse, peopleSearchResponse, searchResponse } from './results.js';
export { type SearchInput, type SearchPage, searchCompanies, searchPeople } from './run-search.js';
export { refreshSearchVocab, searchVocabOf } from './stored-vocab.js';
export { EXACT_TOTAL_LIMIT } from './total.js';
export { searchVocab } from './vocab.js';
