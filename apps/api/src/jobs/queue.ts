import { AsyncLocalStorage } from 'node:async_hooks';
import PgBoss from 'pg-boss';
import type { Database, RawResult, Tx } from '../db/client.ts';
import { serializeError } from '../lib/log-redaction.ts';

/**
 * The job queue: work that runs later or elsewhere (grace-period ends, pause ends, renewals, the
 * outbox, reminders, digests, retention purges), stored in the application's own database by
 * pg-boss 10 (schema `pgboss`, created and migrated by `start`). See docs/decisions/0012-job-queue.md.
 *
 * - A job runs once: a worker claims it with `UPDATE … FOR UPDATE SKIP LOCKED` and marks it active in
 *   the same statement, so two workers — in one process or in several server instances — never
 *   take the same job. A handler that throws is retried (`retryLimit`, `retryDelay`, `retryBackoff`);
 *   a process that dies mid-job leaves it active until `expireInSeconds` has passed, then it is
 *   retried. That is "at least once" at the edges: handlers must be idempotent (check the state they
 *   act on, in their own transaction).
 * - `sendInTransaction` writes the job inside the caller's transaction: a rollback leaves no job,
 *   and no worker sees it before the commit.
 */

/** The pino-shaped logger the queue reports to (Fastify's `app.log` fits). */
export interface JobLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What a handler learns about the job it runs, beside its data. */
export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
}

export type JobHandler<T extends object = Record<string, unknown>> = (data: T, job: JobInfo) => Promise<void>;

export interface QueueOptions {
  /**
   * pg-boss's queue policy, which gives `singletonKey` its meaning: 'standard' (default) keeps every
   * job; 'short' keeps at most one waiting job per key; 'singleton' runs at most one job per key at a
   * time; 'stately' both. A job refused by the policy makes `send` answer null.
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** How many times a failed job is tried again (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelay?: number;
  /** Double the delay at each retry, with jitter (default false). */
  retryBackoff?: boolean;
  /** A run that takes longer fails (and is retried); also how long a crashed worker's job stays stuck. Default 15 minutes. */
  expireInSeconds?: number;
}

export interface RegisterOptions extends QueueOptions {
  /** Jobs of this queue this process runs at the same time (default 1). */
  concurrency?: number;
}

export interface SendOptions {
  /** Not before this moment (default: now). */
  startAfter?: Date;
  /** Groups jobs for the queue's policy (see `QueueOptions.policy`); on a standard queue it is only stored. */
  singletonKey?: string;
  /** Per-job overrides of the queue's retry settings. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}

export interface JobQueueOptions {
  /**
   * Seconds between two polls of a worker when it found nothing (minimum 0.5; default 5). A worker
   * that finds a job asks again at once, and `send` wakes this process's workers, so this is only
   * the delay before a job that another instance enqueued, or whose `startAfter` has come, is seen.
   */
  pollingIntervalSeconds?: number;
  /**
   * false: enqueue only — no worker polls, no maintenance, no recurring jobs fire in this process;
   * `register` declares queues and keeps handlers for `drain`. For tests (default true).
   */
  workers?: boolean;
  /** Where pg-boss's own errors and failed jobs are reported (default: stderr). */
  log?: JobLogger;
}

export interface StopOptions {
  /** How long to wait for running handlers (ms, default 30 s); jobs still running then fail and are retried later. */
  timeoutMs?: number;
}

export interface JobQueue {
  /**
   * Declares queue `name` (idempotent; its retry settings are updated) and, unless the queue was
   * started with `workers: false`, runs `handler` for each of its jobs in this process.
   */
  register<T extends object>(name: string, handler: JobHandler<T>, options?: RegisterOptions): Promise<void>;
  /** Declares queue `name` without running its jobs here (an instance that only enqueues). */
  declare(name: string, options?: QueueOptions): Promise<void>;
  /** Enqueues a job now (its own statement); returns its id, or null when the queue's policy refused it. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Enqueues a job inside `tx`, the transaction that changes the state the job acts on: the job
   * exists if and only if the transaction commits. Call `notify(name)` after the commit when the job
   * is due at once and should not wait for the next poll. Returns as `send` does.
   */
  sendInTransaction(tx: Tx, name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Wakes this process's workers of queue `name` (after a commit that enqueued due jobs). */
  notify(name: string): void;
  /**
   * Runs `data` on queue `name` at each tick of `cron` (five fields, minute precision, in `tz`,
   * default UTC), once per tick whatever the number of instances. Calling it again replaces it.
   */
  schedule(name: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  unschedule(name: string): Promise<void>;
  /**
   * Runs the waiting jobs of queue `name` here and now with its registered handler, one after the
   * other, until none is left (failures are recorded and retried as usual); `includeFuture` also runs
   * jobs whose `startAfter` has not come. Returns how many runs there were. For tests and operators.
   */
  drain(name: string, options?: { includeFuture?: boolean }): Promise<number>;
  /** Replaces the logger (e.g. with `app.log` once the app exists). */
  setLogger(log: JobLogger): void;
  /**
   * Stops polling, waits for the running handlers and their bookkeeping, then lets go of the
   * database (which stays open: close it afterwards). Later sends throw.
   */
  stop(options?: StopOptions): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (ARCHITECTURE §1, jobs): register handlers at build time, enqueue from services. */
    jobs: JobQueue;
  }
}

/** Production timings: modest, so that an idle server (PGlite in-process, 2 cores) stays idle. */
const DEFAULT_POLLING_SECONDS = 5;
/** Expire stuck jobs, archive finished ones (after 12 h), delete the archive (after 7 days). */
const MAINTENANCE_INTERVAL_SECONDS = 300;
/** Recurring jobs: the schedule is read every 30 s, and the jobs it starts are picked up within 15 s. */
const CRON_MONITOR_SECONDS = 30;
const CRON_WORKER_SECONDS = 15;

const consoleLogger: JobLogger = {
  error: (details, message) => console.error(`grove: job queue: ${message}`, details),
  warn: (details, message) => console.warn(`grove: job queue: ${message}`, details),
};

/** Set for everything a worker loop of ours does (but not for the handlers it calls). */
const insideWorker = new AsyncLocalStorage<boolean>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The driver connection a Drizzle transaction runs on: a pg `PoolClient` (node-postgres) or PGlite's
 * transaction handle. pg-boss then sends its own SQL, with its own parameters and their types,
 * through the very connection — so inside the very transaction — the caller's statements use.
 * Drizzle keeps it as `session.client` on both drivers (not in its public types; the tests cover it).
 */
function transactionClient(tx: Tx): SqlClient {
  const client = (tx as unknown as { session?: { client?: Partial<SqlClient> } }).session?.client;
  if (typeof (tx as { rollback?: unknown }).rollback !== 'function' || typeof client?.query !== 'function') {
    throw new TypeError('sendInTransaction needs the transaction object that db.transaction() hands its callback');
  }
  return client as SqlClient;
}

/**
 * Log details for something thrown or reported (pg-boss reports worker errors as plain objects):
 * serialised here already, without hashes, tokens or a statement's parameters (lib/log-redaction.ts),
 * since the logger may be the console before the app's logger replaces it.
 */
function logDetails(error: unknown): object {
  return { err: serializeError(error) };
}

class PgBossJobQueue implements JobQueue {
  readonly #boss: PgBoss;
  readonly #workers: boolean;
  readonly #pollingIntervalSeconds: number;
  #log: JobLogger;
  readonly #declared = new Set<string>();
  readonly #handlers = new Map<string, JobHandler<object>>();
  readonly #workerIds = new Map<string, string[]>();
  /** Handlers running and pg-boss statements under way: `stop` waits for both to settle. */
  #running = 0;
  #pendingSql = 0;
  #stopping: Promise<void> | null = null;
  #creating: Promise<unknown> = Promise.resolve();
  #closed = false;
  /** Settles when `start` has: what touches pg-boss waits for it (the server builds the app meanwhile). */
  readonly #started: Promise<void>;
  #startedNow = false;
  #settleStart: (error?: unknown) => void = () => undefined;

  constructor(database: Database, options: JobQueueOptions) {
    this.#workers = options.workers ?? true;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
    this.#log = options.log ?? consoleLogger;
    const db = {
      executeSql: async (text: string, values?: unknown[]): Promise<RawResult | undefined> => {
        // After stop, a timer pg-boss left behind must not reach a database that may be closed.
        // (pg-boss reads "no result" as nothing fetched, nothing changed.)
        if (this.#closed) return undefined;
        this.#pendingSql++;
        try {
          return await database.executeSql(text, values);
        } catch (error) {
          // A worker records the outcome of a run without awaiting it: a failure there would be an
          // unhandled rejection, which stops the server. Report it instead; the job stays active
          // until it expires, and is then retried. (pg-boss already swallows failed claims.)
          if (!insideWorker.getStore()) throw error;
          this.#log.error(logDetails(error), 'a job queue statement failed');
          return undefined;
        } finally {
          this.#pendingSql--;
        }
      },
    };
    this.#boss = new PgBoss({
      db: db as PgBoss.Db,
      schema: 'pgboss',
      pollingIntervalSeconds: this.#pollingIntervalSeconds,
      supervise: this.#workers,
      schedule: this.#workers,
      maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
      cronMonitorIntervalSeconds: CRON_MONITOR_SECONDS,
      cronWorkerIntervalSeconds: CRON_WORKER_SECONDS,
    });
    // An EventEmitter without an 'error' listener throws: report instead.
    this.#boss.on('error', (error) => this.#log.error(logDetails(error), 'pg-boss reported an error'));
    this.#started = new Promise<void>((resolve, reject) => {
      this.#settleStart = (error) => (error === undefined ? resolve() : reject(error));
    });
    this.#started.catch(() => undefined); // each waiter gets the failure
  }

  async start() {
    try {
      await this.#boss.start();
    } catch (error) {
      this.#settleStart(error);
      throw error;
    }
    this.#startedNow = true;
    this.#settleStart();
  }

  /** Resolves once the queue has started (at once after that). */
  #whenStarted(): Promise<void> | void {
    if (!this.#startedNow) return this.#started;
  }

  setLogger(log: JobLogger) {
    this.#log = log;
  }

  async declare(name: string, options: QueueOptions = {}) {
    this.#assertOpen();
    await this.#whenStarted();
    const settings: PgBoss.Queue = {
      name,
      policy: options.policy ?? 'standard',
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      ...(options.retryDelay !== undefined ? { retryDelay: options.retryDelay } : {}),
      ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
      ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
    };
    // One creation at a time in this process (see #createQueue).
    const creation = this.#creating.then(() => this.#createQueue(name, settings));
    this.#creating = creation.catch(() => undefined);
    await creation;
    // (pg-boss writes into the options object it is given: each call gets its own copy.)
    await this.#boss.updateQueue(name, { ...settings });
    this.#declared.add(name);
  }

  /**
   * Creating a queue is DDL (a partition of pgboss.job, foreign keys to pgboss.queue): on PostgreSQL
   * two sessions creating queues at once — instances starting together — can deadlock, and the
   * server aborts one of them. That one tries again; by then the queue may exist, and creating it
   * again does nothing. Within one process, `declare` creates one queue at a time.
   */
  async #createQueue(name: string, settings: PgBoss.Queue) {
    if (await this.#boss.getQueue(name)) return;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#boss.createQueue(name, { ...settings });
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
        await sleep(50 * attempt + Math.random() * 100);
      }
    }
  }

  async register<T extends object>(name: string, handler: JobHandler<T>, options: RegisterOptions = {}) {
    if (this.#handlers.has(name)) throw new Error(`job queue "${name}" already has a handler`);
    const { concurrency = 1, ...queueOptions } = options;
    await this.declare(name, queueOptions);
    this.#handlers.set(name, handler as JobHandler<object>);
    if (!this.#workers) return;
    const ids: string[] = [];
    this.#workerIds.set(name, ids);
    for (let i = 0; i < concurrency; i++) {
      const worker: { id?: string } = {};
      // The worker loop pg-boss starts here inherits the async context.
      worker.id = await insideWorker.run(true, () =>
        this.#boss.work<object>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.#pollingIntervalSeconds },
          async (jobs) => {
            // A worker that found a job asks again at once instead of sleeping a polling interval.
            if (worker.id) this.#boss.notifyWorker(worker.id);
            for (const job of jobs) await this.#run(name, job);
          },
        ),
      );
      ids.push(worker.id);
    }
  }

  /** Runs one job with its handler; pg-boss completes it, or fails it (retry) when this throws. */
  async #run(name: string, job: PgBoss.JobWithMetadata<object>) {
    const handler = this.#handlers.get(name);
    if (!handler) throw new Error(`job queue "${name}" has no handler`);
    this.#running++;
    try {
      const info = { id: job.id, name, retryCount: job.retryCount };
      await insideWorker.exit(() => handler(job.data ?? {}, info));
    } catch (error) {
      this.#log.error(
        { ...logDetails(error), queue: name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
        job.retryCount < job.retryLimit ? 'job failed; it will be retried' : 'job failed for the last time',
      );
      throw error;
    } finally {
      this.#running--;
    }
  }

  async send(name: string, data: object, options: SendOptions = {}) {
    this.#assertDeclared(name);
    // null: the queue's policy refused a duplicate (the queue itself exists: it was declared).
    const id = await this.#boss.send(name, data, this.#sendOptions(options));
    if (id && (!options.startAfter || options.startAfter.getTime() <= Date.now())) this.notify(name);
    return id;
  }

  async sendInTransaction(tx: Tx, name: string, data: object, options: SendOptions = {}) {
    this.#assertDeclared(name);
    const client = transactionClient(tx);
    return this.#boss.send(name, data, {
      ...this.#sendOptions(options),
      db: { executeSql: (text, values) => client.query(text, values) },
    });
  }

  notify(name: string) {
    for (const id of this.#workerIds.get(name) ?? []) this.#boss.notifyWorker(id);
  }

  async schedule(name: string, cron: string, data: object = {}, options: { tz?: string } = {}) {
    this.#assertDeclared(name);
    await this.#boss.schedule(name, cron, data, { tz: options.tz ?? 'UTC' });
  }

  async unschedule(name: string) {
    this.#assertOpen();
    await this.#whenStarted();
    await this.#boss.unschedule(name);
  }

  async drain(name: string, { includeFuture = false } = {}) {
    this.#assertOpen();
    if (!this.#handlers.has(name)) throw new Error(`job queue "${name}" has no handler`);
    let runs = 0;
    let lookedAgain = false;
    for (;;) {
      const [job] = await this.#boss.fetch<object>(name, { includeMetadata: true, ignoreStartAfter: includeFuture });
      if (!job && !lookedAgain) {
        // A job sent in this very millisecond is not due yet by the database's clock (pg-boss
        // fetches start_after < now(), and PGlite's clock moves in milliseconds): look once more.
        lookedAgain = true;
        await sleep(5);
        continue;
      }
      if (!job) return runs;
      runs++;
      try {
        await this.#run(name, job);
        await this.#boss.complete(name, job.id);
      } catch (error) {
        await this.#boss.fail(name, job.id, error instanceof Error ? { message: error.message } : { value: error });
      }
    }
  }

  stop({ timeoutMs = 30_000 }: StopOptions = {}) {
    this.#stopping ??= (async () => {
      // A queue that never started (the server stopped during its start) has nothing to stop.
      if (!this.#startedNow) {
        this.#closed = true;
        return;
      }
      await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // pg-boss returns once no worker holds a job, but a claim still under way may yet hand one to a
      // handler, and it records the outcome of a run without waiting for it: wait until our handlers
      // and its statements have settled. (A macrotask first, so that a just-finished handler's
      // completion has been issued before we count.)
      const deadline = Date.now() + timeoutMs;
      do await sleep(20);
      while ((this.#running > 0 || this.#pendingSql > 0) && Date.now() < deadline);
      this.#closed = true;
    })();
    return this.#stopping;
  }

  #sendOptions(options: SendOptions): PgBoss.SendOptions {
    return {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
      ...(options.retryDelay !== undefined ? { retryDelay: options.retryDelay } : {}),
      ...(options.retryBackoff !== undefined ? { retryBackoff: options.retryBackoff } : {}),
    };
  }

  #assertOpen() {
    if (this.#stopping) throw new Error('the job queue is stopped');
  }

  #assertDeclared(name: string) {
    this.#assertOpen();
    if (!this.#declared.has(name)) {
      throw new Error(`job queue "${name}" is not declared: register its handler (or declare it) at startup`);
    }
  }
}

/**
 * Starts the job queue on `database`, over the application's own connection (`database.executeSql`:
 * the PGlite instance, or the node-postgres pool): creates or migrates the `pgboss` schema (under an
 * advisory lock, so several instances may start at once), then returns the queue. Stop it before
 * closing the database.
 */
export async function startJobQueue(database: Database, options: JobQueueOptions = {}): Promise<JobQueue> {
  const queue = createJobQueue(database, options);
  await queue.start();
  return queue;
}

/**
 * The job queue before it starts: handlers may be registered and jobs sent at once, and they wait
 * until `start()` (the server builds the app while the database migrates: decision 0062). What
 * `start()` throws, they throw too.
 */
export function createJobQueue(
  database: Database,
  options: JobQueueOptions = {},
): JobQueue & { start(): Promise<void> } {
  return new PgBossJobQueue(database, options);
}
