// drizzle-orm is no dependency of the bench package: take the copy @dossier/db uses, so that
// `database.query` accepts these fragments (the same SQL class).
export { type SQL, sql } from '../../../../packages/db/node_modules/drizzle-orm/index.js';
