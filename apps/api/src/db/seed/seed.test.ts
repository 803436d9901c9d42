/**
 * The demo seed (issue 16, defect 3 and the seed-phone finding): a seed interrupted anywhere leaves
 * a database the next start finishes, a database half-seeded by an older version is detected and
 * finished, two seeds at once add the world once, and every seeded value passes the domain's rules.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CARD_DECLINED,
  localDateKey,
  normalizePhoneDigits,
  validateAddress,
  validateAddressOptional,
  validateCity,
  validateCountry,
  validateEmail,
  validateName,
  validatePhone,
  validateState,
  validateZipcode,
  weekStart as weekStartOf,
  type FieldRule,
} from '@grove/domain';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig, ROOT_DIR } from '../../config.ts';
import { openDatabase, type Database, type Db } from '../client.ts';
import { rowsOf } from '../raw.ts';
import {
  accountNotes,
  accounts,
  appMeta,
  authSessions,
  emailOutbox,
  invoices,
  oneTimeTokens,
  orders,
  players,
  playSessions,
  subscriptionActions,
  subscriptions,
  supportTickets,
  users,
  userShipping,
} from '../schema/index.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-logins.ts';
import { FEATURE_SEEDERS, isSeeded, seedDemoData, type Seeder } from './index.ts';

/** The named families (the Spanish-speaking one included) and two random ones. */
const ACCOUNTS = 13;
const NOW = new Date('2026-03-02T15:00:00Z');

const countOf = async (db: Db, table: PgTable, where?: SQL) =>
  Number((await db.select({ n: count() }).from(table).where(where))[0]!.n);

/** What a finished demo world of ACCOUNTS accounts holds, whatever happened before. */
async function expectFinishedWorld(database: Database) {
  const { db } = database;
  expect(await isSeeded(db)).toBe(true);
  expect(await countOf(db, accounts)).toBe(ACCOUNTS);
  const emails = (await db.select({ email: users.email }).from(users)).map((row) => row.email);
  expect(new Set(emails).size).toBe(emails.length);
  for (const login of DEMO_LOGINS) expect(emails).toContain(login.email);
  // The last feature seeders ran too: play data and the admin records.
  expect(await countOf(db, playSessions)).toBeGreaterThan(0);
  expect(await countOf(db, supportTickets)).toBe(5);
  expect(await countOf(db, accountNotes)).toBe(8);
  // The seed builds the rollups once from the sessions (decision 0058) instead of through the
  // triggers: they equal the sessions, and every session's counts equal its detail rows.
  const rollups = (
    table: string,
  ) => `select player_id, ${table === 'play_day_rollups' ? 'day' : 'week'} as at, sessions,
      seconds_played, hr_rises, cool_downs, cool_down_seconds, cooldown_events, acorns_earned from ${table}`;
  const fromSessions = (unit: 'day' | 'week') => `select s.player_id,
      date_trunc('${unit}', s.period_datetime at time zone coalesce(nullif(a.time_zone, ''), 'America/New_York'))::date as at,
      count(*)::int, sum(s.seconds_played), sum(s.hr_rise_count), sum(s.cool_down_count), sum(s.cool_down_seconds),
      sum(s.cooldown_event_count), sum(s.acorns_earned)
      from play_sessions s join players p on p.id = s.player_id join accounts a on a.id = p.account_id group by 1, 2`;
  const [differences] = (
    await database.executeSql(`select
      (select count(*) from (${rollups('play_day_rollups')} except ${fromSessions('day')}) x)::int
      + (select count(*) from (${fromSessions('day')} except ${rollups('play_day_rollups')}) x)::int
      + (select count(*) from (${rollups('play_week_rollups')} except ${fromSessions('week')}) x)::int
      + (select count(*) from (${fromSessions('week')} except ${rollups('play_week_rollups')}) x)::int as rollups,
      (select count(*) from play_sessions s where s.hr_rise_count <> (select count(*) from hr_rises r where r.session_id = s.id)
          or s.cool_down_count <> (select count(*) from cool_downs c where c.session_id = s.id)
          or s.cooldown_event_count <> (select count(*) from cooldown_events e where e.session_id = s.id)
          or s.cool_down_seconds <> (select coalesce(sum(extract(epoch from c.ended_at - c.started_at)), 0)
                                       from cool_downs c where c.session_id = s.id))::int as sessions`)
  ).rows;
  expect(differences).toEqual({ rollups: 0, sessions: 0 });
  // Every demo login signs in with the demo password.
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' }),
    database,
    {
      logger: false,
    },
  );
  try {
    for (const login of DEMO_LOGINS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/user/auth/login/',
        payload: { email: login.email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, login.email).toBe(200);
    }
  } finally {
    await app.close();
  }
}

describe('seeding in one transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('leaves nothing behind when it fails midway, and the next seed completes', async () => {
    const failing: Seeder = async () => {
      throw new Error('interrupted');
    };
    // Fails after the core rows and the play data are written.
    const seeders = [...FEATURE_SEEDERS.slice(0, 2), failing, ...FEATURE_SEEDERS.slice(2)];
    await expect(seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW, seeders })).rejects.toThrow('interrupted');
    expect(await isSeeded(database.db)).toBe(false);
    for (const table of [users, accounts, players, playSessions, orders])
      expect(await countOf(database.db, table)).toBe(0);

    expect(await seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW })).toEqual({
      seeded: true,
      accounts: ACCOUNTS,
    });
    await expectFinishedWorld(database);
    // Once seeded, a further call adds nothing.
    expect(await seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW })).toEqual({ seeded: false, accounts: 0 });
    expect(await countOf(database.db, accounts)).toBe(ACCOUNTS);
  }, 120_000);

  it('play runs up to the moment the data is made: this week has play, and a session today or yesterday', async () => {
    const { db } = database;
    // NOW is Monday 10:00 in New York: the week began this morning, the afternoon slot is still to come.
    const weekStart = localDateKey(weekStartOf(NOW, 'America/New_York'), 'America/New_York');
    expect(weekStart).toBe('2026-03-02');
    const [parent] = await db.select().from(users).where(eq(users.email, 'parent@example.com'));
    const [account] = await db.select().from(accounts).where(eq(accounts.id, parent!.accountId!));
    const family = await db.select().from(players).where(eq(players.accountId, account!.id));
    expect(family.map((player) => player.name).sort()).toEqual(['Eli', 'Maya']);
    const today = localDateKey(NOW, account!.timeZone);
    const yesterday = localDateKey(new Date(NOW.getTime() - 86_400_000), account!.timeZone);
    for (const player of family) {
      const sessions = await db
        .select()
        .from(playSessions)
        .where(eq(playSessions.playerId, player.id))
        .orderBy(desc(playSessions.periodDatetime));
      const days = sessions.map((session) => localDateKey(session.periodDatetime, account!.timeZone));
      expect(days.filter((day) => day >= weekStart).length, player.name).toBeGreaterThan(0);
      expect([today, yesterday], player.name).toContain(days[0]);
      expect(days, player.name).toContain(today);
    }
    // Never in the future: every session of every player ends at least 10 minutes before NOW, and
    // a session of today starts no earlier than 07:00 local time.
    const latestEnd = await db
      .select({
        end: sql<string>`max(${playSessions.periodDatetime} + ${playSessions.secondsPlayed} * interval '1 second')`,
      })
      .from(playSessions);
    expect(new Date(latestEnd[0]!.end).getTime()).toBeLessThanOrEqual(NOW.getTime() - 10 * 60_000);
    const early = await db.execute(sql`
      select count(*)::int as n from play_sessions s join accounts a on a.id = s.account_id
       where (s.period_datetime at time zone a.time_zone)::time < time '07:00'`);
    expect(rowsOf<{ n: number }>(early)[0]!.n).toBe(0);
  });

  it('pastdue@example.com is past due after a failed renewal: a FAILED invoice with its reason and the history row', async () => {
    const { db } = database;
    const [parent] = await db.select().from(users).where(eq(users.email, 'pastdue@example.com'));
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, parent!.accountId!));
    expect(subscription).toMatchObject({ status: 'PAST_DUE', renewalAttempts: 1 });
    // The renewal failed six hours ago: the first retry (a day after) is still ahead.
    expect(subscription!.currentPeriodEnd).toEqual(new Date(NOW.getTime() - 6 * 3_600_000));
    // The family's e-mail of the failure, with a live signed link to the card form.
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, parent!.id), eq(emailOutbox.subject, 'We could not charge your card')));
    expect(mail!.textBody).toContain('We will try again on');
    const token = /\/update-card\?o=([\w-]+)/.exec(mail!.textBody)![1]!;
    expect(mail!.secrets).toEqual([token]);
    const links = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, parent!.id));
    expect(links).toEqual([
      expect.objectContaining({
        purpose: 'card_update',
        usedAt: null,
        expiresAt: new Date(NOW.getTime() + 7 * 86_400_000),
      }),
    ]);
    const failed = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.accountId, parent!.accountId!), eq(invoices.status, 'FAILED')));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.description).toContain(`payment failed: ${CARD_DECLINED}`);
    expect(failed[0]!.periodStart).toEqual(subscription!.currentPeriodEnd);
    expect(failed[0]!.cardLabel).toBe('Visa •••• 0341');
    const history = await db
      .select()
      .from(subscriptionActions)
      .where(eq(subscriptionActions.subscriptionId, subscription!.id))
      .orderBy(asc(subscriptionActions.id));
    expect(history.at(-1)).toMatchObject({
      action: 'renewal_failed',
      fromStatus: 'ACTIVE',
      toStatus: 'PAST_DUE',
      reason: CARD_DECLINED,
    });
  });

  it('the Spanish-speaking family chose Spanish and got last Monday’s weekly summary in Spanish', async () => {
    const { db } = database;
    const [parent] = await db.select().from(users).where(eq(users.email, 'familia@example.com'));
    expect(parent!.language).toBe('es');
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, parent!.id), eq(emailOutbox.template, 'weekly_digest')));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    // NOW is a Monday before the digest's hour on the West Coast: the one of the Monday before.
    expect(mail!.sentAt).toEqual(new Date('2026-02-23T17:00:00Z'));
    expect(mail!.subject).toBe('La semana de su familia en Grove: del 02-16-2026 al 02-22-2026');
    expect(mail!.textBody).toContain('Hola, Lucía:');
    expect(mail!.textBody).toMatch(/Mateo jugó \d+ de 45 minutos/);
    expect(mail!.textBody).not.toMatch(/\b(played|minutes|the goal|last week)\b/);
  });

  it('the demo coach has a family that stopped playing 10+ days ago (her caseload’s first row)', async () => {
    const { db } = database;
    const [casey] = await db.select().from(users).where(eq(users.email, 'coach@example.com'));
    const lastPlays = await db
      .select({
        accountId: playSessions.accountId,
        last: sql<number>`extract(epoch from max(${playSessions.periodDatetime}))::float8`,
      })
      .from(playSessions)
      .innerJoin(accounts, eq(accounts.id, playSessions.accountId))
      .where(eq(accounts.coachUserId, casey!.id))
      .groupBy(playSessions.accountId);
    const stopped = lastPlays.filter((row) => NOW.getTime() - Number(row.last) * 1000 >= 10 * 86_400_000);
    expect(stopped.length).toBeGreaterThan(0);
  });

  it('every seeded name, e-mail, phone and address passes the rules of the forms', async () => {
    const problems: string[] = [];
    const check = (what: string, rule: FieldRule, value: string, values?: Record<string, string>) => {
      const issue = rule(value, values);
      if (issue?.severity === 'error') problems.push(`${what} ${JSON.stringify(value)}: ${issue.message}`);
    };
    const people = await database.db.select().from(users);
    for (const person of people) {
      check('first_name', validateName, person.firstName);
      check('last_name', validateName, person.lastName);
      check('email', validateEmail, person.email);
      check('country', validateCountry, person.country);
      // Whoever can sign in (and so save the profile form) has a valid phone of their country, digits only.
      if (person.passwordHash !== null || person.phonenumber !== '') {
        check(`phonenumber of ${person.email}`, validatePhone, person.phonenumber, { country: person.country });
        if (normalizePhoneDigits(person.phonenumber) !== person.phonenumber)
          problems.push(`phonenumber of ${person.email} ${JSON.stringify(person.phonenumber)}: not digits only`);
      }
    }
    expect(people.filter((p) => p.passwordHash !== null).length).toBeGreaterThan(ACCOUNTS);
    for (const row of await database.db.select().from(userShipping)) {
      const values = { country: row.country };
      check('address_1', validateAddress, row.address1);
      check('address_2', validateAddressOptional, row.address2);
      check('city', validateCity, row.city);
      check('state', validateState, row.state, values);
      check('zipcode', validateZipcode, row.zipcode, values);
      check('country', validateCountry, row.country);
    }
    for (const order of await database.db.select().from(orders)) {
      check('order email', validateEmail, order.email);
      check('order first_name', validateName, order.firstName);
      check('order last_name', validateName, order.lastName);
      check('order phonenumber', validatePhone, order.phonenumber, { country: order.country });
      const s = order.shipping;
      check('order address_1', validateAddress, s.address_1);
      check('order city', validateCity, s.city);
      check('order state', validateState, s.state, { country: s.country });
      check('order zipcode', validateZipcode, s.zipcode, { country: s.country });
    }
    expect(problems).toEqual([]);
  });
});

describe('a database half-seeded by an earlier version (rows without the done mark)', () => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  /** What the seed of an earlier version wrote first, before it was interrupted. */
  async function halfSeed(db: Db) {
    const [staff] = await db
      .insert(users)
      .values({ email: 'staff@example.com', firstName: 'Sam', lastName: 'Rivera', isStaff: true })
      .returning();
    const [account] = await db.insert(accounts).values({}).returning();
    await db
      .insert(users)
      .values({ email: 'parent@example.com', firstName: 'Jordan', lastName: 'Parker', accountId: account!.id });
    await db.insert(players).values({ accountId: account!.id, name: 'Maya' });
    return staff!;
  }

  it('is detected and finished when nobody has used it', async () => {
    database = await openTestDatabase();
    await halfSeed(database.db);
    expect(await seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW })).toEqual({
      seeded: true,
      accounts: ACCOUNTS,
    });
    await expectFinishedWorld(database);
  }, 120_000);

  it('is left alone, with a message saying why, when someone has signed in to it', async () => {
    database = await openTestDatabase();
    const staff = await halfSeed(database.db);
    await database.db.insert(authSessions).values({ userId: staff.id, clientId: 'grove-web' });
    await expect(seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW })).rejects.toThrow(
      /holds part of the demo data .* but has been used/,
    );
    expect(await countOf(database.db, users)).toBe(2);
    expect(await isSeeded(database.db)).toBe(false);
  });

  it('two seeds at once add the demo world once', async () => {
    database = await openTestDatabase();
    const results = await Promise.all([
      seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW }),
      seedDemoData(database.db, { accounts: ACCOUNTS, now: NOW }),
    ]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(await countOf(database.db, accounts)).toBe(ACCOUNTS);
    const [mark] = await database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seed'));
    expect(mark!.value).toMatchObject({ accounts: ACCOUNTS });
  }, 120_000);
});

// A real process killed while it seeds a PGlite data directory (`npm run seed`), then run again.
describe.skipIf(process.env.TEST_DATABASE_URL)('npm run seed killed midway (SIGKILL)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-seed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Runs the seed CLI; `killWhen` (a line of its output) sends SIGKILL when seen. */
  function runSeed(killWhen?: RegExp) {
    return new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/db/seed/cli.ts', '--accounts', String(ACCOUNTS)],
        {
          cwd: ROOT_DIR,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'test' },
        },
      );
      let output = '';
      const onData = (chunk: string) => {
        output += chunk;
        if (killWhen?.test(output)) child.kill('SIGKILL');
      };
      child.stdout.setEncoding('utf8').on('data', onData);
      child.stderr.setEncoding('utf8').on('data', onData);
      child.on('close', (code, signal) => resolve({ code, signal, output }));
    });
  }

  it('the next run finishes the seed: counts right, demo logins work', async () => {
    // Killed once the accounts are written, while the play data is being generated.
    const killed = await runSeed(/seeded \d+ accounts and \d+ players/);
    expect(killed.signal).toBe('SIGKILL');

    const again = await runSeed();
    expect(again.output).toContain(`Seeded ${ACCOUNTS} accounts`);
    expect(again.code).toBe(0);

    const database = await openDatabase({ dataDir: dir });
    try {
      await expectFinishedWorld(database);
      // Exactly one demo world: no account was written twice.
      expect(await countOf(database.db, users, eq(users.email, 'parent@example.com'))).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
