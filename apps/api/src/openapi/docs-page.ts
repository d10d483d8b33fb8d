/**
 * The interactive reference at /docs: our own small page (no CDN: deployments may have no
 * internet). It reads /v1/openapi.json, lists every operation with its parameters and schemas,
 * and lets a reader send a request with their key, which stays in the page's memory.
 */
export const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dossier API reference</title>
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
async function main() {
  const doc = await (await fetch('/v1/openapi.json')).json();
  const nav = document.getElementById('nav');
  const ops = document.getElementById('ops');
  ops.textContent = '';
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const id = op.operationId;
      nav.append(el('a', { href: '#' + id }, el('span', { className: 'm', textContent: method.toUpperCase() }), op.summary));
      const params = (op.parameters || []).map((p) => p.name + ' (' + p.in + (p.required ? ', required' : '') + ')').join(', ');
      const bodyExample = op.requestBody ? op.requestBody.content['application/json'].example : undefined;
      const pathExample = Object.fromEntries((op.parameters || []).map((p) => [p.name, p.example ?? '']));
      const input = el('textarea', { value: pretty(Object.assign({}, pathExample, bodyExample || {})), ariaLabel: 'Request for ' + id });
      const output = el('pre', { textContent: 'Send a request to see the response.' });
      const send = el('button', { textContent: 'Send', type: 'button' });
      send.onclick = async () => {
        let values;
        try { values = JSON.parse(input.value || '{}'); } catch { output.textContent = 'The request is not valid JSON.'; return; }
        let url = path.replace(/\\{(\\w+)\\}/g, (_, name) => { const v = values[name]; delete values[name]; return encodeURIComponent(v ?? ''); });
        const init = { method: method.toUpperCase(), headers: { authorization: 'Bearer ' + document.getElementById('key').value } };
        if (method === 'get' || method === 'delete') {
          const q = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
          if ([...q].length) url += '?' + q;
        } else {
          init.headers['content-type'] = 'application/json';
          init.body = JSON.stringify(values);
        }
        const started = performance.now();
        const res = await fetch(url, init);
        const text = await res.text();
        let body = text; try { body = pretty(JSON.parse(text)); } catch {}
        output.textContent = res.status + ' ' + res.statusText + ' · ' + Math.round(performance.now() - started) + ' ms\\n\\n' + body;
      };
      ops.append(el('section', { id },
        el('h2', {}, el('span', { className: 'm', textContent: method.toUpperCase() }), el('code', { textContent: path })),
        el('p', { textContent: op.description }),
        el('p', { className: 'p', textContent: 'Scope: ' + op['x-scope'] + (params ? ' · Parameters: ' + params : '') }),
        op.requestBody ? el('details', {}, el('summary', { textContent: 'Request body schema' }), el('pre', { textContent: pretty(op.requestBody.content['application/json'].schema) })) : '',
        el('details', {}, el('summary', { textContent: 'Response schema' }), el('pre', { textContent: pretty(Object.values(op.responses)[0].content['application/json'].schema) })),
        el('h3', { textContent: 'Try it' }), input, el('p', {}, send), output));
    }
  }
  const schemas = el('section', { id: 'schemas' }, el('h2', { textContent: 'Schemas' }));
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    schemas.append(el('details', {}, el('summary', { textContent: name }), el('pre', { textContent: pretty(schema) })));
  }
  nav.append(el('a', { href: '#schemas', textContent: 'Schemas' }));
  ops.append(schemas);
}
main().catch((error) => { document.getElementById('ops').textContent = 'Could not load the OpenAPI document: ' + error; });
</script>
</body>
</html>`;
