/**
 * Coaching (SPEC §7 Coach; docs/coaching.md): coaches and their calendars, booking, coaching calls,
 * coach notes, coach assignment, and the coach's workspace (families, brief, working hours, time
 * off). Who may see what:
 *
 * - a parent: their family's calls and the SHARED notes; books, cancels and moves their calls;
 * - a coach: their families (accounts.coach_user_id) — all their notes, the brief — and the calls
 *   they hold (a call stays with its coach when the family gets another one);
 * - staff: everything.
 *
 * Another family's objects answer 404, exactly as missing ones. Every state change is one
 * transaction holding its e-mail and SMS outbox rows and the reminder job (ARCHITECTURE §7); the
 * partial unique index on (coach, start) among scheduled calls is what refuses a double booking.
 *
 * This file holds what the module's parts share: its dependencies, the answers' mappers and the call
 * access rules (the refusals are the domain's COACHING_MESSAGES and COACHING_REFUSALS). The parts: coaching.booking.ts (coaches, calendars, booking),
 * coaching.messages.ts (the family's messages, reminders), coaching.calls.ts (calls, calendar links),
 * coaching.notes.ts (notes) and coaching.workspace.ts (coach assignment, the coach's workspace).
 */
import { BOOKING_RULES, canChangeCall, type CallStatus } from '@grove/domain';
import type { CoachingCall, CoachNote, CoachProfile, TimeOff } from '@grove/domain/api/coaching';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import type { SmsSender } from '../../adapters/sms/sms.port.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './coaching.repository.ts';

export interface CoachingDeps {
  db: Db;
  email: EmailSender;
  sms: SmsSender;
  jobs: JobQueue;
  publicUrl: string;
  now?: () => Date;
}

/** The reminder job: `{ callId, startsAt }`, run about a day before the call (coaching.jobs.ts). */
export const COACHING_REMINDER = 'coaching.reminder';
export interface ReminderJob {
  callId: number;
  /** The start the reminder was enqueued for: a call moved since has another reminder. */
  startsAt: string;
}
/** How long before a call its reminder goes out. */
export const REMINDER_LEAD_HOURS = 24;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const SLOT = BOOKING_RULES.slotMinutes * 60_000;

export const nowOf = (deps: CoachingDeps) => (deps.now ?? (() => new Date()))();
export const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
export const manageUrl = (deps: CoachingDeps) => new URL('/dashboard/coaching', deps.publicUrl).toString();
export const isEnded = (status: string | null) => status === 'CANCELLED' || status === 'RETURNED';

// Answers.

export function toProfile(row: repo.CoachRow): CoachProfile {
  return {
    id: row.userId,
    name: fullName(row.firstName, row.lastName),
    first_name: row.firstName,
    title: row.title,
    bio: row.bio,
    time_zone: row.timeZone,
    widget_id: row.widgetId,
    accepts_bookings: row.acceptsBookings,
  };
}

export function toCall(row: repo.CallRow, now: Date): CoachingCall {
  return {
    id: row.id,
    account_id: row.accountId,
    family_name: row.familyName,
    coach: { id: row.coachUserId, name: fullName(row.coachFirstName, row.coachLastName) },
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status as CallStatus,
    summary: row.summary,
    ref: row.ref,
    reschedule_count: row.rescheduleCount,
    can_change: row.status === 'scheduled' && canChangeCall(row.startsAt, now),
    created_at: row.createdAt.toISOString(),
  };
}

export function toNote(row: repo.NoteRow): CoachNote {
  return {
    id: row.id,
    account_id: row.accountId,
    coach:
      row.coachUserId === null ? null : { id: row.coachUserId, name: fullName(row.coachFirstName, row.coachLastName) },
    call_id: row.callId,
    player: row.playerId === null ? null : { id: row.playerId, name: row.playerName ?? '' },
    body: row.body,
    shared: row.shared,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export const minuteOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

export function toTimeOff(row: { id: number; startsAt: Date; endsAt: Date; reason: string }): TimeOff {
  return { id: row.id, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt.toISOString(), reason: row.reason };
}

export async function loadCall(db: Executor, id: number): Promise<repo.CallRow> {
  const row = await repo.findCall(db, id);
  if (!row) throw notFound();
  return row;
}

/** How the user relates to a call: staff, a parent of its family, its coach (or their family's coach), or nothing. */
function callRelation(user: AuthUser, call: repo.CallRow): 'staff' | 'member' | 'coach' | null {
  if (user.isStaff) return 'staff';
  if (user.accountId === call.accountId) return 'member';
  if (user.isCoach && (call.coachUserId === user.id || call.accountCoachUserId === user.id)) return 'coach';
  return null;
}

export async function visibleCall(deps: CoachingDeps, user: AuthUser, id: number) {
  const call = await loadCall(deps.db, id);
  const relation = callRelation(user, call);
  if (!relation) throw notFound();
  return { call, relation };
}
