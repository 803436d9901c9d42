/**
 * A small stateful fake of the coaching API for component tests (apps/web/test/fake-api.ts): the
 * coach's free slots, booking (a taken slot answers 409 with the domain's sentence), the family's
 * and the coach's calls, cancelling and moving, notes, families, briefs, working hours and time off.
 * Its calendar cuts days in UTC on purpose: the screen must sort slots into the family's days itself.
 */
import { COACHING_MESSAGES, canChangeCall } from '@grove/domain';
import type {
  Brief,
  CaseloadFamily,
  CoachNote,
  CoachProfile,
  CoachingCall,
  Family,
  TimeOff,
  WorkingHours,
} from '@grove/domain/api/coaching';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';

import type { FakeAnswer, FakeRequest, FakeRoute } from '../../../test/fake-api.ts';
import {
  briefFixture,
  coachNoteFixture,
  coachProfileFixture,
  coachingCallFixture,
  familyFixture,
} from '../../../test/fixtures.ts';

/** 12:00:00 PM in New York on Friday 20 November 2026: "now" in the coaching tests. */
export const COACHING_NOW = new Date('2026-11-20T17:00:00.000Z');

/**
 * Casey's free slots (UTC): Saturday 21 November 9:00 and 9:30 AM New York time, and 04:30 UTC on
 * Monday 23 November — 11:30 PM on Sunday 22 November in New York.
 */
export const FREE_SLOTS = ['2026-11-21T14:00:00.000Z', '2026-11-21T14:30:00.000Z', '2026-11-23T04:30:00.000Z'];

export type FakeCoaching = {
  coaches: CoachProfile[];
  slots: string[];
  calls: CoachingCall[];
  notes: CoachNote[];
  families: Family[];
  briefs: Record<number, Brief>;
  workingHours: WorkingHours;
  timeOff: TimeOff[];
  nextId: number;
  /** Answers every booking this way (a 409 when another family took the slot meanwhile). */
  bookAnswer?: FakeAnswer;
  /** Holds available-hours answers until released (to see a request cancelled). */
  holdHours?: boolean;
  /** The caseload's families (default: one per family, needing attention); `search` filters by name. */
  caseload?: CaseloadFamily[];
};

/** A caseload row of a family (a stopped one unless told otherwise). */
export function caseloadFamilyFixture(overrides: Partial<CaseloadFamily> = {}): CaseloadFamily {
  return {
    account_id: 1,
    family_name: 'Jordan Parker',
    email: 'parent@example.com',
    coach: { id: 3, name: 'Casey Morgan' },
    players: 2,
    status: 'stopped',
    needs_attention: true,
    minutes_this_week: 0,
    minutes_last_week: 40,
    goal_minutes: 90,
    trend: 'down',
    days_since_play: 12,
    last_played_at: '2026-11-08T20:00:00.000Z',
    next_call_at: '2026-11-22T15:00:00.000Z',
    last_interaction_at: '2026-10-28T15:00:00.000Z',
    ...overrides,
  };
}

export function fakeCoaching(overrides: Partial<FakeCoaching> = {}): FakeCoaching {
  return {
    coaches: [coachProfileFixture()],
    slots: [...FREE_SLOTS],
    calls: [
      coachingCallFixture(),
      coachingCallFixture({
        id: 40,
        starts_at: '2026-10-28T15:00:00.000Z',
        ends_at: '2026-10-28T15:30:00.000Z',
        status: 'completed',
        summary: 'Talked about bedtime routines.',
        can_change: false,
      }),
    ],
    notes: [coachNoteFixture(), coachNoteFixture({ id: 52, shared: false, body: 'Ask about sleep next time.' })],
    families: [familyFixture()],
    briefs: { 1: briefFixture() },
    workingHours: {
      time_zone: 'America/New_York',
      hours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 3, start: '13:00', end: '17:00' },
      ],
    },
    timeOff: [],
    nextId: 100,
    ...overrides,
  };
}

const DAY = 86_400_000;
const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const bodyOf = (request: FakeRequest) => (request.body ?? {}) as Record<string, unknown>;

function isUpcoming(call: CoachingCall, now: Date): boolean {
  return call.status === 'scheduled' && Date.parse(call.ends_at) > now.getTime();
}

function callsOf(state: FakeCoaching, when: string | null): CoachingCall[] {
  const now = new Date();
  const upcoming = when !== 'past';
  return state.calls
    .filter((call) => isUpcoming(call, now) === upcoming)
    .sort((a, b) => (upcoming ? 1 : -1) * a.starts_at.localeCompare(b.starts_at));
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The fake coaching routes over `state`, for calls, notes and time off with ids up to 200. */
export function coachingRoutes(state: FakeCoaching): FakeRoute[] {
  const hours = (request: FakeRequest): FakeAnswer => {
    const widget = request.query.get('widget_id');
    const coach = state.coaches.find((item) => item.widget_id === widget);
    if (!coach) return { status: 404, body: { detail: 'There is no coach calendar with this widget_id.' } };
    const from = request.query.get('from') ?? new Date().toISOString().slice(0, 10);
    const days = Number(request.query.get('days') ?? 7);
    const dates = Array.from({ length: days }, (_, index) => addDays(from, index));
    return {
      body: {
        widget_id: coach.widget_id,
        coach: { id: coach.id, name: coach.name },
        time_zone: 'America/New_York',
        slot_minutes: 30,
        days: dates.map((date) => ({
          date,
          slots: state.slots
            .filter((slot) => slot.slice(0, 10) === date)
            .map((slot) => ({ starts_at: slot, ends_at: new Date(Date.parse(slot) + 1_800_000).toISOString() })),
        })),
      },
    };
  };
  const routes: FakeRoute[] = [
    [coachingApi.coaches, () => ({ body: { count: state.coaches.length, results: state.coaches } })],
    [
      coachingApi.availableHours,
      (request) =>
        state.holdHours
          ? new Promise<FakeAnswer>((resolve) => {
              request.signal?.addEventListener('abort', () => resolve({ status: 499 }));
            })
          : hours(request),
    ],
    [
      coachingApi.book,
      (request) => {
        if (state.bookAnswer) return state.bookAnswer;
        const body = bodyOf(request);
        const startsAt = String(body.starts_at);
        const coach = state.coaches.find((item) => item.widget_id === body.widget_id) ?? state.coaches[0];
        if (!state.slots.includes(startsAt) || !coach) {
          return { status: 409, body: { detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' } };
        }
        state.slots = state.slots.filter((slot) => slot !== startsAt);
        const call = coachingCallFixture({
          id: state.nextId++,
          coach: { id: coach.id, name: coach.name },
          starts_at: new Date(startsAt).toISOString(),
          ends_at: new Date(Date.parse(startsAt) + 1_800_000).toISOString(),
          ref: typeof body.ref === 'string' ? body.ref : null,
          can_change: canChangeCall(new Date(startsAt), new Date()),
          created_at: new Date().toISOString(),
        });
        state.calls.push(call);
        return { status: 201, body: call };
      },
    ],
    [coachingApi.userBookings, (request) => ({ body: page(callsOf(state, request.query.get('when'))) })],
    [coachingApi.calls, (request) => ({ body: page(callsOf(state, request.query.get('when'))) })],
    [coachingApi.notes, () => ({ body: page(state.notes.filter((note) => note.shared)) })],
    [
      coachingApi.addNote,
      (request) => {
        const body = bodyOf(request);
        const note = coachNoteFixture({
          id: state.nextId++,
          body: String(body.body),
          shared: body.shared !== false,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        });
        state.notes.unshift(note);
        for (const brief of Object.values(state.briefs)) brief.notes = [note, ...brief.notes];
        return { status: 201, body: note };
      },
    ],
    [coachingApi.families, () => ({ body: page(state.families) })],
    [
      coachingApi.caseload,
      (request) => {
        const rows =
          state.caseload ??
          state.families.map((f) => caseloadFamilyFixture({ account_id: f.account_id, family_name: f.family_name }));
        const search = (request.query.get('search') ?? '').toLowerCase();
        const attention = request.query.get('attention') === 'true';
        const results = rows.filter(
          (r) => r.family_name.toLowerCase().includes(search) && (!attention || r.needs_attention),
        );
        return { body: { count: results.length, goal_minutes: 45, results } };
      },
    ],
    [coachingApi.workingHours, () => ({ body: state.workingHours })],
    [
      coachingApi.setWorkingHours,
      (request) => {
        state.workingHours = bodyOf(request) as WorkingHours;
        return { body: state.workingHours };
      },
    ],
    [coachingApi.timeOff, () => ({ body: { count: state.timeOff.length, results: state.timeOff } })],
    [
      coachingApi.addTimeOff,
      (request) => {
        const body = bodyOf(request);
        const item: TimeOff = {
          id: state.nextId++,
          starts_at: String(body.starts_at),
          ends_at: String(body.ends_at),
          reason: String(body.reason ?? ''),
        };
        state.timeOff.push(item);
        return { status: 201, body: item };
      },
    ],
  ];
  for (const coach of state.coaches) {
    routes.push([coachingApi.profile, () => ({ body: coach }), { id: coach.id }]);
  }
  for (const [accountId, brief] of Object.entries(state.briefs)) {
    routes.push([coachingApi.brief, () => ({ body: brief }), { id: accountId }]);
  }
  for (let id = 1; id <= 200; id++) {
    routes.push([
      coachingApi.updateCall,
      (request) => {
        const call = state.calls.find((item) => item.id === id);
        if (!call) return { status: 404, body: { detail: 'Not found.' } };
        const body = bodyOf(request);
        let changed: CoachingCall = call;
        if (typeof body.starts_at === 'string') {
          if (!state.slots.includes(body.starts_at)) {
            return { status: 409, body: { detail: COACHING_MESSAGES.slotTaken, code: 'slot_taken' } };
          }
          changed = {
            ...call,
            starts_at: body.starts_at,
            ends_at: new Date(Date.parse(body.starts_at) + 1_800_000).toISOString(),
            reschedule_count: call.reschedule_count + 1,
          };
        }
        if (body.status === 'cancelled' && !call.can_change) {
          return { status: 409, body: { detail: COACHING_MESSAGES.cutoffPassed, code: 'cutoff_passed' } };
        }
        if (typeof body.status === 'string') changed = { ...changed, status: body.status as CoachingCall['status'] };
        if (typeof body.summary === 'string') changed = { ...changed, summary: body.summary };
        state.calls = state.calls.map((item) => (item.id === id ? changed : item));
        return { body: changed };
      },
      { id },
    ]);
    routes.push([
      coachingApi.ics,
      {
        text: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          'content-disposition': `attachment; filename="grove-coaching-call-${id}.ics"`,
        },
      },
      { id },
    ]);
    routes.push([
      coachingApi.updateNote,
      (request) => {
        const note = state.notes.find((item) => item.id === id);
        if (!note) return { status: 404, body: { detail: 'Not found.' } };
        const changed = { ...note, ...(bodyOf(request) as Partial<CoachNote>) };
        state.notes = state.notes.map((item) => (item.id === id ? changed : item));
        for (const brief of Object.values(state.briefs)) {
          brief.notes = brief.notes.map((item) => (item.id === id ? changed : item));
        }
        return { body: changed };
      },
      { id },
    ]);
    routes.push([
      coachingApi.deleteNote,
      () => {
        state.notes = state.notes.filter((item) => item.id !== id);
        for (const brief of Object.values(state.briefs)) brief.notes = brief.notes.filter((item) => item.id !== id);
        return { body: { detail: 'The note was deleted.' } };
      },
      { id },
    ]);
    routes.push([
      coachingApi.deleteTimeOff,
      () => {
        state.timeOff = state.timeOff.filter((item) => item.id !== id);
        return { body: { detail: 'The time off was removed.' } };
      },
      { id },
    ]);
  }
  return routes;
}
