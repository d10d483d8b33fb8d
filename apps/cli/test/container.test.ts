import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The container files cannot be run here (no Docker, no images), so they are checked: compose.yaml
// against the Compose specification's JSON schema, and both against the scripts CI runs.
const repo = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const read = (path: string) => readFileSync(repo(path), 'utf8');

type Service = {
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  stop_grace_period?: string;
};

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };

  it('is valid under the Compose specification schema', () => {
    const { $schema: draft, ...schema } = JSON.parse(read('testdata/compose-spec/compose-spec.json'));
    // Ajv's default dialect is draft-07; it knows the meta-schema only by its older address.
    expect(draft).toBe('https://json-schema.org/draft-07/schema');
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    // As Compose reads it: YAML merge keys (`<<: *dossier`) resolved.
    expect(validate(compose), JSON.stringify(validate.errors)).toBe(true);
    // The schema does reject a wrong file, so the check above can fail.
    expect(
      validate({ services: { api: { command: 42, depends_on: { migrate: { condition: 'done' } } } } }),
    ).toBe(false);
  });

  it('runs api and worker roles after one migration, with secrets only from the environment', () => {
    const { migrate, api, worker } = compose.services;
    expect(migrate?.command).toEqual(['migrate']);
    expect(api?.command).toEqual(['serve', '--role', 'api']);
    expect(worker?.command).toEqual(['serve', '--role', 'worker']);
    for (const service of [api, worker]) {
      expect(service?.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      const env = service?.environment ?? {};
      expect(env.DOSSIER_SECRET).toMatch(/^\$\{DOSSIER_SECRET:\?/);
      expect(env.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
      // A drain (SHUTDOWN_TIMEOUT_MS) finishes before Compose sends SIGKILL.
      expect(Number.parseInt(service?.stop_grace_period ?? '10s', 10) * 1000).toBeGreaterThan(
        Number(env.SHUTDOWN_TIMEOUT_MS),
      );
    }
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const pkg = JSON.parse(read('package.json')) as { packageManager: string; engines: { node: string } };

  it('builds and starts with the scripts CI runs, as a non-root user, with a health check', () => {
    expect(dockerfile).toContain('RUN pnpm install --frozen-lockfile && bash tooling/release/build.sh /app');
    expect(dockerfile).toContain('ENTRYPOINT ["/app/entrypoint.sh"]');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    // The entrypoint execs node, so SIGTERM reaches the server and it drains.
    expect(read('tooling/release/entrypoint.sh')).toMatch(/^exec node .*dist\/bin\/dossier\.js" "\$@"$/m);
  });

  it('uses the Node and pnpm versions the repository declares', () => {
    const nodeMajor = /\^?(\d+)\./.exec(pkg.engines.node)?.[1];
    const images = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1]);
    expect(images).toHaveLength(2);
    expect(new Set(images)).toEqual(new Set([nodeMajor]));
    expect(dockerfile).toContain(`npm install -g ${pkg.packageManager}`);
  });
});
