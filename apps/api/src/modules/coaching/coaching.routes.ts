import { coachingApi } from '@grove/domain/api/coaching';
import { route } from '../../lib/contract.ts';
import { accountSpec } from '../audit/audit.specs.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { sendCsv } from '../../lib/csv.ts';
import { requestLanguage } from '../../lib/language.ts';
import { CASELOAD_CSV_COLUMNS, caseload, caseloadCsvRow } from './coaching.caseload.ts';
import type { CoachingDeps } from './coaching.service.ts';
import { availableHours, book, coaches, profile } from './coaching.booking.ts';
import { calendarLink, getCall, icsFile, listCalls, updateCall, userBookings } from './coaching.calls.ts';
import { addNote, deleteNote, listNotes, updateNote } from './coaching.notes.ts';
import {
  addTimeOff,
  assignCoach,
  brief,
  deleteTimeOff,
  families,
  listTimeOff,
  setWorkingHours,
  workingHours,
} from './coaching.workspace.ts';

/**
 * Coaching (SPEC §7 Coach; docs/coaching.md). Signed-in people read coaches and calendars, their
 * calls and notes (object rules in coaching.service.ts and its parts); coaches and staff write notes
 * and keep their workspace; staff assign coaches. Parents asking for a coach-only route get 403 from
 * the policy, whatever the id.
 */
export function coachingRoutes(app: App, deps: CoachingDeps) {
  const user = { policy: 'user' } as const;
  const coach = { policy: 'coach' } as const;
  const staff = { policy: 'staff' } as const;

  route(app, coachingApi.profile, user, async (request) => profile(deps, request.params.id));
  route(app, coachingApi.coaches, user, async (request) => coaches(deps, requireUser(request)));
  route(app, coachingApi.availableHours, user, async (request) =>
    availableHours(deps, requireUser(request), request.query),
  );
  route(app, coachingApi.book, user, async (request, reply) =>
    reply.status(201).send(await book(deps, requireUser(request), request.body)),
  );

  route(app, coachingApi.userBookings, user, async (request) =>
    toPage(request, await userBookings(deps, requireUser(request), request.query)),
  );
  route(app, coachingApi.calls, user, async (request) =>
    toPage(request, await listCalls(deps, requireUser(request), request.query)),
  );
  route(app, coachingApi.call, user, async (request) => getCall(deps, requireUser(request), request.params.id));
  route(app, coachingApi.updateCall, user, async (request) =>
    updateCall(deps, requireUser(request), request.params.id, request.body),
  );
  route(app, coachingApi.calendarLink, user, async (request) =>
    calendarLink(deps, requireUser(request), request.params.id, requestLanguage(request)),
  );
  route(app, coachingApi.ics, user, async (request, reply) => {
    const { filename, ics } = await icsFile(deps, requireUser(request), request.params.id, requestLanguage(request));
    return reply
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .type('text/calendar; charset=utf-8')
      .send(ics);
  });

  route(app, coachingApi.notes, user, async (request) =>
    toPage(request, await listNotes(deps, requireUser(request), request.query)),
  );
  route(app, coachingApi.addNote, coach, async (request, reply) =>
    reply.status(201).send(await addNote(deps, requireUser(request), request.body)),
  );
  route(app, coachingApi.updateNote, coach, async (request) =>
    updateNote(deps, requireUser(request), request.params.id, request.body),
  );
  route(app, coachingApi.deleteNote, coach, async (request) =>
    deleteNote(deps, requireUser(request), request.params.id),
  );

  route(app, coachingApi.assignCoach, { ...staff, audit: accountSpec(deps.db, ['coach_user_id']) }, async (request) =>
    assignCoach(deps, request.params.id, request.body.coach_user),
  );

  route(app, coachingApi.families, coach, async (request) =>
    toPage(request, await families(deps, requireUser(request), request.query)),
  );
  route(app, coachingApi.brief, coach, async (request) => brief(deps, requireUser(request), request.params.id));
  route(app, coachingApi.caseload, coach, async (request) => caseload(deps, requireUser(request), request.query));
  route(app, coachingApi.caseloadCsv, coach, async (request, reply) => {
    const { results } = await caseload(deps, requireUser(request), request.query);
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    async function* batches() {
      yield results.map(caseloadCsvRow);
    }
    return sendCsv(reply, `caseload-${day}.csv`, CASELOAD_CSV_COLUMNS, batches());
  });
  route(app, coachingApi.workingHours, coach, async (request) => workingHours(deps, requireUser(request)));
  route(app, coachingApi.setWorkingHours, coach, async (request) =>
    setWorkingHours(deps, requireUser(request), request.body),
  );
  route(app, coachingApi.timeOff, coach, async (request) => listTimeOff(deps, requireUser(request)));
  route(app, coachingApi.addTimeOff, coach, async (request, reply) =>
    reply.status(201).send(await addTimeOff(deps, requireUser(request), request.body)),
  );
  route(app, coachingApi.deleteTimeOff, coach, async (request) =>
    deleteTimeOff(deps, requireUser(request), request.params.id),
  );
}
