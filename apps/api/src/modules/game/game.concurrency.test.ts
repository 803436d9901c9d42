/**
 * Concurrent uploads (issue 16, test 3): twenty copies of one upload store the session once, and
 * two overlapping sessions of one player sent at the same time store only one. On PostgreSQL the
 * requests really run at once (a pool of connections); the player's row lock makes them take turns.
 */
import { PLAY_MESSAGES } from '@grove/domain/play-plausibility';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, playSessions } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { readUploadState, writeUpload } from './game.repository.ts';
import { counts, familyWithDevice, session, upload } from './game.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const COPIES = 20;

describe('concurrent uploads', () => {
  it('twenty identical uploads of one session store it once and add its acorns once', async () => {
    const { token, player } = await familyWithDevice(t);
    const one = session(player.id, 90);
    const answers = await Promise.all(Array.from({ length: COPIES }, () => upload(t, token, { sessions: [one] })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(COPIES).fill(200));
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((b) => b.accepted.length === 1)).toHaveLength(1);
    for (const body of bodies) {
      expect(body.rejected).toEqual([]);
      expect([...body.accepted, ...body.duplicates]).toEqual([one.game_session_id]);
    }
    expect(await counts(t, player.id)).toEqual({ sessions: 1, rises: 2, coolDowns: 1, events: 2, acorns: 12 });
  });

  it('twenty identical uploads of several sessions of two players store each once', async () => {
    const { token, player, parent } = await familyWithDevice(t, ['Ada', 'Bo']);
    const sibling = parent.players[1]!;
    const batch = [
      session(player.id, 300),
      session(sibling.id, 300),
      session(player.id, 200),
      session(sibling.id, 100),
    ];
    const answers = await Promise.all(Array.from({ length: COPIES }, () => upload(t, token, { sessions: batch })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(COPIES).fill(200));
    const accepted = answers.flatMap((r) => r.json().accepted as string[]);
    expect(accepted.sort()).toEqual(batch.map((s) => s.game_session_id).sort());
    expect(await counts(t, player.id)).toMatchObject({ sessions: 2, rises: 4, acorns: 24 });
    expect(await counts(t, sibling.id)).toMatchObject({ sessions: 2, rises: 4, acorns: 24 });
  });

  it('two overlapping sessions of one player uploaded at once: exactly one is stored', async () => {
    for (let round = 0; round < 5; round++) {
      const { token, player } = await familyWithDevice(t);
      const first = session(player.id, 90);
      const second = session(player.id, 80, { acorns_earned: 7 }); // starts 10 minutes into `first`
      const [a, b] = await Promise.all([
        upload(t, token, { sessions: [first] }),
        upload(t, token, { sessions: [second] }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const answers = [a.json(), b.json()];
      const winner = answers.findIndex((answer) => answer.accepted.length === 1);
      expect(winner).toBeGreaterThanOrEqual(0);
      const [stored, refused] = winner === 0 ? [first, second] : [second, first];
      expect(answers[winner].accepted).toEqual([stored.game_session_id]);
      expect(answers[1 - winner]).toEqual({
        accepted: [],
        duplicates: [],
        rejected: [
          {
            index: 0,
            game_session_id: refused.game_session_id,
            reasons: [PLAY_MESSAGES.overlapsStored(stored.game_session_id)],
          },
        ],
      });
      expect(await counts(t, player.id)).toMatchObject({ sessions: 1, acorns: stored.acorns_earned });
    }
  });

  it('ten different sessions of one player uploaded at once are all stored, with all their acorns', async () => {
    // Each upload reads, then writes only if the player is still as read; the ones that find it
    // changed decide again with the player locked (game.service.ts), so none is lost or refused.
    const { token, player } = await familyWithDevice(t);
    const sessions = Array.from({ length: 10 }, (_, i) => session(player.id, 60 * (i + 1), { acorns_earned: i + 1 }));
    const answers = await Promise.all(sessions.map((one) => upload(t, token, { sessions: [one] })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.flatMap((r) => r.json().accepted as string[]).sort()).toEqual(
      sessions.map((s) => s.game_session_id).sort(),
    );
    expect(await counts(t, player.id)).toEqual({ sessions: 10, rises: 20, coolDowns: 10, events: 20, acorns: 55 });
  });
});

describe('the upload’s write', () => {
  it('writes nothing when a player changed since the read, and writes when it has not', async () => {
    const { device, player } = await familyWithDevice(t);
    const one = session(player.id, 90);
    const state = await readUploadState(
      t.db,
      device.accountId,
      [player.id],
      [one.game_session_id],
      new Date(0),
      new Date(),
    );
    const write = () =>
      writeUpload(t.db, {
        accountId: device.accountId,
        deviceId: device.id,
        now: new Date(),
        players: state.players,
        sessions: [
          {
            playerId: player.id,
            gameSessionId: one.game_session_id,
            periodDatetime: one.period_datetime,
            secondsPlayed: one.seconds_played,
            acornsEarned: one.acorns_earned,
            coolDownSeconds: 60,
            rises: [],
            coolDowns: [],
            events: [],
          },
        ],
      });
    // A changed balance, then a changed play version (another session stored or edited meanwhile).
    await t.db.update(players).set({ acorns: 5 }).where(eq(players.id, player.id));
    expect(await write()).toBeNull();
    await t.db
      .update(players)
      .set({ acorns: state.players.get(player.id)!.acorns })
      .where(eq(players.id, player.id));
    await t.db.update(players).set({ playVersion: 99 }).where(eq(players.id, player.id));
    expect(await write()).toBeNull();
    expect(await counts(t, player.id)).toMatchObject({ sessions: 0, acorns: 0 });
    await t.db
      .update(players)
      .set({ playVersion: state.players.get(player.id)!.playVersion })
      .where(eq(players.id, player.id));
    const inserted = await write();
    expect([...inserted!.keys()]).toEqual([one.game_session_id]);
    const [stored] = await t.db.select().from(playSessions).where(eq(playSessions.playerId, player.id));
    expect(stored).toMatchObject({ id: inserted!.get(one.game_session_id), deviceId: device.id, acornsEarned: 12 });
    expect(await counts(t, player.id)).toMatchObject({ sessions: 1, acorns: 12 });
  });
});
