import { notesApi } from '@grove/domain/api/notes';
import type { Db } from '../../db/client.ts';
import { route, type AuditTarget } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { noteAuditState } from './notes.repository.ts';
import * as notes from './notes.service.ts';

/** Staff notes on an account (staff only: parents and coaches are answered 403 by the policy). */
export function notesRoutes(app: App, db: Db) {
  const staff = { policy: 'staff' } as const;
  const audit = {
    entity: 'note',
    target: ({ params }: { params: { id: number; noteId?: number } }) => ({
      accountId: params.id,
      entityId: params.noteId ?? null,
    }),
    load: (target: AuditTarget) =>
      target.accountId === null ? Promise.resolve(null) : noteAuditState(db, target.accountId, Number(target.entityId)),
  };

  route(app, notesApi.list, staff, async (request) =>
    toPage(request, await notes.listNotes(db, request.params.id, request.query)),
  );
  route(app, notesApi.get, staff, async (request) => notes.getNote(db, request.params.id, request.params.noteId));
  // The answer is returned, not sent, so the audit log reads the new note's id from it.
  route(app, notesApi.create, { ...staff, audit }, async (request, reply) => {
    const note = await notes.createNote(db, requireUser(request), request.params.id, request.body.text);
    reply.status(201);
    return note;
  });
  route(app, notesApi.update, { ...staff, audit }, async (request) =>
    notes.updateNote(db, requireUser(request), request.params.id, request.params.noteId, request.body.text),
  );
  route(app, notesApi.remove, { ...staff, audit }, async (request) =>
    notes.deleteNote(db, request.params.id, request.params.noteId),
  );
}
