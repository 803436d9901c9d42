/**
 * Outbox delivery as a job (ARCHITECTURE §7, Outbox), shared by the e-mail and SMS ports: a message
 * is a row written in the transaction that causes it, with status 'queued', and a job keyed by the
 * row's id delivers it. The job
 *
 * 1. claims the row with one conditional UPDATE (`queued` → `sending`, attempts + 1): of two runs of
 *    the job — a retry racing an expired run, two workers, a job enqueued twice — only one gets it,
 *    so a message is handed to its provider once;
 * 2. hands it to the provider;
 * 3. records `sent` with the provider's id, or on a failure the reason: a permanent failure (the
 *    provider refused the message) or the last try marks it `failed`; any other failure puts it
 *    back to `queued` and throws, so the queue tries again with backoff.
 *
 * A process that dies between 2 and 3 leaves the row `sending`: it is not sent again (at most once
 * beats twice for a text or an e-mail). The API shows `sending` as `queued`.
 */
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { JobQueue, RegisterOptions } from '../../jobs/queue.ts';

/** The queue settings of both delivery jobs: 1 + 5 tries, 30 s, 60 s, 120 s … apart (with jitter). */
export const DELIVERY_JOB: RegisterOptions = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 2,
};

/** Statuses of an outbox row; 'sending' is internal (a delivery holds the row). */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';
export type PublicOutboxStatus = 'queued' | 'sent' | 'failed';

/** What the API shows of a row's status. */
export function publicStatus(status: string): PublicOutboxStatus {
  return status === 'sent' || status === 'failed' ? status : 'queued';
}

/** The provider refused the message for good (a bad number, a rejected recipient): no retry. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

/** How one outbox table is claimed and marked (its repository). */
export interface DeliveryStore<Row> {
  claim(id: number): Promise<Row | null>;
  /** `row` is the claimed row (what was handed to the provider). */
  markSent(id: number, providerMessageId: string | null, row: Row): Promise<void>;
  /** Back to 'queued' (another try follows) or to 'failed' (the last word), with the reason. */
  markFailed(id: number, status: 'queued' | 'failed', error: string, row: Row): Promise<void>;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers outbox row `id` once: 'skipped' when another run has it or had it. Throws (after
 * recording the reason) when the failure is worth another try and tries are left.
 */
export async function deliverOnce<Row>(
  store: DeliveryStore<Row>,
  id: number,
  retryCount: number,
  send: (row: Row) => Promise<string | null>,
): Promise<DeliveryOutcome> {
  const row = await store.claim(id);
  if (!row) return 'skipped';
  let providerMessageId: string | null;
  try {
    providerMessageId = await send(row);
  } catch (error) {
    const last = error instanceof PermanentDeliveryError || retryCount >= (DELIVERY_JOB.retryLimit ?? 0);
    await store.markFailed(id, last ? 'failed' : 'queued', reasonOf(error), row);
    if (last) return 'failed';
    throw error;
  }
  await store.markSent(id, providerMessageId, row);
  return 'sent';
}

/**
 * What a claimed row is handed to: the transport it was written for delivers it; a row of the
 * local outbox needs nothing more; a row written for a provider that is no longer configured
 * (`setting` names the variable that chose it) fails for good rather than vanishing.
 */
export async function deliverAsWritten(
  written: string,
  transport: { provider: string },
  setting: string,
  deliver: () => Promise<string | null>,
): Promise<string | null> {
  if (written === transport.provider) return deliver();
  if (written === 'outbox') return null;
  throw new PermanentDeliveryError(`Written for ${written}, but ${setting} is now ${transport.provider}.`);
}

/** Registers the handler of a delivery job `{ id }` on `jobs` (once per queue), with DELIVERY_JOB's settings. */
export async function registerDeliveryJob(
  jobs: JobQueue,
  queue: string,
  deliver: (id: number, retryCount: number) => Promise<unknown>,
) {
  await jobs.register<{ id: number }>(
    queue,
    async ({ id }, job) => {
      await deliver(id, job.retryCount);
    },
    DELIVERY_JOB,
  );
}

/** A Drizzle transaction (the object db.transaction() hands its callback), not the database itself. */
export function isTransaction(executor: Executor): executor is Tx {
  return typeof (executor as { rollback?: unknown }).rollback === 'function';
}

/**
 * Writes an outbox row and its delivery job with `write`, in the caller's transaction when
 * `executor` is one: the job becomes visible at its commit, and a worker finds it at its next
 * poll. Otherwise in a transaction of its own, committed here, and the workers are woken at once.
 */
export async function writeQueued<Written>(
  db: Db,
  jobs: JobQueue,
  queue: string,
  executor: Executor | undefined,
  write: (tx: Tx) => Promise<Written>,
): Promise<Written> {
  if (executor && isTransaction(executor)) return write(executor);
  const written = await (executor ?? db).transaction((tx) => write(tx));
  jobs.notify(queue);
  return written;
}
