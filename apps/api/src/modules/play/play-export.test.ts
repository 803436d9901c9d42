import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, playSessions, players } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { csvField, fileSlug, toCsv } from './play-export.service.ts';

/**
 * A fixed clock: the file name carries today's date in the account's time zone, which the test
 * would otherwise compute a moment apart from the server (and differently around midnight).
 * 03:30 UTC on 25 November 2026 is still 24 November in New York.
 */
const NOW = new Date('2026-11-25T03:30:00Z');

let t: TestContext;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const HEADER =
  'Date,Start time,Time zone,Minutes played,Seconds played,Heart-rate rises,Cooldowns,Average cooldown (seconds),Acorns earned';
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

let sessionCounter = 0;
async function addSession(
  accountId: number,
  playerId: number,
  at: string,
  seconds: number,
  extra: Partial<typeof playSessions.$inferInsert> = {},
) {
  await t.db.insert(playSessions).values({
    accountId,
    playerId,
    gameSessionId: `export-${sessionCounter++}`,
    periodDatetime: new Date(at),
    secondsPlayed: seconds,
    ...extra,
  });
}

async function family(names = ['Maya'], timeZone = 'America/New_York') {
  const parent = await createParent(t.db, { players: names });
  await t.db.update(accounts).set({ timeZone }).where(eq(accounts.id, parent.account.id));
  return parent;
}

describe('GET /api/v2/player/{id}/sessions.csv', () => {
  it('answers the sessions as a CSV attachment, oldest first, in the account time zone', async () => {
    const parent = await family(['Maya'], 'America/New_York');
    const maya = parent.players[0]!;
    // 00:16 UTC on 21 Nov is 19:16 on 20 Nov in New York (EST, UTC-5).
    await addSession(parent.account.id, maya.id, '2026-11-21T00:16:00Z', 635, {
      hrRiseCount: 2,
      coolDownCount: 2,
      coolDownSeconds: 71,
      acornsEarned: 16,
    });
    await addSession(parent.account.id, maya.id, '2026-07-04T18:05:00Z', 1799, {
      hrRiseCount: 0,
      coolDownCount: 0,
      acornsEarned: 3,
    });

    const res = await get(`/api/v2/player/${maya.id}/sessions.csv`, parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="maya-sessions-2026-11-24.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.split('\r\n')).toEqual([
      HEADER,
      // 18:05 UTC in July is 14:05 EDT; no cooldowns leaves the average empty.
      '2026-07-04,14:05,America/New_York,30,1799,0,0,,3',
      '2026-11-20,19:16,America/New_York,11,635,2,2,36,16',
      '',
    ]);
  });

  it('reads every page: more sessions than one page of 1000', async () => {
    const parent = await family(['Eli'], 'Europe/London');
    const eli = parent.players[0]!;
    const start = Date.parse('2023-01-02T16:00:00Z');
    const values = Array.from({ length: 1203 }, (_, i) => ({
      accountId: parent.account.id,
      playerId: eli.id,
      gameSessionId: `bulk-${i}`,
      periodDatetime: new Date(start + i * 8 * 3_600_000),
      secondsPlayed: 600 + i,
    }));
    for (let i = 0; i < values.length; i += 500) await t.db.insert(playSessions).values(values.slice(i, i + 500));

    const res = await get(`/api/v2/player/${eli.id}/sessions.csv`, parent.headers);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1203);
    expect(lines[1]).toBe('2023-01-02,16:00,Europe/London,10,600,0,0,,0');
    expect(lines.at(-1)).toMatch(/,1802,0,0,,0$/);
    const dates = lines.slice(1).map((line) => `${line.slice(0, 10)} ${line.slice(11, 16)}`);
    expect([...dates].sort()).toEqual(dates);
  });

  it('answers only the header row for a player without play', async () => {
    const parent = await family(['Zoe']);
    const res = await get(`/api/v2/player/${parent.players[0]!.id}/sessions.csv`, parent.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${HEADER}\r\n`);
  });

  it('lets the account coach and staff download, and hides another family’s player (404)', async () => {
    const parent = await family(['Ada']);
    const ada = parent.players[0]!;
    await addSession(parent.account.id, ada.id, '2026-10-01T20:00:00Z', 900);
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    const staff = await createStaff(t.db);
    const stranger = await family(['Bo']);
    const otherCoach = await createCoach(t.db);

    expect((await get(`/api/v2/player/${ada.id}/sessions.csv`, coach.headers)).statusCode).toBe(200);
    expect((await get(`/api/v2/player/${ada.id}/sessions.csv`, staff.headers)).statusCode).toBe(200);
    const foreign = await get(`/api/v2/player/${ada.id}/sessions.csv`, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect((await get(`/api/v2/player/${ada.id}/sessions.csv`, otherCoach.headers)).statusCode).toBe(404);
    expect((await get('/api/v2/player/999999/sessions.csv', parent.headers)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const parent = await family(['Cam']);
    const res = await get(`/api/v2/player/${parent.players[0]!.id}/sessions.csv`, {});
    expect(res.statusCode).toBe(401);
  });

  it('names the file after the player, in ASCII', async () => {
    const parent = await family(['Zoë Ann']);
    const zoe = parent.players[0]!;
    const res = await get(`/api/v2/player/${zoe.id}/sessions.csv`, parent.headers);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="zoe-ann-sessions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    await t.db.update(players).set({ name: '¡¿' }).where(eq(players.id, zoe.id));
    const unnamed = await get(`/api/v2/player/${zoe.id}/sessions.csv`, parent.headers);
    expect(unnamed.headers['content-disposition']).toContain(`filename="player-${zoe.id}-sessions-`);
  });
});

describe('CSV writing', () => {
  it('quotes fields with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@cmd,x')).toBe('"\'@cmd,x"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(
      toCsv([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n');
  });

  it('makes file names from player names', () => {
    expect(fileSlug('Maya', 'x')).toBe('maya');
    expect(fileSlug('  Émile  O’Brien ', 'x')).toBe('emile-o-brien');
    expect(fileSlug('***', 'player-7')).toBe('player-7');
  });
});
