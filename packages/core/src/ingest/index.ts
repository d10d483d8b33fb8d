export { type CompanyRecord, companiesKind } from './companies-kind.js';
export {
  applyMapping,
  type FieldAliases,
  flattenRecord,
  IGNORE_FIELD,
  mapHeaders,
  nearestField,
  parseMapOption,
  unknownMapTargets,
} from './header-map.js';
export { ingestRecords, type RecordOutcome } from './ingest-records.js';
export type { Check, CheckedRecord, FinishProgress, ImportKind, StoredOutcome } from './kind.js';
export { importKinds } from './kinds.js';
export { peopleKind } from './people-kind.js';
export { fieldsOf, type ImportPreview, type PreviewOptions, previewImport } from './preview.js';
export { MAX_PUSH_RECORDS, pushRecordsOperation } from './push-records.js';
export {
  DELIMITERS,
  ENCODINGS,
  formatOf,
  ImportInputError,
  type InputEncoding,
  type InputFormat,
  readRows,
  type SourceRow,
} from './read-rows.js';
export { type ImportOptions, type ImportProgress, type ImportSummary, runImport } from './run-import.js';
export { type BatchOutcome, storeChecked } from './store-checked.js';
