import { getCompany } from '../company/get-company.js';
import type { Operation } from '../operation.js';

/** Every public operation, in the order docs and tool lists show them. */
export const operations: readonly Operation[] = [getCompany as unknown as Operation];

export const operationByName = (name: string): Operation | undefined =>
  operations.find((op) => op.name === name);
