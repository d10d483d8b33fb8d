import { cpSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// The production build of the `dossier` command: one ES module holding our own packages
// (@dossier/*, which are TypeScript sources), with every other package imported at run time
// from node_modules. Those must be this package's `dependencies`, so `pnpm deploy --prod`
// installs exactly them; an import of anything else fails the build here instead of at start.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const runtime = new Set(Object.keys(pkg.dependencies));
// Data-only packages whose entry is a JSON file: Node's ES module loader would need an import
// attribute for them, so their contents go into the bundle.
const inlined = new Set(['disposable-email-domains']);

const packageName = (specifier: string): string =>
  (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]) ??
  specifier;

const runtimeDependencies: Plugin = {
  name: 'runtime-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith('@dossier/') || inlined.has(name)) return undefined;
      if (runtime.has(name)) return { path: args.path, external: true };
      return {
        errors: [
          { text: `${name} (imported by ${args.importer}) is not in apps/cli/package.json dependencies` },
        ],
      };
    });
  },
};

export default defineConfig({
  entry: { dossier: 'src/main.ts' },
  // dist/bin/dossier.js: the folders the code finds beside its package (`../migrations` and
  // `../sql` for the database, `../dist` for the console's bundle) are then dist/migrations,
  // dist/sql and dist/dist, which onSuccess below fills.
  outDir: 'dist/bin',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: false,
  sourcemap: true,
  banner: { js: '#!/usr/bin/env node' },
  clean: true,
  // Our sources only, so the bundle starts without a resolver walking workspace folders.
  noExternal: [/^@dossier\//],
  esbuildPlugins: [runtimeDependencies],
  // The files the bundle reads at run time, where it looks for them.
  async onSuccess() {
    const from = (path: string) => fileURLToPath(new URL(path, import.meta.url));
    cpSync(from('../../packages/db/migrations'), from('dist/migrations'), { recursive: true });
    cpSync(from('../../packages/db/sql'), from('dist/sql'), { recursive: true });
    const consoleBundle = from('../console/dist');
    if (!existsSync(`${consoleBundle}/index.html`))
      throw new Error('the console is not built (pnpm --filter @dossier/console build)');
    cpSync(consoleBundle, from('dist/dist'), { recursive: true });
  },
});
