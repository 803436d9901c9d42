import { SESSION_CSV_COLUMNS } from '@grove/domain/api/play';
import { averageCoolDown, DEFAULT_TIMEZONE, PAGE_SIZES, localDateKey, playMinutes } from '@grove/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { assertAccountAccess } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import { findPlayerForPlay, listSessions } from './play.repository.ts';

type Cell = string | number | null;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe; numbers are written as they are.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF, as RFC 4180 has it, ending with a line break. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file-name part from a player's name: ASCII letters and digits joined by dashes. */
export function fileSlug(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/** HH:MM (24-hour) of `instant` in `timeZone`. */
function localTime(instant: Date, timeZone: string): string {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/**
 * All sessions of a player as CSV, oldest first, one row per session, in the account's time zone.
 * Readable by the account's members, its coach and staff; anyone else gets 404. Sessions are read
 * in pages of 1000 through the activity list's query (the covering index of play_sessions).
 */
export async function sessionsCsv(db: Db, user: AuthUser, playerId: number, now = new Date()) {
  const player = await findPlayerForPlay(db, playerId);
  if (!player) throw notFound();
  await assertAccountAccess(db, user, player.accountId, 'read');
  const timeZone = player.timeZone || DEFAULT_TIMEZONE;

  const rows: Cell[][] = [[...SESSION_CSV_COLUMNS]];
  const pageSize = PAGE_SIZES.max;
  for (let offset = 0; ; offset += pageSize) {
    const page = await listSessions(db, player.id, null, pageSize, offset);
    for (const session of page) {
      rows.push([
        localDateKey(session.periodDatetime, timeZone),
        localTime(session.periodDatetime, timeZone),
        timeZone,
        playMinutes(session.secondsPlayed),
        session.secondsPlayed,
        session.hrRiseCount,
        session.coolDownCount,
        averageCoolDown(session.coolDownSeconds, session.coolDownCount),
        session.acornsEarned,
      ]);
    }
    if (page.length < pageSize) break;
  }
  return {
    filename: `${fileSlug(player.name, `player-${player.id}`)}-sessions-${localDateKey(now, timeZone)}.csv`,
    sessions: rows.length - 1,
    csv: toCsv(rows),
  };
}
