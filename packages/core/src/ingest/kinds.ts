import { companiesKind } from './companies-kind.js';
import { jobPostingsKind, signalsKind } from './intent-kinds.js';
import type { ImportKind } from './kind.js';
import { peopleKind } from './people-kind.js';

/** Every kind `dossier import --kind` accepts. */
export const importKinds: Record<string, ImportKind<any>> = {
  companies: companiesKind,
  people: peopleKind,
  signals: signalsKind,
  'job-postings': jobPostingsKind,
};
