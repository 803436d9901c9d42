/**
 * A coach's caseload (issue 26 item 5; docs/coaching.md "Caseload", decision 0051): each family's
 * play over the last two weeks against the weekly goal, and the order in which a coach looks at
 * them. Pure rules; the server reads the figures, the screen and the CSV show them.
 */
import { CHART } from './constants.ts';
import { messages } from './translation.ts';

export const CASELOAD = {
  /** Days without play after which a family that played before has stopped. */
  stoppedDays: 10,
  /** A week below this share of the week before is a falling trend (and above its inverse, rising). */
  trendRatio: 0.8,
  /** The weekly goal of one player, in minutes (the chart's). */
  goalMinutes: CHART.goalMinutes,
  searchMax: 100,
} as const;

/** The caseload read's refusals (staff name an active coach). */
export const CASELOAD_MESSAGES = messages({
  nameACoach: 'Choose the coach whose caseload to read.',
  notACoach: 'Choose an active coach.',
});

/** Why a family needs attention, most urgent first; `on_track` does not. */
export const CASELOAD_STATUSES = ['stopped', 'not_started', 'under_goal', 'falling', 'on_track'] as const;
export type CaseloadStatus = (typeof CASELOAD_STATUSES)[number];

export const CASELOAD_STATUS_LABELS: Record<CaseloadStatus, string> = {
  stopped: 'Stopped playing',
  not_started: 'Not started',
  under_goal: 'Under goal',
  falling: 'Playing less',
  on_track: 'On track',
};

export const CASELOAD_TRENDS = ['up', 'down', 'flat'] as const;
export type CaseloadTrend = (typeof CASELOAD_TRENDS)[number];

/** What the rule needs to know of a family. */
export interface CaseloadFigures {
  familyName: string;
  players: number;
  /** Minutes played by all players in the last 7 days, and in the 7 days before. */
  minutesThisWeek: number;
  minutesLastWeek: number;
  /** Whole days since the last play, or null when the family never played. */
  daysSincePlay: number | null;
}

/** The family's weekly goal: the goal of each player. */
export function caseloadGoal(players: number): number {
  return CASELOAD.goalMinutes * players;
}

/** This week against the week before: up, down (beyond the trend ratio) or flat. */
export function caseloadTrend(thisWeek: number, lastWeek: number): CaseloadTrend {
  if (thisWeek < lastWeek * CASELOAD.trendRatio) return 'down';
  if (thisWeek * CASELOAD.trendRatio > lastWeek) return 'up';
  return 'flat';
}

/**
 * The family's status: stopped (played before, nothing for `stoppedDays` days), not started (players
 * who never played), under goal (this week below the family's goal), falling (at goal but down on
 * the week before), else on track. A family without players has nothing to play yet: not started.
 */
export function caseloadStatus(family: CaseloadFigures): CaseloadStatus {
  if (family.daysSincePlay === null) return 'not_started';
  if (family.daysSincePlay >= CASELOAD.stoppedDays) return 'stopped';
  if (family.minutesThisWeek < caseloadGoal(family.players)) return 'under_goal';
  if (caseloadTrend(family.minutesThisWeek, family.minutesLastWeek) === 'down') return 'falling';
  return 'on_track';
}

export const needsAttention = (status: CaseloadStatus) => status !== 'on_track';

/**
 * The "needs attention" order: by status (most urgent first), then the longest silence, then the
 * smallest share of the goal this week, then by family name.
 */
export function compareCaseload(a: CaseloadFigures, b: CaseloadFigures): number {
  const rank = CASELOAD_STATUSES.indexOf(caseloadStatus(a)) - CASELOAD_STATUSES.indexOf(caseloadStatus(b));
  if (rank !== 0) return rank;
  const silence = (b.daysSincePlay ?? 0) - (a.daysSincePlay ?? 0);
  if (silence !== 0) return silence;
  const share = (f: CaseloadFigures) => f.minutesThisWeek / Math.max(1, caseloadGoal(f.players));
  const shares = share(a) - share(b);
  if (shares !== 0) return shares;
  return a.familyName.localeCompare(b.familyName, 'en');
}

/** The caseload CSV's columns (the rows keep this order). */
export const CASELOAD_CSV_COLUMNS = [
  'account_id',
  'family_name',
  'email',
  'players',
  'status',
  'minutes_this_week',
  'minutes_last_week',
  'goal_minutes',
  'trend',
  'days_since_play',
  'last_played_at',
  'next_call_at',
  'last_interaction_at',
] as const;
