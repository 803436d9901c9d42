/**
 * The endpoints of packages/domain/src/api/coaching.ts under their contract names, as their method and
 * path typed by the endpoint they stand for: the web calls them (`call(coachingApi.…, { params })`).
 * Only types come from the contract, so no Zod reaches the web's bundle; one file per contract
 * file, so a page bundles the groups it calls and no others.
 *
 * Generated from the contract by `npm run generate:endpoints` (packages/domain/scripts/endpoints.ts);
 * do not edit: the domain's tests fail when this file is not what the contract says.
 */
import { ref } from '../endpoint-ref.ts';
import type * as coachingContract from '../coaching.ts';

export const coachingApi = {
  profile: ref<typeof coachingContract.coachingApi.profile>('GET', '/api/v2/coach/profile/:id'),
  coaches: ref<typeof coachingContract.coachingApi.coaches>('GET', '/api/v1/coach_booking/coaches'),
  availableHours: ref<typeof coachingContract.coachingApi.availableHours>(
    'GET',
    '/api/v1/coach_booking/calendar/available_hours',
  ),
  book: ref<typeof coachingContract.coachingApi.book>('POST', '/api/v1/coach_booking/book'),
  userBookings: ref<typeof coachingContract.coachingApi.userBookings>('GET', '/api/v2/user/coach_bookings'),
  calls: ref<typeof coachingContract.coachingApi.calls>('GET', '/api/v1/coach_booking/coaching_call'),
  call: ref<typeof coachingContract.coachingApi.call>('GET', '/api/v1/coach_booking/coaching_call/:id'),
  updateCall: ref<typeof coachingContract.coachingApi.updateCall>('PUT', '/api/v1/coach_booking/coaching_call/:id'),
  calendarLink: ref<typeof coachingContract.coachingApi.calendarLink>(
    'GET',
    '/api/v1/coach_booking/coaching_call/:id/calendar_link',
  ),
  ics: ref<typeof coachingContract.coachingApi.ics>('GET', '/api/v1/coach_booking/coaching_call/:id/ics'),
  notes: ref<typeof coachingContract.coachingApi.notes>('GET', '/api/v1/coach_booking/coach_note'),
  addNote: ref<typeof coachingContract.coachingApi.addNote>('POST', '/api/v1/coach_booking/coach_note'),
  updateNote: ref<typeof coachingContract.coachingApi.updateNote>('PUT', '/api/v1/coach_booking/coach_note/:id'),
  deleteNote: ref<typeof coachingContract.coachingApi.deleteNote>('DELETE', '/api/v1/coach_booking/coach_note/:id'),
  assignCoach: ref<typeof coachingContract.coachingApi.assignCoach>('PUT', '/api/v1/coach_booking/assign_coach/:id'),
  families: ref<typeof coachingContract.coachingApi.families>('GET', '/api/v1/coach_booking/families'),
  brief: ref<typeof coachingContract.coachingApi.brief>('GET', '/api/v1/coach_booking/brief/:id'),
  caseload: ref<typeof coachingContract.coachingApi.caseload>('GET', '/api/v1/coach_booking/caseload'),
  caseloadCsv: ref<typeof coachingContract.coachingApi.caseloadCsv>('GET', '/api/v1/coach_booking/caseload/export.csv'),
  workingHours: ref<typeof coachingContract.coachingApi.workingHours>('GET', '/api/v1/coach_booking/working_hours'),
  setWorkingHours: ref<typeof coachingContract.coachingApi.setWorkingHours>(
    'PUT',
    '/api/v1/coach_booking/working_hours',
  ),
  timeOff: ref<typeof coachingContract.coachingApi.timeOff>('GET', '/api/v1/coach_booking/time_off'),
  addTimeOff: ref<typeof coachingContract.coachingApi.addTimeOff>('POST', '/api/v1/coach_booking/time_off'),
  deleteTimeOff: ref<typeof coachingContract.coachingApi.deleteTimeOff>('DELETE', '/api/v1/coach_booking/time_off/:id'),
};
