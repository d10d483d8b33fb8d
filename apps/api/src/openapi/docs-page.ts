/**
 * The interactive reference at /docs: our own small page (no CDN: deployments may have no
 * internet). It reads /v1/openapi.json, lists every operation with its parameters and schemas,
 * with every response it can answer (JSON, CSV or any other type), shows each request as curl and
 * lets a reader send it with their key, which stays in the page's memory.
 */
import { defaultSnippetBase } from '@dossier/core';

export const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dossier API reference</title>
<link rel="icon" href="data:,">
<style>
  :root { --fg:#1a1d21; --muted:#5b6470; --line:#e3e6ea; --accent:#2251d1; --bg:#fafbfc; }
  * { box-sizing: border-box; }
  body { margin:0; font:15px/1.5 system-ui, sans-serif; color:var(--fg); background:var(--bg); }
  header { padding:16px 24px; border-bottom:1px solid var(--line); background:#fff; display:flex; gap:16px; align-items:center; flex-wrap:wrap; }
  header h1 { font-size:18px; margin:0; }
  header label { margin-left:auto; font-size:13px; color:var(--muted); }
  header input { width:min(420px, 80vw); padding:6px 8px; border:1px solid var(--line); border-radius:6px; font:inherit; }
  main { display:grid; grid-template-columns: 260px 1fr; min-height: calc(100vh - 60px); }
  nav { border-right:1px solid var(--line); padding:12px; background:#fff; }
  nav a { display:block; padding:6px 8px; border-radius:6px; color:var(--fg); text-decoration:none; font-size:14px; }
  nav a:hover, nav a:focus { background:#eef2fb; outline:none; }
  .m { display:inline-block; width:46px; font:600 11px ui-monospace, monospace; color:var(--accent); }
  section { padding:20px 28px; border-bottom:1px solid var(--line); }
  h2 { margin:0 0 4px; font-size:18px; }
  code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size:13px; }
  pre { background:#fff; border:1px solid var(--line); border-radius:6px; padding:10px; overflow:auto; max-height:360px; }
  textarea { width:100%; min-height:90px; font:13px ui-monospace, monospace; border:1px solid var(--line); border-radius:6px; padding:8px; }
  button { padding:6px 14px; border:0; border-radius:6px; background:var(--accent); color:#fff; font:inherit; cursor:pointer; }
  .p { color:var(--muted); }
  details { margin:8px 0; }
  ul.responses { margin:4px 0 8px; padding-left:20px; font-size:14px; }
  @media (max-width: 720px) { main { grid-template-columns: 1fr; } nav { border-right:0; border-bottom:1px solid var(--line); } }
</style>
</head>
<body>
<header>
  <h1>Dossier API reference</h1>
  <span class="p">OpenAPI: <a href="/v1/openapi.json">/v1/openapi.json</a></span>
  <label>API key <input id="key" type="password" autocomplete="off" placeholder="dsr_live_..." aria-label="API key"></label>
</header>
<main><nav id="nav" aria-label="Operations"></nav><div id="ops"><section><p class="p">Loading…</p></section></div></main>
<script>
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.append(child);
  return node;
};
const pretty = (value) => JSON.stringify(value, null, 2);
// Follows a local $ref ("#/components/responses/E401") to what it names.
const deref = (doc, node) => {
  let seen = 0;
  while (node && typeof node.$ref === 'string' && seen++ < 10) {
    node = node.$ref.replace(/^#\\//, '').split('/').reduce((at, part) => (at ? at[part] : undefined), doc);
  }
  return node;
};
// A content map may hold JSON, a form, CSV or anything else: JSON first, then the others in order.
const mediaTypes = (content) => {
  const entries = Object.entries(content || {});
  return entries.sort(([a], [b]) => (b === 'application/json') - (a === 'application/json'));
};
const schemaBlock = (title, media) => {
  const shown = media.schema !== undefined ? media.schema : media;
  return el('details', {}, el('summary', { textContent: title }), el('pre', { textContent: pretty(shown) }));
};
const DEFAULT_BASE = ${JSON.stringify(defaultSnippetBase)};
const shellQuote = (text) => "'" + String(text).split("'").join("'\\\\''") + "'";

function curlOf(method, url, jsonBody) {
  const parts = ['curl', '-H', '"Authorization: Bearer $DOSSIER_API_KEY"'];
  if (method !== 'GET' && method !== 'DELETE') {
    parts.push('-H', shellQuote('content-type: application/json'), '-d', shellQuote(JSON.stringify(jsonBody || {})));
  }
  if (method !== 'GET' && method !== 'POST') parts.push('-X', method);
  parts.push(shellQuote(location.origin + url));
  return parts.join(' ');
}

function requestOf(path, method, values) {
  const rest = Object.assign({}, values);
  let url = path.replace(/\\{(\\w+)\\}/g, (_, name) => { const v = rest[name]; delete rest[name]; return encodeURIComponent(v ?? ''); });
  if (method === 'GET' || method === 'DELETE') {
    const q = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
    if ([...q].length) url += '?' + q;
    return { url };
  }
  return { url, body: rest };
}

function renderOperation(doc, path, method, op) {
  const id = op.operationId;
  const verb = method.toUpperCase();
  const parameters = (op.parameters || []).map((p) => deref(doc, p));
  const params = parameters.map((p) => p.name + ' (' + p.in + (p.required ? ', required' : '') + ')').join(', ');
  const bodyContent = op.requestBody ? deref(doc, op.requestBody).content : undefined;
  const jsonBody = bodyContent && bodyContent['application/json'];
  // An optional parameter without an example is left out: sent empty, it would be a wrong value.
  const pathExample = Object.fromEntries(
    parameters.filter((p) => p.example !== undefined || p.required).map((p) => [p.name, p.example ?? '']),
  );
  const example = Object.assign({}, pathExample, (jsonBody && jsonBody.example) || {});
  const first = requestOf(path, verb, example);

  const requestBlocks = mediaTypes(bodyContent).map(([type, media]) => schemaBlock('Request body: ' + type, media));
  const responseList = el('ul', { className: 'responses' });
  const responseBlocks = [];
  for (const [status, raw] of Object.entries(op.responses || {})) {
    const response = deref(doc, raw) || {};
    const types = mediaTypes(response.content);
    responseList.append(el('li', {}, el('code', { textContent: status }), ' ' + (response.description || '') + (types.length ? ' (' + types.map(([t]) => t).join(', ') + ')' : '')));
    if (/^2/.test(status)) {
      for (const [type, media] of types) responseBlocks.push(schemaBlock('Response ' + status + ': ' + type, media));
    }
  }

  // The example as curl, TypeScript and Python, from the document's x-codeSamples (the server's
  // snippet generator, packages/core/src/registry/snippets.ts), pointed at this page's origin.
  const samples = (op['x-codeSamples'] || []).map((sample) => {
    const source = String(sample.source).split(DEFAULT_BASE).join(location.origin);
    const copy = el('button', { type: 'button', className: 'copy', textContent: 'Copy ' + sample.label });
    copy.onclick = () => navigator.clipboard.writeText(source).then(() => { copy.textContent = 'Copied'; }, () => { copy.textContent = 'Select the text to copy'; });
    const pre = el('pre', { className: 'snippet', textContent: source });
    pre.dataset.lang = sample.label;
    return el('div', { className: 'sample' }, el('p', { className: 'p', textContent: sample.label }), pre, copy);
  });

  const input = el('textarea', { value: pretty(example), ariaLabel: 'Request for ' + id });
  const curl = el('pre', { className: 'curl', textContent: curlOf(verb, first.url, first.body) });
  const output = el('pre', { className: 'output', textContent: 'Send a request to see the response.' });
  const send = el('button', { textContent: 'Send', type: 'button' });
  send.onclick = async () => {
    let values;
    try { values = JSON.parse(input.value || '{}'); } catch { output.textContent = 'The request is not valid JSON.'; return; }
    const request = requestOf(path, verb, values);
    const init = { method: verb, headers: { authorization: 'Bearer ' + document.getElementById('key').value } };
    if (request.body) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    curl.textContent = curlOf(verb, request.url, request.body);
    output.textContent = 'Sending…';
    const started = performance.now();
    try {
      const res = await fetch(request.url, init);
      const text = await res.text();
      let body = text; try { body = pretty(JSON.parse(text)); } catch {}
      output.textContent = res.status + ' ' + res.statusText + ' · ' + (res.headers.get('content-type') || '') + ' · ' + Math.round(performance.now() - started) + ' ms\\n\\n' + body;
    } catch (error) {
      output.textContent = 'The request did not complete: ' + error;
    }
  };
  return el('section', { id },
    el('h2', {}, el('span', { className: 'm', textContent: verb }), el('code', { textContent: path })),
    el('p', { textContent: op.description || op.summary || '' }),
    el('p', { className: 'p', textContent: 'Scope: ' + (op['x-scope'] || '-') + (params ? ' · Parameters: ' + params : '') }),
    ...requestBlocks,
    el('h3', { textContent: 'Responses' }), responseList, ...responseBlocks,
    el('h3', { textContent: 'Code' }), ...samples,
    el('h3', { textContent: 'Try it' }), input, el('p', {}, send), el('p', { className: 'p', textContent: 'As curl:' }), curl, output);
}

async function main() {
  const res = await fetch('/v1/openapi.json');
  if (!res.ok) throw new Error('/v1/openapi.json answered ' + res.status);
  const doc = await res.json();
  const nav = document.getElementById('nav');
  const ops = document.getElementById('ops');
  ops.textContent = '';
  for (const [path, methods] of Object.entries(doc.paths || {})) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      nav.append(el('a', { href: '#' + op.operationId }, el('span', { className: 'm', textContent: method.toUpperCase() }), op.summary || path));
      try {
        ops.append(renderOperation(doc, path, method, op));
      } catch (error) {
        // One operation the page cannot draw must not hide the others; the console says which.
        console.error('Could not render ' + op.operationId + ': ' + error);
        ops.append(el('section', { id: op.operationId }, el('h2', { textContent: op.operationId }), el('p', { textContent: 'Could not render this operation: ' + error })));
      }
    }
  }
  const schemas = el('section', { id: 'schemas' }, el('h2', { textContent: 'Schemas' }));
  for (const [name, schema] of Object.entries((doc.components && doc.components.schemas) || {})) {
    schemas.append(el('details', {}, el('summary', { textContent: name }), el('pre', { textContent: pretty(schema) })));
  }
  nav.append(el('a', { href: '#schemas', textContent: 'Schemas' }));
  ops.append(schemas);
}
main().catch((error) => { document.getElementById('ops').textContent = 'Could not load the OpenAPI document: ' + error; });
</script>
</body>
</html>`;
