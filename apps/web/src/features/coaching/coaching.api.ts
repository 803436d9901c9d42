/**
 * Coaching (SPEC §3 Coach data, §7 Coach calls, §8; issue 13 items 8–9): the family's coach and
 * calendar, booking, the family's calls and shared notes; the coach's families, calls, briefs,
 * notes, working hours and time off. Every shape comes from the API contract
 * (packages/domain/src/api/coaching.ts); rules and words from packages/domain/src/coaching.ts.
 *
 * - The coach profile's 404 is silent (SPEC §8 "coach account fetch does not report 404").
 * - The available-hours query passes TanStack Query's `signal`: a newer week or coach replaces the
 *   query, and the older request, no longer observed, is aborted (SPEC §7 "cancellable").
 * - A refused booking (409 slot taken, 400 slot no longer free) reads the slots again.
 * - The family's reads name their failure in the page's language (`msg`, read as the query's options
 *   are made, during a render); the coach's workspace reads stay English, as the workspace does
 *   (docs/decisions/0074-languages.md).
 */
import { msg } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BookBody,
  CoachNote,
  CoachingCall,
  CoachingCallPage,
  TimeOff,
  UpdateCallBody,
  WorkingHours,
  coachingApi as coachingContract,
} from '@grove/domain/api/coaching';
import type { RequestBody } from '@grove/domain/api/common';
import { coachingApi } from '@grove/domain/api/endpoints/coaching';

import { ApiError, call, download, unwrap } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { saveFile } from '../../lib/save-file.ts';

/** Calls, notes and families read per page (a family has a handful of calls; a coach some dozens of families). */
export const COACHING_PAGE_SIZE = 50;
/** Days of the calendar shown at once. */
export const CALENDAR_DAYS = 7;

export type CallsWhen = 'upcoming' | 'past';

export const coachingKeys = {
  all: ['coaching'] as const,
  profile: (coachId: number) => [...coachingKeys.all, 'profile', coachId] as const,
  coaches: () => [...coachingKeys.all, 'coaches'] as const,
  hours: () => [...coachingKeys.all, 'available-hours'] as const,
  hoursOf: (widgetId: string, from: string, days: number) => [...coachingKeys.hours(), widgetId, from, days] as const,
  /** The family's calls (GET /api/v2/user/coach_bookings/). */
  bookings: () => [...coachingKeys.all, 'bookings'] as const,
  bookingList: (when: CallsWhen) => [...coachingKeys.bookings(), when] as const,
  /** The coach's (or staff's) calls (GET /api/v1/coach_booking/coaching_call/). */
  calls: () => [...coachingKeys.all, 'calls'] as const,
  callList: (when: CallsWhen) => [...coachingKeys.calls(), when] as const,
  notes: () => [...coachingKeys.all, 'notes'] as const,
  notesOf: (userId: number) => [...coachingKeys.notes(), userId] as const,
  families: () => [...coachingKeys.all, 'families'] as const,
  briefs: () => [...coachingKeys.all, 'brief'] as const,
  brief: (accountId: number) => [...coachingKeys.briefs(), accountId] as const,
  workingHours: () => [...coachingKeys.all, 'working-hours'] as const,
  timeOff: () => [...coachingKeys.all, 'time-off'] as const,
};

// Reads.

/** GET /api/v2/coach/profile/{id}/: the coach's card; a 404 (no profile) shows no notification. */
export function coachProfileQuery(coachId: number) {
  return queryOptions({
    queryKey: coachingKeys.profile(coachId),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.profile, { params: { id: coachId }, signal })),
    meta: { errorTitle: i18n._(msg`Loading your coach`), notify: 'coachAccountFetch' },
  });
}

/** GET /api/v1/coach_booking/coaches: coaches taking bookings, the family's own coach first. */
export function coachesQuery() {
  return queryOptions({
    queryKey: coachingKeys.coaches(),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.coaches, { signal })),
    meta: { errorTitle: i18n._(msg`Loading the coaches`) },
  });
}

/**
 * GET /api/v1/coach_booking/calendar/available_hours?widget_id=&from=&days=: the coach's free slots
 * from `from` (a date in the family's zone). Cancellable: the signal reaches fetch.
 */
export function availableHoursQuery(widgetId: string, from: string, days = CALENDAR_DAYS) {
  return queryOptions({
    queryKey: coachingKeys.hoursOf(widgetId, from, days),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(coachingApi.availableHours, {
          query: { widget_id: widgetId, from, days },
          signal,
        }),
      ),
    // Slots are taken by other families: read again when the person comes back to the page.
    staleTime: 30_000,
    meta: { errorTitle: i18n._(msg`Loading the free times`) },
  });
}

/** GET /api/v2/user/coach_bookings/?when=: the family's calls, upcoming soonest first, past newest first. */
export function userBookingsQuery(when: CallsWhen) {
  return queryOptions({
    queryKey: coachingKeys.bookingList(when),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(coachingApi.userBookings, {
          query: { when, page_size: COACHING_PAGE_SIZE },
          signal,
        }),
      ),
    meta: { errorTitle: i18n._(when === 'past' ? msg`Loading your past calls` : msg`Loading your calls`) },
  });
}

/** GET /api/v1/coach_booking/coach_note/?user=: the notes of a family (its parents read the shared ones). */
export function notesQuery(userId: number) {
  return queryOptions({
    queryKey: coachingKeys.notesOf(userId),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(coachingApi.notes, {
          query: { user: userId, page_size: COACHING_PAGE_SIZE },
          signal,
        }),
      ),
    meta: { errorTitle: i18n._(msg`Loading your coach’s notes`) },
  });
}

/** GET /api/v1/coach_booking/coaching_call/?when=: a coach's calls (staff: everyone's). */
export function callsQuery(when: CallsWhen) {
  return queryOptions({
    queryKey: coachingKeys.callList(when),
    queryFn: async ({ signal }) =>
      unwrap(
        await call(coachingApi.calls, {
          query: { when, page_size: COACHING_PAGE_SIZE },
          signal,
        }),
      ),
    meta: { errorTitle: when === 'past' ? 'Loading recent calls' : 'Loading your calls' },
  });
}

/** GET /api/v1/coach_booking/families: the coach's families, the next call first. */
export function familiesQuery() {
  return queryOptions({
    queryKey: coachingKeys.families(),
    queryFn: async ({ signal }) =>
      unwrap(await call(coachingApi.families, { query: { page_size: COACHING_PAGE_SIZE }, signal })),
    meta: { errorTitle: 'Loading your families' },
  });
}

/** GET /api/v1/coach_booking/brief/{accountId}: four weeks per player, settings, surveys, notes. */
export function briefQuery(accountId: number) {
  return queryOptions({
    queryKey: coachingKeys.brief(accountId),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.brief, { params: { id: accountId }, signal })),
    meta: { errorTitle: 'Loading the family’s brief' },
  });
}

/** GET /api/v1/coach_booking/working_hours: the coach's weekly hours in their zone. */
export function workingHoursQuery() {
  return queryOptions({
    queryKey: coachingKeys.workingHours(),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.workingHours, { signal })),
    meta: { errorTitle: 'Loading your working hours' },
  });
}

/** GET /api/v1/coach_booking/time_off: the coach's time off to come. */
export function timeOffQuery() {
  return queryOptions({
    queryKey: coachingKeys.timeOff(),
    queryFn: async ({ signal }) => unwrap(await call(coachingApi.timeOff, { signal })),
    meta: { errorTitle: 'Loading your time off' },
  });
}

// Changes.

/** POST /api/v1/coach_booking/book/: a call in a free slot (with the `ref` the family came with). */
export async function bookCall(body: BookBody): Promise<CoachingCall> {
  return unwrap(await call(coachingApi.book, { body }));
}

/** PUT /api/v1/coach_booking/coaching_call/{id}: cancel or move it (family), record its outcome (coach). */
export async function updateCall(callId: number, body: UpdateCallBody): Promise<CoachingCall> {
  return unwrap(await call(coachingApi.updateCall, { params: { id: callId }, body }));
}

/**
 * GET /api/v1/coach_booking/coaching_call/{id}/ics: the call as an iCalendar file, fetched with the
 * bearer token (a plain link would carry none) and saved; answers the file name.
 */
export async function downloadCallIcs(callId: number): Promise<string> {
  const file = unwrap(await download(coachingApi.ics, { params: { id: callId } }));
  const filename = file.filename ?? `grove-coaching-call-${callId}.ics`;
  saveFile(file.blob, filename);
  return filename;
}

/** POST /api/v1/coach_booking/coach_note/: a note about a family, by one of its users. */
export async function addNote(body: RequestBody<typeof coachingContract.addNote>): Promise<CoachNote> {
  return unwrap(await call(coachingApi.addNote, { body }));
}

/** PUT /api/v1/coach_booking/coach_note/{id}: its text or whether the family reads it. */
export async function updateNote(
  noteId: number,
  body: RequestBody<typeof coachingContract.updateNote>,
): Promise<CoachNote> {
  return unwrap(await call(coachingApi.updateNote, { params: { id: noteId }, body }));
}

/** DELETE /api/v1/coach_booking/coach_note/{id}. */
export async function deleteNote(noteId: number): Promise<void> {
  unwrap(await call(coachingApi.deleteNote, { params: { id: noteId } }));
}

/** PUT /api/v1/coach_booking/working_hours: replaces the coach's weekly hours and zone. */
export async function saveWorkingHours(
  body: RequestBody<typeof coachingContract.setWorkingHours>,
): Promise<WorkingHours> {
  return unwrap(await call(coachingApi.setWorkingHours, { body }));
}

/** POST /api/v1/coach_booking/time_off. */
export async function addTimeOff(body: RequestBody<typeof coachingContract.addTimeOff>): Promise<TimeOff> {
  return unwrap(await call(coachingApi.addTimeOff, { body }));
}

/** DELETE /api/v1/coach_booking/time_off/{id}. */
export async function deleteTimeOff(timeOffId: number): Promise<void> {
  unwrap(await call(coachingApi.deleteTimeOff, { params: { id: timeOffId } }));
}

/**
 * The sentence to show for a refused change: the field or non-field messages of a 400 without
 * their field labels ("This time is not available…"), else the answer's text (a 409's `detail`).
 */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    const messages = [...Object.values(error.fieldErrors).flat(), ...error.nonFieldErrors];
    return messages.length > 0 ? [...new Set(messages)].join(' ') : error.message;
  }
  return error instanceof Error ? error.message : i18n._(msg`Something went wrong. Please try again.`);
}

/** Whether a refused booking or move means the calendar changed under the person: read the slots again. */
function calendarChanged(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.status === 400);
}

/** Replaces (or adds) `call` in the cached lists of calls, upcoming soonest first. */
export function putCall(queryClient: QueryClient, call: CoachingCall): void {
  const update = (page: CoachingCallPage | undefined, when: CallsWhen): CoachingCallPage | undefined => {
    if (!page) return page;
    const others = page.results.filter((item) => item.id !== call.id);
    const belongs = when === 'upcoming' ? call.status === 'scheduled' : call.status !== 'scheduled';
    if (!belongs) {
      return others.length === page.results.length ? page : { ...page, count: page.count - 1, results: others };
    }
    const results = [...others, call].sort((a, b) =>
      when === 'upcoming' ? a.starts_at.localeCompare(b.starts_at) : b.starts_at.localeCompare(a.starts_at),
    );
    return { ...page, count: page.count + (others.length === page.results.length ? 1 : 0), results };
  };
  for (const when of ['upcoming', 'past'] as const) {
    queryClient.setQueryData<CoachingCallPage>(coachingKeys.bookingList(when), (page) => update(page, when));
    queryClient.setQueryData<CoachingCallPage>(coachingKeys.callList(when), (page) => update(page, when));
  }
}

/** After a call changed: every list of calls, the free slots, the families and briefs are read again. */
function refreshCalls(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: coachingKeys.bookings() }),
    queryClient.invalidateQueries({ queryKey: coachingKeys.calls() }),
    queryClient.invalidateQueries({ queryKey: coachingKeys.hours() }),
    queryClient.invalidateQueries({ queryKey: coachingKeys.families() }),
    queryClient.invalidateQueries({ queryKey: coachingKeys.briefs() }),
  ]);
}

/** Books a call; the call shows in the upcoming list at once. A refusal reads the slots again. */
export function useBookCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookCall,
    onSuccess: (call) => {
      putCall(queryClient, call);
      return refreshCalls(queryClient);
    },
    onError: (error) => {
      if (calendarChanged(error)) return queryClient.invalidateQueries({ queryKey: coachingKeys.hours() });
    },
  });
}

/** Changes a call (cancel, move, outcome); the answer replaces it in the lists. */
export function useChangeCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, body }: { callId: number; body: UpdateCallBody }) => updateCall(callId, body),
    onSuccess: (call) => {
      putCall(queryClient, call);
      return refreshCalls(queryClient);
    },
    onError: (error) => {
      if (calendarChanged(error)) return refreshCalls(queryClient);
    },
  });
}

/** After a note changed: the family's brief and every notes list are read again. */
function refreshNotes(queryClient: QueryClient, accountId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: coachingKeys.brief(accountId) }),
    queryClient.invalidateQueries({ queryKey: coachingKeys.notes() }),
  ]);
}

/** Writes, edits or deletes a note about the family `accountId`. */
export function useNoteChange(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'add'; body: RequestBody<typeof coachingContract.addNote> }
        | { kind: 'update'; noteId: number; body: RequestBody<typeof coachingContract.updateNote> }
        | { kind: 'delete'; noteId: number },
    ): Promise<CoachNote | null> => {
      if (change.kind === 'add') return addNote(change.body);
      if (change.kind === 'update') return updateNote(change.noteId, change.body);
      await deleteNote(change.noteId);
      return null;
    },
    onSuccess: () => refreshNotes(queryClient, accountId),
  });
}

/** Saves the working hours; the answer becomes the form's values. */
export function useSaveWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkingHours,
    onSuccess: (answer) => {
      queryClient.setQueryData(coachingKeys.workingHours(), answer);
      return queryClient.invalidateQueries({ queryKey: coachingKeys.hours() });
    },
  });
}

/** Adds or removes time off. */
export function useTimeOffChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { kind: 'add'; body: RequestBody<typeof coachingContract.addTimeOff> } | { kind: 'delete'; id: number },
    ): Promise<TimeOff | null> => {
      if (change.kind === 'add') return addTimeOff(change.body);
      await deleteTimeOff(change.id);
      return null;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coachingKeys.timeOff() }),
        queryClient.invalidateQueries({ queryKey: coachingKeys.hours() }),
      ]),
  });
}
