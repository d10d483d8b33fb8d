import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** Resource templates: a URI shape mapped onto an operation's input. */
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
  operation: string;
  /** The operation's input for a URI of this shape, null for another shape; throws on a broken escape. */
  match(uri: string): Record<string, string> | null;
}

const template = (
  prefix: string,
  param: string,
  def: Omit<ResourceTemplateDefinition, 'match' | 'uriTemplate'>,
): ResourceTemplateDefinition => ({
  ...def,
  uriTemplate: `${prefix}{${param}}`,
  match(uri) {
    if (!uri.startsWith(prefix)) return null;
    let value: string;
    try {
      value = decodeURIComponent(uri.slice(prefix.length));
    } catch {
      // A broken escape (`%E0%A4%A`) is the caller's mistake: say so instead of "URI malformed".
      throw new McpError(
        ErrorCode.InvalidParams,
        `The resource URI is not valid percent-encoding after ${prefix}: escape each byte as %XX.`,
      );
    }
    return value && !value.includes('/') ? { [param]: value } : null;
  },
});

export const resourceTemplates: ResourceTemplateDefinition[] = [
  template('dossier://company/', 'domain', {
    name: 'company',
    title: 'Company profile',
    description: 'The firmographic and technographic profile of the company at a domain.',
    operation: 'get_company',
  }),
  template('dossier://person/', 'id', {
    name: 'person',
    title: 'Person record',
    description: 'The verified contact record of a person by id (per_...).',
    operation: 'get_person',
  }),
];
