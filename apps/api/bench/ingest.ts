/**
 * Ingest: the game's uploads at the after-school peak, through the production server, in an open
 * loop (issue 27 item 6), then a count of what was stored.
 *
 * The rate: a million families each play about once a school day, most of it in the three hours
 * after school; 1 000 000 / (3 × 3600 s) ≈ 93 uploads/s on average over those hours, and the
 * budget asks 500 sessions/s sustained — five times that average, for the minutes when everyone
 * comes home at once. Each upload is one finished session of 20 minutes with its rises, cooldowns
 * and cooldown events (what the game sends), from one of `devices` families' tablets; one upload
 * in twenty is sent again (a tablet that lost the answer retries), which must store nothing new.
 *
 * The families are made for the run and removed after it, so the data set stays as it was. The
 * count: every session the server acknowledged (accepted) is stored exactly once, with all its
 * rows; no retried upload stored anything; no session that was not acknowledged is stored.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { hashToken } from '../src/modules/auth/auth.tokens.ts';
import { openLoop, type OpenLoop, type OpenRequest } from './lib.ts';

/** Rows of one uploaded session. */
const RISES = 10;
const COOL_DOWNS = 4;
const EVENTS = 8;
/** One upload in this many is a retry of an earlier one. */
const RETRY_EVERY = 20;

export interface IngestFigures extends OpenLoop {
  devices: number;
  /** Uploads whose answer accepted their session. */
  acknowledged: number;
  /** Retries the server answered as duplicates. */
  retriesAnsweredDuplicate: number;
  /** The count check's findings; empty when every acknowledged session is stored once, whole. */
  problems: string[];
}

interface Family {
  accountId: number;
  playerId: number;
  token: string;
}

async function makeFamilies(database: Database, count: number, run: string): Promise<Family[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const { rows } = await database.executeSql(
    `with a as (
       insert into accounts (account_status, time_zone)
       select 'ACTIVE', (array['America/New_York', 'America/Chicago', 'America/Los_Angeles'])[1 + g % 3]
         from generate_series(1, $1::int) g
       returning id),
     numbered as (select id, row_number() over (order by id) as n from a),
     p as (
       insert into players (account_id, name)
       select id, 'Ingest ' || $2 || ' ' || n from numbered
       returning id, account_id),
     d as (
       insert into devices (account_id, name, token_hash)
       select id, 'Bench tablet', ($3::text[])[n] from numbered
       returning account_id)
     select numbered.n::int as n, numbered.id as account_id, p.id as player_id
       from numbered join p on p.account_id = numbered.id order by n`,
    [count, run, tokens.map(hashToken)],
  );
  return (rows as { n: number; account_id: number; player_id: number }[]).map((row) => ({
    accountId: row.account_id,
    playerId: row.player_id,
    token: tokens[row.n - 1]!,
  }));
}

/** One finished session of 20 minutes, its rows inside it. */
function sessionPayload(family: Family, id: string, startMs: number) {
  const at = (offsetSeconds: number) => new Date(startMs + offsetSeconds * 1000).toISOString();
  return {
    sessions: [
      {
        game_session_id: id,
        player_id: family.playerId,
        period_datetime: at(0),
        seconds_played: 1200,
        acorns_earned: 14,
        hr_rises: Array.from({ length: RISES }, (_, i) => ({
          occurred_at: at(60 + i * 100),
          start_bpm: 88 + i,
          peak_bpm: 120 + i,
        })),
        cool_downs: Array.from({ length: COOL_DOWNS }, (_, i) => ({
          started_at: at(100 + i * 250),
          ended_at: at(160 + i * 250),
          start_bpm: 125,
          end_bpm: 96,
        })),
        cooldown_events: Array.from({ length: EVENTS }, (_, i) => ({
          occurred_at: at(100 + i * 125),
          event_type: i % 2 === 0 ? 'prompted' : 'completed',
          bpm: 110,
        })),
      },
    ],
  };
}

/**
 * `rate` uploads/s for `seconds` from `devices` families, against the server at `baseUrl` on
 * `database`; then the count, then the families go.
 */
export async function measureIngest(
  baseUrl: string,
  database: Database,
  options: { rate: number; seconds: number; devices: number },
): Promise<IngestFigures> {
  const run = randomBytes(4).toString('hex');
  const families = await makeFamilies(database, options.devices, run);
  try {
    const total = Math.round(options.rate * options.seconds);
    // Each family's sessions follow each other, 30 minutes apart, ending before now.
    const perFamily = Math.ceil(total / families.length);
    const firstStart = Date.now() - (perFamily + 1) * 30 * 60_000;
    const requests: OpenRequest[] = [];
    const sessionOf: (string | null)[] = []; // the session id a request first sends; null for a retry
    for (let i = 0; i < total; i++) {
      if (i % RETRY_EVERY === RETRY_EVERY - 1 && i > 0) {
        requests.push(requests[i - RETRY_EVERY + 1]!);
        sessionOf.push(null);
        continue;
      }
      const family = families[i % families.length]!;
      const id = `ingest-${run}-${i}`;
      const startMs = firstStart + Math.floor(i / families.length) * 30 * 60_000;
      requests.push({
        method: 'POST',
        path: '/api/v1/game/sessions/',
        headers: { authorization: `Bearer ${family.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(sessionPayload(family, id, startMs)),
      });
      sessionOf.push(id);
    }

    const acknowledged = new Set<string>();
    let retriesAnsweredDuplicate = 0;
    const loop = await openLoop(baseUrl, requests, options.rate, options.seconds, (index, status, body) => {
      if (status !== 200) return;
      const answer = JSON.parse(body) as { accepted: string[]; duplicates: string[] };
      for (const id of answer.accepted) acknowledged.add(id);
      if (sessionOf[index] === null && answer.duplicates.length === 1) retriesAnsweredDuplicate += 1;
    });

    // The count: what is stored for these families, per session. Four plain reads joined here: the
    // rows were just written, before any statistics on them, and one joined query can be planned badly.
    const playerIds = families.map((f) => f.playerId);
    const read = async (text: string) => (await database.executeSql(text, [playerIds])).rows;
    const perSession = async (table: string) =>
      new Map(
        (
          (await read(
            `select session_id, count(*)::int as n from ${table} where player_id = any($1::int[]) group by 1`,
          )) as { session_id: number; n: number }[]
        ).map((row) => [row.session_id, row.n]),
      );
    const sessions = (await read('select id, game_session_id from play_sessions where player_id = any($1::int[])')) as {
      id: number;
      game_session_id: string;
    }[];
    const [rises, cools, events] = [
      await perSession('hr_rises'),
      await perSession('cool_downs'),
      await perSession('cooldown_events'),
    ];
    const stored = sessions.map((s) => ({
      id: s.game_session_id,
      rises: rises.get(s.id) ?? 0,
      cool_downs: cools.get(s.id) ?? 0,
      events: events.get(s.id) ?? 0,
    }));
    const problems: string[] = [];
    const storedIds = new Set(stored.map((row) => row.id));
    const missing = [...acknowledged].filter((id) => !storedIds.has(id));
    if (missing.length) problems.push(`${missing.length} acknowledged sessions are not stored`);
    const unacknowledged = stored.filter((row) => !acknowledged.has(row.id));
    if (unacknowledged.length) problems.push(`${unacknowledged.length} stored sessions were never acknowledged`);
    const doubled = new Map<string, number>();
    for (const row of stored) doubled.set(row.id, (doubled.get(row.id) ?? 0) + 1);
    const twice = [...doubled.values()].filter((n) => n > 1).length;
    if (twice) problems.push(`${twice} sessions are stored more than once`);
    const partial = stored.filter((r) => r.rises !== RISES || r.cool_downs !== COOL_DOWNS || r.events !== EVENTS);
    if (partial.length) problems.push(`${partial.length} sessions are stored without all their rows`);
    return { ...loop, devices: families.length, acknowledged: acknowledged.size, retriesAnsweredDuplicate, problems };
  } finally {
    await database.db.execute(
      sql`delete from accounts where id = any(${sql.param(families.map((f) => f.accountId))}::int[])`,
    );
  }
}
