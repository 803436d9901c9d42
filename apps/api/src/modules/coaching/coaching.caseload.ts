/**
 * The coach's caseload (issue 26 item 5; docs/coaching.md "Caseload", decision 0051): every family
 * of one coach with its play over the last two weeks (rolling 7-day windows, all players) against
 * the weekly goal, days since the last play, the trend, the next call and the last interaction, in
 * the needs-attention order of the domain (compareCaseload). Coaches read their own families;
 * staff name the coach. A caseload is a coach's families (dozens, a few hundred at most): it is read
 * whole and ordered in memory — the order is a rule, not a column.
 */
import {
  CASELOAD,
  CASELOAD_CSV_COLUMNS,
  CASELOAD_MESSAGES,
  caseloadGoal,
  caseloadStatus,
  caseloadTrend,
  compareCaseload,
  needsAttention,
  type CaseloadFigures,
} from '@grove/domain/caseload';
import type { Caseload, CaseloadFamily } from '@grove/domain/api/coaching';
import { playMinutes } from '@grove/domain';
import { fieldError } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './coaching.caseload.repository.ts';
import * as coachingRepo from './coaching.repository.ts';
import type { CoachingDeps } from './coaching.service.ts';

export { CASELOAD_CSV_COLUMNS };

const DAY_MS = 86_400_000;

export interface CaseloadQuery {
  coach?: number | undefined;
  attention?: 'true' | undefined;
  search?: string | undefined;
}

/** Whose caseload: a coach's own (whatever `coach` says); staff must name an active coach. */
async function caseloadCoach(deps: CoachingDeps, user: AuthUser, coach: number | undefined): Promise<number> {
  if (user.isCoach && (!user.isStaff || coach === undefined || coach === user.id)) return user.id;
  if (coach === undefined) throw fieldError('coach', CASELOAD_MESSAGES.nameACoach);
  const found = await coachingRepo.findCoachUser(deps.db, coach);
  if (!found) throw fieldError('coach', CASELOAD_MESSAGES.notACoach);
  return coach;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, at) => (at && (!max || at > max) ? at : max), null);

export async function caseload(deps: CoachingDeps, user: AuthUser, query: CaseloadQuery): Promise<Caseload> {
  const now = deps.now?.() ?? new Date();
  const coachUserId = await caseloadCoach(deps, user, query.coach);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 14 * DAY_MS);
  const accounts = await repo.caseloadAccounts(deps.db, coachUserId, now);
  const play = await repo.caseloadPlay(
    deps.db,
    accounts.map((a) => a.accountId),
    { now, weekAgo, twoWeeksAgo },
  );

  const rows = accounts.map((account) => {
    const own = play.filter((p) => p.accountId === account.accountId);
    const lastPlayedAt = latest(...own.map((p) => p.lastPlayedAt));
    const figures: CaseloadFigures = {
      familyName: account.familyName,
      players: own.length,
      minutesThisWeek: playMinutes(own.reduce((sum, p) => sum + p.secondsThisWeek, 0)),
      minutesLastWeek: playMinutes(own.reduce((sum, p) => sum + p.secondsLastWeek, 0)),
      daysSincePlay: lastPlayedAt ? Math.max(0, Math.floor((now.getTime() - lastPlayedAt.getTime()) / DAY_MS)) : null,
    };
    const status = caseloadStatus(figures);
    const row: CaseloadFamily = {
      account_id: account.accountId,
      family_name: account.familyName,
      email: account.email,
      coach:
        account.coachUserId === null
          ? null
          : {
              id: account.coachUserId,
              name: `${account.coachFirstName ?? ''} ${account.coachLastName ?? ''}`.trim(),
            },
      players: figures.players,
      status,
      needs_attention: needsAttention(status),
      minutes_this_week: figures.minutesThisWeek,
      minutes_last_week: figures.minutesLastWeek,
      goal_minutes: caseloadGoal(figures.players),
      trend: caseloadTrend(figures.minutesThisWeek, figures.minutesLastWeek),
      days_since_play: figures.daysSincePlay,
      last_played_at: iso(lastPlayedAt),
      next_call_at: iso(account.nextCallAt),
      last_interaction_at: iso(latest(account.lastCallAt, account.lastNoteAt, account.lastLoggedAt)),
    };
    return { figures, row };
  });

  const search = query.search?.trim().toLowerCase() ?? '';
  const results = rows
    .filter(({ row }) => query.attention !== 'true' || row.needs_attention)
    .filter(
      ({ row }) =>
        search === '' || row.family_name.toLowerCase().includes(search) || row.email.toLowerCase().includes(search),
    )
    .sort((a, b) => compareCaseload(a.figures, b.figures) || a.row.account_id - b.row.account_id)
    .map(({ row }) => row);
  return { count: results.length, goal_minutes: CASELOAD.goalMinutes, results };
}

/** One CSV row of a caseload family (the columns of CASELOAD_CSV_COLUMNS). */
export function caseloadCsvRow(row: CaseloadFamily): Record<string, unknown> {
  return {
    account_id: row.account_id,
    family_name: row.family_name,
    email: row.email,
    players: row.players,
    status: row.status,
    minutes_this_week: row.minutes_this_week,
    minutes_last_week: row.minutes_last_week,
    goal_minutes: row.goal_minutes,
    trend: row.trend,
    days_since_play: row.days_since_play,
    last_played_at: row.last_played_at,
    next_call_at: row.next_call_at,
    last_interaction_at: row.last_interaction_at,
  };
}
