/**
 * Where the tablet keeps its device token: a small JSON file readable by its owner only (0600),
 * by default apps/game/.data/tablet.json (`.data/` is gitignored everywhere in the repository).
 * The token does not expire; a parent revokes it in Grove (Account → Devices).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { GameError } from './http.ts';

/** apps/game */
export const GAME_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DEVICE_FILE = path.join(GAME_DIR, '.data', 'tablet.json');

export interface DeviceFile {
  /** The Grove that issued the token: the token works there only. */
  server: string;
  access_token: string;
  device_id: number;
  device_name: string;
  account_id: number;
  paired_at: string;
}

/**
 * The device file to use: `--device-file` (relative to the directory the command was typed in:
 * npm's INIT_CWD), else GROVE_DEVICE_FILE, else the default.
 */
export function deviceFilePath(flag: string | undefined, env: Record<string, string | undefined>, cwd: string): string {
  const chosen = flag ?? env.GROVE_DEVICE_FILE;
  if (!chosen) return DEFAULT_DEVICE_FILE;
  return path.resolve(env.INIT_CWD ?? cwd, chosen);
}

export async function readDeviceFile(file: string): Promise<DeviceFile> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new GameError(`This tablet is not connected yet (no ${file}): run pair first.`);
    }
    throw new GameError(`Could not read ${file}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new GameError(`${file} is not a device file (not JSON): run pair again.`);
  }
  if (!isDeviceFile(data)) throw new GameError(`${file} is not a device file: run pair again.`);
  return data;
}

function isDeviceFile(data: unknown): data is DeviceFile {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  return (
    typeof d.server === 'string' &&
    typeof d.access_token === 'string' &&
    d.access_token !== '' &&
    typeof d.device_id === 'number' &&
    typeof d.device_name === 'string' &&
    typeof d.account_id === 'number'
  );
}

/** Writes the file with mode 0600 (through a temporary file and a rename, so it is never half written). */
export async function writeDeviceFile(file: string, data: DeviceFile): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, flag: 'w' });
    await fs.chmod(temporary, 0o600);
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw new GameError(`Could not write ${file}: ${(error as Error).message}`);
  }
}
