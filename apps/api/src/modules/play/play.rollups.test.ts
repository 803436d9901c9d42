/**
 * The play rollups (migration 0015) against a fresh computation from the raw sessions: after any
 * sequence of uploads, edits, deletions, time-zone changes and player deletions, each player's local
 * days and weeks hold exactly what the sessions sum to, cut in the family's time zone by the
 * domain's own calendar (localDateKey, mondayOfDateKey) — not by the SQL under test.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateKey, mondayOfDateKey } from '@grove/domain';
import { accounts, playDayRollups, players, playSessions, playWeekRollups } from '../../db/schema/index.ts';
import { createParent, createPlayer } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe'];
/** Instants from 2025 to 2027, and many near the daylight-saving changes and midnights of those zones. */
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
  fc
    .constantFrom(Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 3, 5, 15))
    .chain((edge) => fc.integer({ min: edge - 6 * 3_600_000, max: edge + 6 * 3_600_000 })),
);
const sessionValues = fc.record({
  at: instant,
  seconds: fc.integer({ min: 0, max: 5400 }),
  rises: fc.integer({ min: 0, max: 30 }),
  coolDowns: fc.integer({ min: 0, max: 20 }),
  coolDownSeconds: fc.integer({ min: 0, max: 900 }),
  events: fc.integer({ min: 0, max: 40 }),
  acorns: fc.integer({ min: 0, max: 500 }),
});
const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('upload' as const),
      player: fc.nat(),
      sessions: fc.array(sessionValues, { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      pick: fc.nat(),
      every: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), values: sessionValues }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('zone' as const), account: fc.nat(), zone: fc.constantFrom(...ZONES) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('erase' as const), player: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

interface Sums {
  sessions: number;
  secondsPlayed: number;
  hrRises: number;
  coolDowns: number;
  coolDownSeconds: number;
  cooldownEvents: number;
  acornsEarned: number;
}

/** The rollups as the domain computes them from the raw sessions of `playerIds`. */
async function fromRawSessions(playerIds: number[]) {
  const rows = await t.db
    .select({
      playerId: playSessions.playerId,
      at: playSessions.periodDatetime,
      secondsPlayed: playSessions.secondsPlayed,
      hrRises: playSessions.hrRiseCount,
      coolDowns: playSessions.coolDownCount,
      coolDownSeconds: playSessions.coolDownSeconds,
      cooldownEvents: playSessions.cooldownEventCount,
      acornsEarned: playSessions.acornsEarned,
      timeZone: accounts.timeZone,
    })
    .from(playSessions)
    .innerJoin(players, eq(players.id, playSessions.playerId))
    .innerJoin(accounts, eq(accounts.id, players.accountId))
    .where(inArray(playSessions.playerId, playerIds));
  const days = new Map<string, Sums>();
  const weeks = new Map<string, Sums>();
  const add = (map: Map<string, Sums>, key: string, row: (typeof rows)[number]) => {
    const sums = map.get(key) ?? {
      sessions: 0,
      secondsPlayed: 0,
      hrRises: 0,
      coolDowns: 0,
      coolDownSeconds: 0,
      cooldownEvents: 0,
      acornsEarned: 0,
    };
    sums.sessions += 1;
    sums.secondsPlayed += row.secondsPlayed;
    sums.hrRises += row.hrRises;
    sums.coolDowns += row.coolDowns;
    sums.coolDownSeconds += row.coolDownSeconds;
    sums.cooldownEvents += row.cooldownEvents;
    sums.acornsEarned += row.acornsEarned;
    map.set(key, sums);
  };
  for (const row of rows) {
    const day = localDateKey(row.at, row.timeZone);
    add(days, `${row.playerId} ${day}`, row);
    add(weeks, `${row.playerId} ${mondayOfDateKey(day)}`, row);
  }
  return { days: Object.fromEntries(days), weeks: Object.fromEntries(weeks) };
}

/** The rollups as the database keeps them. */
async function fromRollups(playerIds: number[]) {
  const sums = (r: Sums): Sums => ({
    sessions: r.sessions,
    secondsPlayed: r.secondsPlayed,
    hrRises: r.hrRises,
    coolDowns: r.coolDowns,
    coolDownSeconds: r.coolDownSeconds,
    cooldownEvents: r.cooldownEvents,
    acornsEarned: r.acornsEarned,
  });
  const days = await t.db.select().from(playDayRollups).where(inArray(playDayRollups.playerId, playerIds));
  const weeks = await t.db.select().from(playWeekRollups).where(inArray(playWeekRollups.playerId, playerIds));
  return {
    days: Object.fromEntries(days.map((r) => [`${r.playerId} ${r.day}`, sums(r)])),
    weeks: Object.fromEntries(weeks.map((r) => [`${r.playerId} ${r.week}`, sums(r)])),
  };
}

let run = 0;
/** Two families, three players; every command lands on one of them. */
async function families() {
  const a = await createParent(t.db, { players: ['Ada One', 'Ben One'] });
  const b = await createParent(t.db, { players: ['Cy Two'] });
  return { accounts: [a.account.id, b.account.id], players: [...a.players, ...b.players].map((p) => p.id) };
}

async function apply(world: { accounts: number[]; players: number[] }, cmd: Command) {
  const live = world.players;
  switch (cmd.kind) {
    case 'upload': {
      if (live.length === 0) return;
      const playerId = live[cmd.player % live.length]!;
      const [player] = await t.db
        .select({ accountId: players.accountId })
        .from(players)
        .where(eq(players.id, playerId));
      await t.db.insert(playSessions).values(
        cmd.sessions.map((s) => ({
          accountId: player!.accountId,
          playerId,
          gameSessionId: `rollup-${run}-${Math.random()}`,
          periodDatetime: new Date(s.at),
          secondsPlayed: s.seconds,
          hrRiseCount: s.rises,
          coolDownCount: s.coolDowns,
          coolDownSeconds: s.coolDownSeconds,
          cooldownEventCount: s.events,
          acornsEarned: s.acorns,
        })),
      );
      return;
    }
    case 'delete':
      // Every n-th of the families' sessions from a starting point: one statement, several days.
      await t.db.execute(sql`
        delete from play_sessions where id in (
          select id from (select id, row_number() over (order by id) as n from play_sessions
                           where ${inArray(playSessions.playerId, live.length ? live : [-1])}) s
           where (s.n + ${cmd.pick}) % ${cmd.every} = 0)`);
      return;
    case 'edit': {
      const ids = await t.db
        .select({ id: playSessions.id })
        .from(playSessions)
        .where(inArray(playSessions.playerId, live.length ? live : [-1]));
      if (ids.length === 0) return;
      const v = cmd.values;
      await t.db
        .update(playSessions)
        .set({
          periodDatetime: new Date(v.at),
          secondsPlayed: v.seconds,
          hrRiseCount: v.rises,
          coolDownCount: v.coolDowns,
          coolDownSeconds: v.coolDownSeconds,
          cooldownEventCount: v.events,
          acornsEarned: v.acorns,
        })
        .where(eq(playSessions.id, ids[cmd.pick % ids.length]!.id));
      return;
    }
    case 'zone':
      await t.db
        .update(accounts)
        .set({ timeZone: cmd.zone })
        .where(eq(accounts.id, world.accounts[cmd.account % world.accounts.length]!));
      return;
    case 'erase': {
      if (live.length === 0) return;
      const [playerId] = live.splice(cmd.player % live.length, 1);
      await t.db.delete(players).where(eq(players.id, playerId!));
      return;
    }
  }
}

describe('play rollups', () => {
  it('equal a fresh computation from the raw sessions after random uploads, edits, deletions, zone changes and erasures', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        run += 1;
        const world = await families();
        const all = [...world.players];
        for (const cmd of commands) await apply(world, cmd);
        expect(await fromRollups(all)).toEqual(await fromRawSessions(all));
      }),
      { numRuns: 30 },
    );
  });

  it('are rebuilt from the sessions by rebuild_play_rollups (npm run rollups:rebuild)', async () => {
    const world = await families();
    await apply(world, {
      kind: 'upload',
      player: 0,
      sessions: [
        {
          at: Date.UTC(2026, 5, 1, 3),
          seconds: 600,
          rises: 2,
          coolDowns: 1,
          coolDownSeconds: 40,
          events: 3,
          acorns: 9,
        },
      ],
    });
    const expected = await fromRawSessions(world.players);
    // Rollups gone wrong (as after a bug or a manual repair): the rebuild sets them right again.
    await t.db.update(playDayRollups).set({ sessions: 99 }).where(inArray(playDayRollups.playerId, world.players));
    await t.db.delete(playWeekRollups).where(inArray(playWeekRollups.playerId, world.players));
    expect(await fromRollups(world.players)).not.toEqual(expected);
    await t.db.execute(sql`select rebuild_play_rollups(${sql.param(world.players)}::int[])`);
    expect(await fromRollups(world.players)).toEqual(expected);
  });

  it('bump the player’s data version with every change of its sessions, and no other player’s', async () => {
    const family = await createParent(t.db, { players: ['Dee Three'] });
    const other = await createPlayer(t.db, family.account.id, { name: 'Eve Three' });
    const version = async (id: number) =>
      (await t.db.select({ v: players.playVersion }).from(players).where(eq(players.id, id)))[0]!.v;
    const before = [await version(family.players[0]!.id), await version(other.id)];
    await apply(
      { accounts: [family.account.id], players: [family.players[0]!.id] },
      {
        kind: 'upload',
        player: 0,
        sessions: [
          { at: Date.UTC(2026, 6, 1), seconds: 60, rises: 0, coolDowns: 0, coolDownSeconds: 0, events: 0, acorns: 0 },
        ],
      },
    );
    expect(await version(family.players[0]!.id)).toBe(before[0]! + 1);
    expect(await version(other.id)).toBe(before[1]);
  });
});
