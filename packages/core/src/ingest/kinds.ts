import { companiesKind } from './companies-kind.js';
import type { ImportKind } from './kind.js';
import { peopleKind } from './people-kind.js';

/** Every kind `dossier import --kind` accepts. */
export const importKinds: Record<string, ImportKind<any>> = {
  companies: companiesKind,
  people: peopleKind,
};
