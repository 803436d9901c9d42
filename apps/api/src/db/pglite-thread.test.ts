/**
 * PGlite in its worker thread (pglite-thread.ts), as the server opens it: the same database
 * behaviour as in-process — rows, transactions that commit or roll back, PostgreSQL's errors with
 * their codes, notifications, and statements waiting for an open transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { appMeta, users } from './schema/index.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ thread: true });
  await database.migrate();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const countMeta = async (key: string) => (await database.db.select().from(appMeta).where(eq(appMeta.key, key))).length;

describe('PGlite in a worker thread', () => {
  it('migrates and answers drizzle queries with typed rows (dates as dates)', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'thread@example.com', firstName: 'Thread', lastName: 'Test' })
      .returning();
    expect(user!.email).toBe('thread@example.com');
    expect(user!.createdAt).toBeInstanceOf(Date);
    const [again] = await database.db.select().from(users).where(eq(users.id, user!.id));
    expect(again!.createdAt.getTime()).toBe(user!.createdAt.getTime());
  });

  it('commits a transaction, and rolls one back when it throws, nested savepoints included', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: 'kept', value: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.insert(appMeta).values({ key: 'inner-undone', value: 1 });
          throw new Error('undo the inner part');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(appMeta).values({ key: 'undone', value: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countMeta('kept')).toBe(1);
    expect(await countMeta('inner-undone')).toBe(0);
    expect(await countMeta('undone')).toBe(0);
  });

  it('passes PostgreSQL’s errors on with their code and constraint', async () => {
    await database.db.insert(appMeta).values({ key: 'unique', value: 1 });
    const error = await database.db
      .insert(appMeta)
      .values({ key: 'unique', value: 2 })
      .then(() => null)
      .catch((failure: Error & { cause?: { code?: string } }) => failure);
    expect(error).not.toBeNull();
    expect(error!.cause?.code ?? (error as { code?: string }).code).toBe('23505');
  });

  it('lets statements outside a transaction wait until it ends, and sees its writes after', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const open = database.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: 'while-open', value: 1 });
      await gate;
    });
    const outside = countMeta('while-open');
    setTimeout(release, 50);
    await open;
    expect(await outside).toBe(1);
  });

  it('delivers notifications sent by statements (the session cache listens this way)', async () => {
    const heard: string[] = [];
    const stop = await database.listen(
      'grove_test',
      (payload) => heard.push(payload),
      () => undefined,
    );
    await database.db.execute(sql`select pg_notify('grove_test', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
  });

  it('runs raw SQL with several statements for the job queue', async () => {
    const result = await database.executeSql('select 1 as one; select 2 as two');
    expect(result.rows).toEqual([{ two: 2 }]);
  });
});
