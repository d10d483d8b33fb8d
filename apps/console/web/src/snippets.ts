/** Ready-to-paste snippets for a freshly created or revealed key. */
export function snippets(key: string, base = location.origin) {
  return [
    {
      id: 'curl',
      label: 'curl',
      code: `curl -H "Authorization: Bearer ${key}" \\\n  ${base}/v1/company/northwind.example`,
    },
    {
      id: 'ts',
      label: 'TypeScript SDK',
      code: `import { Dossier } from '@dossier/sdk';

const dossier = new Dossier({ apiKey: process.env.DOSSIER_API_KEY, baseUrl: '${base}' });
const company = await dossier.company.get({ domain: 'northwind.example' });

// DOSSIER_API_KEY=${key}`,
    },
    {
      id: 'python',
      label: 'Python SDK',
      code: `import os
from dossier import Dossier

dossier = Dossier(api_key=os.environ["DOSSIER_API_KEY"], base_url="${base}")
company = dossier.company.get(domain="northwind.example")

# DOSSIER_API_KEY=${key}`,
    },
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
