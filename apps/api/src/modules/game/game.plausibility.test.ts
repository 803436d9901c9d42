/**
 * The upload refuses bad numbers and implausible play session by session (issue 16, defects 2 and
 * 7), keeps the good sessions of the same upload, and takes the largest upload its documented
 * limits allow, while a larger body answers 413 (docs/decisions/0031-game-upload-limits.md).
 */
import { INT4_MAX } from '@grove/domain/api/common';
import { INGEST, largestUploadBytes, UPLOAD_MESSAGES } from '@grove/domain/api/game';
import { PLAY_MESSAGES } from '@grove/domain/play-plausibility';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { players } from '../../db/schema/index.ts';
import { counts, familyWithDevice, MIN, session, upload } from './game.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const HOUR = 60 * MIN;
/** A whole minute well in the past: sessions laid out from it touch or overlap exactly. */
const BASE = Math.floor((Date.now() - 48 * HOUR) / MIN) * MIN;

let ids = 0;
/** A session without rows from `startMs`, lasting `seconds`, with `acorns`. */
const played = (playerId: number, startMs: number, seconds: number, acorns = 0) => ({
  game_session_id: `played-${ids++}`,
  player_id: playerId,
  period_datetime: new Date(startMs).toISOString(),
  seconds_played: seconds,
  acorns_earned: acorns,
});

describe('numbers past their column’s range', () => {
  it('are refused per session with a reason, never a 500, and the good sessions are stored', async () => {
    const { token, player } = await familyWithDevice(t);
    const good = session(player.id, 600);
    const start = new Date(BASE).toISOString();
    const cases: [Record<string, unknown>, string[]][] = [
      [played(player.id, BASE, 600, 2 ** 31), [`acorns_earned: At most ${INT4_MAX}.`]],
      [played(player.id, BASE, 600, 5e15), [`acorns_earned: At most ${INT4_MAX}.`]],
      [played(player.id, BASE, 2 ** 31), [`seconds_played: At most ${INT4_MAX} seconds.`]],
      [{ ...played(player.id, BASE, 60), player_id: 2 ** 31 }, [`player_id: Must be between 1 and ${INT4_MAX}.`]],
      [
        { ...played(player.id, BASE, 60), hr_rises: [{ occurred_at: start, start_bpm: 40_000, peak_bpm: 90 }] },
        ['hr_rises.0.start_bpm: Must be between 30 and 250 bpm.'],
      ],
      [
        { ...played(player.id, BASE, 60), cooldown_events: [{ occurred_at: start, event_type: 'started', bpm: -1 }] },
        ['cooldown_events.0.bpm: Must be between 30 and 250 bpm.'],
      ],
      [
        { ...played(player.id, BASE, 60), period_datetime: '2026-01-05T16:30:00.12345678901234567890Z' },
        [`period_datetime: At most ${INGEST.maxInstantLength} characters.`],
      ],
    ];
    const nul = { ...played(player.id, BASE, 60), game_session_id: 'bad\u0000id' };
    const res = await upload(t, token, { sessions: [good, ...cases.map(([s]) => s), nul] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toEqual([good.game_session_id]);
    expect(body.rejected).toEqual([
      ...cases.map(([s, reasons], i) => ({ index: i + 1, game_session_id: s.game_session_id, reasons })),
      {
        index: cases.length + 1,
        game_session_id: expect.any(String),
        reasons: [expect.stringMatching(/^game_session_id: /)],
      },
    ]);
    expect(await counts(t, player.id)).toEqual({ sessions: 1, rises: 2, coolDowns: 1, events: 2, acorns: 12 });
  });

  it('refuses acorns that would take the player’s balance past its column, and stores the rest', async () => {
    const { token, player } = await familyWithDevice(t);
    await t.db
      .update(players)
      .set({ acorns: INT4_MAX - 15 })
      .where(eq(players.id, player.id));
    const first = played(player.id, BASE, 600, 10);
    const over = played(player.id, BASE + HOUR, 600, 10);
    const fits = played(player.id, BASE + 2 * HOUR, 600, 5);
    const res = await upload(t, token, { sessions: [first, over, fits] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: [first.game_session_id, fits.game_session_id].sort(),
      duplicates: [],
      rejected: [{ index: 1, game_session_id: over.game_session_id, reasons: [PLAY_MESSAGES.balanceOverflow] }],
    });
    expect((await counts(t, player.id)).acorns).toBe(INT4_MAX);
  });
});

describe('implausible play', () => {
  it('refuses the break-in test’s 500 sessions of 6 hours and 5 million acorns, saying which rules', async () => {
    const { token, player } = await familyWithDevice(t);
    const sessions = Array.from({ length: 500 }, (_, i) => played(player.id, BASE - i * 6 * HOUR, 6 * 3600, 10_000));
    const res = await upload(t, token, { sessions });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toEqual([]);
    expect(body.rejected).toHaveLength(500);
    expect(body.rejected[0].reasons).toEqual([
      'seconds_played: Longer than a game session runs (at most 7200 seconds, 2 hours).',
      'acorns_earned: More than a session of 360 minutes can earn (at most 3600: 10 a minute).',
    ]);
    expect(new Set(body.rejected.map((r: { reasons: string[] }) => JSON.stringify(r.reasons))).size).toBe(1);
    expect(await counts(t, player.id)).toEqual({ sessions: 0, rises: 0, coolDowns: 0, events: 0, acorns: 0 });
  });

  it('refuses sessions too long, in the future, or richer than their minutes, each with its rule', async () => {
    const { token, player } = await familyWithDevice(t);
    const longest = played(player.id, BASE, INGEST.maxSessionSeconds, 0);
    const richest = played(player.id, BASE + 3 * HOUR, 600, 10 * INGEST.maxAcornsPerMinute);
    const cases: [Record<string, unknown>, string[]][] = [
      [played(player.id, BASE + 5 * HOUR, INGEST.maxSessionSeconds + 1), [PLAY_MESSAGES.tooLong]],
      [played(player.id, Date.now() + INGEST.clockSkewMs + 10 * MIN, 60), [PLAY_MESSAGES.future]],
      [played(player.id, Date.now() - 10 * MIN, 1200), [PLAY_MESSAGES.endsInFuture]],
      [
        played(player.id, BASE + 8 * HOUR, 600, 10 * INGEST.maxAcornsPerMinute + 1),
        ['acorns_earned: More than a session of 10 minutes can earn (at most 100: 10 a minute).'],
      ],
      [
        played(player.id, BASE + 9 * HOUR, 0, 1),
        ['acorns_earned: More than a session of 0 minutes can earn (at most 0: 10 a minute).'],
      ],
    ];
    const res = await upload(t, token, { sessions: [longest, richest, ...cases.map(([s]) => s)] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: [longest.game_session_id, richest.game_session_id].sort(),
      duplicates: [],
      rejected: cases.map(([s, reasons], i) => ({ index: i + 2, game_session_id: s.game_session_id, reasons })),
    });
    expect(await counts(t, player.id)).toMatchObject({ sessions: 2, acorns: 100 });
  });

  it('refuses a session overlapping another of the same player, stored or earlier in the upload', async () => {
    const { token, player, parent } = await familyWithDevice(t, ['Ada', 'Bo']);
    const sibling = parent.players[1]!;
    const stored = played(player.id, BASE, 1800, 30);
    expect((await upload(t, token, { sessions: [stored] })).json().accepted).toEqual([stored.game_session_id]);

    const inside = played(player.id, BASE + 10 * MIN, 600, 10);
    const across = played(player.id, BASE - 10 * MIN, 3600, 10);
    const touching = played(player.id, BASE + 30 * MIN, 1200, 20); // starts as `stored` ends
    const overlapsTouching = played(player.id, BASE + 45 * MIN, 1200, 20);
    const siblingSameTime = played(sibling.id, BASE, 1800, 30); // another player may play at the same time
    const retry = { ...stored }; // the same session again is a duplicate, not an overlap
    const insideAgain = { ...inside }; // a later copy shares the first copy's fate
    const res = await upload(t, token, {
      sessions: [inside, across, touching, overlapsTouching, siblingSameTime, retry, insideAgain],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: [touching.game_session_id, siblingSameTime.game_session_id].sort(),
      duplicates: [stored.game_session_id],
      rejected: [
        {
          index: 0,
          game_session_id: inside.game_session_id,
          reasons: [PLAY_MESSAGES.overlapsStored(stored.game_session_id)],
        },
        {
          index: 1,
          game_session_id: across.game_session_id,
          reasons: [PLAY_MESSAGES.overlapsStored(stored.game_session_id)],
        },
        {
          index: 3,
          game_session_id: overlapsTouching.game_session_id,
          reasons: [PLAY_MESSAGES.overlapsUpload(2, touching.game_session_id)],
        },
        {
          index: 6,
          game_session_id: inside.game_session_id,
          reasons: [PLAY_MESSAGES.overlapsStored(stored.game_session_id)],
        },
      ],
    });
    expect(res.json().rejected[2].reasons).toEqual([
      `period_datetime: Overlaps session ${touching.game_session_id} of the same player, earlier in this upload (index 2).`,
    ]);
    expect(await counts(t, player.id)).toMatchObject({ sessions: 2, acorns: 50 });
    expect(await counts(t, sibling.id)).toMatchObject({ sessions: 1, acorns: 30 });
  });
});

describe('upload size', () => {
  /** The largest upload the limits allow, as compact JSON: what the body limit was computed from. */
  function largestUpload() {
    const instant = '2026-01-05T16:30:00.123456789+05:30';
    expect(instant).toHaveLength(INGEST.maxInstantLength);
    const escapedId = '\\ud83c\\udf30'.repeat(INGEST.maxSessionIdLength);
    const rowsPerSession = INGEST.maxRowsPerList;
    const full = INGEST.maxRowsPerUpload / rowsPerSession;
    const coolDown = { started_at: instant, ended_at: instant, start_bpm: INGEST.maxBpm, end_bpm: INGEST.maxBpm };
    const sessions = Array.from({ length: INGEST.maxSessionsPerBatch }, (_, i) => ({
      game_session_id: 'ID',
      player_id: INT4_MAX,
      period_datetime: instant,
      seconds_played: INT4_MAX,
      acorns_earned: INT4_MAX,
      hr_rises: [],
      cool_downs: i < full ? Array.from({ length: rowsPerSession }, () => coolDown) : [],
      cooldown_events: [],
    }));
    return JSON.stringify({ sessions }).replaceAll('"ID"', `"${escapedId}"`);
  }

  it('takes the largest upload the documented limits allow, above the server’s 1 MiB default', async () => {
    const { token } = await familyWithDevice(t);
    const body = largestUpload();
    expect(body.length).toBe(largestUploadBytes());
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect(body.length).toBeLessThanOrEqual(INGEST.maxBodyBytes);
    const res = await upload(t, token, body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.rejected).toHaveLength(INGEST.maxSessionsPerBatch);
    expect(answer.rejected[0]).toEqual({
      index: 0,
      game_session_id: '\u{1F330}'.repeat(INGEST.maxSessionIdLength),
      reasons: [PLAY_MESSAGES.tooLong, PLAY_MESSAGES.tooManyAcorns(INT4_MAX)],
    });
  });

  it('answers 413 with a message for a body over the route’s limit, and stores nothing', async () => {
    const { token, player } = await familyWithDevice(t);
    const json = JSON.stringify({ sessions: [session(player.id)] });
    const body = json + ' '.repeat(INGEST.maxBodyBytes + 1 - json.length);
    expect(body.length).toBe(INGEST.maxBodyBytes + 1);
    const res = await upload(t, token, body);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toEqual(expect.any(String));
    expect(res.json().detail.length).toBeGreaterThan(0);
    expect((await counts(t, player.id)).sessions).toBe(0);
    // The same session in a body just under the limit is stored.
    expect((await upload(t, token, body.slice(0, -1))).json().accepted).toHaveLength(1);
  });

  it('answers 400 for more rows in all than an upload takes, and stores nothing', async () => {
    const { token, player } = await familyWithDevice(t);
    const start = BASE - 100 * HOUR;
    const perSession = INGEST.maxRowsPerList;
    const sessions = Array.from({ length: INGEST.maxRowsPerUpload / perSession + 1 }, (_, i) => ({
      ...played(player.id, start + i * HOUR, 1200),
      cooldown_events: Array.from({ length: perSession }, () => ({
        occurred_at: new Date(start + i * HOUR).toISOString(),
        event_type: 'prompted',
      })),
    }));
    const res = await upload(t, token, { sessions });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ sessions: [UPLOAD_MESSAGES.tooManyRows] });
    expect((await counts(t, player.id)).sessions).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('documents every rule of the upload, its limits and its answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/game/sessions']?.post ?? doc.paths['/api/v1/game/sessions/']?.post;
    const text = op.description as string;
    for (const rule of [
      `Up to ${INGEST.maxSessionsPerBatch} sessions`,
      `${INGEST.maxRowsPerList} rows`,
      `at most ${INGEST.maxRowsPerUpload} rows in all`,
      `${INGEST.maxBodyBytes} bytes`,
      '413',
      'Idempotent',
      'stored whole',
      `more than ${INGEST.maxSessionSeconds} seconds (2 hours)`,
      `more than ${INGEST.maxAcornsPerMinute} acorns per started minute`,
      `past ${INT4_MAX}`,
      'overlaps another session of the same player',
      'earlier in the same upload',
      'in the future',
      'before 2015-01-01',
      'not on the device',
      `${INGEST.minBpm}–${INGEST.maxBpm}`,
      'a cooldown ends',
      'a peak is below its start',
    ])
      expect(text).toContain(rule);
    const answer = op.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(['accepted', 'duplicates', 'rejected']);
    expect(Object.keys(answer.properties.rejected.items.properties)).toEqual(['index', 'game_session_id', 'reasons']);
    const session = op.requestBody.content['application/json'].schema.properties.sessions.items;
    expect(session.properties.acorns_earned.maximum).toBe(INT4_MAX);
    expect(session.properties.hr_rises.maxItems).toBe(INGEST.maxRowsPerList);
  });
});
