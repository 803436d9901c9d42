/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
import react from '@vitejs/plugin-react';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import { transformAsync } from '@babel/core';

const apiTarget = process.env.GROVE_API_URL ?? 'http://127.0.0.1:3000';

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const SRC_DIR = source('');
/** index.html's entry, and the app's start, which it loads once it has sent the first read. */
const MAIN_ENTRY = source('main.tsx');
const APP_ENTRY = source('app/start.tsx');
const LOGIN_ENTRY = source('login-main.tsx');
const LAYOUTS = ['user-layout', 'player-layout', 'admin-layout'].map((name) => source(`app/layouts/${name}.tsx`));
/**
 * Small modules most signed-in screens use: the features' queries and the reads they share
 * (lib/queries), the formatting and Idempotency-Key helpers and the contract's endpoints they call (but the
 * sign-in's, which the login page loads).
 */
const COMMON =
  /src[\\/](features[\\/][^\\/]+[\\/][^\\/]+\.api\.ts|lib[\\/]queries[\\/][^\\/]+\.ts|lib[\\/](format|paging|save-file|idempotency)\.ts|api[\\/]endpoints[\\/](?!auth\.ts)[^\\/]+\.ts)$/;

/** The endpoints of the contract the web calls (packages/domain/src/api/endpoints, endpoint-ref.ts). */
const DOMAIN_API_DIR = fileURLToPath(new URL('../../packages/domain/src/api/', import.meta.url));

/** The modules below `dirs` (the web app's own by default) that `from` imports statically, directly or through others. */
function appImports(from: string, ctx: ChunkingContext, dirs: readonly string[] = [SRC_DIR]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !dirs.some((dir) => id.startsWith(dir))) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  seen.delete(from);
  return seen;
}

/**
 * Which chunk each of the app's own modules joins (docs/decisions/0063, 0071): `boot`, what
 * index.html's entry needs to send its early read (both pages use it); `shared`, what both pages
 * start with besides; `app`, the rest of the app's start (route tree, session rules, providers);
 * `signed-in`, the layouts of the signed-in area and the common modules of its screens.
 */
let chunkOf: Map<string, 'boot' | 'shared' | 'app' | 'signed-in' | null> | undefined;
function appChunk(id: string, ctx: ChunkingContext) {
  // Vite's helper for dynamic imports: both entries load the app with one.
  if (id.includes('vite/preload-helper')) return 'boot';
  if (!chunkOf) {
    // What index.html's entry imports: what the login page imports too is `boot`; the rest (the
    // early read itself) is the entry's own, or goes where the automatic splitting puts it.
    const main = appImports(MAIN_ENTRY, ctx, [SRC_DIR, DOMAIN_API_DIR]);
    const loginAll = appImports(LOGIN_ENTRY, ctx, [SRC_DIR, DOMAIN_API_DIR]);
    const boot = new Set([...main].filter((id) => loginAll.has(id)));
    const login = appImports(LOGIN_ENTRY, ctx);
    const app = appImports(APP_ENTRY, ctx);
    const layouts = new Set(LAYOUTS.flatMap((layout) => [layout, ...appImports(layout, ctx)]));
    chunkOf = new Map();
    for (const id of main) chunkOf.set(id, boot.has(id) ? 'boot' : null);
    for (const id of login) if (!main.has(id) && (app.has(id) || layouts.has(id))) chunkOf.set(id, 'shared');
    for (const id of app) if (!main.has(id) && !login.has(id)) chunkOf.set(id, 'app');
    for (const id of layouts) if (!main.has(id) && !login.has(id) && !app.has(id)) chunkOf.set(id, 'signed-in');
  }
  if (chunkOf.has(id)) return chunkOf.get(id) ?? null;
  return COMMON.test(id) ? 'signed-in' : null;
}

/**
 * `catalog-es` for the signed-in app's Spanish catalogs, `login-es` for the login page's and the
 * domain's (field messages: both pages show them).
 */
function catalogChunk(id: string): string | null {
  const po = /src[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.po$/.exec(id);
  if (po) return po[2] === 'login' ? `login-${po[1]}` : `catalog-${po[1]}`;
  const domain = /packages[\\/]domain[\\/]src[\\/]locales[\\/](\w+)\.ts$/.exec(id);
  return domain ? `login-${domain[1]}` : null;
}

/**
 * index.html's entry loads the app with a dynamic import, after its early read (main.tsx,
 * docs/decisions/0071); the page preloads the app's files itself, so that they download beside
 * the entry rather than after it: a modulepreload link for each chunk the app's start imports,
 * directly or through others, and a stylesheet link for their CSS.
 */
function preloadAppStart(): Plugin {
  return {
    name: 'grove-preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return;
        const chunks = new Map<string, { imports: string[]; css: string[] }>();
        let start: string | undefined;
        for (const item of Object.values(ctx.bundle)) {
          if (item.type !== 'chunk') continue;
          chunks.set(item.fileName, { imports: item.imports, css: [...(item.viteMetadata?.importedCss ?? [])] });
          if (item.facadeModuleId === APP_ENTRY) start = item.fileName;
        }
        if (!start) throw new Error('grove-preload-app-start: no chunk for app/start.tsx');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const next of chunks.get(file)?.imports ?? []) visit(next);
        };
        visit(start);
        const tags: HtmlTagDescriptor[] = [];
        for (const file of files) {
          if (!html.includes(`/${file}"`))
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head',
            });
          for (const css of chunks.get(file)?.css ?? [])
            if (!html.includes(`/${css}"`))
              tags.push({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
                injectTo: 'head',
              });
        }
        return tags;
      },
    },
  };
}

/**
 * Lingui's macros (`t`, `Trans`, `plural` from @lingui/*\/macro) compiled by its Babel plugin,
 * before the TypeScript and JSX transform, in the modules that import them: each message becomes
 * its id (and, in development, its English text); the catalogs hold the rest (lingui.config.ts).
 */
const LINGUI_CONFIG = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

function linguiMacros(): Plugin {
  const linguiConfig = getConfig({ configPath: LINGUI_CONFIG });
  return {
    name: 'grove-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules') || !code.includes('@lingui/')) return;
      if (!/from ['"]@lingui\/(core|react)\/macro['"]/.test(code)) return;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: id.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        generatorOpts: { retainLines: false },
        plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]],
      });
      return result?.code ? { code: result.code, map: result.map } : undefined;
    },
  };
}

export default defineConfig({
  plugins: [
    linguiMacros(),
    react(),
    lingui({ configPath: LINGUI_CONFIG, failOnMissing: true, failOnCompileError: true }),
    preloadAppStart(),
  ],
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
            // The signed-in app's catalogs, one file per language (lib/i18n.ts); the login page's
            // own catalog stays apart, and the domain's catalog of a language joins it.
            { name: catalogChunk, priority: 4 },
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
