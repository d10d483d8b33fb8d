import { Hono } from 'hono';

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dossier</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1d21}code{background:#f1f3f5;padding:2px 4px;border-radius:4px}</style>
</head><body>
<h1>Dossier</h1>
<p>The service is running. The web console (organizations, seats, projects, keys and usage) is being built; until it lands, manage keys with <code>pnpm dossier keys</code>.</p>
<ul>
<li><a href="/docs">API reference</a> and the <a href="/v1/openapi.json">OpenAPI document</a></li>
<li>MCP server for agents: <code>POST /mcp</code> with <code>Authorization: Bearer dsr_live_...</code></li>
<li>Health: <a href="/healthz">/healthz</a>, readiness: <a href="/readyz">/readyz</a></li>
</ul>
</body></html>`;

/** The console door. A placeholder page until the console issue lands. */
export function createConsoleApp() {
  const app = new Hono();
  app.get('/', (c) => c.html(page));
  return app;
}
