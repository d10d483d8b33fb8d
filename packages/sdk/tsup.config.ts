import { defineConfig } from 'tsup';

// ESM and CJS for Node 20 and browsers; the declarations are self-contained (the operation types are
// generated into src/generated, so nothing points at zod or the server packages).
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
  treeshake: true,
});
