export { companyNameKey, normalizeCompanyName } from './company-name.js';
export { companyDomain, domainFromEmail, normalizeDomain } from './domain.js';
export { emailMatchKey, type NormalizedEmail, normalizeEmail, parseEmail, requireEmail } from './email.js';
export { isFreeMailDomain } from './free-mail.js';
export { type LinkedInProfile, normalizeLinkedInUrl, parseLinkedInUrl } from './linkedin.js';
export { formalNames, isKnownGivenName, isNicknameOf, nicknameGroupCount } from './nicknames.js';
export {
  displayCase,
  type NameInput,
  type NameParts,
  type NormalizedPersonName,
  normalizePersonName,
  personNameKeys,
  splitFullName,
} from './person-name.js';
export { type NormalizedPhone, normalizePhone } from './phone.js';
export { foldDiacritics, foldForCompare, squish } from './text.js';
export {
  type Department,
  departments,
  type NormalizedTitle,
  normalizeTitle,
  type Seniority,
  seniorities,
} from './title.js';
