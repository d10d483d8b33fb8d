import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in web/ and builds to dist/, which the console Hono app serves itself (no CDN).
export default defineConfig({
  root: 'web',
  base: '/',
  plugins: [react()],
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
});
