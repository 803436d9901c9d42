// npm run build: the production bundle.
// 1. the web app (Vite) into apps/web/dist, then a brotli and a gzip copy of every text asset beside
//    it, so the server sends them as they are (no compressing on each request);
// 2. the API compiled to apps/api/dist/server.mjs (and the chunks it loads), with its migrations beside it
//    (no TypeScript compiling and few module look-ups when the server starts).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, run } from './lib.mjs';

const only = process.argv[2]; // 'web' | 'api' | undefined (both)

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|ico)$/;

/** file.br and file.gz beside every compressible file of `dir` worth compressing. */
export function precompress(dir) {
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    files += 1;
  }
  return files;
}

if (only !== 'api') {
  const code = await run('npm', ['run', 'build', '--silent', '-w', '@grove/web']);
  if (code !== 0) process.exit(code);
  const dist = path.join(ROOT, 'apps/web/dist');
  console.log(`grove: ${precompress(dist)} web assets precompressed (brotli and gzip)`);
}

if (only !== 'web') {
  const api = path.join(ROOT, 'apps/api');
  // Packages are compiled in too (one file to load instead of hundreds), except those that load
  // files of their own at run time (WebAssembly, native addons, worker threads, assets).
  const external = [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'pino',
    'pino-pretty',
    'thread-stream',
    'pg-native',
    'pg-boss',
    'stripe',
    'nodemailer',
    '@fastify/swagger-ui',
    // @fastify/cookie loads it with import(): a chunk of esbuild's would offer only its default export.
    'cookie',
  ];
  const outdir = path.join(api, 'dist');
  fs.rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    // The server, and the thread PGlite runs in (db/pglite-thread.ts starts it from beside the server).
    entryPoints: [path.join(api, 'src/server.ts'), path.join(api, 'src/db/pglite-worker.ts')],
    // The entry (server.ts) is small and loads the rest (serve.ts) as a chunk once it has started the
    // database thread (decision 0062). Every file sits where the sources' `import.meta.url` paths
    // expect it: apps/api/dist is as deep as apps/api/src, and chunks sit beside the entries.
    outdir,
    splitting: true,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Whitespace and syntax only: names stay, so stack traces read well even without the source map,
    // and the process holds (and parses at start) half the source text.
    minifyWhitespace: true,
    minifySyntax: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    // Some compiled-in packages are CommonJS and call require().
    banner: {
      js: "import { createRequire as __groveRequire } from 'node:module'; const require = __groveRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  // The migrations are read at start from beside the compiled code (db/client.ts: MIGRATIONS_DIR).
  fs.cpSync(path.join(api, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  console.log(`grove: API compiled to apps/api/dist/server.mjs in ${Date.now() - started} ms`);
}
