import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's shared buffers inside PGlite. Its default, 128 MB, is WebAssembly memory that is
 * touched as pages are read and never given back: 32 MB holds a family's play and the indexes the
 * screens use, the operating system's cache holds the rest of the files, and the server's memory
 * after load drops by about 100 MB (decision 0061).
 */
const SHARED_BUFFERS = '32MB';

/** How every PGlite of Grove opens: in the server's worker thread, in tests and in the scripts. */
export function pgliteOptions(dataDir?: string) {
  return {
    ...(dataDir ? { dataDir } : {}),
    relaxedDurability: false,
    // Trigram indexes serve the admin accounts search (migration 0006).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  } satisfies PGliteOptions;
}
