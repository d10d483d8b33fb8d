import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The catch-all decision per domain (does it accept any local part?), kept apart from the DNS
 * facts in `domain_verifications` because it lives longer (a day) and is learned later.
 */
export const domainCatchAll = pgTable('domain_catch_all', {
  domain: text('domain').primaryKey(),
  acceptAll: boolean('accept_all').notNull(),
  checkedAt: ts('checked_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});
