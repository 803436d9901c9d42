/**
 * The back-office routes (SPEC §7 Admin v2; issue 14): staff only — parents and coaches get 403 from
 * the policy. Every write names what it changes for the audit log (modules/audit).
 */
import { adminApi } from '@grove/domain/api/admin';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { idempotent } from '../billing/billing.idempotency.ts';
import { getShipping, patchShipping } from '../user/user.shipping.service.ts';
import { route, type AuditTarget } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { accountSpec } from '../audit/audit.specs.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { accountTagNames, findPerson, noteSnapshot, shippingSnapshot } from './admin.repository.ts';
import * as admin from './admin.service.ts';

export function adminRoutes(app: App, db: Db) {
  const staff = { policy: 'staff' } as const;

  const tagsAudit = {
    entity: 'account',
    target: ({ params }: { params: { id: number } }) => ({ accountId: params.id, entityId: params.id }),
    load: async (target: AuditTarget) => ({ tags: await accountTagNames(db, Number(target.accountId)) }),
  };
  const noteAudit = {
    entity: 'note',
    target: ({ params }: { params: { id: number; noteId?: number } }) => ({
      accountId: params.id,
      entityId: params.noteId ?? null,
    }),
    load: (target: AuditTarget) => noteSnapshot(db, Number(target.accountId), Number(target.entityId)),
  };

  /** A person's address as staff change it: the parent's own rules (modules/user), by user id. */
  const personOf = (userId: number) => findPerson(db, userId);
  const shippingAudit = <R>(userIdOf: (request: R) => number) => ({
    entity: 'shipping',
    target: async (request: R) => {
      const userId = userIdOf(request);
      return { accountId: (await personOf(userId))?.accountId ?? null, entityId: userId };
    },
    load: (target: AuditTarget) => shippingSnapshot(db, Number(target.entityId)),
  });
  const someone = async (userId: number) => {
    if (!(await personOf(userId))) throw notFound();
    return userId;
  };
  route(app, adminApi.shipping, staff, async (request) => getShipping(db, await someone(request.params.id)));
  route(
    app,
    adminApi.patchShipping,
    { ...staff, audit: shippingAudit((r: { params: { id: number } }) => r.params.id) },
    async (request) => patchShipping(db, await someone(request.params.id), request.body),
  );
  route(
    app,
    adminApi.createShipping,
    { ...staff, audit: shippingAudit((r: { body: { user: number } }) => r.body.user) },
    async (request) => {
      const { user, ...address } = request.body;
      return patchShipping(db, await someone(user), address);
    },
  );

  route(app, adminApi.accounts, staff, async (request) => admin.accountList(db, request, request.query));
  route(app, adminApi.tags, staff, async () => admin.tagCounts(db));
  route(app, adminApi.account, staff, async (request) => admin.getAccount(db, request.params.id));
  const accountEdit = { ...staff, audit: accountSpec(db, ['account_status', 'time_zone']) };
  route(app, adminApi.replaceAccount, accountEdit, async (request) =>
    admin.updateAccount(db, request.params.id, request.body),
  );
  route(app, adminApi.updateAccount, accountEdit, async (request) =>
    admin.updateAccount(db, request.params.id, request.body),
  );
  route(app, adminApi.addTag, { ...staff, audit: tagsAudit }, async (request) =>
    admin.addTag(db, request.params.id, request.body.tag),
  );
  route(app, adminApi.removeTag, { ...staff, audit: tagsAudit }, async (request) =>
    admin.removeTag(db, request.params.id, request.params.tag),
  );
  route(app, adminApi.migrate, { ...staff, audit: accountSpec(db, ['game_version']) }, async (request) =>
    admin.migrateAccount(db, request.params.id, request.body.game_version),
  );

  route(app, adminApi.notes, staff, async (request) =>
    toPage(request, await admin.listNotes(db, request.params.id, request.query)),
  );
  route(app, adminApi.note, staff, async (request) => admin.getNote(db, request.params.id, request.params.noteId));
  // A retried "save note" (a double click, a lost answer) sends the same Idempotency-Key: one note.
  route(app, adminApi.createNote, { ...staff, audit: noteAudit }, async (request, reply) => {
    const author = requireUser(request);
    return idempotent(
      db,
      request,
      reply,
      `user:${author.id}`,
      () => admin.createNote(db, author, request.params.id, request.body.text),
      201,
    );
  });
  route(app, adminApi.updateNote, { ...staff, audit: noteAudit }, async (request) =>
    admin.updateNote(db, requireUser(request), request.params.id, request.params.noteId, request.body.text),
  );
  route(app, adminApi.deleteNote, { ...staff, audit: noteAudit }, async (request) =>
    admin.deleteNote(db, request.params.id, request.params.noteId),
  );

  route(app, adminApi.accountAudit, staff, async (request) =>
    admin.auditPage(db, request, request.query, request.params.id),
  );
  route(app, adminApi.audit, staff, async (request) => admin.auditPage(db, request, request.query));
}
