/**
 * Coach notes: coaches of the family and staff read and write them; the family's parents read the
 * SHARED ones.
 */
import { COACHING_REFUSALS } from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type { CoachNote } from '@grove/domain/api/coaching';
import { forbidden, notFound, ValidationError } from '../../lib/errors.ts';
import { accountRelation } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './coaching.repository.ts';
import { type CoachingDeps, nowOf, toNote } from './coaching.service.ts';

// Notes.

/** A family's notes by one of its users: coaches of the family and staff read all, its parents the shared ones. */
export async function listNotes(deps: CoachingDeps, user: AuthUser, query: Paging & { user: number }) {
  const accountId = await repo.accountOfUser(deps.db, query.user);
  if (accountId === null) throw notFound();
  const relation = await accountRelation(deps.db, user, accountId);
  if (!relation) throw notFound();
  const { count, rows } = await repo.listNotes(
    deps.db,
    accountId,
    relation === 'member',
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return { count, page: query.page, pageSize: query.page_size, results: rows.map(toNote) };
}

/** The account a coach or staff member may write notes of (404 for any other). */
export async function writableAccount(deps: CoachingDeps, user: AuthUser, accountId: number) {
  const relation = await accountRelation(deps.db, user, accountId);
  if (relation !== 'coach' && relation !== 'staff') throw notFound();
  return relation;
}

export async function addNote(
  deps: CoachingDeps,
  user: AuthUser,
  body: { user: number; body: string; shared: boolean; call_id?: number | undefined; player_id?: number | undefined },
): Promise<CoachNote> {
  const accountId = await repo.accountOfUser(deps.db, body.user);
  if (accountId === null) throw notFound();
  await writableAccount(deps, user, accountId);
  const errors: Record<string, string[]> = {};
  if (body.call_id !== undefined && !(await repo.callOfAccount(deps.db, body.call_id, accountId))) {
    errors.call_id = [COACHING_REFUSALS.notOfFamily];
  }
  if (body.player_id !== undefined && !(await repo.playerOfAccount(deps.db, body.player_id, accountId))) {
    errors.player_id = [COACHING_REFUSALS.notOfFamily];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const id = await repo.insertNote(deps.db, {
    accountId,
    coachUserId: user.id,
    callId: body.call_id ?? null,
    playerId: body.player_id ?? null,
    body: body.body,
    shared: body.shared,
  });
  return toNote((await repo.findNote(deps.db, id))!);
}

/** A note its author (a coach still coaching the family) or staff may change. */
async function changeableNote(deps: CoachingDeps, user: AuthUser, id: number) {
  const note = await repo.findNote(deps.db, id);
  if (!note) throw notFound();
  const relation = await writableAccount(deps, user, note.accountId);
  if (relation === 'coach' && note.coachUserId !== user.id) throw forbidden(COACHING_REFUSALS.noteAuthorOnly);
  return note;
}

export async function updateNote(
  deps: CoachingDeps,
  user: AuthUser,
  id: number,
  body: { body?: string | undefined; shared?: boolean | undefined },
): Promise<CoachNote> {
  await changeableNote(deps, user, id);
  await repo.updateNote(deps.db, id, {
    ...(body.body !== undefined ? { body: body.body } : {}),
    ...(body.shared !== undefined ? { shared: body.shared } : {}),
    updatedAt: nowOf(deps),
  });
  return toNote((await repo.findNote(deps.db, id))!);
}

export async function deleteNote(deps: CoachingDeps, user: AuthUser, id: number) {
  await changeableNote(deps, user, id);
  await repo.deleteNote(deps.db, id);
  return { detail: 'The note was deleted.' };
}
