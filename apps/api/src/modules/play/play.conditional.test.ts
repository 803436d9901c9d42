/**
 * Conditional play reads across two server instances on one database: a tag one instance gave is
 * answered 304 by the other until the player's play changes (an upload through the first), its
 * details change, or the family's day turns; every play read carries the tag.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { accounts, players } from '../../db/schema/index.ts';
import type { App } from '../../lib/types.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { familyWithDevice, session, upload } from '../game/game.test-support.ts';
import { matchesTag } from './play.conditional.ts';

let t: TestContext;
let second: App;
beforeAll(async () => {
  t = await createTestContext();
  second = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' }),
    t.database,
    { logger: false },
  );
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const read = (app: App, url: string, headers: Record<string, string>, etag?: string) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) } });

describe('conditional play reads', () => {
  it('answer 304 on another instance until an upload, a rename or a time-zone change', async () => {
    const { parent, token, player } = await familyWithDevice(t, ['Ada Tag']);
    const url = `/api/v1/dashboard/player/${player.id}/overview/`;
    expect((await upload(t, token, { sessions: [session(player.id, 90)] })).statusCode).toBe(200);

    const first = await read(t.app, url, parent.headers);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json().totals.sessions).toBe(1);

    const again = await read(second, url, parent.headers, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // An upload through the first instance: the second answers the new play and a new tag.
    expect((await upload(t, token, { sessions: [session(player.id, 30)] })).statusCode).toBe(200);
    const changed = await read(second, url, parent.headers, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().totals.sessions).toBe(2);
    const etag2 = changed.headers.etag as string;
    expect(etag2).not.toBe(etag);
    expect((await read(t.app, url, parent.headers, etag2)).statusCode).toBe(304);

    // The player's name is in the overview: a rename changes the tag.
    await t.db.update(players).set({ name: 'Ada Renamed' }).where(eq(players.id, player.id));
    const renamed = await read(second, url, parent.headers, etag2);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Ada Renamed');

    // A new time zone moves the local days (and rebuilds the rollups): the tag changes.
    const etag3 = renamed.headers.etag as string;
    await t.db.update(accounts).set({ timeZone: 'Asia/Tokyo' }).where(eq(accounts.id, parent.account.id));
    const moved = await read(t.app, url, parent.headers, etag3);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().time_zone).toBe('Asia/Tokyo');
  });

  it('tag every play read, check access before answering 304, and leave other reads alone', async () => {
    const { parent, token, player } = await familyWithDevice(t, ['Ben Tag']);
    expect((await upload(t, token, { sessions: [session(player.id, 60)] })).statusCode).toBe(200);
    const urls = [
      `/api/v2/player/${player.id}/activity/?time_frame=3Mos`,
      `/api/v2/player/${player.id}/activity/weekly/?time_frame=all`,
      `/api/v2/player/${player.id}/hr_rises/?page=1&page_size=1000`,
      `/api/v2/player/${player.id}/cool_downs/`,
      `/api/v2/player/${player.id}/cooldown_events/`,
    ];
    const stranger = (await familyWithDevice(t, ['Cy Stranger'])).parent;
    for (const url of urls) {
      const first = await read(t.app, url, parent.headers);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toBeTruthy();
      expect((await read(second, url, parent.headers, etag)).statusCode, url).toBe(304);
      // Someone else's tag is no key: access is checked before the tag.
      expect((await read(second, url, stranger.headers, etag)).statusCode, url).toBe(404);
      expect((await read(second, url, {}, etag)).statusCode, url).toBe(401);
    }
    const info = await read(t.app, '/api/v2/user/info/', parent.headers);
    expect(info.headers.etag).toBeUndefined();
  });

  it('compares entity tags weakly, in lists and with *', () => {
    expect(matchesTag('"a.1"', '"a.1"')).toBe(true);
    expect(matchesTag('W/"a.1"', '"a.1"')).toBe(true);
    expect(matchesTag('"x", "a.1"', '"a.1"')).toBe(true);
    expect(matchesTag('*', '"a.1"')).toBe(true);
    expect(matchesTag('"a.2"', '"a.1"')).toBe(false);
    expect(matchesTag(undefined, '"a.1"')).toBe(false);
  });
});
