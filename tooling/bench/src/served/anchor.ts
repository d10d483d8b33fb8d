/**
 * The anchor of the served-path benchmark: the least any implementation must do to answer. A bare
 * Hono app on postgres.js that reads one stored JSON document (an enrich answer, about 4.7 KB) by
 * primary key from `bench_anchor_documents` and returns it. Run as its own process like the server:
 *
 *   DATABASE_URL=postgres://... PORT=41401 tsx tooling/bench/src/served/anchor.ts
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
// The pool `dossier serve` opens on PostgreSQL (packages/db/src/client.ts), so both sides get as many backends.
const db = postgres(url, { max: Number(process.env.ANCHOR_POOL ?? 10) });
const app = new Hono().get('/documents/:id', async (c) => {
  const [row] = await db`select doc from bench_anchor_documents where id = ${c.req.param('id')}`;
  return row ? c.json(row.doc) : c.json({ error: 'not_found' }, 404);
});
serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) =>
  process.stdout.write(`anchor listening on ${info.port}\n`),
);
