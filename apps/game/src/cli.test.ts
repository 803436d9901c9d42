/**
 * The CLI against a scripted server (a fake fetch): RFC 8628 polling, the device file, and the one
 * line each failure prints. test/game-cli.test.ts runs the same commands against the real API.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { main, type Io } from './cli.ts';
import { writeDeviceFile, type DeviceFile } from './device-file.ts';
import { NOT_CONNECTED } from './http.ts';

type Handler = (method: string, path: string, body: unknown, headers: Record<string, string>) => [number, unknown];

function fakeFetch(handler: Handler) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method: init?.method ?? 'GET', url: String(url), body, headers });
    const [status, answer] = handler(init?.method ?? 'GET', url.pathname, body, headers);
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'grove-game-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

function io(fetch: typeof globalThis.fetch, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const sleeps: number[] = [];
  const value: Io = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env,
    cwd: dir,
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return { io: value, out, err, sleeps };
}

const CODE = {
  device_code: 'secret-device-code',
  user_code: 'WDJBMJHT',
  verification_uri: 'http://grove.test/connect',
  verification_uri_complete: 'http://grove.test/connect?code=WDJBMJHT',
  expires_in: 600,
  interval: 5,
};
const TOKEN = {
  access_token: 'device-token',
  token_type: 'Bearer',
  device_id: 3,
  device_name: 'Living room tablet',
  account_id: 12,
};
const pending = (error: string) => [400, { error, error_description: error }] as [number, unknown];

function pairingServer(answers: [number, unknown][]) {
  return fakeFetch((method, url) => {
    if (url === '/api/v2/auth/device/code') return [200, CODE];
    if (url === '/api/v2/auth/device/token') return answers.shift() ?? pending('expired_token');
    return [404, { detail: 'Not found.' }];
  });
}

describe('pair', () => {
  it('polls every interval, 5 s longer after slow_down, and keeps the token in a 0600 file', async () => {
    const server = pairingServer([
      pending('authorization_pending'),
      pending('slow_down'),
      pending('authorization_pending'),
      [200, TOKEN],
    ]);
    const file = path.join(dir, 'paired', 'tablet.json');
    const run = io(server.fetch);
    const code = await main(
      ['pair', '--name', 'Living room tablet', '--server', 'http://grove.test/', '--device-file', file],
      run.io,
    );
    expect(run.err).toEqual([]);
    expect(code).toBe(0);
    // Before each poll: 5 s; after the slow_down (the second poll), 10 s from then on.
    expect(run.sleeps).toEqual([5000, 5000, 10_000, 10_000]);

    const [ask, ...polls] = server.calls;
    expect(ask!.url).toBe('http://grove.test/api/v2/auth/device/code');
    expect(ask!.body).toEqual({ client_id: 'grove-game', device_name: 'Living room tablet', platform: 'cli' });
    expect(polls).toHaveLength(4);
    for (const poll of polls) {
      expect(poll.body).toEqual({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: 'secret-device-code',
        client_id: 'grove-game',
      });
      expect(poll.headers.authorization).toBeUndefined();
    }

    const text = run.out.join('\n');
    expect(text).toContain('WDJB-MJHT');
    expect(text).toContain(CODE.verification_uri);
    expect(text).toContain(CODE.verification_uri_complete);
    expect(text).toContain('Connected as Living room tablet to account 12');
    const box = run.out.filter((line) => /^[┌│└]/.test(line));
    expect(new Set(box.map((line) => line.length)).size).toBe(1);

    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(saved).toMatchObject({
      server: 'http://grove.test',
      access_token: 'device-token',
      device_id: 3,
      account_id: 12,
    });
  });

  it.each([
    ['expired_token', /expired/],
    ['access_denied', /declined/],
    ['invalid_grant', /not known/],
  ])('stops on %s with one line and a non-zero exit', async (error, message) => {
    const server = pairingServer([pending('authorization_pending'), pending(error), [200, TOKEN]]);
    const file = path.join(dir, `${error}.json`);
    const run = io(server.fetch);
    expect(await main(['pair', '--server', 'http://grove.test', '--device-file', file], run.io)).toBe(1);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(message);
    expect(server.calls).toHaveLength(3);
    await expect(fs.stat(file)).rejects.toThrow();
  });

  it('reports an unknown client', async () => {
    const server = fakeFetch(() => [401, { error: 'invalid_client', error_description: 'Unknown client.' }]);
    const run = io(server.fetch);
    expect(await main(['pair', '--server', 'http://grove.test'], run.io)).toBe(1);
    expect(run.err[0]).toMatch(/Unknown client/);
  });
});

describe('a paired tablet', () => {
  const device: DeviceFile = {
    server: 'http://paired.test',
    access_token: 'device-token',
    device_id: 3,
    device_name: 'Living room tablet',
    account_id: 12,
    paired_at: '2026-01-05T16:00:00.000Z',
  };
  let file: string;
  beforeAll(async () => {
    file = path.join(dir, 'device.json');
    await writeDeviceFile(file, device);
  });

  const settings = {
    device_id: 3,
    name: 'Living room tablet',
    is_kiosk_mode: true,
    account_id: 12,
    time_zone: 'Europe/Berlin',
  };

  it('settings: prints the name, kiosk mode, account and time zone, with the device token', async () => {
    const server = fakeFetch((_, url, __, headers) =>
      url === '/api/v1/game/device/settings' && headers.authorization === 'Bearer device-token'
        ? [200, settings]
        : [401, { detail: 'Invalid Token' }],
    );
    const run = io(server.fetch);
    expect(await main(['settings', '--device-file', file], run.io)).toBe(0);
    expect(server.calls[0]!.url).toBe('http://paired.test/api/v1/game/device/settings');
    const text = run.out.join('\n');
    expect(text).toMatch(/Living room tablet/);
    expect(text).toMatch(/Kiosk mode: on/);
    expect(text).toMatch(/Account: +12/);
    expect(text).toMatch(/Time zone: +Europe\/Berlin/);
  });

  it('--server, then GROVE_URL, come before the server the tablet was paired with', async () => {
    const server = fakeFetch(() => [200, settings]);
    await main(['settings', '--device-file', file], io(server.fetch, { GROVE_URL: 'http://env.test' }).io);
    await main(
      ['settings', '--device-file', file, '--server', 'http://flag.test'],
      io(server.fetch, { GROVE_URL: 'http://env.test' }).io,
    );
    expect(server.calls.map((c) => new URL(c.url).host)).toEqual(['env.test', 'flag.test']);
  });

  it('a revoked token: one line, run pair again', async () => {
    const server = fakeFetch(() => [401, { detail: 'Invalid Token', code: 'authentication_failed' }]);
    for (const args of [['settings'], ['play', '--player', 'Ada']]) {
      const run = io(server.fetch);
      expect(await main([...args, '--device-file', file], run.io)).toBe(1);
      expect(run.err).toEqual([NOT_CONNECTED]);
    }
  });

  it('an unreachable server: one line', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    }) as typeof globalThis.fetch;
    const run = io(fetch);
    expect(await main(['settings', '--device-file', file], run.io)).toBe(1);
    expect(run.err).toEqual(['Could not reach Grove at http://paired.test (ECONNREFUSED).']);
  });

  it('not paired yet: says so', async () => {
    const run = io(fakeFetch(() => [500, {}]).fetch);
    expect(await main(['settings', '--device-file', path.join(dir, 'none.json')], run.io)).toBe(1);
    expect(run.err[0]).toMatch(/not connected yet.*run pair first/);
  });

  describe('play: finding the player', () => {
    const roster = {
      players: [{ id: 5, name: 'Ada', in_program: true }],
      incomplete_profiles: [{ id: 9, player_name: 'Milo', created_at: '2026-01-05T16:00:00Z' }],
    };
    const created: unknown[] = [];
    const server = fakeFetch((method, url, body) => {
      if (url === '/api/v1/game/device/settings') return [200, settings];
      if (url === '/api/v1/game/players' && method === 'GET') return [200, roster];
      if (url === '/api/v1/game/players' && method === 'POST') {
        created.push(body);
        return [201, { id: 10, player_name: (body as { name: string }).name, created_at: '2026-01-05T16:00:00Z' }];
      }
      if (url === '/api/v1/game/sessions') {
        const ids = (body as { sessions: { game_session_id: string }[] }).sessions.map((s) => s.game_session_id);
        return [200, { accepted: ids, duplicates: [], rejected: [] }];
      }
      return [404, {}];
    });

    it('finds a player whatever the case, and uploads', async () => {
      const run = io(server.fetch);
      expect(await main(['play', '--player', 'ada', '--days', '7', '--device-file', file], run.io)).toBe(0);
      const text = run.out.join('\n');
      expect(text).toMatch(/Accepted: \d+\. Duplicates \(already in Grove\): 0\. Rejected: 0\./);
      expect(text).toMatch(/This week \(from Monday \d{4}-\d{2}-\d{2}\): \d+ minutes/);
      const uploads = server.calls.filter((c) => c.url.endsWith('/api/v1/game/sessions'));
      expect(uploads.length).toBeGreaterThan(0);
      expect(uploads[0]!.headers.authorization).toBe('Bearer device-token');
    });

    it('an incomplete profile: a parent must complete it', async () => {
      const run = io(server.fetch);
      expect(await main(['play', '--player', 'milo', '--device-file', file], run.io)).toBe(1);
      expect(run.out.join('\n')).toMatch(/Milo's profile .* a parent must complete it in Grove/);
    });

    it('no such player: offers --create, which makes the profile for a parent to complete', async () => {
      const run = io(server.fetch);
      expect(await main(['play', '--player', 'Zoe', '--device-file', file], run.io)).toBe(1);
      expect(run.err[0]).toMatch(/No player named Zoe.*--create/);
      expect(created).toEqual([]);

      const again = io(server.fetch);
      expect(await main(['play', '--player', 'Zoe', '--create', '--device-file', file], again.io)).toBe(0);
      expect(created).toEqual([{ name: 'Zoe' }]);
      expect(again.out.join('\n')).toMatch(/Made the profile Zoe .* A parent must complete it in Grove/);
    });
  });
});

describe('usage', () => {
  it('--help for the CLI and each command', async () => {
    for (const args of [['--help'], ['pair', '--help'], ['play', '--help'], ['settings', '--help']]) {
      const run = io(fakeFetch(() => [500, {}]).fetch);
      expect(await main(args, run.io)).toBe(0);
      expect(run.out.join('\n')).toMatch(/Usage: npm run game --/);
    }
  });

  it('a wrong option or value: one line and exit 2', async () => {
    for (const args of [['play', '--bogus'], ['play', '--player', 'Ada', '--days', '0'], ['frob'], ['play']]) {
      const run = io(fakeFetch(() => [500, {}]).fetch);
      expect(await main(args, run.io)).toBe(2);
      expect(run.err).toHaveLength(1);
    }
  });
});
