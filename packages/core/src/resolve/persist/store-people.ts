import { type Db, newId } from '@dossier/db';
import { defaultPersonModel, type PersonModel } from '../model.js';
import { preparePerson } from '../prepare.js';
import { type Linked, linkBatch, personKeysOf } from './link.js';
import { asPersonRecord, type PersonValue } from './person-value.js';
import { retrieveCandidates } from './retrieve.js';
import { writeBatch } from './write.js';

export interface StorePeopleOptions {
  model?: PersonModel;
  threshold?: number;
  /**
   * Records the match prior assumes (default 1,000, what the default model's u values are calibrated
   * for; measured on the dev set: P 0.990, R 0.952). Pass the graph size with a model trained on it.
   */
  priorRecords?: number;
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
  const keys = new Set<string>();
  values.forEach((v, i) => {
    for (const k of personKeysOf(preparePerson(asPersonRecord(`new:${i}`, v), i))) keys.add(k);
  });
  const { keyIndex, entities } = await retrieveCandidates(db, [...keys]);
  const persisted = new Set(entities.keys());
  const now = new Date();
  const { linked, merges } = linkBatch(
    values.map((value) => ({ value, trust: context.trust, seenAt: now })),
    entities,
    keyIndex,
    {
      model: options.model ?? defaultPersonModel(),
      priorRecords: options.priorRecords ?? 1000,
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
