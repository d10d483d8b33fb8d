import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { sources } from './data.js';

/**
 * Blocking keys of every resolved person (email match key, LinkedIn slug, phone, name + employer,
 * surname + city ...): incremental resolution finds its candidates with one indexed lookup per key.
 * Deleting a person deletes its keys (trigger `people_delete_derived`, packages/db/sql/search-facets.sql).
 */
export const personKeys = pgTable(
  'person_keys',
  {
    key: text('key').notNull(),
    /** A person's id; no foreign key: resolution writes keys only for persons it holds. */
    personId: text('person_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.personId] }), index('person_keys_person_idx').on(t.personId)],
);

/** Which sources delivered each value of a person (email, phone, profile): `num_sources` counts these. */
export const personValueSources = pgTable(
  'person_value_sources',
  {
    /** A person's id; no foreign key, as in `personKeys`: deleting a person removes its rows by trigger. */
    personId: text('person_id').notNull(),
    /** `email`, `phone`, `profile` or `employment`. */
    field: text('field').notNull(),
    value: text('value').notNull(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.field, t.value, t.sourceId] })],
);
