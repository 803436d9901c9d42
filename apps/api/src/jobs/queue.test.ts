import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { rowsOf } from '../db/raw.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { createJobQueue, startJobQueue, type JobLogger, type JobQueue, type JobQueueOptions } from './queue.ts';

// The queue on the test database: PGlite, or a PostgreSQL clone when TEST_DATABASE_URL is set.
// One database for the file; each test uses its own queue names and stops its own queues.

let database: Database;
const started: JobQueue[] = [];
const errors: { details: object; message: string }[] = [];
const quietLog: JobLogger = {
  error: (details, message) => errors.push({ details, message }),
  warn: () => undefined,
};

async function queueOn(db: Database, options: JobQueueOptions = {}) {
  const queue = await startJobQueue(db, { pollingIntervalSeconds: 0.5, log: quietLog, ...options });
  started.push(queue);
  return queue;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 8_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the queue');
    await sleep(25);
  }
}

async function jobRows(name: string) {
  const { rows } = await database.executeSql(
    'select id, state, retry_count, data from pgboss.job where name = $1 order by created_on',
    [name],
  );
  return rows as { id: string; state: string; retry_count: number; data: Record<string, unknown> }[];
}

async function queueRows(name: string) {
  const { rows } = await database.executeSql('select name from pgboss.queue where name = $1', [name]);
  return rows;
}

/** Another connection to the test database: a second pool on PostgreSQL, the same PGlite otherwise. */
async function secondConnection(): Promise<Database> {
  if (database.driver !== 'postgres') return database;
  const { rows } = await database.executeSql('select current_database() as name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${String(rows[0]!.name)}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
}

beforeAll(async () => {
  database = await openTestDatabase();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop({ timeoutMs: 5_000 })));
});

afterAll(async () => {
  await database?.close();
});

describe('job queue', () => {
  it('installs the pgboss schema on the application database and declares queues', async () => {
    const queue = await queueOn(database, { workers: false });
    await queue.declare('test.declared', { retryLimit: 4 });
    const { rows } = await database.executeSql('select retry_limit from pgboss.queue where name = $1', [
      'test.declared',
    ]);
    expect(rows).toEqual([{ retry_limit: 4 }]);
    await expect(queue.send('test.undeclared', {})).rejects.toThrow(/not declared/);
  });

  it('keeps one waiting job per singletonKey on a queue with the short policy', async () => {
    const queue = await queueOn(database, { workers: false });
    await queue.declare('test.short', { policy: 'short' });
    const later = new Date(Date.now() + 3_600_000);
    expect(await queue.send('test.short', { n: 1 }, { singletonKey: 'sub-1', startAfter: later })).toEqual(
      expect.any(String),
    );
    expect(await queue.send('test.short', { n: 2 }, { singletonKey: 'sub-1', startAfter: later })).toBeNull();
    expect(await queue.send('test.short', { n: 3 }, { singletonKey: 'sub-2', startAfter: later })).toEqual(
      expect.any(String),
    );
    expect((await jobRows('test.short')).map((job) => job.data)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('lets instances that start together declare the same and new queues at once', async () => {
    // Creating a queue is DDL; on PostgreSQL two sessions doing it at once can deadlock.
    const second = await secondConnection();
    try {
      const queues = [await queueOn(database, { workers: false }), await queueOn(second, { workers: false })];
      const names = ['test.boot-a', 'test.boot-b', 'test.boot-c'];
      await Promise.all(queues.flatMap((queue) => names.map((name) => queue.declare(name, { retryLimit: 3 }))));
      const { rows } = await database.executeSql(
        "select name, retry_limit from pgboss.queue where name like 'test.boot-%' order by name",
      );
      expect(rows).toEqual(names.map((name) => ({ name, retry_limit: 3 })));
    } finally {
      await Promise.all(started.splice(0).map((queue) => queue.stop()));
      if (second !== database) await second.close();
    }
  });

  it('runs a job sent with startAfter after that time, not before', async () => {
    const queue = await queueOn(database);
    const ran = new Map<string, number>();
    await queue.register<{ label: string }>('test.delayed', async ({ label }) => {
      ran.set(label, Date.now());
    });
    const startAfter = new Date(Date.now() + 1_500);
    await queue.send('test.delayed', { label: 'later' }, { startAfter });
    await queue.send('test.delayed', { label: 'now' });

    await waitFor(() => ran.has('now'));
    expect(ran.has('later')).toBe(false);
    await waitFor(() => ran.has('later'));
    expect(ran.get('later')).toBeGreaterThanOrEqual(startAfter.getTime());
    // The worker records the outcome just after the handler returns.
    await waitFor(async () => (await jobRows('test.delayed')).every((job) => job.state === 'completed'));
  });

  it('retries a handler that throws retryLimit times, retryDelay apart, then stops', async () => {
    errors.length = 0;
    const queue = await queueOn(database);
    const runs: { at: number; retryCount: number }[] = [];
    await queue.register(
      'test.failing',
      async (_data, job) => {
        runs.push({ at: Date.now(), retryCount: job.retryCount });
        throw new Error('the provider is down');
      },
      { retryLimit: 2, retryDelay: 1 },
    );
    await queue.send('test.failing', {});

    await waitFor(() => runs.length === 3);
    expect(runs.map((run) => run.retryCount)).toEqual([0, 1, 2]);
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(900);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(900);
    await waitFor(async () => (await jobRows('test.failing'))[0]?.state === 'failed');
    await sleep(1_300); // two more polling intervals: no fourth run
    expect(runs).toHaveLength(3);
    const [job] = await jobRows('test.failing');
    expect(job).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(errors.map((error) => error.message)).toEqual([
      'job failed; it will be retried',
      'job failed; it will be retried',
      'job failed for the last time',
    ]);
  });

  it('enqueues inside the caller’s transaction: a rollback leaves no job, a commit runs it once', async () => {
    await database.executeSql(
      'create table test_jobs_account (id int primary key, status text not null); insert into test_jobs_account values (1, $$active$$)',
    );
    const queue = await queueOn(database);
    const ran: { step: string; at: number }[] = [];
    await queue.register<{ step: string }>('test.transactional', async ({ step }) => {
      ran.push({ step, at: Date.now() });
    });

    let rolledBackId = '';
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update test_jobs_account set status = 'paused' where id = 1`);
        rolledBackId = (await queue.sendInTransaction(tx, 'test.transactional', { step: 'rolled back' })) ?? '';
        // The job is written on the transaction's own connection: the transaction sees it …
        const seen = await tx.execute(sql`select count(*)::int as n from pgboss.job where id = ${rolledBackId}`);
        expect(rowsOf(seen)).toEqual([{ n: 1 }]);
        throw new Error('the state change fails');
      }),
    ).rejects.toThrow('the state change fails');
    // … and the rollback takes it away with the state change.
    expect(await jobRows('test.transactional')).toEqual([]);
    expect((await database.executeSql('select status from test_jobs_account')).rows).toEqual([{ status: 'active' }]);

    let beforeCommit = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update test_jobs_account set status = 'paused' where id = 1`);
      await queue.sendInTransaction(tx, 'test.transactional', { step: 'committed' });
      await sleep(800); // longer than a polling interval: no worker may take it before the commit
      beforeCommit = Date.now();
    });
    queue.notify('test.transactional');

    await waitFor(() => ran.length === 1);
    await sleep(600);
    expect(ran.map((run) => run.step)).toEqual(['committed']);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(beforeCommit);
    expect((await jobRows('test.transactional')).map((job) => job.state)).toEqual(['completed']);
    expect(rolledBackId).not.toBe('');
  });

  it('runs each job exactly once with two workers on the same database', async () => {
    // "Two workers" are two independent queues, as two server instances would have. On PostgreSQL
    // each has its own connection pool, so their claims really race on the server, where
    // FOR UPDATE SKIP LOCKED keeps them apart. PGlite is one connection inside one process (a PGlite
    // data directory cannot be shared by two processes): the two queues interleave their statements
    // on it, which shows that a claim is one atomic statement — two pollers never take the same job.
    const second = await secondConnection();
    try {
      const queues = [await queueOn(database), await queueOn(second)];
      const runs: { n: number; worker: number }[] = [];
      for (const queue of queues) await queue.declare('test.once');
      for (let n = 0; n < 50; n++) await queues[n % 2]!.send('test.once', { n });
      await Promise.all(
        queues.map((queue, worker) =>
          queue.register<{ n: number }>(
            'test.once',
            async ({ n }) => {
              runs.push({ n, worker });
              await sleep(5);
            },
            { concurrency: 2 },
          ),
        ),
      );

      await waitFor(() => runs.length >= 50);
      await sleep(1_200); // a duplicate would show up within two polling intervals
      const counts = new Map<number, number>();
      for (const run of runs) counts.set(run.n, (counts.get(run.n) ?? 0) + 1);
      expect(runs).toHaveLength(50);
      expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
      expect(new Set(runs.map((run) => run.worker))).toEqual(new Set([0, 1]));
      await Promise.all(started.splice(0).map((queue) => queue.stop()));
      const states = (await jobRows('test.once')).map((job) => `${job.state}/${job.retry_count}`);
      expect(states).toEqual(Array(50).fill('completed/0'));
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('stop() waits for a running handler and records its outcome', async () => {
    const queue = await queueOn(database);
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    let finished = false;
    await queue.register('test.slow', async () => {
      entered();
      await sleep(1_000);
      finished = true;
    });
    await queue.send('test.slow', {});
    await running;

    const stopping = Date.now();
    await queue.stop();
    expect(finished).toBe(true);
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(900);
    expect((await jobRows('test.slow')).map((job) => job.state)).toEqual(['completed']);
    await expect(queue.send('test.slow', {})).rejects.toThrow(/stopped/);
  });

  it('reports, not throws, a failure to record a run (the job stays active until it expires)', async () => {
    errors.length = 0;
    // The connection fails just when the worker records that the job completed.
    const flaky: Database = {
      ...database,
      executeSql: async (text, values) => {
        if (/state = 'completed'/.test(text)) throw new Error('connection lost');
        return database.executeSql(text, values);
      },
    };
    const queue = await queueOn(flaky);
    let runs = 0;
    await queue.register('test.unrecorded', async () => {
      runs++;
    });
    await queue.send('test.unrecorded', {});
    await waitFor(() => errors.some((error) => error.message === 'a job queue statement failed'));
    await queue.stop();
    expect(runs).toBe(1);
    expect((await jobRows('test.unrecorded')).map((job) => job.state)).toEqual(['active']);
  });

  it('drain() runs waiting jobs here and now, future ones too when asked (enqueue-only queue)', async () => {
    const queue = await queueOn(database, { workers: false });
    const ran: number[] = [];
    await queue.register<{ n: number }>('test.drained', async ({ n }) => {
      ran.push(n);
    });
    await queue.send('test.drained', { n: 1 });
    await queue.send('test.drained', { n: 2 }, { startAfter: new Date(Date.now() + 3_600_000) });
    await sleep(700); // no worker in an enqueue-only queue
    expect(ran).toEqual([]);

    expect(await queue.drain('test.drained')).toBe(1);
    expect(ran).toEqual([1]);
    expect(await queue.drain('test.drained', { includeFuture: true })).toBe(1);
    expect(ran).toEqual([1, 2]);
    expect((await jobRows('test.drained')).map((job) => job.state)).toEqual(['completed', 'completed']);
  });

  it('takes registrations before it has started and runs them once it has (the server builds the app meanwhile)', async () => {
    const queue = createJobQueue(database, { workers: false, log: quietLog });
    started.push(queue);
    const ran: number[] = [];
    let registered = false;
    const registering = queue
      .register<{ n: number }>('test.early', async ({ n }) => {
        ran.push(n);
      })
      .then(() => (registered = true));
    await sleep(300);
    expect(registered).toBe(false);
    expect((await queueRows('test.early')).length).toBe(0);

    await queue.start();
    await registering;
    expect((await queueRows('test.early')).length).toBe(1);
    await queue.send('test.early', { n: 7 });
    expect(await queue.drain('test.early')).toBe(1);
    expect(ran).toEqual([7]);
  });

  it('fails the registrations waiting for a start that fails, with the start’s error', async () => {
    const broken = {
      ...database,
      executeSql: async () => {
        throw new Error('the database went away');
      },
    } as Database;
    const queue = createJobQueue(broken, { workers: false, log: quietLog });
    const registering = queue.register('test.never', async () => undefined);
    await expect(queue.start()).rejects.toThrow('the database went away');
    await expect(registering).rejects.toThrow('the database went away');
    await queue.stop();
  });

  it('schedule() records a recurring job once, whoever schedules it', async () => {
    const [first, second] = [await queueOn(database, { workers: false }), await queueOn(database, { workers: false })];
    await first!.declare('test.nightly');
    await second!.declare('test.nightly');
    await first!.schedule('test.nightly', '0 3 * * *', { kind: 'purge' }, { tz: 'America/New_York' });
    await second!.schedule('test.nightly', '0 3 * * *', { kind: 'purge' }, { tz: 'America/New_York' });
    const { rows } = await database.executeSql('select name, cron, timezone, data from pgboss.schedule');
    expect(rows).toEqual([
      { name: 'test.nightly', cron: '0 3 * * *', timezone: 'America/New_York', data: { kind: 'purge' } },
    ]);
    await expect(first!.schedule('test.nightly', 'not a cron')).rejects.toThrow();
    await first!.unschedule('test.nightly');
    expect((await database.executeSql('select name from pgboss.schedule')).rows).toEqual([]);
  });
});
