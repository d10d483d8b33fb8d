import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; the migrator applies them on both drivers.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
});
