/**
 * PGlite in a worker thread (pglite-worker.ts), seen from the server's thread as the few methods
 * of a PGlite instance that drizzle and db/client.ts use: query, exec, transaction, listen,
 * dumpDataDir, close. Rows, dates and errors (with PostgreSQL's code, detail, constraint…) come
 * back as they would in-process. A transaction holds the worker's connection from begin to end,
 * exactly as in-process: other statements wait for it.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

export type ThreadMessage =
  | { type: 'query'; tx?: number; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; parsers?: number[] }
  | { type: 'exec'; tx?: number; text: string }
  | { type: 'begin' }
  | { type: 'end'; tx: number; commit: boolean }
  | { type: 'listen'; channel: string }
  | { type: 'unlisten'; channel: string }
  | { type: 'dump' }
  | { type: 'close' };

export type ThreadRequest = ThreadMessage & { id: number };

export type ThreadReply =
  | { type: 'ready' }
  | { type: 'notify'; channel: string; payload: string }
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: Record<string, unknown> };

// The worker's file beside this one: TypeScript under tsx (dev, tests), the compiled file in dist.
const WORKER = new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.mjs', import.meta.url);

type Sender = <T>(message: ThreadMessage) => Promise<T>;

function queryApi(send: Sender, tx?: number) {
  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<T>>({
        type: 'query',
        tx,
        text,
        params,
        rowMode: options?.rowMode,
        parsers: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      }),
    exec: (text: string) => send<Results[]>({ type: 'exec', tx, text }),
  };
}

/**
 * The thread's young generation: it only turns messages into queries and results into messages,
 * short-lived objects that a small nursery collects as well; V8's default (about 48 MB) would stay
 * resident beside PGlite's own memory (decision 0061).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** Starts the worker and opens the database there; resolves once it answers. */
export async function openPgliteThread(options: { dataDir?: string }): Promise<PGlite> {
  const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
  // From the TypeScript sources (dev, tests), the thread first registers tsx to load its file.
  const worker = WORKER.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER.href)}); })`,
        { eval: true, workerData: options, resourceLimits },
      )
    : new Worker(WORKER, { workerData: options, resourceLimits });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: ThreadReply) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'notify')
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
      else {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (!waiting) return;
        if (message.ok) waiting.resolve(message.result);
        else waiting.reject(Object.assign(new Error(String(message.error.message)), message.error));
      }
    });
  });
  worker.on('error', (error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  worker.on('exit', () => {
    closed = true;
    const gone = failure ?? new Error('The database thread has stopped.');
    for (const waiting of pending.values()) waiting.reject(gone);
    pending.clear();
  });
  await ready;

  const send: Sender = (message) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(failure ?? new Error('The database is closed.'));
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });

  const client = {
    ...queryApi(send),
    get closed() {
      return closed;
    },
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = await send<number>({ type: 'begin' });
      const handle = {
        ...queryApi(send, tx),
        rollback: async () => {
          throw new Error('Roll back by throwing from the transaction.');
        },
        closed: false,
      } as unknown as Transaction;
      let result: T;
      try {
        result = await work(handle);
      } catch (error) {
        await send({ type: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ type: 'end', tx, commit: true });
      return result;
    },
    async listen(channel: string, callback: (payload: string) => void) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(callback);
      await send({ type: 'listen', channel });
      return async () => {
        set.delete(callback);
        if (set.size === 0 && !closed) await send({ type: 'unlisten', channel });
      };
    },
    dumpDataDir: () => send<Blob>({ type: 'dump' }),
    async close() {
      if (closed) return;
      await send({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
      closed = true;
    },
  };
  return client as unknown as PGlite;
}
