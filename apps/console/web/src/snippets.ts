import { api } from './api.js';

/** One operation's snippets as the console API generates them from the operation registry. */
export interface OperationSnippets {
  name: string;
  title: string;
  method: string;
  path: string;
  snippets: { curl: string; typescript: string; python: string };
}

/**
 * curl, TypeScript and Python for every operation a key's scopes allow, generated on the server
 * from the same registry as the SDKs (packages/core/src/registry/snippets.ts). They read the key
 * from DOSSIER_API_KEY, so the key never travels in them.
 */
export const operationSnippets = (scopes: string[]) =>
  api.get<OperationSnippets[]>(`/snippets?scopes=${encodeURIComponent(scopes.join(','))}`);

/** The line that puts a key where every snippet reads it. */
export const keyEnvLine = (key: string) => `export DOSSIER_API_KEY=${key}`;

/** Connecting an MCP client: these hold the key itself (the client sends it on every request). */
export function mcpSnippets(key: string, base = location.origin) {
  return [
    {
      id: 'claude',
      label: 'Claude Code (MCP)',
      code: `claude mcp add --transport http dossier ${base}/mcp \\\n  --header "Authorization: Bearer ${key}"`,
    },
    {
      id: 'cursor',
      label: 'Cursor (MCP)',
      code: JSON.stringify(
        { mcpServers: { dossier: { url: `${base}/mcp`, headers: { Authorization: `Bearer ${key}` } } } },
        null,
        2,
      ),
    },
  ];
}
