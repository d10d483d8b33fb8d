import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defaultDistDir } from '../src/index.js';

const webDir = resolve(import.meta.dirname, '../web');
const viteConfig = resolve(import.meta.dirname, '../vite.config.ts');

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

/**
 * Vitest global setup: the browser tests serve the built console, so it is built once before any of
 * them starts, when missing or older than its sources. Each test building it on its own raced: one
 * build emptied the folder another test was serving.
 */
export default async function buildBundle(): Promise<void> {
  const index = join(defaultDistDir, 'index.html');
  const sources = Math.max(newest(webDir), statSync(viteConfig).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  const { build } = await import('vite');
  await build({ configFile: viteConfig, logLevel: 'warn' });
}
