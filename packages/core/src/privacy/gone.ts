import type { Db } from '@dossier/db';
import { DossierError } from '../errors.js';
import { erasureOf } from './find-people.js';

/** The 404 an erased person's id answers: never its data, never a merged survivor. */
export async function throwIfErased(db: Db, id: string): Promise<void> {
  if (await erasureOf(db, id))
    throw new DossierError('not_found', `Person ${id} is gone: it was erased on request`);
}
