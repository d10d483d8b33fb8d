export type { Database, Plan, Role } from '@dossier/db';
export { DatabaseLockedError, plans, roles } from '@dossier/db';
export * as audience from './audience/index.js';
export type { StoredCompany } from './company/company-json.js';
export { registrableDomain } from './company/domain-param.js';
export { configureLiveScans, type LiveScanConfig } from './company/live-scans.js';
export { companyProfile, employeeRange, employeeRanges } from './company/profile.js';
export { createScanCache } from './company/scan-cache.js';
export type { CompanyInput } from './company/store.js';
export { findCompanyByDomain, saveCompany } from './company/store.js';
export * from './context.js';
export { enrichOperation } from './enrich/enrich.js';
export * as enrichment from './enrich/index.js';
export * from './errors.js';
export * as ingest from './ingest/index.js';
export * as intent from './intent/index.js';
export {
  canonicalCidr,
  classifyNetwork,
  type ImportReport,
  type IpRangeRow,
  importIpRanges,
  parseIp2asn,
  parseRangeCsv,
  rangeToCidrs,
} from './ip/index.js';
export type { IpMatch, IpRangeType } from './ip/lookup-ip.js';
export { lookupIp, parseIpAddress } from './ip/lookup-ip.js';
export * from './jobs/index.js';
export { createResolver } from './net/dns-resolver.js';
export * from './operation.js';
export * from './person/index.js';
export { planRateLimits, planSeats } from './plans.js';
export * as privacy from './privacy/index.js';
export { apiVersion } from './registry/api-version.js';
export { operationByName, operations } from './registry/operations.js';
export {
  defaultSnippetBase,
  operationSnippets,
  operationsForScopes,
  type Snippets,
} from './registry/snippets.js';
export * as resolve from './resolve/index.js';
export { runOperation } from './run-operation.js';
export * from './scopes.js';
export * from './search/index.js';
export { errorSummary } from './shared/error-summary.js';
export { maskEmail, maskPhone } from './shared/mask.js';
export { creditsUsed, errorBody } from './shared/schema.js';
export { fieldIssues, validate } from './shared/validate.js';
export * from './verify/index.js';
export * as webhooks from './webhooks/index.js';
