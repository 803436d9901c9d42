/** Users and players as the API answers them, one per kind of person the shell treats differently. */
import type { TimeFrameId } from '@grove/domain';
import type { PlayerOverview, PlaySession, WeeklyActivity, WeeklyPlay } from '@grove/domain/api/play';
import type { Player, PlayerPage } from '@grove/domain/api/players';
import type { UserInfo } from '@grove/domain/api/user';
import { saveTokens } from '../src/lib/session.ts';

function user(overrides: Partial<UserInfo>): UserInfo {
  const first = overrides.first_name ?? 'Jordan';
  const last = overrides.last_name ?? 'Parker';
  return {
    id: 6,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    full_name: `${first} ${last}`,
    email: 'parent@example.com',
    pending_email: null,
    phonenumber: '2015550123',
    country: 'US',
    social_account: null,
    is_staff: false,
    is_coach: false,
    is_billing_user: true,
    role: 'user',
    account: { id: 1, tags: [], account_status: 'ACTIVE', time_zone: 'America/New_York' },
    billing_status: { status_name: 'ACTIVE' },
    ...overrides,
  };
}

export const USERS = {
  parent: user({}),
  magellan: user({
    id: 8,
    first_name: 'Morgan',
    last_name: 'Reyes',
    email: 'magellan@example.com',
    role: 'magellan_user',
    account: { id: 3, tags: ['Magellan'], account_status: 'ACTIVE', time_zone: 'America/New_York' },
  }),
  coach: user({
    id: 3,
    first_name: 'Casey',
    last_name: 'Morgan',
    email: 'coach@example.com',
    is_coach: true,
    is_billing_user: false,
    role: 'coach',
    account: null,
  }),
  staff: user({
    id: 1,
    first_name: 'Sam',
    last_name: 'Rivera',
    email: 'staff@example.com',
    is_staff: true,
    is_billing_user: true,
    role: 'admin',
    account: null,
  }),
  newFamily: user({
    id: 9,
    first_name: 'Robin',
    last_name: 'Chen',
    email: 'newfamily@example.com',
    account: { id: 4, tags: [], account_status: 'NOT_PURCHASED', time_zone: 'America/New_York' },
    billing_status: { status_name: 'NOT_PURCHASED' },
  }),
  noPlayers: user({
    id: 10,
    first_name: 'Taylor',
    last_name: 'Brooks',
    email: 'noplayers@example.com',
    account: { id: 5, tags: [], account_status: 'ACTIVE', time_zone: 'America/New_York' },
  }),
  cancelled: user({
    id: 11,
    first_name: 'Jamie',
    last_name: 'Foster',
    email: 'cancelled@example.com',
    account: { id: 6, tags: [], account_status: 'ACTIVE', time_zone: 'America/New_York' },
    billing_status: { status_name: 'CANCELLED' },
  }),
} satisfies Record<string, UserInfo>;

type PlayerFixture = {
  id: number;
  name: string;
  in_program?: boolean;
  hr_gauge?: number;
  chase_speed?: number;
  acorns?: number;
};

/** A player record as the API answers it (GET /api/v2/player/{id}/). */
export function playerRecord(player: PlayerFixture, accountId = 1): Player {
  return {
    account: accountId,
    role: 'child',
    in_program: true,
    hr_gauge: 5,
    chase_speed: 5,
    acorns: 0,
    first_play_date: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...player,
  };
}

/** One page of an account's players (GET /api/v2/player/accounts/{id}/), links built as the API builds them. */
export function playerPage(players: PlayerFixture[], count = players.length, accountId = 1): PlayerPage {
  return {
    count,
    next: null,
    previous: null,
    results: players.map((fixture) => {
      const player = playerRecord(fixture, accountId);
      return { id: player.id, player, role: player.role, player_name: player.name, in_program: player.in_program };
    }),
  };
}

/** Stores a signed-in session's tokens (access token valid for 15 minutes). */
export function storeSession(): void {
  saveTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
}

/** A home overview answer (GET /api/v1/dashboard/player/{id}/overview/). */
export function overviewAnswer(
  player: { id: number; name: string },
  overrides: Partial<PlayerOverview> = {},
): PlayerOverview {
  const sessions: PlaySession[] = [
    {
      id: 12,
      period_datetime: '2026-11-21T00:16:00.000Z',
      seconds_played: 635,
      acorns_earned: 16,
      hr_rises: 2,
      cool_downs: 2,
    },
    {
      id: 11,
      period_datetime: '2026-11-18T23:43:00.000Z',
      seconds_played: 1658,
      acorns_earned: 30,
      hr_rises: 1,
      cool_downs: 1,
    },
  ];
  return {
    player_id: player.id,
    name: player.name,
    time_zone: 'America/New_York',
    this_week: {
      week_start: '2026-11-16',
      seconds_played: 2293,
      minutes: 38,
      sessions: 2,
      hr_rises: 3,
      cool_downs: 3,
      goal_minutes: 45,
    },
    last_sessions: sessions,
    totals: {
      sessions: 42,
      seconds_played: 50_400,
      hr_rises: 120,
      cool_downs: 95,
      cooldown_events: 130,
      average_cool_down_seconds: 48,
      acorns_earned: 1200,
    },
    hr_gauge: 4,
    chase_speed: 7,
    acorns: 1250,
    first_play_date: '2026-01-05T20:00:00.000Z',
    last_play_date: '2026-11-21T00:16:00.000Z',
    ...overrides,
  };
}

/** A weekly activity answer (GET /api/v2/player/{id}/activity/weekly/). */
export function weeklyAnswer(
  playerId: number,
  timeFrame: TimeFrameId,
  weeks: {
    week_start: string;
    minutes: number;
    sessions: number;
    hr_rises?: number;
    cool_downs?: number;
    average_cool_down_seconds?: number | null;
  }[],
) {
  const full: WeeklyPlay[] = weeks.map((week) => ({
    week_start: week.week_start,
    seconds_played: week.minutes * 60,
    minutes: week.minutes,
    sessions: week.sessions,
    hr_rises: week.hr_rises ?? 0,
    cool_downs: week.cool_downs ?? 0,
    average_cool_down_seconds: week.average_cool_down_seconds ?? null,
  }));
  const answer: WeeklyActivity = {
    player_id: playerId,
    time_frame: timeFrame,
    time_zone: 'America/New_York',
    frame_start: `${weeks[0]?.week_start ?? '2026-11-16'}T05:00:00.000Z`,
    first_play_date: '2026-01-05T20:00:00.000Z',
    goal_minutes: 45,
    total_seconds_played: full.reduce((sum, week) => sum + week.seconds_played, 0),
    total_sessions: full.reduce((sum, week) => sum + week.sessions, 0),
    weeks: full,
  };
  return answer;
}
