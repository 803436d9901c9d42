/**
 * Coaching (SPEC §7 Coach; issue 13): coaches and their calendars, booking, coaching calls, coach
 * notes, calendar links, coach assignment, and the coach's workspace (families, the brief, working
 * hours, time off). Rules and words are in ../coaching.ts.
 */
import * as z from 'zod';

import { CASELOAD, CASELOAD_STATUSES, CASELOAD_TRENDS } from '../caseload.ts';
import { CALL_STATUSES, COACHING_LIMITS, COACHING_REFUSALS } from '../coaching.ts';
import {
  API_MESSAGES,
  boolean,
  choice,
  count,
  detailAnswer,
  endpoint,
  id,
  idParam,
  idParams,
  intParam,
  int,
  list,
  localDate,
  optional,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

const tags = ['coaching'];

const instant = z.iso.datetime({ offset: true, error: API_MESSAGES.dateTime });
const calendarDate = z.iso.date({ error: API_MESSAGES.date });
const person = z.object({ id: count, name: z.string() });

export const coachProfile = z.object({
  id: count.describe('The coach’s user id.'),
  name: z.string(),
  first_name: z.string(),
  title: z.string(),
  bio: z.string(),
  time_zone: z.string(),
  widget_id: z.string().describe('Names the coach’s booking calendar (the available-hours query’s widget_id).'),
  accepts_bookings: z.boolean(),
});

export const slot = z.object({ starts_at: timestamp, ends_at: timestamp });

export const availableHours = z.object({
  widget_id: z.string(),
  coach: person,
  time_zone: z.string().describe('The zone the days are cut in: the family’s.'),
  slot_minutes: count,
  days: z.array(z.object({ date: localDate, slots: z.array(slot) })),
});

export const coachingCall = z.object({
  id: count,
  account_id: count,
  family_name: z.string().describe('The account holder’s full name.'),
  coach: person,
  starts_at: timestamp,
  ends_at: timestamp,
  status: z.enum(CALL_STATUSES),
  summary: z.string(),
  ref: z.string().nullable(),
  reschedule_count: count,
  can_change: z.boolean().describe('Whether the family may still cancel or move it (the cutoff and the limit).'),
  created_at: timestamp,
});

export const coachNote = z.object({
  id: count,
  account_id: count,
  coach: person.nullable(),
  call_id: count.nullable(),
  player: person.nullable(),
  body: z.string(),
  shared: z.boolean().describe('Shared notes are read by the family; the others only by coaches and staff.'),
  created_at: timestamp,
  updated_at: timestamp,
});

export const calendarLink = z.object({
  title: z.string(),
  description: z.string(),
  starts_at: timestamp,
  ends_at: timestamp,
  google_url: z.string(),
  ics_url: z.string().describe('The call as an .ics file (GET, same authentication).'),
});

export const family = z.object({
  account_id: count,
  family_name: z.string(),
  email: z.string(),
  time_zone: z.string(),
  players: z.array(z.object({ id: count, name: z.string() })),
  next_call: coachingCall.nullable(),
  last_call_at: timestamp.nullable(),
});

const briefWeek = z.object({
  week_start: localDate,
  seconds_played: count,
  hr_rises: count,
  cool_downs: count,
});

export const brief = z.object({
  account_id: count,
  family_name: z.string(),
  time_zone: z.string(),
  custom_note: z.string().describe('The family’s own note to its coach.'),
  goal_minutes: count,
  weeks: z.array(localDate).describe('The four weeks shown, oldest first (Mondays in the family’s zone).'),
  players: z.array(
    z.object({
      id: count,
      name: z.string(),
      weeks: z.array(briefWeek),
      hr_gauge: count.nullable(),
      chase_speed: count.nullable(),
      acorns: count,
      setting_changes: z.array(
        z.object({
          setting: z.string(),
          old_value: count,
          new_value: count,
          reason: z.string(),
          changed_at: timestamp,
        }),
      ),
      survey_answers: z.array(
        z.object({ survey: z.string(), created_at: timestamp, payload: z.record(z.string(), z.unknown()) }),
      ),
    }),
  ),
  notes: z.array(coachNote),
  upcoming_call: coachingCall.nullable(),
});

export const caseloadFamily = z.object({
  account_id: count,
  family_name: z.string(),
  email: z.string(),
  coach: person.nullable(),
  players: count.describe('How many players the family has.'),
  status: z.enum(CASELOAD_STATUSES).describe('Why the family needs attention (on_track: it does not).'),
  needs_attention: z.boolean(),
  minutes_this_week: count.describe('Minutes played by all players in the last 7 days.'),
  minutes_last_week: count.describe('Minutes played by all players in the 7 days before.'),
  goal_minutes: count.describe('The weekly goal of the family: the goal of each player.'),
  trend: z.enum(CASELOAD_TRENDS),
  days_since_play: count.nullable().describe('Whole days since the last play (null: never played).'),
  last_played_at: timestamp.nullable(),
  next_call_at: timestamp.nullable(),
  last_interaction_at: timestamp
    .nullable()
    .describe('The latest completed call or coach note of the family, whoever the coach.'),
});

const caseloadFilters = z.object({
  coach: optional(idParam).describe('Staff: whose caseload (required for staff). Coaches always read their own.'),
  attention: optional(choice(['true'])).describe('Only the families that need attention.'),
  search: optional(text({ max: CASELOAD.searchMax, allowBlank: true })).describe('Part of the family name or e-mail.'),
});

export const workingHours = z.object({
  time_zone: z.string(),
  hours: z.array(z.object({ weekday: count, start: z.string(), end: z.string() })),
});

export const timeOff = z.object({ id: count, starts_at: timestamp, ends_at: timestamp, reason: z.string() });

/** HH:MM on a 24-hour clock ('24:00' closes a day). */
const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, COACHING_REFUSALS.clock);

const whenQuery = pageQuery().extend({ when: choice(['upcoming', 'past']).default('upcoming') });

export const coachingApi = {
  profile: endpoint('GET', '/api/v2/coach/profile/:id', {
    tags,
    summary: 'A coach’s profile (404 when there is none; the client does not report it)',
    params: idParams,
    response: { 200: coachProfile },
  }),
  coaches: endpoint('GET', '/api/v1/coach_booking/coaches', {
    tags,
    summary: 'Coaches who take bookings (the family’s own coach first)',
    response: { 200: z.object({ count, results: z.array(coachProfile) }) },
  }),
  availableHours: endpoint('GET', '/api/v1/coach_booking/calendar/available_hours', {
    tags,
    summary: 'Free slots of a coach’s calendar: working hours minus bookings and time off, in the family’s zone',
    querystring: z.object({
      widget_id: text({ max: 64 }),
      from: calendarDate.optional().describe('First day (the family’s zone; default today).'),
      days: intParam(1, 28, { min: API_MESSAGES.range(1, 28), max: API_MESSAGES.range(1, 28) }).default(7),
    }),
    response: { 200: availableHours },
  }),
  book: endpoint('POST', '/api/v1/coach_booking/book', {
    tags,
    summary: 'Book a coaching call in a free slot (one family per slot, whatever the concurrency)',
    body: z.object({
      widget_id: text({ max: 64 }),
      starts_at: instant,
      ref: text({ max: 64, allowBlank: true }).optional(),
    }),
    response: { 201: coachingCall },
  }),
  userBookings: endpoint('GET', '/api/v2/user/coach_bookings', {
    tags,
    summary: 'Your family’s coaching calls (upcoming soonest first, past newest first)',
    querystring: whenQuery,
    response: { 200: page(coachingCall) },
  }),
  calls: endpoint('GET', '/api/v1/coach_booking/coaching_call', {
    tags,
    summary: 'Coaching calls: a coach’s own, staff any (filter by account), a parent their family’s',
    querystring: whenQuery.extend({ account: idParam.optional() }),
    response: { 200: page(coachingCall) },
  }),
  call: endpoint('GET', '/api/v1/coach_booking/coaching_call/:id', {
    tags,
    summary: 'One coaching call',
    params: idParams,
    response: { 200: coachingCall },
  }),
  updateCall: endpoint('PUT', '/api/v1/coach_booking/coaching_call/:id', {
    tags,
    summary: 'Change a call: the family cancels or moves it; the coach records its outcome and summary',
    description:
      'Family: `status: "cancelled"` or a new `starts_at` (before the cutoff, within the reschedule limit). Coach and staff: `status` completed, no_show or cancelled, and `summary`.',
    params: idParams,
    body: z.object({
      status: choice(['completed', 'no_show', 'cancelled']).optional(),
      summary: text({ max: COACHING_LIMITS.summaryMax, multiline: true, allowBlank: true }).optional(),
      starts_at: instant.optional(),
    }),
    response: { 200: coachingCall },
  }),
  calendarLink: endpoint('GET', '/api/v1/coach_booking/coaching_call/:id/calendar_link', {
    tags,
    summary: 'What a calendar needs to hold the call (a Google Calendar link and the .ics file)',
    params: idParams,
    response: { 200: calendarLink },
  }),
  ics: endpoint('GET', '/api/v1/coach_booking/coaching_call/:id/ics', {
    tags,
    summary: 'The call as an iCalendar file',
    produces: ['text/calendar'],
    params: idParams,
    response: { 200: z.string() },
  }),
  notes: endpoint('GET', '/api/v1/coach_booking/coach_note', {
    tags,
    summary: 'Coach notes of a family, by one of its users (parents read the shared ones)',
    querystring: pageQuery().extend({ user: idParam }),
    response: { 200: page(coachNote) },
  }),
  addNote: endpoint('POST', '/api/v1/coach_booking/coach_note', {
    tags,
    summary: 'Write a note about one of your families (coach of the account, staff)',
    body: z.object({
      user: id.describe('A user of the family’s account.'),
      body: text({ max: COACHING_LIMITS.noteMax, multiline: true }),
      shared: boolean.default(true),
      call_id: id.optional(),
      player_id: id.optional(),
    }),
    response: { 201: coachNote },
  }),
  updateNote: endpoint('PUT', '/api/v1/coach_booking/coach_note/:id', {
    tags,
    summary: 'Edit a note (its author or staff)',
    params: idParams,
    body: z.object({
      body: text({ max: COACHING_LIMITS.noteMax, multiline: true }).optional(),
      shared: boolean.optional(),
    }),
    response: { 200: coachNote },
  }),
  deleteNote: endpoint('DELETE', '/api/v1/coach_booking/coach_note/:id', {
    tags,
    summary: 'Delete a note (its author or staff)',
    params: idParams,
    response: { 200: detailAnswer },
  }),
  assignCoach: endpoint('PUT', '/api/v1/coach_booking/assign_coach/:id', {
    tags,
    summary: 'Assign a new coach to an account (staff); upcoming calls stay with their coach',
    params: idParams,
    body: z.object({ coach_user: id }),
    response: { 200: z.object({ account_id: count, coach_user: person }) },
  }),
  families: endpoint('GET', '/api/v1/coach_booking/families', {
    tags,
    summary: 'The coach’s families, the next call first',
    querystring: pageQuery(),
    response: { 200: page(family) },
  }),
  brief: endpoint('GET', '/api/v1/coach_booking/brief/:id', {
    tags,
    summary: 'The coach’s brief of a family: four weeks per player, settings, survey answers, notes',
    params: idParams,
    response: { 200: brief },
  }),
  caseload: endpoint('GET', '/api/v1/coach_booking/caseload', {
    tags,
    summary: 'The coach’s caseload: each family’s play against the goal, who needs attention first',
    description:
      'Coaches read their own families (accounts.coach_user_id); staff name a coach with `coach`. The whole caseload in one answer, in the needs-attention order (docs/decisions/0051).',
    querystring: caseloadFilters,
    response: { 200: z.object({ count, goal_minutes: count, results: z.array(caseloadFamily) }) },
  }),
  caseloadCsv: endpoint('GET', '/api/v1/coach_booking/caseload/export.csv', {
    tags,
    summary: 'The filtered caseload as CSV, in the same order',
    querystring: caseloadFilters,
    produces: ['text/csv'],
    response: { 200: z.string().describe('text/csv; charset=utf-8, with a header row.') },
  }),
  workingHours: endpoint('GET', '/api/v1/coach_booking/working_hours', {
    tags,
    summary: 'Your working hours (coach), in your time zone',
    response: { 200: workingHours },
  }),
  setWorkingHours: endpoint('PUT', '/api/v1/coach_booking/working_hours', {
    tags,
    summary: 'Replace your working hours (coach)',
    body: z.object({
      time_zone: text({ max: 64 }),
      hours: list(z.object({ weekday: int(1, 7), start: clock, end: clock }), COACHING_LIMITS.workingHoursMax),
    }),
    response: { 200: workingHours },
  }),
  timeOff: endpoint('GET', '/api/v1/coach_booking/time_off', {
    tags,
    summary: 'Your time off to come (coach)',
    response: { 200: z.object({ count, results: z.array(timeOff) }) },
  }),
  addTimeOff: endpoint('POST', '/api/v1/coach_booking/time_off', {
    tags,
    summary: 'Block time off; calls already booked in it stay (cancel them yourself)',
    body: z.object({
      starts_at: instant,
      ends_at: instant,
      reason: text({ max: COACHING_LIMITS.timeOffReasonMax, allowBlank: true }).default(''),
    }),
    response: { 201: timeOff },
  }),
  deleteTimeOff: endpoint('DELETE', '/api/v1/coach_booking/time_off/:id', {
    tags,
    summary: 'Remove time off',
    params: idParams,
    response: { 200: detailAnswer },
  }),
};

export type CoachProfile = Reply<typeof coachingApi.profile>;
export type AvailableHours = Reply<typeof coachingApi.availableHours>;
export type CoachingCall = z.input<typeof coachingCall>;
export type CoachingCallPage = Reply<typeof coachingApi.userBookings>;
export type CoachNote = z.input<typeof coachNote>;
export type CoachNotePage = Reply<typeof coachingApi.notes>;
export type CalendarLink = Reply<typeof coachingApi.calendarLink>;
export type Family = z.input<typeof family>;
export type FamilyPage = Reply<typeof coachingApi.families>;
export type Brief = Reply<typeof coachingApi.brief>;
export type WorkingHours = Reply<typeof coachingApi.workingHours>;
export type Caseload = Reply<typeof coachingApi.caseload>;
export type CaseloadFamily = z.input<typeof caseloadFamily>;
export type TimeOff = z.input<typeof timeOff>;
export type BookBody = RequestBody<typeof coachingApi.book>;
export type UpdateCallBody = RequestBody<typeof coachingApi.updateCall>;
