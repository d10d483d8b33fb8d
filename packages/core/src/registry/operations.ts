import { buildAudience } from '../audience/build-audience.js';
import { getAudienceJob } from '../audience/get-audience-job.js';
import { getAudienceJobCsv } from '../audience/get-audience-job-csv.js';
import { getCompany } from '../company/get-company.js';
import { enrich } from '../enrich/enrich.js';
import { pushRecords } from '../ingest/push-records.js';
import {
  intentOperation,
  listIntentTopicsOperation,
  pushJobPostings,
  pushSignals,
} from '../intent/operations.js';
import type { Operation } from '../operation.js';
import { getPerson } from '../person/get-person.js';
import { privacyAccess, privacyErase, privacySuppress, setPrivacyRetention } from '../privacy/operations.js';
import { searchCompaniesOperation, searchOperation, searchPeopleOperation } from '../search/operations.js';
import { getUsage } from '../usage/get-usage.js';
import { getVerifyJob } from '../verify/get-verify-job.js';
import { getVerifyJobCsv } from '../verify/get-verify-job-csv.js';
import { verifyEmails } from '../verify/verify-emails.js';
import {
  createWebhookSubscription,
  deleteWebhookSubscription,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookSubscription,
} from '../webhooks/operations.js';

/** Every public operation, in the order docs and tool lists show them. */
export const operations = [
  enrich,
  getCompany,
  getPerson,
  searchCompaniesOperation,
  searchPeopleOperation,
  searchOperation,
  buildAudience,
  getAudienceJob,
  getAudienceJobCsv,
  getUsage,
  verifyEmails,
  getVerifyJob,
  getVerifyJobCsv,
  intentOperation,
  listIntentTopicsOperation,
  pushSignals,
  pushJobPostings,
  pushRecords,
  createWebhookSubscription,
  listWebhookSubscriptions,
  getWebhookSubscription,
  updateWebhookSubscription,
  deleteWebhookSubscription,
  rotateWebhookSecret,
  listWebhookDeliveries,
  replayWebhookDelivery,
  sendWebhookTest,
  privacyAccess,
  privacyErase,
  privacySuppress,
  setPrivacyRetention,
] as unknown as readonly Operation[];

export const operationByName = (name: string): Operation | undefined =>
  operations.find((op) => op.name === name);
