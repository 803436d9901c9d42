/**
 * Concurrent uploads (issue 16, test 3): twenty copies of one upload store the session once, and
 * two overlapping sessions of one player sent at the same time store only one. On PostgreSQL the
 * requests really run at once (a pool of connections); the player's row lock makes them take turns.
 */
import { PLAY_MESSAGES } from '@grove/domain/play-plausibility';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
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
});
