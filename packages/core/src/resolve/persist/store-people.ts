import { type Db, newId } from '@dossier/db';
import { sql } from 'drizzle-orm';
import { defaultPersonModel, type PersonModel } from '../model.js';
import { preparePerson } from '../prepare.js';
import type { PreparedPerson } from '../types.js';
import { type Linked, linkBatch, personKeysOf } from './link.js';
import { asPersonRecord, type PersonValue } from './person-value.js';
import { graphPersons, retrieveCandidates } from './retrieve.js';
import { writeBatch } from './write.js';

export interface StorePeopleOptions {
  model?: PersonModel;
  threshold?: number;
  /**
   * Records the match prior assumes (default 1,000, what the default model's u values are calibrated
   * for; measured on the dev set: P 0.990, R 0.952). Pass the graph size with a model trained on it.
   * Links resting on names without the employer are judged against the real graph size either way.
   */
  priorRecords?: number;
}

/**
 * Prepared form of a record (normalized names, keys for comparison), kept per value object: an import
 * prepares each record while the previous batch's transaction runs (`peopleKind.check`), so the
 * batch's own transaction does not wait for it. The record id inside is unused by linking.
 */
const preparedValues = new WeakMap<PersonValue, PreparedPerson>();
export const preparedOf = (value: PersonValue): PreparedPerson => {
  let prepared = preparedValues.get(value);
  if (!prepared) {
    prepared = preparePerson(asPersonRecord('new', value), 0);
    preparedValues.set(value, prepared);
  }
  return prepared;
};

/** Arbitrary constant naming the advisory lock that serializes people resolution. */
const PEOPLE_LOCK = 4_240_001;

/**
 * Takes the transaction-level lock under which people are resolved and written. Two imports (or
 * pushes) running at once would otherwise both miss each other's uncommitted persons and create the
 * same person twice; with it, the second batch waits, then reads the first one's committed graph.
 * Released at commit or rollback.
 */
export async function lockPeopleResolution(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${PEOPLE_LOCK})`);
}

/**
 * Resolves a batch of people against the persisted graph and writes the result: candidates come from
 * the database by blocking key, are scored with the resolver's model, and each record joins its
 * person (`merged`) or starts a new one (`loaded`). Runs inside the caller's transaction.
 */
export async function storePeople(
  db: Db,
  values: PersonValue[],
  context: { sourceId: string; trust: number },
  options: StorePeopleOptions = {},
): Promise<Linked[]> {
  // Idempotent within a transaction: callers that already hold it (imports, pushes) pay one round trip.
  await lockPeopleResolution(db);
  const keys = new Set<string>();
  const prepared = values.map(preparedOf);
  for (const p of prepared) for (const k of personKeysOf(p)) keys.add(k);
  const { keyIndex, entities } = await retrieveCandidates(db, [...keys]);
  const priorRecords = options.priorRecords ?? 1000;
  const persisted = new Set(entities.keys());
  const now = new Date();
  const { linked, merges } = linkBatch(
    values.map((value, i) => ({
      value,
      trust: context.trust,
      seenAt: now,
      sourceId: context.sourceId,
      prepared: prepared[i],
    })),
    entities,
    keyIndex,
    {
      model: options.model ?? defaultPersonModel(),
      priorRecords,
      graphPersons: (await graphPersons(db)) ?? priorRecords,
      threshold: options.threshold,
      newEntityId: () => newId('per'),
    },
  );
  const touched = [...new Set(linked.map((l) => l.entityId))]
    .map((id) => entities.get(id))
    .filter((e) => e !== undefined);
  await writeBatch(db, { sourceId: context.sourceId }, touched, merges, persisted);
  return linked;
}
