/**
 * The CLI against the real API, listening on 127.0.0.1 over a fresh PGlite database of its own:
 * pair (a parent approves the code through the parent API), settings, play a fortnight, the
 * dashboard's minutes this week, a second run (duplicates only), a profile made on the tablet,
 * and a revoked token. The CLI talks HTTP only; the test uses the API's own helpers for the parent.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { accounts } from '../../api/src/db/schema/index.ts';
import { seedEssentials } from '../../api/src/db/seed/index.ts';
import type { App } from '../../api/src/lib/types.ts';
import { createParent } from '../../api/test/factories.ts';
import { main, type Io } from '../src/cli.ts';
import { NOT_CONNECTED } from '../src/http.ts';

const TIME_ZONE = 'America/Los_Angeles';

let database: Database;
let app: App;
let url: string;
let dir: string;
let deviceFile: string;
let parent: Awaited<ReturnType<typeof createParent>>;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  await seedEssentials(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '.tmp/no-web' });
  app = await buildApp(config, database, { logger: false });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'grove-game-it-'));
  deviceFile = path.join(dir, 'tablet.json');
  parent = await createParent(database.db, { players: ['Ada'] });
  await database.db.update(accounts).set({ timeZone: TIME_ZONE }).where(eq(accounts.id, parent.account.id));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

function cli(now?: Date) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: {},
    cwd: dir,
    ...(now ? { now: () => now } : {}),
  };
  const run = (...args: string[]) => main([...args, '--server', url, '--device-file', deviceFile], io);
  return { out, err, run, text: () => out.join('\n') };
}

async function until<T>(find: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const summary = (text: string) => {
  const match = /Accepted: (\d+)\. Duplicates \(already in Grove\): (\d+)\. Rejected: (\d+)\./.exec(text);
  const week = /This week \(from Monday (\S+)\): (\d+) minutes/.exec(text);
  if (!match || !week) throw new Error(`no summary in:\n${text}`);
  return {
    accepted: Number(match[1]),
    duplicates: Number(match[2]),
    rejected: Number(match[3]),
    weekStart: week[1],
    minutes: Number(week[2]),
  };
};

describe('npm run game against the real API', () => {
  let deviceId: number;
  const now = new Date();

  it('pairs: shows the code, a parent approves it in Grove, the token lands in the device file', async () => {
    const tablet = cli();
    const pairing = tablet.run('pair', '--name', 'Kitchen tablet');
    const userCode = await until(() => /\b([B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4})\b/.exec(tablet.text())?.[1]);
    expect(tablet.text()).toMatch(/https?:\/\/\S+/);

    const approve = await app.inject({
      method: 'POST',
      url: `/api/v2/user/accounts/${parent.account.id}/devices/pair`,
      headers: parent.headers,
      payload: { user_code: userCode, name: 'Living room tablet' },
    });
    expect(approve.statusCode, approve.body).toBe(201);
    deviceId = approve.json().id;

    expect(await pairing).toBe(0);
    expect(tablet.err).toEqual([]);
    expect(tablet.text()).toContain(`Connected as Living room tablet to account ${parent.account.id}`);
    expect((await fs.stat(deviceFile)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await fs.readFile(deviceFile, 'utf8'));
    expect(saved).toMatchObject({ server: url, device_id: deviceId, account_id: parent.account.id });
  });

  it('settings: the device name, kiosk mode, account and the family’s time zone', async () => {
    const tablet = cli();
    expect(await tablet.run('settings')).toBe(0);
    expect(tablet.text()).toContain('Living room tablet');
    expect(tablet.text()).toMatch(/Kiosk mode: off/);
    expect(tablet.text()).toMatch(new RegExp(`Account: +${parent.account.id}`));
    expect(tablet.text()).toMatch(new RegExp(`Time zone: +${TIME_ZONE}`));
  });

  it('play uploads a fortnight; the dashboard shows this week’s minutes', async () => {
    const tablet = cli(now);
    expect(await tablet.run('play', '--player', 'ada', '--days', '14')).toBe(0);
    const first = summary(tablet.text());
    expect(first.accepted).toBeGreaterThanOrEqual(4);
    expect(first.duplicates).toBe(0);
    expect(first.rejected).toBe(0);

    const player = parent.players[0]!;
    const overview = await app.inject({
      method: 'GET',
      url: `/api/v1/dashboard/player/${player.id}/overview`,
      headers: parent.headers,
    });
    expect(overview.statusCode, overview.body).toBe(200);
    const body = overview.json();
    expect(body.time_zone).toBe(TIME_ZONE);
    expect(body.totals.sessions).toBe(first.accepted);
    expect(body.this_week.week_start).toBe(first.weekStart);
    expect(body.this_week.minutes).toBe(first.minutes);
  });

  it('a second run gives duplicates only', async () => {
    const tablet = cli(now);
    expect(await tablet.run('play', '--player', 'Ada', '--days', '14')).toBe(0);
    const second = summary(tablet.text());
    expect(second.accepted).toBe(0);
    expect(second.rejected).toBe(0);
    expect(second.duplicates).toBeGreaterThanOrEqual(4);
  });

  it('a child’s new profile waits for a parent', async () => {
    const tablet = cli(now);
    expect(await tablet.run('play', '--player', 'Zoe')).toBe(1);
    expect(tablet.err.join('\n')).toMatch(/No player named Zoe.*--create/);

    const create = cli(now);
    expect(await create.run('play', '--player', 'Zoe', '--create')).toBe(0);
    expect(create.text()).toMatch(/Made the profile Zoe.*A parent must complete it in Grove/);

    const again = cli(now);
    expect(await again.run('play', '--player', 'zoe')).toBe(1);
    expect(again.text()).toMatch(/Zoe's profile .*a parent must complete it in Grove/);
  });

  it('a revoked token: one line, run pair again', async () => {
    const revoke = await app.inject({
      method: 'POST',
      url: `/api/v2/user/accounts/${parent.account.id}/devices/${deviceId}/revoke_token`,
      headers: parent.headers,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const tablet = cli();
    expect(await tablet.run('settings')).toBe(1);
    expect(tablet.err).toEqual([NOT_CONNECTED]);
  });

  it('an unreachable server: one line', async () => {
    const tablet = cli();
    const code = await main(['settings', '--server', 'http://127.0.0.1:9', '--device-file', deviceFile], {
      out: (line) => tablet.out.push(line),
      err: (line) => tablet.err.push(line),
      env: {},
      cwd: dir,
    });
    expect(code).toBe(1);
    expect(tablet.err).toHaveLength(1);
    expect(tablet.err[0]).toMatch(/Could not reach Grove at http:\/\/127\.0\.0\.1:9/);
  });
});
