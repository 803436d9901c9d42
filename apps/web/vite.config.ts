/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.GROVE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Two pages: the app (index.html) and the login page (login.html), which the server sends
      // for /login and which carries neither the router nor TanStack Query (docs/decisions/0059).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      // The shared domain package is pure (constants, rules, schemas): modules whose exports a
      // chunk does not use are left out, so the login page does not carry the phone metadata or
      // the stats rules.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Above the 5 s that findBy… and waitFor may wait (test/setup.ts).
    testTimeout: 15_000,
  },
});
