import { buildAudienceOperation } from '../audience/build-audience.js';
import { getAudienceJobOperation } from '../audience/get-audience-job.js';
import { getAudienceJobCsvOperation } from '../audience/get-audience-job-csv.js';
import { getCompanyOperation } from '../company/get-company.js';
import { enrichOperation } from '../enrich/enrich.js';
import { pushRecordsOperation } from '../ingest/push-records.js';
import {
  intentOperation,
  listIntentTopicsOperation,
  pushJobPostingsOperation,
  pushSignalsOperation,
} from '../intent/operations.js';
import type { Operation } from '../operation.js';
import { getPersonOperation } from '../person/get-person.js';
import {
  privacyAccessOperation,
  privacyEraseOperation,
  privacySuppressOperation,
  setPrivacyRetentionOperation,
} from '../privacy/operations.js';
import { searchCompaniesOperation, searchOperation, searchPeopleOperation } from '../search/operations.js';
import { getUsageOperation } from '../usage/get-usage.js';
import { getVerifyJobOperation } from '../verify/get-verify-job.js';
import { getVerifyJobCsvOperation } from '../verify/get-verify-job-csv.js';
import { verifyEmailsOperation } from '../verify/verify-emails.js';
import {
  createWebhookSubscriptionOperation,
  deleteWebhookSubscriptionOperation,
  getWebhookSubscriptionOperation,
  listWebhookDeliveriesOperation,
  listWebhookSubscriptionsOperation,
  replayWebhookDeliveryOperation,
  rotateWebhookSecretOperation,
  sendWebhookTestOperation,
  updateWebhookSubscriptionOperation,
} from '../webhooks/operations.js';

/** Every public operation, in the order docs and tool lists show them. */
export const operations = [
  enrichOperation,
  getCompanyOperation,
  getPersonOperation,
  searchCompaniesOperation,
  searchPeopleOperation,
  searchOperation,
  buildAudienceOperation,
  getAudienceJobOperation,
  getAudienceJobCsvOperation,
  getUsageOperation,
  verifyEmailsOperation,
  getVerifyJobOperation,
  getVerifyJobCsvOperation,
  intentOperation,
  listIntentTopicsOperation,
  pushSignalsOperation,
  pushJobPostingsOperation,
  pushRecordsOperation,
  createWebhookSubscriptionOperation,
  listWebhookSubscriptionsOperation,
  getWebhookSubscriptionOperation,
  updateWebhookSubscriptionOperation,
  deleteWebhookSubscriptionOperation,
  rotateWebhookSecretOperation,
  listWebhookDeliveriesOperation,
  replayWebhookDeliveryOperation,
  sendWebhookTestOperation,
  privacyAccessOperation,
  privacyEraseOperation,
  privacySuppressOperation,
  setPrivacyRetentionOperation,
] as unknown as readonly Operation[];

export const operationByName = (name: string): Operation | undefined =>
  operations.find((op) => op.name === name);
