/**
 * `npm run game -- <command>`: the game's client, a stand-in for the tablet. It pairs with Grove
 * (RFC 8628), reads the device's settings and uploads generated play, through the public HTTP API
 * only (docs/decisions/0044-game-cli.md).
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

import type { DeviceSettings } from '@grove/domain/api/game';
import { gameApi } from '@grove/domain/api/game';

import { deviceFilePath, readDeviceFile } from './device-file.ts';
import { DEFAULT_SERVER, deviceCall, GameError, serverUrl } from './http.ts';
import { DEFAULT_DEVICE_NAME, pair } from './pairing.ts';
import { play } from './play.ts';
import { DEFAULT_SEED, GOAL_MINUTES_PER_WEEK, MAX_PER_DAY } from './play-generator.ts';

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

const COMMON = {
  server: { type: 'string' },
  'device-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const COMMON_HELP = `  --server URL          Grove's address (default: GROVE_URL, else the server the tablet was paired
                        with, else ${DEFAULT_SERVER})
  --device-file PATH    where the device token is kept (default: GROVE_DEVICE_FILE, else
                        apps/game/.data/tablet.json)
  -h, --help            this help`;

const HELP = {
  main: `Usage: npm run game -- <command> [options]

The game's client: connects like a family's tablet and uploads play through Grove's public API.

Commands:
  pair       connect this tablet to a family's account (a parent approves the code in Grove)
  play       upload realistic play of a player for the last days
  settings   show the tablet's name, kiosk mode, account and time zone

Run npm run game -- <command> --help for a command's options.`,
  pair: `Usage: npm run game -- pair [--name NAME] [--server URL] [--device-file PATH]

Asks Grove for a code, shows it, and waits until a parent types it on Grove's Connect a tablet
page and approves; then keeps the device token in the device file (mode 0600).

  --name NAME           what the tablet calls itself (default: "${DEFAULT_DEVICE_NAME}"); the parent may rename it
${COMMON_HELP}`,
  play: `Usage: npm run game -- play --player NAME [--days N] [--per-day K] [--week-minutes M] [--seed S] [--create]

Generates play for the last N days up to now, in the family's time zone, and uploads it: on some
days one or two sessions of 6–15 minutes after school or in the evening, about 45 minutes a week,
with heart-rate rises, cooldowns and cooldown events. The same player, day and slot always give the
same session, so running again reports duplicates.

  --player NAME         the player (case-insensitive), as Grove lists them
  --days N              how many days, today included (default 7; at most 3650)
  --per-day K           at most K sessions a day (1–${MAX_PER_DAY}; default 2)
  --week-minutes M      minutes of play a week (default 45, the goal)
  --seed S              another seed gives other play (default "${DEFAULT_SEED}")
  --create              no such player: make a profile on the tablet for a parent to complete
${COMMON_HELP}`,
  settings: `Usage: npm run game -- settings [--server URL] [--device-file PATH]

Shows the tablet's settings as Grove has them: its name, kiosk mode, account and time zone.

${COMMON_HELP}`,
} as const;

type Command = 'pair' | 'play' | 'settings';
const isCommand = (value: string | undefined): value is Command =>
  value === 'pair' || value === 'play' || value === 'settings';

/** Runs the CLI; returns the exit code. Failures are one line on `err`. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP.main);
    return command === undefined ? 2 : 0;
  }
  if (!isCommand(command)) {
    io.err(`Unknown command: ${command}. Commands: pair, play, settings (npm run game -- --help).`);
    return 2;
  }
  try {
    return await run(command, rest, io);
  } catch (error) {
    if (error instanceof GameError) {
      io.err(error.message);
      return error.exitCode;
    }
    io.err(`Unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}

function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  command: Command,
  args: readonly string[],
  options: O,
) {
  try {
    return parseArgs({ args: [...args], options: { ...COMMON, ...options }, strict: true, allowPositionals: false })
      .values;
  } catch (error) {
    throw new GameError(`${(error as Error).message.split('\n')[0]} (npm run game -- ${command} --help).`, 2);
  }
}

function wholeNumber(name: string, text: string | undefined, fallback: number, low: number, high: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < low || value > high) {
    throw new GameError(`--${name} must be a whole number from ${low} to ${high}, not ${text}.`, 2);
  }
  return value;
}

const OPTIONS = {
  pair: { name: { type: 'string' } },
  play: {
    player: { type: 'string' },
    days: { type: 'string' },
    'per-day': { type: 'string' },
    'week-minutes': { type: 'string' },
    seed: { type: 'string' },
    create: { type: 'boolean' },
  },
  settings: {},
} as const satisfies Record<Command, ParseArgsConfig['options']>;

type Values = Record<string, string | boolean | undefined>;
const textOf = (values: Values, name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

async function run(command: Command, args: readonly string[], io: Io): Promise<number> {
  const values = parse(command, args, OPTIONS[command]) as Values;
  if (values.help) {
    io.out(HELP[command]);
    return 0;
  }
  const deviceFile = deviceFilePath(textOf(values, 'device-file'), io.env, io.cwd);
  const server = textOf(values, 'server') ?? io.env.GROVE_URL;
  if (command === 'pair') return runPair(values, { deviceFile, server }, io);
  if (command === 'settings') return runSettings({ deviceFile, server }, io);
  return runPlay(values, { deviceFile, server }, io);
}

interface Where {
  deviceFile: string;
  /** --server or GROVE_URL, if given. */
  server: string | undefined;
}

async function runPair(values: Values, where: Where, io: Io): Promise<number> {
  await pair({
    server: serverUrl(where.server ?? DEFAULT_SERVER),
    deviceName: textOf(values, 'name')?.trim() || DEFAULT_DEVICE_NAME,
    deviceFile: where.deviceFile,
    out: io.out,
    sleep: io.sleep,
    fetch: io.fetch,
  });
  return 0;
}

/** The device file, and the server: the one given, else the one the tablet was paired with. */
async function connected(where: Where) {
  const device = await readDeviceFile(where.deviceFile);
  return { device, server: serverUrl(where.server ?? device.server) };
}

async function runSettings(where: Where, io: Io): Promise<number> {
  const { device, server } = await connected(where);
  const answer = await deviceCall<DeviceSettings>(server, device.access_token, gameApi.settings, { fetch: io.fetch });
  const settings = answer.body;
  io.out(`Device:     ${settings.name} (device ${settings.device_id})`);
  io.out(`Kiosk mode: ${settings.is_kiosk_mode ? 'on' : 'off'}`);
  io.out(`Account:    ${settings.account_id}`);
  io.out(`Time zone:  ${settings.time_zone}`);
  io.out(`Server:     ${server}`);
  return 0;
}

async function runPlay(values: Values, where: Where, io: Io): Promise<number> {
  // The options are checked before the device file is read: a typo is reported first.
  const player = textOf(values, 'player')?.trim();
  if (!player) throw new GameError('Which player? Add --player NAME (npm run game -- play --help).', 2);
  const number = (name: string, fallback: number, low: number, high: number) =>
    wholeNumber(name, textOf(values, name), fallback, low, high);
  const options = {
    player,
    days: number('days', 7, 1, 3650),
    perDay: number('per-day', 2, 1, MAX_PER_DAY),
    weekMinutes: number('week-minutes', GOAL_MINUTES_PER_WEEK, 6, 7 * MAX_PER_DAY * 15),
    seed: textOf(values, 'seed') ?? DEFAULT_SEED,
    create: values.create === true,
  };
  const { device, server } = await connected(where);
  const result = await play({ ...options, server, device, now: io.now, out: io.out, fetch: io.fetch });
  if (result.noPlayer === 'incomplete') return 1;
  return result.rejected.length > 0 ? 1 : 0;
}

/** Whether this module is the program node (or tsx) was started with. */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const code = await main(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
    cwd: process.cwd(),
  });
  process.exitCode = code;
}
