/**
 * The PGlite database in a worker thread (pglite-thread.ts starts it): PostgreSQL compiled to
 * WebAssembly runs here, so the server's own thread keeps answering HTTP while a query runs.
 * Messages in: query, exec, begin/end of a transaction, listen, dump, close; answers out by id.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.ts';
import type { ThreadRequest, ThreadReply } from './pglite-thread.ts';

const port = parentPort!;
const options = workerData as { dataDir?: string };

const raw = (value: string) => value;
/** The parsers drizzle asks for are all "keep the text": the type ids come over, the function is this one. */
const parsersFor = (oids: number[] | undefined) =>
  oids ? Object.fromEntries(oids.map((oid) => [oid, raw])) : undefined;

/** An error as plain data: its message and every field PostgreSQL set (code, detail, constraint…). */
function plain(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const db = await PGlite.create(pgliteOptions(options.dataDir));

const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();
let nextTransaction = 1;
const listeners = new Map<string, () => Promise<void>>();

async function handle(message: ThreadRequest): Promise<unknown> {
  const on = (id?: number) => {
    if (id === undefined) return db;
    const open = transactions.get(id);
    if (!open) throw new Error('The transaction is over.');
    return open.tx;
  };
  switch (message.type) {
    case 'query':
      return on(message.tx).query(message.text, message.params, {
        ...(message.rowMode ? { rowMode: message.rowMode } : {}),
        ...(message.parsers ? { parsers: parsersFor(message.parsers) } : {}),
      });
    case 'exec':
      return on(message.tx).exec(message.text);
    case 'begin': {
      const id = nextTransaction++;
      return new Promise<number>((started, failed) => {
        let end: (commit: boolean) => void = () => undefined;
        const outcome = new Promise<boolean>((resolve) => (end = resolve));
        const done = db
          .transaction(async (tx) => {
            transactions.set(id, { tx, end, done });
            started(id);
            if (!(await outcome)) await tx.rollback();
          })
          .then(() => undefined)
          .finally(() => transactions.delete(id));
        done.catch(failed);
      });
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('The transaction is over.');
      open.end(message.commit);
      await open.done;
      return null;
    }
    case 'listen': {
      if (!listeners.has(message.channel)) {
        const stop = await db.listen(message.channel, (payload) =>
          port.postMessage({ type: 'notify', channel: message.channel, payload } satisfies ThreadReply),
        );
        listeners.set(message.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      await listeners.get(message.channel)?.();
      listeners.delete(message.channel);
      return null;
    }
    case 'dump':
      return db.dumpDataDir('none');
    case 'close':
      await db.close();
      return null;
  }
}

port.on('message', (message: ThreadRequest) => {
  handle(message).then(
    (result) => port.postMessage({ type: 'reply', id: message.id, ok: true, result } satisfies ThreadReply),
    (error: unknown) =>
      port.postMessage({ type: 'reply', id: message.id, ok: false, error: plain(error) } satisfies ThreadReply),
  );
});
port.postMessage({ type: 'ready' } satisfies ThreadReply);
