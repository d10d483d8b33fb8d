import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Database, newId, organizations, projects } from '@dossier/db';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback; `answer` decides each response (default 204). */
export const startReceiver = async (
  answer: (
    req: Received,
    n: number,
  ) => Promise<{ status: number; body?: string }> | { status: number; body?: string } = () => ({
    status: 204,
  }),
) => {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      try {
        const out = await answer(got, received.length);
        res.writeHead(out.status, { 'content-type': 'text/plain' }).end(out.body ?? '');
      } catch {
        res.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** An organization and project to hang subscriptions on. */
export const createOwner = async (database: Database) => {
  const orgId = newId('org');
  const projectId = newId('prj');
  await database.db.insert(organizations).values({ id: orgId, name: orgId, slug: orgId.toLowerCase() });
  await database.db.insert(projects).values({ id: projectId, orgId, name: 'default' });
  return { orgId, projectId };
};

export const loopback = ['127.0.0.1'] as const;
