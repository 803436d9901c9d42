/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.GROVE_API_URL ?? 'http://127.0.0.1:3000';

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const SRC_DIR = source('');
const APP_ENTRY = source('main.tsx');
const LOGIN_ENTRY = source('login-main.tsx');
const LAYOUTS = ['user-layout', 'player-layout', 'admin-layout'].map((name) => source(`app/layouts/${name}.tsx`));
/**
 * Small modules most signed-in screens use: the features' queries and the reads they share
 * (lib/queries), the formatting and Idempotency-Key helpers and the contract's endpoints they call (but the
 * sign-in's, which the login page loads).
 */
const COMMON =
  /src[\\/](features[\\/][^\\/]+[\\/][^\\/]+\.api\.ts|lib[\\/]queries[\\/][^\\/]+\.ts|lib[\\/](format|paging|save-file|idempotency)\.ts|api[\\/]endpoints[\\/](?!auth\.ts)[^\\/]+\.ts)$/;

/** The web app's own modules that `from` imports statically, directly or through others. */
function appImports(from: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !id.startsWith(SRC_DIR)) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  seen.delete(from);
  return seen;
}

/**
 * Which chunk each of the app's own modules joins (docs/decisions/0063): `shared`, what both
 * pages start with; `app`, the rest of the app's start (route tree, session rules, providers);
 * `signed-in`, the layouts of the signed-in area and the common modules of its screens.
 */
let chunkOf: Map<string, 'shared' | 'app' | 'signed-in'> | undefined;
function appChunk(id: string, ctx: ChunkingContext) {
  if (!chunkOf) {
    const login = appImports(LOGIN_ENTRY, ctx);
    const app = appImports(APP_ENTRY, ctx);
    const layouts = new Set(LAYOUTS.flatMap((layout) => [layout, ...appImports(layout, ctx)]));
    chunkOf = new Map();
    for (const id of login) if (app.has(id) || layouts.has(id)) chunkOf.set(id, 'shared');
    for (const id of app) if (!login.has(id)) chunkOf.set(id, 'app');
    for (const id of layouts) if (!login.has(id) && !app.has(id)) chunkOf.set(id, 'signed-in');
  }
  return chunkOf.get(id) ?? (COMMON.test(id) && !chunkOf.has(id) ? 'signed-in' : null);
}

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
      output: {
        // A few chunks instead of dozens of small ones: over HTTP/1.1 a browser fetches six files
        // at a time, so each further handful of files costs a round trip (docs/decisions/0063).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 2,
            },
            // Without their dependencies: those of the app's modules are sorted by this same rule,
            // and the shared domain package goes where the automatic splitting puts it (its index
            // re-exports every module, used or not).
            { name: appChunk, priority: 1, includeDependenciesRecursively: false },
          ],
        },
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
