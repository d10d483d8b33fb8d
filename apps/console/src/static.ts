import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context } from 'hono';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const defaultDistDir = resolve(import.meta.dirname, '..', 'dist');

const notBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dossier console</title></head>
<body><h1>Console not built</h1><p>The console bundle is missing. Run <code>pnpm install</code> (it builds the console) or
<code>pnpm --filter @dossier/console build</code>, then reload. The API at <a href="/docs">/docs</a> works meanwhile.</p></body></html>`;

/** Our own bundle from dist/: hashed assets cached for a year, the page itself never cached. */
export function staticFiles(distDir = defaultDistDir) {
  const root = resolve(distDir);
  return {
    async asset(c: Context) {
      const path = resolve(join(root, c.req.path));
      if (!path.startsWith(root + sep) || !existsSync(path)) return c.notFound();
      const type = types[extname(path)] ?? 'application/octet-stream';
      return c.body(await readFile(path), 200, {
        'Content-Type': type,
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    },
    async page(c: Context) {
      const path = join(root, 'index.html');
      if (!existsSync(path)) return c.html(notBuilt, 503);
      return c.html(await readFile(path, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
    },
  };
}
