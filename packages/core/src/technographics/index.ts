export { createMemoryCache, type MemoryCacheOptions, type TtlCache } from './cache.js';
export { type CompiledRule, compiledRules, compileRule } from './compile.js';
export {
  type DnsRecords,
  detectFromDns,
  detectFromHttp,
  type HttpEvidence,
  type MergedDetection,
  mergeDetections,
  spfIncludes,
} from './detect.js';
export { type ScannedPage, scanHtml } from './html-scan.js';
export {
  extractMeta,
  extractOrganization,
  type OrganizationAddress,
  type OrganizationInfo,
  type PageMeta,
  type SocialNetwork,
} from './organization.js';
export { techRules } from './rules.js';
export { defaultSubdomains, type ScanDomainDeps, type ScanResult, scanDomain } from './scan-domain.js';
export {
  type DetectedBy,
  type Detection,
  type TechCategory,
  type TechRule,
  techCategories,
} from './types.js';
