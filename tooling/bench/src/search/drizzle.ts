// drizzle-orm is no dependency of the bench package: take the very copy @dossier/db uses (the same
// SQL class, so its `query` accepts these fragments) instead of adding a second one.
export { type SQL, sql } from '../../../../packages/db/node_modules/drizzle-orm/index.js';
