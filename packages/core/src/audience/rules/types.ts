import type { HashEncoding } from '../hash.js';
import type { AudienceField, AudienceNetwork } from '../networks.js';
import type { Normalized } from '../result.js';

export interface RuleContext {
  /** The contact's country as ISO 3166-1 alpha-2 upper case, when it is a valid one. */
  country?: string;
}

/** How one network wants one contact field: its key, its normal form, its encoding. */
export interface FieldRule {
  field: AudienceField;
  /** The network's own name for the identifier in its API. */
  key: string;
  /** Column header in the network's upload template; a function when columns are numbered. */
  csv?: string | ((index: number) => string);
  encoding: HashEncoding;
  normalize: (raw: string, context: RuleContext) => Normalized;
}

export interface NetworkRules {
  network: AudienceNetwork;
  fields: FieldRule[];
  /** How many columns one identifier may take in the upload file (extra values spill to more rows). */
  csvColumnsPerKey?: number;
  /** Cross-field checks, e.g. Google matching an address only when all its parts are present. */
  finalize?: (identifiers: Map<string, string[]>, rejected: { field: string; reason: string }[]) => void;
}
