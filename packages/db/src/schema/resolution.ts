import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { people, sources } from './data.js';

/**
 * Blocking keys of every resolved person (email match key, LinkedIn slug, phone, name + employer,
 * surname + city ...): incremental resolution finds its candidates with one indexed lookup per key.
 */
export const personKeys = pgTable(
  'person_keys',
  {
    key: text('key').notNull(),
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.personId] }), index('person_keys_person_idx').on(t.personId)],
);

/** Which sources delivered each value of a person (email, phone, profile): `num_sources` counts these. */
export const personValueSources = pgTable(
  'person_value_sources',
  {
    personId: text('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
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
