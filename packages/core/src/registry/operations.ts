import { getCompany } from '../company/get-company.js';
import type { Operation } from '../operation.js';
import { getUsage } from '../usage/get-usage.js';

/** Every public operation, in the order docs and tool lists show them. */
export const operations = [getCompany, getUsage] as unknown as readonly Operation[];

export const operationByName = (name: string): Operation | undefined =>
  operations.find((op) => op.name === name);
