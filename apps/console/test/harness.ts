import { randomBytes } from 'node:crypto';
import { createAccess } from '@dossier/access';
import { type Database, silentLogger } from '@dossier/core';
import { createTestDatabase } from '@dossier/testing';

import { type ConsoleDeps, createConsoleApp } from '../src/index.js';

export const origin = 'http://localhost';
export const password = 'correct horse battery';

type Options = Omit<ConsoleDeps, 'database' | 'access'> & { kek?: boolean };

/** A database, an access layer and the console app over them; each test file builds its own. */
export async function createConsoleHarness(options: Options = {}) {
  const database: Database = await createTestDatabase();
  const access = createAccess({
    database,
    hashSecret: 'console-test-secret',
    kek: options.kek === false ? undefined : randomBytes(32),
    log: silentLogger,
    singleProcess: true,
    usageFlushMs: 0,
  });
  const app = createConsoleApp({ database, access, ...options });
  return {
    database,
    access,
    app,
    /** A browser-like client with its own cookie jar. */
    client: (base = origin) => createClient(app, base),
    async close() {
      await access.close();
      await database.close();
    },
  };
}

export type Client = ReturnType<typeof createClient>;

export function createClient(
  app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> },
  base: string,
) {
  const jar = new Map<string, string>();
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const unsafe = method !== 'GET';
    const res = await app.request(`${base}${path}`, {
      method,
      headers: {
        ...(unsafe
          ? { origin: base, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }
          : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: unsafe ? JSON.stringify(body ?? {}) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers, raw: res };
  }
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', path, body, headers),
    patch: (path: string, body?: unknown) => call('PATCH', path, body),
    del: (path: string) => call('DELETE', path, {}),
    call,
    /** Signs up a new account with its own organization; returns its ids. */
    async signUp(email: string, organization = 'Acme') {
      const res = await call('POST', '/console/api/auth/sign-up', { email, password, organization });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.json)}`);
      return res.json as { user_id: string; org_id: string };
    },
    reauth: () => call('POST', '/console/api/auth/reauth', { password }),
  };
}
